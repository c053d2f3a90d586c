import { sql } from 'kysely';
import type { Db } from './db/index.js';

/**
 * The `throttle` table's counters; keys arrive already hashed (`storedKey`). One statement counts
 * the hit: a new window starts when the stored one is over, else the count goes up.
 */
export async function countHit(
  db: Db,
  key: string,
  windowSec: number,
): Promise<{ count: number; retryAfter: number } | undefined> {
  const { rows } = await sql<{ count: number; retryAfter: number }>`
      INSERT INTO throttle (key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN throttle.window_start <= now() - make_interval(secs => ${windowSec}) THEN 1 ELSE throttle.count + 1 END,
        window_start = CASE WHEN throttle.window_start <= now() - make_interval(secs => ${windowSec}) THEN now() ELSE throttle.window_start END
      RETURNING count,
        GREATEST(1, CEIL(EXTRACT(EPOCH FROM (window_start + make_interval(secs => ${windowSec}) - now()))))::int AS "retryAfter"
    `.execute(db);
  return rows[0];
}

/** Drops windows that ended long ago, so the table stays small. */
export async function deleteOldWindows(db: Db): Promise<void> {
  await sql`DELETE FROM throttle WHERE window_start < now() - interval '1 day'`.execute(db);
}

export async function uncountHit(db: Db, key: string): Promise<void> {
  await sql`UPDATE throttle SET count = GREATEST(count - 1, 0) WHERE key = ${key}`.execute(db);
}

export async function deleteCounter(db: Db, key: string): Promise<void> {
  await sql`DELETE FROM throttle WHERE key = ${key}`.execute(db);
}
