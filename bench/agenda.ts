/**
 * Participant agenda at scale, on PostgreSQL (issue 4: agenda view p95 ≤ 50 ms under 200
 * concurrent requests; 1,000 participants racing for 100 seats: exactly 100 enrolled, the rest
 * waitlisted, none lost).
 *
 * A worker thread creates a fresh database on BENCH_DATABASE_URL (default
 * postgres://postgres@127.0.0.1:5432/postgres), seeds one event (bench/lib/agenda.ts: 2,000
 * sessions, 50,000 participants, 500,000 enrollments by default) and serves the API on 127.0.0.1.
 * This thread, as one participant:
 *  - times BENCH_SEQUENTIAL (default 30) sequential `GET sessions/v2/view?day=…` and `?mine=true` (p50, p95);
 *  - runs autocannon for BENCH_DURATION s (default 10) at BENCH_CONNECTIONS (default 200) on each,
 *    uncompressed and as a browser asks (Accept-Encoding: br), then on a bare server that sends the
 *    very same bytes (bench/lib/ceiling.ts): the machine's ceiling for an answer of that size;
 *  - sends BENCH_RACERS (default 1,000) enroll requests at once for a session of 100 seats and
 *    reports enrolled / waitlisted / lost (answers vs rows vs the session's counters);
 * then prints EXPLAIN ANALYZE of the agenda statement and a Markdown section (it writes no file).
 *
 *   npm run bench -- agenda
 *   BENCH_PARTICIPANTS=5000 BENCH_SESSIONS=200 node --import tsx bench/agenda.ts   (a quick run)
 */
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import type { SeededAgenda } from './lib/agenda.js';
import { startCeilingServer } from './lib/ceiling.js';
import { ask, startWorker } from './lib/worker.js';

const PARTICIPANTS = Number(process.env.BENCH_PARTICIPANTS ?? 50_000);
const SESSIONS = Number(process.env.BENCH_SESSIONS ?? 2_000);
const PER_PARTICIPANT = Number(process.env.BENCH_PER_PARTICIPANT ?? 10);
const RACERS = Number(process.env.BENCH_RACERS ?? 1_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SEQUENTIAL = Number(process.env.BENCH_SEQUENTIAL ?? 30);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '200').split(',').map(Number);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

interface Ready extends SeededAgenda {
  port: number;
}
interface RaceCheck {
  enrolled: number;
  waitlisted: number;
  enrolledCount: number;
  waitlistedCount: number;
  positions: number;
}

// ——— Worker: database, seed, API, EXPLAIN and the race check on request ———

