/**
 * Attendee list: the participants of one event at 100,000 rows, on PostgreSQL (the issue asked for
 * search + sort + page well under 50 ms).
 *
 * A worker thread of this process creates a fresh database on the PostgreSQL server
 * (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres), seeds one event with
 * BENCH_ROWS participants (bench/lib/attendees.ts) and serves the API on 127.0.0.1. This thread
 * signs in as the event admin and, for every request kind (BENCH_ONLY=search,sort: only those
 * whose label has one of the words),
 *  - times BENCH_SEQUENTIAL (default 30) sequential requests over HTTP (p50, p95);
 *  - runs autocannon for BENCH_DURATION seconds (default 10) at BENCH_CONNECTIONS (default 50,200)
 *    connections, noting the load average and the CPU each request cost the API thread, PostgreSQL
 *    and the whole bench process (API + autocannon);
 * then asks the worker for EXPLAIN ANALYZE of the page and count queries, prints their key lines,
 * drops the database and prints a Markdown section for docs/PERFORMANCE.md (it does not write the file).
 *
 *   npm run bench -- attendees-list
 *   node --import tsx bench/attendees-list.ts      (BENCH_ROWS=10000 for a quick run)
 */
import { execSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/platform/db/index.js';
import type { AttendeeIds, SeededAttendees } from './lib/attendees.js';
import { currentThreadId, postgresCpuMs, threadCpuMs } from './lib/cpu.js';
import { ask, startWorker } from './lib/worker.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 30);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '50,200').split(',').map(Number);
/** BENCH_ONLY=search: only the request kinds whose label contains one of these words (comma-separated). */
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);

interface Seeded extends SeededAttendees {
  port: number;
  database: string;
  /** The API thread's Linux thread id (its CPU time is read from /proc). */
  apiThreadId: number | undefined;
}
type Plans = Array<{ label: string; lines: string[] }>;

