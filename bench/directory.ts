/**
 * Directories (issue 13): a filtered directory page of an event with 10,000 attendees must answer
 * p95 ≤ 200 ms one request at a time.
 *
 * A worker thread of this process creates a fresh database on the PostgreSQL server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), seeds one event with
 * BENCH_ROWS participants (bench/lib/attendees.ts: custom fields ENUM, NUMBER, STRING and a rule
 * label), hides every 20th profile, makes 20 sessions with 10 speakers each, 300 business-card
 * contacts of one participant and 1,000 participants available for meetings, one directory of every
 * filter kind, and serves the API on 127.0.0.1. This thread, signed in as that participant, times
 * BENCH_SEQUENTIAL (default 50) sequential requests per directory page over HTTP (p50, p95, max),
 * then prints EXPLAIN ANALYZE of the page and count queries and a Markdown section for
 * docs/PERFORMANCE.md (it does not write the file). Exits 1 when a p95 is above 200 ms.
 *
 *   npm run bench -- directory
 *   BENCH_ROWS=2000 node --import tsx bench/directory.ts      (a quick run)
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/platform/db/index.js';
import { ask, startWorker } from './lib/worker.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 10_000);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 50);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_P95_MS = 200;

interface Seeded {
  port: number;
  eventId: string;
  /** A participant's token (the directories are read as a participant: contacts are theirs). */
  token: string;
  directories: Record<string, string>;
  ids: { vip: string; city: string; sessionId: string };
  postgres: string;
  hidden: number;
}
type Plans = Array<{ label: string; lines: string[] }>;

// ---------------------------------------------------------------------------------------------
// Worker: database, seed, API on loopback, EXPLAIN on request.
// ---------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { benchApp, benchDatabase, seedAttendees } = await import('./lib/attendees.js');
  const { createFactories } = await import('../apps/api/test/factories.js');
  const { serverUrl, rows } = workerData as { serverUrl: string; rows: number };
  const { database, drop } = await benchDatabase(serverUrl);
  try {
    const app = await benchApp(database);
    const seeded = await seedAttendees(app, database, rows);
    const db = database.db;
    const eventId = seeded.eventId;
    const f = createFactories(app.deps, app);
    const admin = await f.token(
      (await db.selectFrom('users').select('id').where('email', '=', seeded.email).executeTakeFirstOrThrow())
        .id,
    );
    const post = async (path: string, payload: object) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/v1/events/${eventId}/${path}`,
        payload,
        headers: { authorization: `Bearer ${admin}` },
      });
      if (res.statusCode >= 300) throw new Error(`POST ${path}: ${res.statusCode} ${res.body}`);
      return res.json() as { id: string };
    };

    const people = await db
      .selectFrom('participants')
      .select(['id', 'userId'])
      .where('eventId', '=', eventId)
      .orderBy('id')
      .execute();
    // Every 20th profile hidden.
    await sql`UPDATE participants SET profile_hidden = true
      WHERE event_id = ${eventId} AND id IN (SELECT id FROM participants WHERE event_id = ${eventId} ORDER BY id OFFSET 7) AND (abs(hashtext(id::text)) % 20) = 0`.execute(
      db,
    );
    const viewer = people[1]!;
    await sql`UPDATE participants SET profile_hidden = false WHERE id = ${viewer.id}`.execute(db);
    // 20 sessions with 10 speakers each.
    let sessionId = '';
    for (let s = 0; s < 20; s++) {
      const speakers = people.slice(100 + s * 10, 110 + s * 10).map((p) => p.id);
      const session = await post('sessions', {
        name: `Talk ${s + 1}`,
        startDate: '2030-06-01',
        startTime: '10:00 AM',
        endDate: '2030-06-01',
        endTime: '11:00 AM',
        speakerIds: speakers,
      });
      if (s === 0) sessionId = session.id;
    }
    // 300 contacts of the viewer; 1,000 participants available for meetings.
    await sql`INSERT INTO business_card_contacts (event_id, owner_participant_id, contact_participant_id)
      SELECT ${eventId}, ${viewer.id}, id FROM participants WHERE event_id = ${eventId} AND id <> ${viewer.id} ORDER BY id DESC LIMIT 300`.execute(
      db,
    );
    await sql`INSERT INTO meeting_availability (event_id, participant_id)
      SELECT ${eventId}, id FROM participants WHERE event_id = ${eventId} ORDER BY user_id LIMIT 1000`.execute(
      db,
    );
    const directories: Record<string, string> = {};
    const dir = async (name: string, body: object) => {
      directories[name] = (await post('directories', { name, ...body })).id;
    };
    await dir('everyone', { view: 'GRID' });
    await dir('speakers', { filter: 'ALL_SPEAKERS', shownFields: ['jobTitle', 'company', 'bio', 'photo'] });
    await dir('session speakers', { filter: 'SESSION_SPEAKERS', sessionIds: [sessionId] });
    await dir('custom: label', { filter: 'CUSTOM', labelIds: [seeded.ids.vip], sort: 'COMPANY' });
    await dir('custom: label + value', {
      filter: 'CUSTOM',
      labelIds: [seeded.ids.vip],
      customFieldValues: [{ fieldId: seeded.ids.city, values: ['Lisbon'] }],
      shownFields: ['jobTitle', 'company', seeded.ids.city],
    });
    await dir('custom: value', {
      filter: 'CUSTOM',
      customFieldValues: [{ fieldId: seeded.ids.size, values: ['XL'] }],
      sort: 'FIRST_NAME',
    });
    await dir('contacts', { filter: 'BUSINESS_CARD_EXCHANGED', view: 'PILL' });
    await dir('available for meetings', { filter: 'USERS_AVAILABLE_FOR_MEETINGS', view: 'CAROUSEL' });
    await sql`VACUUM ANALYZE`.execute(db);
    const hidden = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM participants WHERE event_id = ${eventId} AND profile_hidden`.execute(
      db,
    );

    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    parentPort!.postMessage({
      port,
      eventId,
      token: await f.token(viewer.userId, 'event'),
      directories,
      ids: { vip: seeded.ids.vip, city: seeded.ids.city, sessionId },
      postgres: seeded.postgres,
      hidden: hidden.rows[0]?.n ?? 0,
    } satisfies Seeded);

    parentPort!.on('message', async (message: unknown) => {
      if (message === 'explain')
        parentPort!.postMessage({ plans: await explainAll(db, eventId, viewer.id, seeded.ids) });
      if (message === 'stop') {
        try {
          await app.close();
        } finally {
          await drop();
        }
        parentPort!.postMessage({ stopped: true });
      }
    });
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
}

