import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** Look-ups and the staged-row refusal shared by the agenda's import tables (Session, SessionUser). */

/** Id and name of an event's locations, collections or breakouts. */
export async function namesInEvent(
  db: Db,
  table: 'locations' | 'collections' | 'breakouts',
  eventId: string,
): Promise<Array<{ id: string; name: string }>> {
  const { rows } = await sql<{
    id: string;
    name: string;
  }>`SELECT id, name FROM ${sql.table(table)} WHERE event_id = ${eventId}`.execute(db);
  return rows;
}

/** Id and e-mail of the event's participants. */
export async function participantEmails(
  db: Db,
  eventId: string,
): Promise<Array<{ id: string; email: string }>> {
  const { rows } = await sql<{
    id: string;
    email: string;
  }>`SELECT id, email FROM participants WHERE event_id = ${eventId}`.execute(db);
  return rows;
}

/**
 * Rows the database says are wrong after staging. A row check that may be refused later returns
 * `createErrors: { [column]: '' }` (the framework then keeps its cells, and the column's header and
 * value); this moves the staged rows matching `condition` (over `r`, an `import_rows` row) to the
 * errors with `message` on that column. `message` is SQL, so it can name another row.
 */
export async function moveToErrors(
  db: Db,
  importId: string,
  condition: RawBuilder<SqlBool>,
  column: string,
  message: RawBuilder<string>,
): Promise<void> {
  await sql`
    WITH moved AS (
      DELETE FROM import_rows r WHERE r.import_id = ${importId} AND r.create_errors IS NOT NULL AND (${condition})
      RETURNING r.row_number, r.cells, r.create_errors, ${message} AS message
    )
    INSERT INTO import_errors (import_id, row_number, cells, errors)
    SELECT ${importId}::uuid, m.row_number, m.cells,
      (SELECT jsonb_agg(e || jsonb_build_object('message', m.message)) FROM jsonb_array_elements(m.create_errors) e WHERE e->>'column' = ${column})
    FROM moved m`.execute(db);
}

/** `message(n)` of a domain text with a row number, built in SQL for the number `rowNumber` (SQL). */
export function messageWithRow(
  message: (row: number | string) => string,
  rowNumber: RawBuilder<unknown>,
): RawBuilder<string> {
  return sql<string>`replace(${message('{row}')}, '{row}', (${rowNumber})::text)`;
}
