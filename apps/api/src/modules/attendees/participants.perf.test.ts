import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { upsertParticipants } from './participants.import.js';

/**
 * The attendee list at 100,000 participants (issue: search + sort + page well under 50 ms on
 * PostgreSQL). Opt-in, it seeds for a while:
 *
 *   ATTENDEES_PERF=1 DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     npx vitest run --project api apps/api/src/modules/attendees/participants.perf.test.ts
 *
 * Prints, per request, the median and p95 of sequential requests through the whole API (token,
 * access, custom fields, page and count) and the plans (EXPLAIN ANALYZE) of the page queries.
 */
const ENABLED = process.env.ATTENDEES_PERF === '1';
const N = Number(process.env.ATTENDEES_PERF_ROWS ?? 100_000);
const COMPANIES = ['Acme', 'Globex', 'Initech', 'Umbrella', 'Hooli', 'Stark Industries', 'Wayne Enterprises', 'Wonka', 'Cyberdyne', 'Soylent'];
const FIRST = ['Anna', 'Ben', 'Chloé', 'David', 'Elena', 'Farid', 'Greta', 'Hiro', 'Ines', 'Jonas', 'Kwame', 'Lena', 'Mateo', 'Nora', 'Omar', 'Priya'];
const LAST = ['Smith', 'Okafor', 'Becker', 'Rossi', 'Tanaka', 'Patel', 'Lindqvist', 'Dubois', 'Ramírez', 'Rahman', 'Williams', 'Popescu', 'Mensah', 'Novak'];