/** EXPLAIN ANALYZE of the page and count queries as directories-items.repo.ts builds them. */
async function explainAll(
  db: Db,
  eventId: string,
  viewerId: string,
  ids: { vip: string; city: string },
): Promise<Plans> {
  const base = `FROM participants p WHERE p.event_id = '${eventId}' AND p.profile_hidden = false`;
  const page = (where: string, order = 'lower(p.last_name)') =>
    `SELECT p.id ${base} AND ${where} ORDER BY ${order}, p.id LIMIT 20`;
  const count = (where: string) => `SELECT count(*) ${base} AND ${where}`;
  const filters: Array<[string, string]> = [
    ['everyone', 'true'],
    ['speakers', 'EXISTS (SELECT 1 FROM session_speakers ss WHERE ss.participant_id = p.id)'],
    [
      'custom: label + value',
      `EXISTS (SELECT 1 FROM participant_labels pl WHERE pl.participant_id = p.id AND pl.label_id = ANY('{${ids.vip}}'::uuid[])) AND ((p.custom_fields ->> '${ids.city}') = ANY('{Lisbon}'::text[]) OR (jsonb_typeof(p.custom_fields -> '${ids.city}') = 'array' AND (p.custom_fields -> '${ids.city}') ?| '{Lisbon}'::text[]))`,
    ],
    [
      'contacts',
      `EXISTS (SELECT 1 FROM business_card_contacts c WHERE c.owner_participant_id = '${viewerId}' AND c.contact_participant_id = p.id)`,
    ],
    [
      'available for meetings',
      'EXISTS (SELECT 1 FROM meeting_availability ma WHERE ma.event_id = p.event_id AND ma.participant_id = p.id)',
    ],
    ['everyone, search', `(p.first_name || ' ' || p.last_name || ' ' || p.company) ILIKE '%okafor 12%'`],
  ];
  const plans: Plans = [];
  for (const [label, where] of filters)
    for (const [kind, text] of [
      ['page', page(where)],
      ['count', count(where)],
    ] as const) {
      const { rows } = await sql<
        Record<string, string>
      >`${sql.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`)}`.execute(db);
      plans.push({ label: `${label} (${kind})`, lines: rows.map((r) => Object.values(r)[0]!) });
    }
  return plans;
}

// ---------------------------------------------------------------------------------------------
// Main thread: sequential timings, report.
// ---------------------------------------------------------------------------------------------

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

async function sequential(url: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  let total = 0;
  for (let i = 0; i < 3; i++) {
    const res = await fetch(url, { headers });
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    total = ((await res.json()) as { total: number }).total;
  }
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  }
  times.sort((a, b) => a - b);
  return { total, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) ?? 0 };
}

function keyLines(lines: string[]): string[] {
  return lines
    .filter(
      (l, i) =>
        i === 0 || l.trimStart().startsWith('->') || /^\s*(Rows Removed|Heap Fetches|Execution Time)/.test(l),
    )
    .map((l) => l.trimEnd());
}

async function main(): Promise<void> {
  console.log(`== postgres: seeding ${ROWS.toLocaleString('en')} participants and the directories …`);
  const { worker, ready: seeded } = await startWorker<Seeded>(import.meta.url, {
    serverUrl: SERVER_URL,
    rows: ROWS,
  });
  let failed = false;
  try {
    const base = `http://127.0.0.1:${seeded.port}/api/v1/events/${seeded.eventId}/directories`;
    const d = seeded.directories;
    const requests: Array<[string, string]> = [
      ['everyone, first page', `${d.everyone}/items`],
      ['everyone, page 200', `${d.everyone}/items?page=200`],
      ['everyone, search', `${d.everyone}/items?search=okafor`],
      ['speakers', `${d.speakers}/items`],
      ['session speakers', `${d['session speakers']}/items`],
      ['custom: label', `${d['custom: label']}/items`],
      ['custom: label + value, search', `${d['custom: label + value']}/items?search=acme`],
      ['custom: ENUM value', `${d['custom: value']}/items`],
      ['contacts', `${d.contacts}/items`],
      ['available for meetings', `${d['available for meetings']}/items`],
      [
        'available, sorted by company, page 10',
        `${d['available for meetings']}/items?sort=company:asc&page=10`,
      ],
    ];
    const loadBefore = loadavg()[0]!;
    console.log(
      `\n-- ${SEQUENTIAL} sequential requests each (HTTP on loopback, whole API), as a participant`,
    );
    const rows: string[] = [];
    for (const [label, path] of requests) {
      const s = await sequential(`${base}/${path}`, seeded.token);
      if (s.p95 > TARGET_P95_MS) failed = true;
      console.log(
        `   ${label.padEnd(40)} ${String(s.total).padStart(6)} people   p50 ${ms(s.p50).padStart(5)} ms   p95 ${ms(s.p95).padStart(5)} ms   max ${ms(s.max).padStart(5)} ms`,
      );
      rows.push(
        `| ${label} | ${s.total.toLocaleString('en')} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`,
      );
    }
    const loadAfter = loadavg()[0]!;
    const { plans } = await ask<{ plans: Plans }>(worker, 'explain');
    console.log('\n-- EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF), key lines');
    for (const p of plans) console.log(`--- ${p.label}\n${keyLines(p.lines).join('\n')}`);
    const section = [
      `## Directories (${ROWS.toLocaleString('en')} attendees)`,
      '',
      `Measured by \`bench/directory.ts\` (\`npm run bench -- directory\`) on ${new Date().toISOString().slice(0, 10)}: ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, PostgreSQL ${seeded.postgres} on 127.0.0.1; load average ${loadBefore.toFixed(1)} before, ${loadAfter.toFixed(1)} after.`,
      '',
      `One event with ${ROWS.toLocaleString('en')} participants (${seeded.hidden.toLocaleString('en')} profiles hidden), 20 sessions with 10 speakers each, 300 contacts of the caller, 1,000 participants available for meetings, one directory per filter kind. ` +
        `${SEQUENTIAL} requests one after the other per row, as a participant, over HTTP on loopback (token, access, the directory, the custom fields, page and count). Target: p95 ≤ ${TARGET_P95_MS} ms.`,
      '',
      '| directory page | people | p50 ms | p95 ms | max ms |',
      '|---|---:|---:|---:|---:|',
      ...rows,
      '',
    ].join('\n');
    console.log(`\n${section}`);
  } finally {
    await ask(worker, 'stop').finally(() => worker.terminate());
  }
  if (failed) {
    console.error(`A directory page's p95 is above ${TARGET_P95_MS} ms.`);
    process.exit(1);
  }
}

if (isMainThread) await main();
else await serve();
