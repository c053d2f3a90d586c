import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  RawServerDefault,
  FastifyBaseLogger,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { z } from 'zod';
import {
  exportOptionsSchema,
  listQuerySchema,
  listResponse,
  MAX_EXPORT_ROWS,
  parseSort,
  type ExportFormat,
  type ListQuery,
  type SortDirection,
} from '@plenary/domain';
import type { Db } from './db/index.js';
import { badRequest, errorBodySchema } from './errors.js';
import { countRows, listRows, pageWithTotal, type AnySelect } from './list.repo.js';
import { CSV_BOM, csvLines, safeCell, xlsxStream as xlsxWriter } from './spreadsheets.js';

/**
 * Server-side lists: one definition per list says how the API fields map to SQL, and gives
 * - `page()`   one page `{ records, total }` (search, filters, sort, page, limit) — or, above
 *              PAGE_ROWS_MAX rows (View All), the same JSON document streamed in batches;
 * - `rows()`   every matching row in order, in batches (exports, View All);
 * - `byId()`   one record through the same scoped query (another tenant's id → undefined → 404);
 * and the route helpers `listRoute()` and `registerExport()` put a list and its export on the API.
 */

/** Rows a list answer holds in memory; larger limits (View All) stream. Also the batch size of rows(). */
export const PAGE_ROWS_MAX = 1000;

export type CellValue = string | number | boolean | Date | null | undefined;

export interface ListField<R> {
  /** The field's SQL, for `sortable: true` and `searchable: true`. */
  sql?: Expression<unknown>;
  /**
   * `sort=field:asc|desc` allowed: true = by `sql`, or by an expression of its own (e.g. `lower(name)`).
   * The expression must be NOT NULL: batches continue after the last row's (value, id).
   */
  sortable?: boolean | Expression<unknown>;
  /** Matched by `search` (ILIKE '%term%'): true = `sql`, or the expression a trigram index covers. */
  searchable?: boolean | Expression<string>;
  /** Header of the export column; a field with a label is exportable. */
  label?: string;
  /** The export cell; default `record[field]`. */
  cell?: (record: R) => CellValue;
}

/** Keys a list query has beyond page, limit, search and sort. */
type FilterKeys<Q> = Exclude<keyof Q, keyof ListQuery>;
export type FilterBuilders<Q, S> = {
  [K in FilterKeys<Q>]-?: (value: NonNullable<Q[K]>, scope: S) => Expression<SqlBool>;
};

type ListQuerySchema = z.ZodObject<typeof listQuerySchema.shape & z.ZodRawShape>;
/** A parsed list query: page, limit, search, sort and the area's filters. */
export type QueryOf<Q extends ListQuerySchema> = z.output<Q> & ListQuery;

/**
 * Columns computed for the rows a page or batch returns only (never for rows skipped by OFFSET, nor
 * for the count), e.g. a participant's labels: SQL over the selected columns, which it reads as
 * `list_page.<column>` (snake_case).
 */
export type PageColumns<X> = { [K in keyof X]: RawBuilder<X[K]> };

export interface ListDefinitionInput<Q extends ListQuerySchema, S, O, R, X extends object = object> {
  /** The list's query schema (domain): `listQuerySchema.extend({ ...area filters })`. */
  query: Q;
  /** The scoped base query: FROM, joins, the tenant condition, the selected columns. */
  select: (db: Db, scope: S) => AnySelect<O>;
  /** Columns of the returned rows only (see PageColumns). */
  pageColumns?: PageColumns<X>;
  /** A selected row (with its page columns) → the API record. */
  record: (row: O & X) => R;
  /** Unique, NOT NULL: the tiebreak of every order. */
  id: Expression<string>;
  fields: Record<string, ListField<R>>;
  /** One condition per filter of `query` (given the scope too, for filters on scoped sub-rows). */
  filters: FilterBuilders<z.output<Q>, S>;
  defaultSort: `${string}:${SortDirection}`;
}

export type ListPage<R> = { total: number; records: R[] } | { total: number; stream: AsyncIterable<R[]> };

