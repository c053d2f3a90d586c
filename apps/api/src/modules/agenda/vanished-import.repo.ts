import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** The statements of vanished.import.ts: what staged Session and SessionUser rows name, locked and checked in the commit. */

export type Named = 'locations' | 'collections' | 'breakouts' | 'participants' | 'sessions';
export type Staged = {
  rowNumber: number;
  data: Record<string, unknown>;
  cells: Array<[string, string]> | null;
};

/** Ids a staged row holds at `key`: one id or a list of them. */
const idsAt = (importId: string, key: string) => sql`
  SELECT (r.data->>${key})::uuid FROM import_rows r WHERE r.import_id = ${importId} AND jsonb_typeof(r.data->${key}) = 'string'
  UNION SELECT e.value::uuid FROM import_rows r, jsonb_array_elements_text(r.data->${key}) e WHERE r.import_id = ${importId} AND jsonb_typeof(r.data->${key}) = 'array'`;

/** Locks the event's rows of `table` the staged rows name at `key` (FOR KEY SHARE, id order); answers those that exist. */
export async function lockNamed(
  tx: Db,
  table: Named,
  eventId: string,
  importId: string,
  key: string,
): Promise<Set<string>> {
  const { rows } = await sql<{ id: string }>`
    SELECT t.id FROM ${sql.table(table)} t WHERE t.event_id = ${eventId} AND t.id IN (${idsAt(importId, key)})
    ORDER BY t.id FOR KEY SHARE`.execute(tx);
  return new Set(rows.map((r) => r.id));
}

/** Staged rows naming at one of `keys` an id of that key's table that is not (any more) the event's. */
export async function rowsNamingGone(
  tx: Db,
  eventId: string,
  importId: string,
  keys: ReadonlyArray<[string, Named]>,
): Promise<Staged[]> {
  const gone = (key: string, table: Named): RawBuilder<SqlBool> => sql<SqlBool>`EXISTS (
    SELECT 1 FROM (SELECT (r.data->>${key})::uuid AS id WHERE jsonb_typeof(r.data->${key}) = 'string'
                   UNION ALL SELECT e.value::uuid FROM jsonb_array_elements_text(CASE WHEN jsonb_typeof(r.data->${key}) = 'array' THEN r.data->${key} END) e) x
    WHERE NOT EXISTS (SELECT 1 FROM ${sql.table(table)} t WHERE t.event_id = ${eventId} AND t.id = x.id))`;
  const { rows } = await sql<Staged>`
    SELECT r.row_number, r.data, r.cells FROM import_rows r
    WHERE r.import_id = ${importId} AND (${sql.join(
      keys.map(([key, table]) => gone(key, table)),
      sql` OR `,
    )})
    ORDER BY r.row_number`.execute(tx);
  return rows;
}

/** The staged rows `rowNumbers` forget their session id (they become new sessions). */
export async function forgetStagedSessionIds(
  tx: Db,
  importId: string,
  rowNumbers: readonly number[],
): Promise<void> {
  await sql`UPDATE import_rows SET data = data - 'sessionId' WHERE import_id = ${importId} AND row_number = ANY(${rowNumbers}::int[])`.execute(
    tx,
  );
}
