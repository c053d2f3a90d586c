import { sql, type Expression, type SqlBool } from 'kysely';

/** `column = ANY(ids)`; false for no ids. `column` is a Kysely reference ('e.organizationId'). */
export const inIds = (column: string, ids: readonly string[]) =>
  ids.length === 0
    ? sql<SqlBool>`false`
    : sql<SqlBool>`${sql.ref(column)} = ANY(${sql.val([...ids])}::uuid[])`;

/** `column = ANY(values)` for text values (filters). */
export const inTexts = (column: Expression<unknown>, values: readonly string[]) =>
  sql<SqlBool>`${column} = ANY(${sql.val([...values])}::text[])`;
