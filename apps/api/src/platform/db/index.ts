import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { from as copyFromStdin } from 'pg-copy-streams';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGliteDialect } from './pglite-dialect.js';
import { prepareHotStatements } from './prepared.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs a multi-statement SQL script (migrations, test resets). */
  execScript(script: string): Promise<void>;
  /**
   * Raw SQL with `$n` parameters, rows as the database names them (no camel-casing). Without
   * parameters the text may hold several statements (the rows are the last one's). pg-boss's adapter.
   */
  executeSql(text: string, values?: readonly unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  /**
   * Bulk load: `COPY table (columns) FROM STDIN (FORMAT csv)` fed with `chunks` (CSV text, no
   * header). Streams to PostgreSQL (pg-copy-streams); PGlite takes the whole text as one blob.
   * Runs on its own connection, outside any transaction of the caller.
   */
  copyFrom(
    table: string,
    columns: readonly string[],
    chunks: AsyncIterable<string> | Iterable<string>,
  ): Promise<void>;
  /** Runs `fn` while holding a database-wide lock, so concurrent API processes migrate once. */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  /**
   * LISTEN on `channel`: `onNotify` runs after each committed `pg_notify(channel, …)`, from any
   * process (PostgreSQL) or this one (PGlite). Best effort: a PostgreSQL listener whose connection
   * drops reconnects after a second, and notifications in between are lost. Answers the unlisten.
   */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

// COUNT(*) and other bigints arrive as strings from `pg`; our counts fit in a JS number.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));

const plugins = [new CamelCasePlugin()];

export function openPostgres(url: string, poolSize = 10): DatabaseHandle {
  // JIT off: the API's statements are short, and compiling them cost more than it saved (a
  // 1,000-row list window with its labels crossed jit_above_cost: 48 ms of compiling for 30 ms of work).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle client whose connection drops (server restart, shutdown under load) emits 'error' on the
  // pool; unheard, that would end the process. The pool replaces the client; the next query reports.
  pool.on('error', (err) => console.error('PostgreSQL idle client error:', err.message));
  prepareHotStatements(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  return {
    db,
    kind: 'postgres',
    async execScript(script) {
      await pool.query(script);
    },
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement text answers one result per statement.
      const last = Array.isArray(result) ? (result as pg.QueryResult[]).at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    async copyFrom(table, columns, chunks) {
      const client = await pool.connect();
      try {
        const copy = client.query(copyFromStdin(copyStatement(table, columns, 'STDIN')));
        await pipeline(Readable.from(chunks), copy);
        client.release();
      } catch (err) {
        // A broken COPY leaves the connection in an unknown state: it is closed, not reused.
        client.release(err as Error);
        throw err;
      }
    },
    async withLock(fn) {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727272)');
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(727272)').catch(() => undefined);
        client.release();
      }
    },
    listen: (channel, onNotify) => listenOnPostgres(url, channel, onNotify),
    close: () => db.destroy(),
  };
}

/** A connection of its own (a pooled one would carry the LISTEN back into the pool). */
async function listenOnPostgres(
  url: string,
  channel: string,
  onNotify: () => void,
): Promise<() => Promise<void>> {
  if (!IDENTIFIER.test(channel)) throw new Error(`listen: bad channel ${channel}`);
  let closed = false;
  let client: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      void c.end().catch(() => undefined);
      if (!closed) retry = setTimeout(() => void connect().catch(lost), 1000).unref();
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel === channel) onNotify();
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${channel}`);
    } catch (err) {
      lost();
      throw err;
    }
  };
  await connect();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const c = client;
    client = undefined;
    await c?.end().catch(() => undefined);
  };
}

/** PGlite in `dir` (or in memory when `dir` is undefined), optionally loaded from a data-dir dump. */
export async function openPglite(
  dir?: string,
  loadDataDir?: Blob,
): Promise<DatabaseHandle & { pglite: PGlite }> {
  if (dir) mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, {
    extensions: { pg_trgm },
    ...(loadDataDir ? { loadDataDir } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), plugins });
  return {
    db,
    pglite,
    kind: 'pglite',
    async execScript(script) {
      await pglite.exec(script);
    },
    async executeSql(text, values) {
      if (values && values.length > 0)
        return pglite.query<Record<string, unknown>>(text, values as unknown[]);
      return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
    },
    async copyFrom(table, columns, chunks) {
      const parts: string[] = [];
      for await (const chunk of chunks) parts.push(chunk);
      await pglite.query(copyStatement(table, columns, "'/dev/blob'"), [], { blob: new Blob(parts) });
    },
    // One embedded database belongs to one process; there is nobody to race with.
    withLock: (fn) => fn(),
    async listen(channel, onNotify) {
      const unlisten = await pglite.listen(channel, () => onNotify());
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    // Kysely closes PGlite only if it ever ran a query; a handle that never did must close it too.
    async close() {
      await db.destroy();
      if (!pglite.closed) await pglite.close();
    },
  };
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

function copyStatement(table: string, columns: readonly string[], source: string): string {
  for (const name of [table, ...columns])
    if (!IDENTIFIER.test(name)) throw new Error(`copyFrom: bad identifier ${name}`);
  return `COPY ${table} (${columns.join(', ')}) FROM ${source} WITH (FORMAT csv)`;
}

export function openDatabase(cfg: {
  DATABASE_URL?: string | undefined;
  DATA_DIR: string;
}): Promise<DatabaseHandle> {
  return cfg.DATABASE_URL
    ? Promise.resolve(openPostgres(cfg.DATABASE_URL))
    : openPglite(join(cfg.DATA_DIR, 'pgdata'));
}