describe.skipIf(!ENABLED)('participants at scale', () => {
  let t: TestContext;
  let token: string;
  let eventId: string;
  let ids: { size: string; score: string; city: string; sizeKey: string; scoreKey: string; vip: string };

  beforeAll(async () => {
    t = await createTestContext();
    const ten = await t.f.tenant();
    token = ten.tokens.eventAdmin;
    eventId = ten.event.id;
    const post = (url: string, payload: object) => t.as(token, { method: 'POST', url: `/api/v1/events/${eventId}/${url}`, payload }).then((r) => r.json());
    const size = await post('custom-fields', { name: 'Shirt size', dataType: 'ENUM', settings: { enumValues: ['S', 'M', 'L', 'XL'], isEnumMultiple: true } });
    const score = await post('custom-fields', { name: 'Score', dataType: 'NUMBER' });
    const city = await post('custom-fields', { name: 'City', dataType: 'STRING' });
    const vip = await post('labels', { name: 'High scorers', type: 'RULE', rules: [{ field: score.id, operator: 'GREATER_THAN_EQUAL', value: 90 }] });
    ids = { size: size.id, score: score.id, city: city.id, sizeKey: size.key, scoreKey: score.key, vip: vip.id };
    // Deterministic but uncorrelated columns (a company's people are spread over every last name).
    let seed = 42;
    const pick = <T>(list: readonly T[]) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return list[(seed >>> 16) % list.length]!;
    };
    const rows = Array.from({ length: N }, (_, i) => ({
      email: `person${i}@perf.example.com`,
      firstName: pick(FIRST),
      lastName: `${pick(LAST)} ${i}`,
      company: pick(COMPANIES),
      jobTitle: i % 3 === 0 ? 'Engineer' : 'Manager',
      customFields: { [size.id]: [['S', 'M', 'L', 'XL'][i % 4]!], [score.id]: i % 100, [city.id]: i % 2 ? 'Lisbon' : 'Berlin' },
    }));
    const started = Date.now();
    const result = await t.deps.db.transaction().execute((tx) => upsertParticipants(tx, eventId, rows, { actorId: ten.users.eventAdmin.id }));
    console.log(`upsertParticipants: ${N} new rows in ${Date.now() - started} ms (${result.created} created)`);
    const again = Date.now();
    await t.deps.db.transaction().execute((tx) => upsertParticipants(tx, eventId, rows.slice(0, 10_000).map((r) => ({ ...r, jobTitle: 'Director' })), { actorId: ten.users.eventAdmin.id }));
    console.log(`upsertParticipants: 10000 existing rows updated in ${Date.now() - again} ms`);
    // What autovacuum does after a bulk load: statistics, and the visibility map (index-only counts).
    if (t.deps.database.kind === 'postgres') await sql`VACUUM ANALYZE participants`.execute(t.deps.db);
    else await sql`ANALYZE`.execute(t.deps.db);
  }, 600_000);
  afterAll(() => t?.close());

  const REQUESTS: Array<[string, () => string]> = [
    ['first page, default sort', () => ''],
    ['search + sort + page 3', () => 'search=okafor&sort=firstName:asc&page=3'],
    ['search common term', () => 'search=acme&sort=lastName:asc'],
    ['search e-mail', () => 'search=person4242@'],
    ['sort by e-mail desc, page 50', () => 'sort=email:desc&page=50'],
    ['sort by company, page 200', () => 'sort=company:asc&page=200'],
    ['filter label', () => `labelId=${ids.vip}&sort=lastName:asc`],
    ['filter ENUM', () => `${ids.sizeKey}=XL&sort=lastName:asc`],
    ['filter NUMBER range', () => `${ids.scoreKey}From=10&${ids.scoreKey}To=12&sort=lastName:asc`],
    ['sort by custom NUMBER', () => `sort=${ids.scoreKey}:desc`],
    ['rules filter', () => `rules=${encodeURIComponent(JSON.stringify([{ field: ids.city, operator: 'EQUAL', value: 'lisbon' }, { field: 'company', operator: 'EQUAL', value: 'Acme' }]))}`],
  ];

  it('pages quickly', async () => {
    const lines: string[] = [];
    for (const [label, query] of REQUESTS) {
      const url = `/api/v1/events/${eventId}/participants?${query()}`;
      const times: number[] = [];
      for (let i = 0; i < 30; i++) {
        const started = performance.now();
        const res = await t.as(token, { method: 'GET', url });
        times.push(performance.now() - started);
        expect(res.statusCode, res.body).toBe(200);
      }
      times.sort((a, b) => a - b);
      lines.push(`${label.padEnd(32)} p50 ${times[15]!.toFixed(1).padStart(6)} ms   p95 ${times[28]!.toFixed(1).padStart(6)} ms`);
    }
    console.log(`${t.deps.database.kind}, ${N} participants, 30 sequential requests each (whole API):\n${lines.join('\n')}`);
  }, 600_000);

  it('serves search + sort + page under concurrent load (autocannon, 10 s per run)', async () => {
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const bin = resolve(import.meta.dirname, '../../../../../node_modules/.bin/autocannon');
    const lines: string[] = [];
    for (const [label, query, connections] of [
      ['search + sort + page', 'search=okafor&sort=firstName:asc&page=3', 200],
      ['search + sort + page', 'search=okafor&sort=firstName:asc&page=3', 50],
      ['search + sort + page', 'search=okafor&sort=firstName:asc&page=3', 10],
      ['first page', '', 200],
    ] as const) {
      const url = `${address}/api/v1/events/${eventId}/participants?${query}`;
      const { stdout } = await promisify(execFile)(bin, ['-j', '-c', String(connections), '-d', '10', '-H', `authorization=Bearer ${token}`, url], { maxBuffer: 10_000_000 });
      const r = JSON.parse(stdout) as { requests: { average: number }; latency: { p50: number; p90: number; p97_5: number; p99: number }; non2xx: number; errors: number };
      lines.push(`${label.padEnd(22)} c=${String(connections).padStart(3)}  ${r.requests.average.toFixed(0).padStart(5)} req/s  p50 ${r.latency.p50} ms  p90 ${r.latency.p90} ms  p97.5 ${r.latency.p97_5} ms  p99 ${r.latency.p99} ms  non-2xx ${r.non2xx}  errors ${r.errors}`);
      expect(r.non2xx + r.errors).toBe(0);
    }
    console.log(`${t.deps.database.kind}, ${N} participants, one API process (test pool), load generator on the same 2 cores:\n${lines.join('\n')}`);
  }, 300_000);

  it('reads pages off the indexes (EXPLAIN ANALYZE)', async () => {
    if (t.deps.database.kind !== 'postgres') return;
    const explain = async (label: string, text: string) => {
      const { rows } = await sql<{ 'QUERY PLAN': string }>`${sql.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`)}`.execute(t.deps.db);
      console.log(`--- ${label}\n${rows.map((r) => Object.values(r)[0]).join('\n')}`);
    };
    const e = `'${eventId}'`;
    await explain('page sorted by last name', `SELECT p.id FROM participants p WHERE p.event_id = ${e} ORDER BY lower(p.last_name), p.id LIMIT 20 OFFSET 40`);
    await explain('count', `SELECT count(*) FROM participants p LEFT JOIN users u ON u.id = p.user_id WHERE p.event_id = ${e}`);
    await explain(
      'search + sort',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND ((p.first_name || ' ' || p.last_name || ' ' || p.company) ILIKE '%okafor%' OR p.email ILIKE '%okafor%') ORDER BY lower(p.first_name), p.id LIMIT 20 OFFSET 40`,
    );
    await explain(
      'search count',
      `SELECT count(*) FROM participants p WHERE p.event_id = ${e} AND ((p.first_name || ' ' || p.last_name || ' ' || p.company) ILIKE '%okafor%' OR p.email ILIKE '%okafor%')`,
    );
    await explain(
      'search common term + sort',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND ((p.first_name || ' ' || p.last_name || ' ' || p.company) ILIKE '%acme%' OR p.email ILIKE '%acme%') ORDER BY lower(p.last_name), p.id LIMIT 20`,
    );
    await explain(
      'search common term count',
      `SELECT count(*) FROM participants p WHERE p.event_id = ${e} AND ((p.first_name || ' ' || p.last_name || ' ' || p.company) ILIKE '%acme%' OR p.email ILIKE '%acme%')`,
    );
    await explain(
      'sort by custom number',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} ORDER BY coalesce((CASE WHEN jsonb_typeof((p.custom_fields->'${ids.score}')) = 'number' THEN (p.custom_fields->>'${ids.score}')::numeric END), '-Infinity'::numeric) DESC, p.id DESC LIMIT 20`,
    );
    await explain('label filter', `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND EXISTS (SELECT 1 FROM participant_labels pl WHERE pl.participant_id = p.id AND pl.label_id = ANY('{${ids.vip}}'::uuid[])) ORDER BY lower(p.last_name), p.id LIMIT 20`);
    await explain('ENUM filter', `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND p.custom_fields @> '{"${ids.size}": ["XL"]}'::jsonb ORDER BY lower(p.last_name), p.id LIMIT 20`);
  }, 120_000);
});
