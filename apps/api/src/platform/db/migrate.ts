import { sql } from 'kysely';
import { migrations, type Migration } from '../../migrations/index.js';
import type { DatabaseHandle } from './index.js';

/** Applies every migration not yet applied, each in its own transaction. Returns the names applied. */
export async function migrate(handle: DatabaseHandle, list: Migration[] = migrations): Promise<string[]> {
  return handle.withLock(async () => {
    await handle.execScript(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(handle.db);
    const applied = new Set(done.rows.map((r) => r.name));
    const ran: string[] = [];
    for (const m of list) {
      if (applied.has(m.name)) continue;
      await handle.execScript(
        `BEGIN;\n${m.up}\nINSERT INTO schema_migrations (name) VALUES ('${m.name.replace(/'/g, "''")}');\nCOMMIT;`,
      );
      ran.push(m.name);
    }
    return ran;
  });
}
