import { sql, type Expression, type SelectQueryBuilder } from 'kysely';
import type { Database } from './db/schema.js';
import type { Db } from './db/index.js';

/**
 * The statements of the generic list runner (platform/list.ts): each runs a query the list's
 * definition built, wrapped for a count, a page or a batch.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tables joined differ per list (Kysely tracks them in this slot); only the row type O matters here
export type AnySelect<O> = SelectQueryBuilder<Database, any, O>;

export async function countRows<O>(db: Db, qb: AnySelect<O>): Promise<number> {
  const row = await db
    .selectFrom(qb.clearOrderBy().as('list'))
    .select(sql<number>`count(*)::int`.as('total'))
    .executeTakeFirstOrThrow();
  return row.total;
}

/** The rows of a statement the runner composed (a batch, or one record by id). */
export async function listRows<T>(db: Db, statement: Expression<unknown>): Promise<T[]> {
  const { rows } = await sql<T>`${statement}`.execute(db);
  return rows;
}

/**
 * One statement: the count of `all`, and `page` beside it (LEFT JOIN LATERAL keeps the count when
 * the page is empty, as one row whose page columns are null; PostgreSQL runs it once, as the inner
 * side of a nested loop, in its order). Measured at 100k rows: a count of its own beats
 * count(*) OVER () by 5-30x, because the window makes PostgreSQL read and join every matching row
 * instead of stopping after one page.
 */
export async function pageWithTotal<T>(
  db: Db,
  all: Expression<unknown>,
  page: Expression<unknown>,
): Promise<Array<T & { listTotal?: number }>> {
  const { rows } = await sql<T & { listTotal?: number }>`
        SELECT list_count.list_total, list_rows.* FROM (SELECT count(*)::int AS list_total FROM (${all}) AS list_all) AS list_count
        LEFT JOIN LATERAL (${page}) AS list_rows ON true`.execute(db);
  return rows;
}