async function serve(): Promise<void> {
  const { benchApp, benchDatabase } = await import('./lib/attendees.js');
  const { seedAgenda } = await import('./lib/agenda.js');
  const { agendaQuery } = await import('../apps/api/src/modules/agenda/views.repo.js');
  const { viewerOf } = await import('../apps/api/src/modules/agenda/audience.js');
  const { wallClockToInstant } = await import('@plenary/domain');
  const o = workerData as {
    serverUrl: string;
    participants: number;
    sessions: number;
    perParticipant: number;
    racers: number;
  };
  const { database, drop } = await benchDatabase(o.serverUrl);
  try {
    const app = await benchApp(database);
    const seeded = await seedAgenda(app, database, o);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    parentPort!.postMessage({
      ...seeded,
      port: typeof address === 'object' && address ? address.port : 0,
    } satisfies Ready);
    const db = database.db;
    parentPort!.on('message', async (message: unknown) => {
      if (message === 'explain') {
        const viewer = await viewerOf(db, seeded.eventId, seeded.viewer.participantId);
        const from = wallClockToInstant(seeded.day, '12:00 AM', 'Europe/Berlin');
        const to = new Date(from.getTime() + 86_400_000);
        const plans: Array<{ label: string; lines: string[] }> = [];
        for (const [label, filter] of [
          ['a day', { from, to }],
          ['mine', { mine: true }],
        ] as const) {
          const { rows } = await sql<
            Record<string, string>
          >`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF, TIMING OFF) ${agendaQuery(seeded.eventId, viewer, filter)}`.execute(
            db,
          );
          plans.push({ label, lines: rows.map((r) => Object.values(r)[0]!) });
        }
        parentPort!.postMessage({ plans });
      }
      if (message === 'race') {
        const { rows } = await sql<RaceCheck>`
          SELECT (SELECT count(*)::int FROM enrollments WHERE session_id = s.id AND state = 'ENROLLED') AS enrolled,
            (SELECT count(*)::int FROM enrollments WHERE session_id = s.id AND state = 'WAITLISTED') AS waitlisted,
            (SELECT count(DISTINCT queued_seq)::int FROM enrollments WHERE session_id = s.id AND state = 'WAITLISTED') AS positions,
            s.enrolled_count, s.waitlisted_count FROM sessions s WHERE s.id = ${seeded.raceSessionId}`.execute(
          db,
        );
        parentPort!.postMessage(rows[0]);
      }
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

// ——— Main thread ———

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

async function sequential(
  url: string,
  token: string,
): Promise<{ p50: number; p95: number; sessions: number; bytes: number; body: string }> {
  const headers = { authorization: `Bearer ${token}` };
  let sessions = 0;
  let body = '';
  for (let i = 0; i < 2; i++) {
    const res = await fetch(url, { headers });
    body = await res.text();
    if (res.status !== 200) throw new Error(`${url}: ${res.status} ${body}`);
    sessions = (JSON.parse(body) as { sessions: unknown[] }).sessions.length;
  }
  const bytes = Buffer.byteLength(body);
  const times: number[] = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const started = performance.now();
    const res = await fetch(url, { headers });
    await res.arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), sessions, bytes, body };
}

/** As a browser asks: it always accepts compressed answers (the API compresses JSON with brotli). */
const BROWSER = { 'accept-encoding': 'br, gzip, deflate' };

async function load(url: string, headers: Record<string, string>, connections: number) {
  const times: number[] = [];
  const loadavgAtStart = loadavg()[0]!;
  const instance = autocannon({ url, connections, duration: DURATION, headers });
  instance.on('response', (_c: unknown, _s: number, _b: number, t: number) => times.push(t));
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    connections,
    rps: result.requests.average,
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    errors: result.errors,
    non2xx: result.non2xx,
    loadavg: loadavgAtStart,
  };
}

async function main(): Promise<void> {
  console.log(
    `== postgres: seeding ${PARTICIPANTS.toLocaleString('en')} participants, ${SESSIONS.toLocaleString('en')} sessions, ${(PARTICIPANTS * PER_PARTICIPANT).toLocaleString('en')} enrollments …`,
  );
  const { worker, ready } = await startWorker<Ready>(import.meta.url, {
    serverUrl: SERVER_URL,
    participants: PARTICIPANTS,
    sessions: SESSIONS,
    perParticipant: PER_PARTICIPANT,
    racers: RACERS,
  });
  try {
    console.log(`   seeded in ${ready.seedSeconds.toFixed(0)} s: ${JSON.stringify(ready.counts)}`);
    const base = `http://127.0.0.1:${ready.port}/api/v1/events/${ready.eventId}/sessions`;
    const kinds: Array<[string, string]> = [
      [`agenda, one day (${ready.day})`, `${base}/v2/view?day=${ready.day}`],
      ['My Agenda (mine=true)', `${base}/v2/view?mine=true`],
    ];
    const rows: string[] = [];
    for (const [label, url] of kinds) {
      const s = await sequential(url, ready.viewer.token);
      console.log(
        `   ${label.padEnd(30)} ${s.sessions} sessions, ${(s.bytes / 1024).toFixed(0)} KiB   sequential p50 ${ms(s.p50)} ms  p95 ${ms(s.p95)} ms`,
      );
      const auth = { authorization: `Bearer ${ready.viewer.token}` };
      const ceiling = await startCeilingServer(s.body);
      const cells: string[] = [];
      try {
        // The endpoint as sent uncompressed and as a browser gets it, then the machine's ceiling for the same bytes.
        const runs: Array<[string, string, Record<string, string>]> = [
          ['API, identity', url, auth],
          ['API, brotli', url, { ...auth, ...BROWSER }],
          ['ceiling, identity', ceiling.url, {}],
          [`ceiling, brotli (${(ceiling.brBytes / 1024).toFixed(0)} KiB)`, ceiling.url, BROWSER],
        ];
        for (const c of CONNECTIONS) {
          for (const [kind, target, headers] of runs) {
            const l = await load(target, headers, c);
            console.log(
              `   ${label.padEnd(30)} ${kind.padEnd(26)} c=${c}  ${l.rps.toFixed(0)} req/s  p50 ${l.p50} ms  p95 ${l.p95} ms  errors ${l.errors}  non-2xx ${l.non2xx}  load ${l.loadavg.toFixed(1)}`,
            );
            cells.push(
              `${kind} @${l.connections}: ${l.rps.toFixed(0)} req/s, p50 ${l.p50}, p95 ${l.p95} ms (errors ${l.errors}, load ${l.loadavg.toFixed(1)})`,
            );
          }
        }
      } finally {
        await ceiling.stop();
      }
      rows.push(
        `| ${label} | ${s.sessions} | ${(s.bytes / 1024).toFixed(0)} KiB | ${ms(s.p50)} | ${ms(s.p95)} | ${cells.join('<br>')} |`,
      );
    }

    console.log(`\n-- race: ${ready.racers.length} participants enroll at once in a session of 100 seats`);
    const t0 = performance.now();
    const answers = await Promise.all(
      ready.racers.map(async (token) => {
        const res = await fetch(`${base}/v2/${ready.raceSessionId}/enroll`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        });
        return res.status === 200 ? ((await res.json()) as { state: string }).state : `HTTP ${res.status}`;
      }),
    );
    const raceMs = performance.now() - t0;
    const tally = answers.reduce<Record<string, number>>(
      (acc, a) => ({ ...acc, [a]: (acc[a] ?? 0) + 1 }),
      {},
    );
    const check = await ask<RaceCheck>(worker, 'race');
    const lost = ready.racers.length - check.enrolled - check.waitlisted;
    const race = `answers ${JSON.stringify(tally)} in ${(raceMs / 1000).toFixed(1)} s; rows: ${check.enrolled} enrolled, ${check.waitlisted} waitlisted (${check.positions} distinct waitlist places), lost ${lost}; counters ${check.enrolledCount}/${check.waitlistedCount}`;
    console.log(`   ${race}`);

    const { plans } = await ask<{ plans: Array<{ label: string; lines: string[] }> }>(worker, 'explain');
    const key = (lines: string[]) => [
      ...lines.filter((l, i) => i === 0 || /->|Buffers: shared/.test(l)).slice(0, 40),
      ...lines.filter((l) => /Execution Time|Planning Time/.test(l)),
    ];
    console.log('\n-- EXPLAIN (ANALYZE, BUFFERS) of the agenda statement');
    for (const p of plans) console.log(`--- ${p.label}\n${key(p.lines).join('\n')}`);

    console.log(
      [
        '',
        `## Participant agenda (${ready.counts.sessions.toLocaleString('en')} sessions, ${ready.counts.participants.toLocaleString('en')} participants, ${ready.counts.enrollments.toLocaleString('en')} enrollments)`,
        '',
        `Measured by \`bench/agenda.ts\` on ${new Date().toISOString().slice(0, 10)}: ${availableParallelism()} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, PostgreSQL ${ready.postgres}. ` +
          `One participant's requests through the whole API (token, access, viewer, one agenda statement); ${SEQUENTIAL} sequential, then autocannon ${DURATION} s.`,
        '',
        '| request | sessions | size | sequential p50 ms | sequential p95 ms | under load |',
        '|---|---:|---:|---:|---:|---|',
        ...rows,
        '',
        `Race: ${race}.`,
        '',
      ].join('\n'),
    );
  } finally {
    await ask(worker, 'stop').finally(() => worker.terminate());
  }
}

if (isMainThread) await main();
else await serve();