/** `_O` (the query's row type) is not used here; it keeps the four type arguments of `defineList`. */
export interface ListDefinition<Q extends ListQuerySchema, S, _O, R> {
  /** The route's querystring: `query` with `sort` limited to the sortable fields. */
  query: z.ZodType<QueryOf<Q>, z.input<Q>>;
  /** The export route's querystring: `query` plus format and columns. */
  exportQuery: z.ZodType<QueryOf<Q> & { format: ExportFormat; columns?: string[] | undefined }, unknown>;
  fields: Record<string, ListField<R>>;
  sortFields: string[];
  searchFields: string[];
  exportColumns: string[];
  page(db: Db, scope: S, query: QueryOf<Q>): Promise<ListPage<R>>;
  rows(
    db: Db,
    scope: S,
    query: QueryOf<Q>,
    opts?: { offset?: number; max?: number; batchSize?: number },
  ): AsyncGenerator<R[]>;
  byId(db: Db, scope: S, id: string): Promise<R | undefined>;
}

/** `%term%` for ILIKE, with the term's own `%`, `_` and `\` taken literally. */
export const containsPattern = (term: string) => `%${term.replace(/[\\%_]/g, '\\$&')}%`;

/** Columns the list's own statements add to a row (keyset key, count); not part of the record. */
interface ListKeys {
  listSortKey?: string;
  listRowId?: string;
  listTotal?: number;
}

