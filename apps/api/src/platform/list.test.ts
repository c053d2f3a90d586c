import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql, type SqlBool } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { listQuerySchema, multiValueFilter, organizationStatusSchema } from '@plenary/domain';
import { readCsv, readXlsx } from '../../test/exports.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import type { Db } from './db/index.js';
import { installErrorHandler, installZodMessages } from './errors.js';
import {
  containsPattern,
  defineList,
  listRoute,
  PAGE_ROWS_MAX,
  registerExport,
  type ZodApp,
} from './list.js';

/**
 * The list machinery on its own: a list of organisations whose names match a LIKE pattern (the
 * "scope"), served by a small Fastify app with only listRoute and registerExport.
 */
const thingSchema = z.object({ id: z.uuid(), name: z.string(), status: z.string(), createdAt: z.date() });
type Thing = z.output<typeof thingSchema>;

const things = defineList({
  query: listQuerySchema.extend({ status: multiValueFilter(organizationStatusSchema).optional() }),
  select: (db: Db, pattern: string) =>
    db
      .selectFrom('organizations as o')
      .select(['o.id', 'o.name', sql<string>`o.settings->>'status'`.as('status'), 'o.createdAt'])
      .where('o.name', 'like', pattern),
  record: (row): Thing => ({ id: row.id, name: row.name, status: row.status, createdAt: row.createdAt }),
  id: sql.ref('o.id'),
  fields: {
    name: { sql: sql.ref('o.name'), sortable: sql`lower(o.name)`, searchable: true, label: 'Name' },
    status: { sql: sql`o.settings->>'status'`, sortable: true, label: 'Status' },
    createdAt: { sql: sql.ref('o.createdAt'), sortable: true, label: 'Created' },
    shout: { label: 'Shout', cell: (r) => r.name.toUpperCase() },
  },
  filters: { status: (v) => sql<SqlBool>`o.settings->>'status' = ANY(${v}::text[])` },
  defaultSort: 'name:asc',
});

let t: TestContext;
let app: ZodApp;
let db: Db;

/** Inserts organisations named `${prefix}${suffix}` in one statement (one created_at for all). */
async function insertNamed(prefix: string, names: Array<{ name: string; status?: string }>): Promise<void> {
  await db
    .insertInto('organizations')
    .values(
      names.map((n) => ({
        name: `${prefix}${n.name}`,
        settings: JSON.stringify({ status: n.status ?? 'DRAFT' }),
        updatedAt: new Date(),
      })),
    )
    .execute();
}

const all = async (prefix: string, query: Record<string, unknown>) => {
  const out: Thing[] = [];
  for await (const batch of things.rows(db, `${prefix}%`, things.query.parse(query), { batchSize: 3 }))
    out.push(...batch);
  return out;
};