// ---------------------------------------------------------------------------------------------
// Worker: database, seed, API on loopback, EXPLAIN on request.
// ---------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { benchApp, benchDatabase, seedAttendees } = await import('./lib/attendees.js');
  const { serverUrl, rows } = workerData as { serverUrl: string; rows: number };
  const { database, name, drop } = await benchDatabase(serverUrl);
  try {
    const app = await benchApp(database);
    const seeded = await seedAttendees(app, database, rows);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    parentPort!.postMessage({
      ...seeded,
      port,
      database: name,
      apiThreadId: currentThreadId(),
    } satisfies Seeded);

    parentPort!.on('message', async (message: unknown) => {
      if (message === 'explain')
        parentPort!.postMessage({ plans: await explainAll(database.db, seeded.eventId, seeded.ids) });
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

/**
 * EXPLAIN ANALYZE of the queries behind the list requests, written out as participants.list.ts
 * builds them (page and count are separate queries).
 */
async function explainAll(db: Db, eventId: string, ids: AttendeeIds): Promise<Plans> {
  const e = `'${eventId}'`;
  const search = (term: string) =>
    `((p.first_name || ' ' || p.last_name || ' ' || p.company) ILIKE '%${term}%' OR p.email ILIKE '%${term}%')`;
  const queries: Array<[string, string]> = [
    [
      'page sorted by last name',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} ORDER BY lower(p.last_name), p.id LIMIT 20 OFFSET 40`,
    ],
    [
      'count',
      `SELECT count(*) FROM participants p LEFT JOIN users u ON u.id = p.user_id WHERE p.event_id = ${e}`,
    ],
    [
      'search + sort',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND ${search('okafor')} ORDER BY lower(p.first_name), p.id LIMIT 20 OFFSET 40`,
    ],
    ['search count', `SELECT count(*) FROM participants p WHERE p.event_id = ${e} AND ${search('okafor')}`],
    [
      'search common term + sort',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND ${search('acme')} ORDER BY lower(p.last_name), p.id LIMIT 20`,
    ],
    [
      'search common term count',
      `SELECT count(*) FROM participants p WHERE p.event_id = ${e} AND ${search('acme')}`,
    ],
    [
      'sort by custom number',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} ORDER BY coalesce((CASE WHEN jsonb_typeof((p.custom_fields->'${ids.score}')) = 'number' THEN (p.custom_fields->>'${ids.score}')::numeric END), '-Infinity'::numeric) DESC, p.id DESC LIMIT 20`,
    ],
    [
      'label filter',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND EXISTS (SELECT 1 FROM participant_labels pl WHERE pl.participant_id = p.id AND pl.label_id = ANY('{${ids.vip}}'::uuid[])) ORDER BY lower(p.last_name), p.id LIMIT 20`,
    ],
    [
      'ENUM filter',
      `SELECT p.id FROM participants p WHERE p.event_id = ${e} AND p.custom_fields @> '{"${ids.size}": ["XL"]}'::jsonb ORDER BY lower(p.last_name), p.id LIMIT 20`,
    ],
  ];
  const plans: Plans = [];
  for (const [label, text] of queries) {
    const { rows } = await sql<
      Record<string, string>
    >`${sql.raw(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF, SUMMARY ON) ${text}`)}`.execute(db);
    plans.push({ label, lines: rows.map((r) => Object.values(r)[0]!) });
  }
  return plans;
}

// ---------------------------------------------------------------------------------------------
// Main thread: sign in, sequential timings, autocannon, report.
// ---------------------------------------------------------------------------------------------

interface Figures {
  label: string;
  query: string;
  total: number;
  p50: number;
  p95: number;
  load: Load[];
}

interface Load {
  connections: number;
  requestsPerSecond: number;
  answered: number;
  p50: number;
  p95: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  /** 1-minute load average when the run started. */
  loadavg: number;
  /** CPU ms per answered request: the API's thread, PostgreSQL (the database's backends), and this whole process (API, autocannon, GC threads). */
  cpu: { api: number; postgres: number; process: number };
}

function requestKinds(ids: AttendeeIds): Array<[string, string]> {
  return [
    ['first page, default sort', ''],
    ['search + sort + page 3', 'search=okafor&sort=firstName:asc&page=3'],
    ['search common term', 'search=acme&sort=lastName:asc'],
    ['search e-mail', 'search=person4242@'],
    ['sort by e-mail desc, page 50', 'sort=email:desc&page=50'],
    ['sort by company, page 200', 'sort=company:asc&page=200'],
    ['filter label', `labelId=${ids.vip}&sort=lastName:asc`],
    ['filter ENUM', `${ids.sizeKey}=XL&sort=lastName:asc`],
    ['filter NUMBER range', `${ids.scoreKey}From=10&${ids.scoreKey}To=12&sort=lastName:asc`],
    ['sort by custom NUMBER', `sort=${ids.scoreKey}:desc`],
    [
      'rules filter',
      `rules=${encodeURIComponent(
        JSON.stringify([
          { field: ids.city, operator: 'EQUAL', value: 'lisbon' },
          { field: 'company', operator: 'EQUAL', value: 'Acme' },
        ]),
      )}`,
    ],
  ];
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));
const rate = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

/** Time BENCH_SEQUENTIAL requests one after the other (after two warm-up requests). */
async function sequential(url: string, token: string): Promise<{ p50: number; p95: number; total: number }> {
  const headers = { authorization: `Bearer ${token}` };
  let total = 0;
  for (let i = 0; i < 2; i++) {
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
  return { p50: percentile(times, 50), p95: percentile(times, 95), total };
}

/** autocannon on this thread; every response time is kept, so p95 is exact. */
async function load(url: string, token: string, connections: number, probe: CpuProbe): Promise<Load> {
  const times: number[] = [];
  const loadavgAtStart = loadavg()[0]!;
  const before = probe();
  const instance = autocannon({
    url,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    times.push(responseTime),
  );
  const result = await instance;
  const after = probe();
  times.sort((a, b) => a - b);
  const per = (x: number) => (times.length ? x / times.length : 0);
  return {
    loadavg: loadavgAtStart,
    cpu: {
      api: per(after.api - before.api),
      postgres: per(after.postgres - before.postgres),
      process: per(after.process - before.process),
    },
    connections,
    requestsPerSecond: result.requests.average,
    answered: times.length,
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    // autocannon counts a timeout (no answer within 10 s) as an error too.
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  };
}

type CpuProbe = () => { api: number; postgres: number; process: number };

/** Milliseconds of CPU so far: the API's thread, the bench database's backends, this process (every thread). */
function cpuProbe(seeded: Seeded): CpuProbe {
  return () => {
    const usage = process.cpuUsage();
    return {
      api: threadCpuMs(seeded.apiThreadId),
      postgres: postgresCpuMs(seeded.database),
      process: (usage.user + usage.system) / 1000,
    };
  };
}

/** Waits until the server has finished requests whose clients gave up, so the next run starts idle. */
async function drain(base: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const t0 = performance.now();
    await fetch(`${base}/api/v1/health`);
    if (performance.now() - t0 < 100 || performance.now() - started > 120_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const waited = performance.now() - started;
  if (waited > 1000)
    console.log(`   (waited ${(waited / 1000).toFixed(1)} s for the server to finish abandoned requests)`);
}

/** The lines of a plan worth reading: the plan nodes, rows thrown away, and the execution time. */
function keyLines(lines: string[]): string[] {
  return lines
    .filter(
      (l, i) =>
        i === 0 || l.trimStart().startsWith('->') || /^\s*(Rows Removed|Heap Fetches|Execution Time)/.test(l),
    )
    .map((l) => l.trimEnd());
}

function machine(postgres: string): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  let nproc = String(availableParallelism());
  try {
    nproc = execSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // not Linux
  }
  return `${nproc} CPUs (nproc; ${model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, PostgreSQL ${postgres} on 127.0.0.1`;
}

function table(figures: Figures[]): string[] {
  const each = (f: (c: number) => string) => CONNECTIONS.map(f).join(' | ');
  const out = [
    `| request | matches | sequential p50 ms | sequential p95 ms | ${each((c) => `req/s @${c}`)} | ${each((c) => `p95 ms @${c}`)} | errors (timeouts) / non-2xx | load avg at start ${CONNECTIONS.map((c) => `@${c}`).join(' / ')} | CPU ms per request @${CONNECTIONS.at(-1)}: API / PostgreSQL / all of the bench process |`,
    `|---|---:|---:|---:|${CONNECTIONS.map(() => '---:|').join('')}${CONNECTIONS.map(() => '---:|').join('')}---:|---:|---:|`,
  ];
  for (const f of figures) {
    const errors = f.load.reduce((s, l) => s + l.errors, 0);
    const timeouts = f.load.reduce((s, l) => s + l.timeouts, 0);
    const non2xx = f.load.reduce((s, l) => s + l.non2xx, 0);
    const last = f.load.at(-1);
    const cpu = last?.answered
      ? `${last.cpu.api.toFixed(1)} / ${last.cpu.postgres.toFixed(1)} / ${last.cpu.process.toFixed(1)}`
      : '–';
    out.push(
      `| ${f.label} | ${f.total.toLocaleString('en')} | ${ms(f.p50)} | ${ms(f.p95)} | ${f.load.map((l) => rate(l.requestsPerSecond)).join(' | ')} | ${f.load.map((l) => (l.answered ? l.p95 : '–')).join(' | ')} | ` +
        `${errors} (${timeouts}) / ${non2xx} | ${f.load.map((l) => l.loadavg.toFixed(1)).join(' / ')} | ${cpu} |`,
    );
  }
  return out;
}

async function main(): Promise<void> {
  console.log(`== postgres: seeding ${ROWS.toLocaleString('en')} participants …`);
  const started = performance.now();
  const { worker, ready: seeded } = await startWorker<Seeded>(import.meta.url, {
    serverUrl: SERVER_URL,
    rows: ROWS,
  });
  const setupSeconds = (performance.now() - started) / 1000;
  try {
    const base = `http://127.0.0.1:${seeded.port}`;
    console.log(
      `   upsertParticipants: ${seeded.created.toLocaleString('en')} new rows in ${(seeded.createMs / 1000).toFixed(1)} s; ` +
        `${Math.min(10_000, ROWS).toLocaleString('en')} existing rows updated in ${(seeded.updateMs / 1000).toFixed(1)} s; setup ${setupSeconds.toFixed(0)} s in all`,
    );
    const signIn = await fetch(`${base}/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: seeded.email, password: seeded.password, host: 'cms.localhost:3000' }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { token } = (await signIn.json()) as { token: string };
    const list = (query: string) => `${base}/api/v1/events/${seeded.eventId}/participants?${query}`;
    const kinds = requestKinds(seeded.ids).filter(
      ([label]) => !ONLY || ONLY.some((word) => label.includes(word)),
    );
    const probe = cpuProbe(seeded);

    console.log(
      `\n-- ${SEQUENTIAL} sequential requests each (HTTP on loopback, whole API: token, access, custom fields, page and count)`,
    );
    const figures: Figures[] = [];
    for (const [label, query] of kinds) {
      const s = await sequential(list(query), token);
      console.log(
        `   ${label.padEnd(30)} ${String(s.total).padStart(7)} matches   p50 ${ms(s.p50).padStart(5)} ms   p95 ${ms(s.p95).padStart(5)} ms   (load ${loadavg()[0]!.toFixed(1)})`,
      );
      figures.push({ label, query, total: s.total, p50: s.p50, p95: s.p95, load: [] });
    }

    const loadBefore = loadavg()[0]!;
    console.log(`\n-- autocannon, ${DURATION} s per run`);
    for (const f of figures) {
      for (const connections of CONNECTIONS) {
        const l = await load(list(f.query), token, connections, probe);
        await drain(base);
        console.log(
          `   ${f.label.padEnd(30)} c=${String(connections).padStart(3)}  ${rate(l.requestsPerSecond).padStart(5)} req/s  p50 ${l.p50} ms  p95 ${l.p95} ms  ` +
            `errors ${l.errors} (timeouts ${l.timeouts})  non-2xx ${l.non2xx}  load ${l.loadavg.toFixed(1)}  ` +
            `CPU ms/request: API ${l.cpu.api.toFixed(1)}, PostgreSQL ${l.cpu.postgres.toFixed(1)}, bench process ${l.cpu.process.toFixed(1)}`,
        );
        f.load.push(l);
      }
    }
    const loadAfter = loadavg()[0]!;

    const { plans } = await ask<{ plans: Plans }>(worker, 'explain');
    console.log('\n-- EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF), key lines');
    for (const p of plans) console.log(`--- ${p.label}\n${keyLines(p.lines).join('\n')}`);

    const section = [
      `## Attendee list (${ROWS.toLocaleString('en')} participants)`,
      '',
      `Measured by \`bench/attendees-list.ts\` (\`npm run bench -- attendees-list\`) on ${new Date().toISOString().slice(0, 10)}: ${machine(seeded.postgres)}.`,
      '',
      `One event with ${ROWS.toLocaleString('en')} participants imported by \`upsertParticipants\` (${(seeded.createMs / 1000).toFixed(1)} s; ` +
        `updating ${Math.min(10_000, ROWS).toLocaleString('en')} of them took ${(seeded.updateMs / 1000).toFixed(1)} s), three custom fields (ENUM, NUMBER, STRING) and a rule label, then \`VACUUM ANALYZE\`. ` +
        'The API runs in a worker thread of the bench process (pool of 10 connections) and the requests come from the main thread, both on loopback; the caller is the event admin. ' +
        `Sequential figures are ${SEQUENTIAL} requests one after the other; the load runs are autocannon for ${DURATION} s each at ${CONNECTIONS.join(' and ')} connections. ` +
        `1-minute load average ${loadBefore.toFixed(1)} before the load runs, ${loadAfter.toFixed(1)} after (the bench itself keeps about 2 busy; more means other work shared the ${availableParallelism()} CPUs).`,
      '',
      ...table(figures),
      '',
      'req/s counts answered requests; autocannon gives up on a request after 10 s and counts it as a timeout (included in errors), so p50/p95 under load are of the answered ones only.',
      '',
      'Plans of the page and count queries (`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF)`, key lines):',
      '',
      '```',
      ...plans.flatMap((p) => [`--- ${p.label}`, ...keyLines(p.lines)]),
      '```',
      '',
    ].join('\n');
    console.log(`\n${section}`);
  } finally {
    await ask(worker, 'stop').finally(() => worker.terminate());
  }
}

if (isMainThread) await main();
else await serve();