export function defineList<Q extends ListQuerySchema, S, O, R, X extends object = object>(
  def: ListDefinitionInput<Q, S, O, R, X>,
): ListDefinition<Q, S, O, R> {
  const fieldExpr = (name: string, flag: boolean | Expression<unknown> | undefined) => {
    if (flag === undefined || flag === false) return undefined;
    const expr = flag === true ? def.fields[name]?.sql : flag;
    if (!expr) throw new Error(`defineList: field '${name}' needs sql`);
    return expr;
  };
  const sortExprs = new Map<string, Expression<unknown>>();
  const searchExprs: Expression<unknown>[] = [];
  for (const [name, field] of Object.entries(def.fields)) {
    const sortBy = fieldExpr(name, field.sortable);
    if (sortBy) sortExprs.set(name, sortBy);
    const searchBy = fieldExpr(name, field.searchable);
    if (searchBy) searchExprs.push(searchBy);
  }
  const sortFields = [...sortExprs.keys()];
  const searchFields = Object.entries(def.fields).flatMap(([name, f]) => (f.searchable ? [name] : []));
  const exportColumns = Object.entries(def.fields).flatMap(([name, f]) => (f.label ? [name] : []));
  const defaultSort = parseSort(def.defaultSort);
  if (!defaultSort || !sortExprs.has(defaultSort.field))
    throw new Error(`defineList: default sort '${def.defaultSort}' is not sortable`);

  const sortMessage = `Sort by one of: ${sortFields.join(', ')} (field:asc or field:desc)`;
  const query = def.query.extend({
    sort: listQuerySchema.shape.sort
      .refine((s) => s === undefined || sortExprs.has(parseSort(s)?.field ?? ''), sortMessage)
      .describe(`${sortMessage}. Default ${def.defaultSort}; ties are ordered by id.`),
  }) as unknown as ListDefinition<Q, S, O, R>['query'];
  const columnsMessage = `Columns: ${exportColumns.join(', ')}`;
  const exportQuery = def.query
    .extend({ sort: (query as unknown as z.ZodObject).shape.sort, ...exportOptionsSchema.shape })
    .superRefine((q, ctx) => {
      // Zod runs this refinement even when `columns` failed its own check (too long, repeated): then it is no list.
      const columns: unknown = q.columns;
      if (!Array.isArray(columns)) return;
      const unknown = columns.filter((c: string) => !exportColumns.includes(c));
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['columns'],
          message: `Unknown column '${unknown[0]}'. ${columnsMessage}`,
        });
    }) as unknown as ListDefinition<Q, S, O, R>['exportQuery'];

  /** Base query with search and filters applied. */
  function filtered(db: Db, scope: S, q: QueryOf<Q>): AnySelect<O> {
    let qb = def.select(db, scope);
    if (q.search) {
      const pattern = containsPattern(q.search);
      qb = qb.where((eb) => eb.or(searchExprs.map((e) => sql<SqlBool>`${e} ILIKE ${pattern}`)));
    }
    for (const [key, build] of Object.entries(def.filters) as Array<
      [string, (v: unknown, scope: S) => Expression<SqlBool>]
    >) {
      const value = (q as Record<string, unknown>)[key];
      if (value !== undefined) qb = qb.where(build(value, scope));
    }
    return qb;
  }

  function ordering(q: QueryOf<Q>): { by: Expression<unknown>; direction: SortDirection } {
    const sort = parseSort(q.sort) ?? defaultSort!;
    const by = sortExprs.get(sort.field);
    // The route's schema already refused other fields; this guards direct callers.
    if (!by) throw badRequest(sortMessage, { sort: sortMessage });
    return { by, direction: sort.direction };
  }

  const ordered = (qb: AnySelect<O>, o: { by: Expression<unknown>; direction: SortDirection }) =>
    qb.orderBy(o.by as never, o.direction).orderBy(def.id as never, o.direction);

  /**
   * `SELECT list_page.*, <page columns> FROM (qb) AS list_page`: the page columns for the returned
   * rows only. A projection over a subquery scan returns the rows in the subquery's order.
   */
  const pageColumnNames = Object.keys(def.pageColumns ?? {});
  const withPageColumns = (qb: Expression<unknown>) =>
    pageColumnNames.length === 0
      ? sql`SELECT list_page.* FROM (${qb}) AS list_page`
      : sql`SELECT list_page.*, ${sql.join(pageColumnNames.map((name) => sql`${(def.pageColumns as Record<string, RawBuilder<unknown>>)[name]!} AS ${sql.id(name)}`))} FROM (${qb}) AS list_page`;

  /** The record of a row, without the columns the list's statements added. */
  const toRecord = ({ listSortKey: _key, listRowId: _id, listTotal: _total, ...row }: O & X & ListKeys): R =>
    def.record(row as O & X);

  async function* rows(
    db: Db,
    scope: S,
    q: QueryOf<Q>,
    opts: { offset?: number; max?: number; batchSize?: number } = {},
  ): AsyncGenerator<R[]> {
    const o = ordering(q);
    const size = opts.batchSize ?? PAGE_ROWS_MAX;
    let left = opts.max ?? Number.POSITIVE_INFINITY;
    // Keyset batches: each one a short query, so other requests run between them (PGlite has one connection).
    // The key goes back as text and PostgreSQL reads it as the sort expression's own type, so nothing is rounded.
    const base = ordered(filtered(db, scope, q), o).select([
      sql<string>`(${o.by})::text`.as('listSortKey'),
      sql<string>`(${def.id})::text`.as('listRowId'),
    ]);
    let after: { key: string; id: string } | undefined;
    let offset = opts.offset ?? 0;
    while (left > 0) {
      const take = Math.min(size, left);
      let qb = base.limit(take);
      if (after)
        qb = qb.where(
          sql<SqlBool>`(${o.by}, ${def.id}) ${sql.raw(o.direction === 'asc' ? '>' : '<')} (${after.key}, ${after.id})`,
        );
      else if (offset > 0) qb = qb.offset(offset);
      const batch = await listRows<O & X & ListKeys>(db, withPageColumns(qb));
      offset = 0;
      if (batch.length === 0) return;
      yield batch.map(toRecord);
      const last = batch[batch.length - 1]!;
      after = { key: last.listSortKey!, id: last.listRowId! };
      left -= batch.length;
      if (batch.length < take) return;
    }
  }

  return {
    query,
    exportQuery,
    fields: def.fields,
    sortFields,
    searchFields,
    exportColumns,
    rows,
    async page(db, scope, q) {
      const qb = filtered(db, scope, q);
      const offset = (q.page - 1) * q.limit;
      if (q.limit > PAGE_ROWS_MAX) {
        const total = await countRows(db, qb);
        return { total, stream: rows(db, scope, q, { offset, max: q.limit }) };
      }
      const pageQb = ordered(qb, ordering(q))
        .select(sql<string>`(${def.id})::text`.as('listRowId'))
        .limit(q.limit)
        .offset(offset);
      const found = await pageWithTotal<O & X & ListKeys>(db, qb, withPageColumns(pageQb));
      const total = found[0]?.listTotal ?? 0;
      return { total, records: found.filter((r) => r.listRowId != null).map(toRecord) };
    },
    async byId(db, scope, id) {
      const found = await listRows<O & X & ListKeys>(
        db,
        withPageColumns(def.select(db, scope).where(sql<SqlBool>`${def.id} = ${id}`)),
      );
      return found[0] === undefined ? undefined : toRecord(found[0]);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Routes

export type ZodApp = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

// 404: an event-scoped list of an unknown event or one of another tenant.
const errorResponses = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/**
 * Sends a list answer: a page as a normal JSON reply (validated by the route's response schema), a
 * View All answer as the same JSON document streamed batch by batch (`{"total":n,"records":[…]}`),
 * each record encoded by `record` so the stream leaks no more than a page would.
 */
export function sendList<R>(
  reply: FastifyReply,
  answer: ListPage<R>,
  record: z.ZodType<R>,
): ListPage<R> | FastifyReply {
  if ('records' in answer) return answer;
  const { total, stream } = answer;
  async function* json() {
    yield `{"total":${total},"records":[`;
    let first = true;
    for await (const batch of stream) {
      let chunk = '';
      for (const r of batch) {
        chunk += (first ? '' : ',') + JSON.stringify(z.encode(record, r));
        first = false;
      }
      yield chunk;
    }
    yield ']}';
  }
  return reply.type('application/json; charset=utf-8').send(Readable.from(json()));
}

export interface ListRouteOptions<Q extends ListQuerySchema, S, O, R> {
  db: Db;
  list: ListDefinition<Q, S, O, R>;
  /** The access check: who may call, and the scope their rows come from (throws 401/403). */
  scope: (request: FastifyRequest) => S | Promise<S>;
  record: z.ZodType<R>;
  tags: string[];
  summary: string;
}

/** `GET path`: the list, with its filters, sort fields and the View All behaviour in the OpenAPI document. */
export function listRoute<Q extends ListQuerySchema, S, O, R>(
  app: ZodApp,
  path: string,
  opts: ListRouteOptions<Q, S, O, R>,
): void {
  app.get(
    path,
    {
      schema: {
        tags: opts.tags,
        summary: opts.summary,
        description:
          `Search (${opts.list.searchFields.join(', ') || 'none'}), filters, ` +
          `sort (${opts.list.sortFields.join(', ')}) and pages. A limit above ${PAGE_ROWS_MAX} (View All: 1000000) ` +
          'answers the same JSON document, streamed in batches: every matching row from the page on, without holding them in memory.',
        querystring: opts.list.query,
        response: { 200: listResponse(opts.record), ...errorResponses },
      },
    },
    async (request, reply) => {
      const scope = await opts.scope(request);
      return sendList(
        reply,
        await opts.list.page(opts.db, scope, request.query as never),
        opts.record,
      ) as never;
    },
  );
}

export interface ExportOptions<Q extends ListQuerySchema, S, O, R> {
  db: Db;
  list: ListDefinition<Q, S, O, R>;
  scope: (request: FastifyRequest) => S | Promise<S>;
  tags: string[];
  /** Start of the file name; default the export type. */
  filename?: string;
  /** The route's full path when the spec names one other than `/{type}/export`. */
  path?: string;
}

const CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/**
 * `GET /{type}/export?format=csv|xlsx&columns=a,b&<the list's query>` (or `opts.path`): every row of the list as
 * filtered and sorted (page and limit are ignored), streamed as CSV or XLSX with a header of labels.
 * A module adds its export with one call next to its list route.
 */
export function registerExport<Q extends ListQuerySchema, S, O, R>(
  app: ZodApp,
  type: string,
  opts: ExportOptions<Q, S, O, R>,
): void {
  const { list } = opts;
  app.get(
    opts.path ?? `/${type}/export`,
    {
      schema: {
        tags: opts.tags,
        summary: `Export ${type} as CSV or XLSX`,
        description:
          `Every matching row (the list's search, filters and sort; page and limit ignored; at most ${MAX_EXPORT_ROWS}), streamed. ` +
          `columns: comma-separated, in order, from ${list.exportColumns.join(', ')} (default all). ` +
          'Cells starting with = + - @, tab, CR or NUL are prefixed with a single quote.',
        querystring: list.exportQuery,
        response: {
          200: {
            description: 'The file (Content-Disposition: attachment)',
            content: { 'text/csv': { schema: z.string() }, [CONTENT_TYPES.xlsx]: { schema: z.string() } },
          },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const scope = await opts.scope(request);
      const q = request.query as z.output<ListDefinition<Q, S, O, R>['exportQuery']>;
      const columns = (q.columns?.length ? q.columns : list.exportColumns).map((key) => {
        const field = list.fields[key]!;
        return {
          key,
          label: field.label ?? key,
          cell: field.cell ?? ((r: R) => (r as Record<string, CellValue>)[key]),
        };
      });
      // The first batch is read before the answer starts, so a failing query answers an error, not a cut file.
      const batches = await startedBatches(list.rows(opts.db, scope, q, { max: MAX_EXPORT_ROWS }));
      const cells = (r: R) => columns.map((c) => toCell(c.cell(r)));
      const file = `${opts.filename ?? type}-${new Date().toISOString().slice(0, 10)}.${q.format}`;
      const body =
        q.format === 'csv'
          ? Readable.from(
              csvChunks(
                columns.map((c) => c.label),
                batches,
                cells,
              ),
            )
          : xlsxStream(
              columns.map((c) => c.label),
              batches,
              cells,
              request.log,
            );
      return reply
        .type(CONTENT_TYPES[q.format])
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  );
}

/** Runs the generator up to its first batch now; the batches it yields are the same. */
async function startedBatches<T>(batches: AsyncGenerator<T>): Promise<AsyncGenerator<T>> {
  const first = await batches.next();
  return (async function* () {
    if (first.done) return;
    yield first.value;
    yield* batches;
  })();
}

/** Spreadsheet-safe value: formulas neutralised, nothing that is not a cell value (platform/spreadsheets). */
function toCell(value: CellValue): string | number | boolean | Date | null {
  return safeCell(value);
}

async function* csvChunks(
  labels: string[],
  batches: AsyncIterable<unknown[]>,
  cells: (r: never) => unknown[],
) {
  yield `${CSV_BOM}${csvLines([labels])}`;
  for await (const batch of batches) {
    const rows = batch.map((r) => cells(r as never) as CellValue[]);
    if (rows.length > 0) yield csvLines(rows);
  }
}

/** exceljs's streaming writer (through platform/spreadsheets); waits for the client to read before writing the next batch. */
function xlsxStream(
  labels: string[],
  batches: AsyncIterable<unknown[]>,
  cells: (r: never) => unknown[],
  log: FastifyBaseLogger,
): Readable {
  const out = new PassThrough();
  const workbook = xlsxWriter(out);
  const sheet = workbook.sheet('Export');
  void (async () => {
    let columnsSet = false;
    for await (const batch of batches) {
      const rows = batch.map((r) => cells(r as never) as CellValue[]);
      if (!columnsSet) {
        // Column formats from the first rows: dates as dates.
        sheet.columns(
          labels.map((header, i) => ({
            header,
            width: Math.min(60, Math.max(12, header.length + 2)),
            ...(rows.some((row) => row[i] instanceof Date) ? { numFmt: 'yyyy-mm-dd hh:mm:ss' } : {}),
          })),
        );
        columnsSet = true;
      }
      for (const row of rows) sheet.addRow(row);
      if (out.writableNeedDrain) await once(out, 'drain');
    }
    if (!columnsSet)
      sheet.columns(labels.map((header) => ({ header, width: Math.max(12, header.length + 2) })));
    sheet.commit();
    await workbook.commit();
  })().catch((err: unknown) => {
    log.error({ err }, 'xlsx export failed');
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