beforeAll(async () => {
  t = await createTestContext();
  db = t.deps.db;
  installZodMessages();
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);
  await app.register(async (api) => {
    const scope = (request: { headers: Record<string, unknown> }) =>
      String(request.headers['x-scope'] ?? 'none');
    listRoute(api as ZodApp, '/things', {
      db,
      list: things,
      scope,
      record: thingSchema,
      tags: ['test'],
      summary: 'Things',
    });
    registerExport(api as ZodApp, 'things', { db, list: things, scope, tags: ['test'] });
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('defineList', () => {
  it('refuses a default sort that is not sortable, and fields without SQL', () => {
    const base = {
      query: listQuerySchema,
      select: things.page as never,
      record: (r: never) => r,
      id: sql.ref('o.id'),
      filters: {},
    };
    expect(() =>
      defineList({ ...base, fields: { name: { label: 'Name' } }, defaultSort: 'name:asc' } as never),
    ).toThrow(/not sortable/);
    expect(() =>
      defineList({ ...base, fields: { name: { sortable: true } }, defaultSort: 'name:asc' } as never),
    ).toThrow(/needs sql/);
  });

  it('escapes LIKE wildcards in search terms', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('pages, counts and stays inside the scope', async () => {
    await insertNamed(
      'pg-',
      Array.from({ length: 25 }, (_, i) => ({ name: `item ${String(i).padStart(2, '0')}` })),
    );
    await insertNamed('other-', [{ name: 'item 99' }]);
    const first = await things.page(db, 'pg-%', things.query.parse({ limit: '10' }));
    expect(first).toMatchObject({ total: 25 });
    const records = 'records' in first ? first.records : [];
    expect(records.map((r) => r.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `pg-item ${String(i).padStart(2, '0')}`),
    );
    const third = await things.page(db, 'pg-%', things.query.parse({ limit: '10', page: '3' }));
    expect('records' in third && third.records.map((r) => r.name)).toEqual([
      'pg-item 20',
      'pg-item 21',
      'pg-item 22',
      'pg-item 23',
      'pg-item 24',
    ]);
    const beyond = await things.page(db, 'pg-%', things.query.parse({ limit: '10', page: '9' }));
    expect(beyond).toEqual({ total: 25, records: [] });
    expect(await things.byId(db, 'pg-%', records[0]!.id)).toMatchObject({ name: 'pg-item 00' });
    const outside = (await things.page(db, 'other-%', things.query.parse({}))) as { records: Thing[] };
    expect(await things.byId(db, 'pg-%', outside.records[0]!.id)).toBeUndefined();
  });

  it('searches case-insensitively, taking % and _ literally', async () => {
    await insertNamed('se-', [
      { name: 'a_b' },
      { name: 'axb' },
      { name: '100% Sure' },
      { name: '1000 sure' },
      { name: 'SURE thing' },
    ]);
    const names = async (search: string) => (await all('se-', { search })).map((r) => r.name).sort();
    expect(await names('_')).toEqual(['se-a_b']);
    expect(await names('0%')).toEqual(['se-100% Sure']);
    expect(await names('sure')).toEqual(['se-100% Sure', 'se-1000 sure', 'se-SURE thing']);
    expect(await names('nothing like it')).toEqual([]);
  });

  it('sorts case-insensitively in both directions and filters', async () => {
    await insertNamed('so-', [
      { name: 'banana', status: 'PUBLISHED' },
      { name: 'Apple' },
      { name: 'cherry', status: 'PUBLISHED' },
    ]);
    expect((await all('so-', { sort: 'name:asc' })).map((r) => r.name)).toEqual([
      'so-Apple',
      'so-banana',
      'so-cherry',
    ]);
    expect((await all('so-', { sort: 'name:desc' })).map((r) => r.name)).toEqual([
      'so-cherry',
      'so-banana',
      'so-Apple',
    ]);
    expect((await all('so-', { status: 'PUBLISHED', sort: 'name:desc' })).map((r) => r.name)).toEqual([
      'so-cherry',
      'so-banana',
    ]);
    expect((await all('so-', { status: 'DRAFT,PUBLISHED' })).length).toBe(3);
  });

  it('breaks ties by id, so pages and batches agree even when every sort key is equal', async () => {
    // One INSERT: every row has the same created_at (to the microsecond) and the same status.
    await insertNamed(
      'tie-',
      Array.from({ length: 23 }, (_, i) => ({ name: `row ${i}` })),
    );
    for (const sort of ['createdAt:asc', 'createdAt:desc', 'status:asc', 'status:desc']) {
      const batched = await all('tie-', { sort });
      const ids = batched.map((r) => r.id);
      expect(new Set(ids).size).toBe(23);
      const byId = [...ids].sort();
      expect(ids).toEqual(sort.endsWith('asc') ? byId : byId.reverse());
      const paged: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const answer = await things.page(
          db,
          'tie-%',
          things.query.parse({ sort, limit: '5', page: String(page) }),
        );
        if ('records' in answer) paged.push(...answer.records.map((r) => r.id));
      }
      expect(paged).toEqual(ids);
    }
  });

  it('continues batches after timestamps with microseconds', async () => {
    // Distinct created_at values that a JavaScript Date (milliseconds) cannot tell apart.
    await db
      .insertInto('organizations')
      .values(
        Array.from({ length: 7 }, (_, i) => ({
          name: `us-${i}`,
          settings: '{"status":"DRAFT"}',
          updatedAt: new Date(),
          createdAt: `2026-01-01T00:00:00.00012${i}Z`,
        })),
      )
      .execute();
    const rows = await all('us-', { sort: 'createdAt:asc' });
    expect(rows.map((r) => r.name)).toEqual(['us-0', 'us-1', 'us-2', 'us-3', 'us-4', 'us-5', 'us-6']);
    const desc = await all('us-', { sort: 'createdAt:desc' });
    expect(desc.map((r) => r.name)).toEqual(['us-6', 'us-5', 'us-4', 'us-3', 'us-2', 'us-1', 'us-0']);
  });

  it('computes page columns for the rows it returns only, in pages, batches and byId', async () => {
    // nextval counts the evaluations: rows skipped by OFFSET and the rows counted must not cost one.
    await sql`CREATE SEQUENCE list_page_column_calls`.execute(db);
    const calls = async () =>
      (await sql<{ n: number }>`SELECT nextval('list_page_column_calls')::int AS n`.execute(db)).rows[0]!.n;
    const shouting = defineList({
      query: listQuerySchema,
      select: (d: Db, pattern: string) =>
        d.selectFrom('organizations as o').select(['o.id', 'o.name']).where('o.name', 'like', pattern),
      pageColumns: {
        shout: sql<string>`upper(list_page.name)`,
        call: sql<number>`nextval('list_page_column_calls')::int`,
      },
      record: (row) => ({ id: row.id, shout: row.shout, call: row.call }),
      id: sql.ref('o.id'),
      fields: { name: { sql: sql.ref('o.name'), sortable: sql`lower(o.name)` } },
      filters: {},
      defaultSort: 'name:asc',
    });
    const before = await calls();
    const page = (await shouting.page(db, 'pg-%', shouting.query.parse({ limit: '20', page: '2' }))) as {
      total: number;
      records: Array<{ shout: string }>;
    };
    expect(page.total).toBe(25);
    expect(page.records.map((r) => r.shout)).toEqual([
      'PG-ITEM 20',
      'PG-ITEM 21',
      'PG-ITEM 22',
      'PG-ITEM 23',
      'PG-ITEM 24',
    ]);
    expect(await calls()).toBe(before + 5 + 1);
    const batches: string[] = [];
    for await (const batch of shouting.rows(db, 'pg-%', shouting.query.parse({}), {
      offset: 20,
      batchSize: 3,
    }))
      batches.push(...batch.map((r) => r.shout));
    expect(batches).toEqual(['PG-ITEM 20', 'PG-ITEM 21', 'PG-ITEM 22', 'PG-ITEM 23', 'PG-ITEM 24']);
    expect(await calls()).toBe(before + 5 + 1 + 5 + 1);
    const one = (await shouting.page(db, 'pg-%', shouting.query.parse({ limit: '1' }))) as {
      records: Array<{ id: string }>;
    };
    expect(await shouting.byId(db, 'pg-%', one.records[0]!.id)).toMatchObject({ shout: 'PG-ITEM 00' });
  });

  it('takes an offset and a maximum', async () => {
    const out: string[] = [];
    for await (const batch of things.rows(db, 'pg-%', things.query.parse({}), {
      offset: 4,
      max: 7,
      batchSize: 3,
    }))
      out.push(...batch.map((r) => r.name));
    expect(out).toEqual([
      'pg-item 04',
      'pg-item 05',
      'pg-item 06',
      'pg-item 07',
      'pg-item 08',
      'pg-item 09',
      'pg-item 10',
    ]);
  });
});

describe('list routes', () => {
  const get = (url: string, prefix = 'pg-') =>
    app.inject({ method: 'GET', url, headers: { 'x-scope': `${prefix}%` } });

  it('answers a page', async () => {
    const res = await get('/things?limit=2&sort=name:desc&search=item');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      total: 25,
      records: [
        expect.objectContaining({ name: 'pg-item 24' }),
        expect.objectContaining({ name: 'pg-item 23' }),
      ],
    });
    expect(res.json().records[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T.*Z$/);
  });

  it('refuses unknown sort fields and malformed queries with 400 and the field', async () => {
    const res = await get('/things?sort=password:asc');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.sort).toBe('Sort by one of: name, status, createdAt (field:asc or field:desc)');
    for (const url of [
      '/things?sort=name',
      '/things?limit=0',
      '/things?limit=1000001',
      '/things?page=abc',
      `/things?search=${'x'.repeat(201)}`,
      '/things?status=ARCHIVED',
    ]) {
      expect((await get(url)).statusCode, url).toBe(400);
    }
    expect((await get(`/things?search=${'x'.repeat(201)}`)).json().fields.search).toBe('Max length exceeded');
  });

  it('streams View All as the same JSON document, in order, without extra fields', async () => {
    await db.executeQuery(
      sql`INSERT INTO organizations (name, settings, updated_at) SELECT 'va-' || lpad(g::text, 5, '0'), '{"status":"DRAFT"}', now() FROM generate_series(1, 2345) g`.compile(
        db,
      ),
    );
    const res = await get('/things?limit=1000000', 'va-');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const body = res.json() as { total: number; records: Thing[] };
    expect(body.total).toBe(2345);
    expect(body.records).toHaveLength(2345);
    expect(Object.keys(body.records[0]!).sort()).toEqual(['createdAt', 'id', 'name', 'status']);
    const paged: string[] = [];
    for (let page = 1; page <= 3; page++)
      paged.push(
        ...(await get(`/things?limit=${PAGE_ROWS_MAX}&page=${page}`, 'va-'))
          .json()
          .records.map((r: Thing) => r.id),
      );
    expect(body.records.map((r) => r.id)).toEqual(paged);
    // A large page beyond the first starts at its offset.
    const second = (await get('/things?limit=2000&page=2', 'va-')).json();
    expect(second.total).toBe(2345);
    expect(second.records.map((r: Thing) => r.name)).toEqual(
      Array.from({ length: 345 }, (_, i) => `va-${String(2001 + i).padStart(5, '0')}`),
    );
  });
});

describe('exports', () => {
  // Names that end in ' #ex', so they can start with a formula character.
  const names = [
    '=HYPERLINK("http://evil.example","click") #ex',
    '+49 30 123 #ex',
    'plain, with "quotes" #ex',
    '@SUM(A1) #ex',
    '-1 #ex',
    '\tTab #ex',
  ];
  beforeAll(async () => {
    await insertNamed(
      '',
      names.map((name) => ({ name, status: name.startsWith('@') ? 'PUBLISHED' : 'DRAFT' })),
    );
  });
  const get = (query: string) =>
    app.inject({ method: 'GET', url: `/things/export?${query}`, headers: { 'x-scope': '% #ex' } });
  const quoted = (v: string) => (/^[=+\-@\t]/.test(v) ? `'${v}` : v);

  it('streams every filtered, sorted row as CSV: labels, neutralised cells, page and limit ignored', async () => {
    const res = await get('format=csv&sort=name:asc&limit=2&page=2');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="things-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = readCsv(res.body);
    expect(rows[0]).toEqual(['Name', 'Status', 'Created', 'Shout']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(names.map(quoted).sort());
    expect(rows.find((r) => r[0]!.includes('HYPERLINK'))![0]).toBe(
      `'=HYPERLINK("http://evil.example","click") #ex`,
    );
    expect(rows.find((r) => r[0]!.includes('HYPERLINK'))![3]).toBe(
      `'=HYPERLINK("HTTP://EVIL.EXAMPLE","CLICK") #EX`,
    );
    expect(rows[1]![2]).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    // Sorted like the list.
    const listed = (
      await app.inject({ method: 'GET', url: '/things?sort=name:asc', headers: { 'x-scope': '% #ex' } })
    )
      .json()
      .records.map((r: Thing) => quoted(r.name));
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed);
  });

  it('streams XLSX that exceljs reads back: neutralised text, dates as dates', async () => {
    const res = await get('format=xlsx&sort=name:desc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(/filename="things-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const rows = await readXlsx(res.rawPayload);
    expect(rows[0]).toEqual(['Name', 'Status', 'Created', 'Shout']);
    expect(
      rows
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual(names.map(quoted).sort());
    expect(rows.find((r) => String(r[0]).includes('HYPERLINK'))![0]).toBe(
      `'=HYPERLINK("http://evil.example","click") #ex`,
    );
    expect(rows[1]![2]).toBeInstanceOf(Date);
  });

  it('exports the chosen columns in the chosen order, and refuses unknown ones', async () => {
    const res = await get('columns=shout,name&status=PUBLISHED');
    expect(readCsv(res.body)).toEqual([
      ['Shout', 'Name'],
      ["'@SUM(A1) #EX", "'@SUM(A1) #ex"],
    ]);
    const bad = await get('columns=name,secret');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.columns).toBe(
      "Unknown column 'secret'. Columns: name, status, createdAt, shout",
    );
    expect((await get('format=pdf')).statusCode).toBe(400);
    expect((await get('sort=secret:asc')).statusCode).toBe(400);
  });

  it('answers a header-only file when nothing matches', async () => {
    const csv = await get('search=no-such-thing');
    expect(readCsv(csv.body)).toEqual([['Name', 'Status', 'Created', 'Shout']]);
    const xlsx = await get('format=xlsx&search=no-such-thing');
    expect(await readXlsx(xlsx.rawPayload)).toEqual([['Name', 'Status', 'Created', 'Shout']]);
  });
});
