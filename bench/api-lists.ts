/**
 * Lists (foundation): the events list at 100,000 rows, on PostgreSQL and on PGlite.
 *
 * For each database: a worker thread of this process seeds 100k events and serves the API on
 * 127.0.0.1; this thread signs in as super admin and
 *  - runs autocannon (BENCH_DURATION seconds, default 10) against a search + sort + page request
 *    at 50 and 200 connections, and against a plain sorted page at 50;
 *  - times View All (limit=1000000, streamed JSON) and the CSV and XLSX exports of all rows,
 *    sampling the process's memory meanwhile.
 * Prints a table and writes the section "Lists (foundation)" of docs/PERFORMANCE.md.
 *
 *   npm run bench                          (every bench)
 *   node --import tsx bench/api-lists.ts   (this one; BENCH_DB=postgres|pglite for one database)
 */
import { execSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import type { ServerInput } from './lib/api-server.worker.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 100_000);
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const KINDS = (process.env.BENCH_DB ? [process.env.BENCH_DB] : ['postgres', 'pglite']) as Array<
  ServerInput['kind']
>;
const EMAIL = 'bench.admin@example.com';
const PASSWORD = 'Bench!pass2026';

const BASELINE = '/api/v1/app-versions?limit=20';
const SEARCH_PAGE = '/api/v1/events?search=summit&sort=name:asc&page=3&limit=20';
const SELECTIVE_PAGE = '/api/v1/events?search=lisbon%202024&sort=startAt:desc&limit=20';
const PLAIN_PAGE = '/api/v1/events?sort=startAt:desc&page=50&limit=20';

interface LoadFigures {
  label: string;
  connections: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}
interface TransferFigures {
  label: string;
  seconds: number;
  megabytes: number;
  rows: number;
  rssBeforeMb: number;
  peakRssMb: number;
}
interface DbFigures {
  kind: string;
  /** 1-minute load average before the load runs and after the transfers (other work on the machine shows here). */
  load1: [number, number];
  seedSeconds: number;
  load: LoadFigures[];
  transfers: TransferFigures[];
}

function startServer(kind: ServerInput['kind']): Promise<{ worker: Worker; port: number; seedMs: number }> {
  const input: ServerInput = {
    kind,
    serverUrl: SERVER_URL,
    events: EVENTS,
    email: EMAIL,
    password: PASSWORD,
  };
  // Node 20 does not apply --import hooks to a worker's entry file, so the worker registers tsx first.
  const entry = new URL('./lib/api-server.worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry)}); })`;
  const worker = new Worker(boot, {
    eval: true,
    workerData: input,
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  return new Promise((resolvePromise, reject) => {
    worker.once('error', reject);
    worker.once('message', (m: { port: number; seedMs: number }) => resolvePromise({ worker, ...m }));
  });
}

/** Stops the worker's server; a failure while stopping is reported, never left as a silent hang. */
function stopServer(worker: Worker): Promise<void> {
  return new Promise((done, fail) => {
    const exited = (code: number) => fail(new Error(`the bench server exited (${code}) while stopping`));
    worker.once('exit', exited);
    worker.once('message', (m: { error?: string }) => {
      worker.off('exit', exited);
      void worker.terminate().then(() => (m.error ? fail(new Error(m.error)) : done()));
    });
    worker.postMessage('stop');
  });
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** autocannon on this thread; every response time is kept, so p95 is exact. */
async function load(
  base: string,
  token: string,
  path: string,
  label: string,
  connections: number,
): Promise<LoadFigures> {
  const times: number[] = [];
  const instance = autocannon({
    url: `${base}${path}`,
    connections,
    duration: DURATION,
    headers: { authorization: `Bearer ${token}` },
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) =>
    times.push(responseTime),
  );
  const result = await instance;
  times.sort((a, b) => a - b);
  return {
    label,
    connections,
    requestsPerSecond: Math.round(result.requests.average),
    p50: Math.round(percentile(times, 50)),
    p95: Math.round(percentile(times, 95)),
    p99: Math.round(percentile(times, 99)),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/** Counts rows of a download as it streams (nothing but the XLSX is kept in memory). */
interface RowCounter {
  feed(chunk: Buffer): void;
  rows(): number | Promise<number>;
}

/** Occurrences of `needle` across chunk boundaries. */
function occurrences(needle: string, minus = 0): RowCounter {
  let count = 0;
  let tail = '';
  return {
    feed(chunk) {
      const text = tail + chunk.toString('latin1');
      count += text.split(needle).length - 1;
      tail = needle.length > 1 ? text.slice(-(needle.length - 1)) : '';
    },
    rows: () => count - minus,
  };
}

function xlsxRows(): RowCounter {
  const chunks: Buffer[] = [];
  return {
    feed: (chunk) => void chunks.push(chunk),
    async rows() {
      const ExcelJS = (await import('exceljs')).default;
      const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from(chunks), {});
      let rows = 0;
      for await (const sheet of reader) for await (const _row of sheet) rows++;
      return rows - 1;
    },
  };
}

/** Downloads `path` while sampling the process's memory (API worker and this thread together). */
async function transfer(
  base: string,
  token: string,
  path: string,
  label: string,
  counter: RowCounter,
): Promise<TransferFigures> {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  const started = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  let bytes = 0;
  for await (const chunk of res.body) {
    counter.feed(Buffer.from(chunk));
    bytes += chunk.byteLength;
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return {
    label,
    seconds,
    megabytes: bytes / 1e6,
    rows: await counter.rows(),
    rssBeforeMb: before / 1e6,
    peakRssMb: peak / 1e6,
  };
}

/**
 * After a load run the server may still work on requests whose clients gave up (autocannon times
 * out after 10 s); wait until a probe answers quickly again, so the next run starts on an idle server.
 */
async function drain(base: string, token: string): Promise<void> {
  const started = performance.now();
  for (;;) {
    const t0 = performance.now();
    await fetch(`${base}/api/v1/app-versions?limit=1`, { headers: { authorization: `Bearer ${token}` } });
    if (performance.now() - t0 < 100 || performance.now() - started > 120_000) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  const waited = performance.now() - started;
  if (waited > 1000)
    console.log(`   (waited ${(waited / 1000).toFixed(1)} s for the server to finish abandoned requests)`);
}

async function benchDatabase(kind: ServerInput['kind']): Promise<DbFigures> {
  console.log(`\n== ${kind}: seeding ${EVENTS.toLocaleString('en')} events …`);
  const { worker, port, seedMs } = await startServer(kind);
  try {
    const base = `http://127.0.0.1:${port}`;
    const signIn = await fetch(`${base}/api/v1/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, host: 'cms.localhost:3000' }),
    });
    if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
    const { token } = (await signIn.json()) as { token: string };

    const check = (await (
      await fetch(`${base}${SEARCH_PAGE}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { total: number; records: unknown[] };
    console.log(
      `   seeded in ${(seedMs / 1000).toFixed(1)} s; '${SEARCH_PAGE}' → ${check.records.length} of ${check.total}`,
    );
    // Warm-up: plans, JIT, pool.
    await autocannon({
      url: `${base}${SEARCH_PAGE}`,
      connections: 10,
      amount: 300,
      headers: { authorization: `Bearer ${token}` },
    });

    const loadBefore = loadavg()[0]!;
    const figures: LoadFigures[] = [];
    for (const [path, label, connections] of [
      [BASELINE, 'baseline: empty list (auth + 2 tiny queries)', 50],
      [SEARCH_PAGE, 'search + sort + page', 50],
      [SELECTIVE_PAGE, 'selective search + sort', 50],
      [PLAIN_PAGE, 'sorted page 50, no search', 50],
      [SEARCH_PAGE, 'search + sort + page', 200],
    ] as const) {
      const f = await load(base, token, path, label, connections);
      await drain(base, token);
      console.log(
        `   ${label} @${connections}: ${f.requestsPerSecond} req/s, p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms, errors ${f.errors}, non-2xx ${f.non2xx}`,
      );
      figures.push(f);
    }

    const transfers: TransferFigures[] = [];
    const viewAll = await transfer(
      base,
      token,
      '/api/v1/events?limit=1000000&sort=name:asc',
      'View All (streamed JSON)',
      occurrences('"id":"'),
    );
    const csv = await transfer(
      base,
      token,
      '/api/v1/events/export?format=csv&sort=name:asc',
      'export CSV',
      occurrences('\n', 1),
    );
    const xlsx = await transfer(
      base,
      token,
      '/api/v1/events/export?format=xlsx&sort=name:asc',
      'export XLSX',
      xlsxRows(),
    );
    for (const x of [viewAll, csv, xlsx]) {
      console.log(
        `   ${x.label}: ${x.rows.toLocaleString('en')} rows, ${x.megabytes.toFixed(1)} MB in ${x.seconds.toFixed(2)} s; process RSS ${x.rssBeforeMb.toFixed(0)} → peak ${x.peakRssMb.toFixed(0)} MB`,
      );
      transfers.push(x);
    }
    return { kind, load1: [loadBefore, loadavg()[0]!], seedSeconds: seedMs / 1000, load: figures, transfers };
  } finally {
    await stopServer(worker);
  }
}

function machine(): string {
  const model = cpus()[0]?.model.trim() ?? 'unknown CPU';
  let nproc = String(availableParallelism());
  try {
    nproc = execSync('nproc', { encoding: 'utf8' }).trim();
  } catch {
    // not Linux
  }
  let postgres: string;
  try {
    postgres = execSync(`psql "${SERVER_URL}" -Atc "SHOW server_version"`, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    postgres = 'unknown';
  }
  return `${nproc} CPUs (nproc; ${model}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB memory, Node ${process.version}, PostgreSQL ${postgres} on 127.0.0.1, PGlite in memory`;
}

function markdown(results: DbFigures[]): string {
  const out = [
    '## Lists (foundation)',
    '',
    `Measured by \`bench/api-lists.ts\` (\`npm run bench\`) on ${new Date().toISOString().slice(0, 10)}: ${machine()}.`,
    '',
    `${EVENTS.toLocaleString('en')} events (200 hubs, 50 organisations) seeded with one \`INSERT … SELECT generate_series\` per table. ` +
      'The API runs in a worker thread of the bench process and autocannon on the main thread, both on loopback; ' +
      `each load run lasts ${DURATION} s after a warm-up; the caller is a super admin (no tenant filter). ` +
      `The search request is \`${SEARCH_PAGE}\` (about 6,700 matches, trigram index, sorted by \`lower(name), id\`); ` +
      `the selective one \`${SELECTIVE_PAGE}\` (about 740 matches); the plain one \`${PLAIN_PAGE}\` (counts all 100k).`,
    '',
    '| database | request | connections | req/s | p50 ms | p95 ms | p99 ms | errors / non-2xx |',
    '|---|---|---:|---:|---:|---:|---:|---:|',
  ];
  for (const r of results)
    for (const l of r.load)
      out.push(
        `| ${r.kind} | ${l.label} | ${l.connections} | ${l.requestsPerSecond} | ${l.p50} | ${l.p95} | ${l.p99} | ${l.errors} / ${l.non2xx} |`,
      );
  out.push(
    '',
    '| database | every row, sorted by name | rows | size MB | seconds | process RSS before → peak MB |',
    '|---|---|---:|---:|---:|---:|',
  );
  for (const r of results)
    for (const x of r.transfers)
      out.push(
        `| ${r.kind} | ${x.label} | ${x.rows.toLocaleString('en')} | ${x.megabytes.toFixed(1)} | ${x.seconds.toFixed(2)} | ${x.rssBeforeMb.toFixed(0)} → ${x.peakRssMb.toFixed(0)} |`,
      );
  out.push(
    '',
    `Seeding took ${results.map((r) => `${r.seedSeconds.toFixed(1)} s on ${r.kind}`).join(' and ')} (including index builds).`,
  );
  out.push(
    `1-minute load average before → after each database's runs: ${results.map((r) => `${r.kind} ${r.load1[0].toFixed(1)} → ${r.load1[1].toFixed(1)}`).join(', ')} ` +
      `(the bench itself keeps about 2 busy; more means other work shared the ${availableParallelism()} CPUs and the figures are low).`,
    '',
  );
  out.push(
    'Reading the figures: a search page costs PostgreSQL about 20 ms of CPU (page ≈ 12 ms reading the `(lower(name), id)` index and ' +
      'filtering, count ≈ 8 ms through the trigram index), and PostgreSQL, the API and autocannon share the same 2 CPUs, so ' +
      'throughput stops at what the CPUs give and more connections only lengthen the queue (latency ≈ connections ÷ throughput). ' +
      'The baseline row is the cost of a request without list work (token check, principal, two tiny queries). PGlite runs one query at a time ' +
      'in the API thread, so it serves about a third as many list requests, and under 200 connections some wait longer than ' +
      'autocannon’s 10 s timeout (the errors column). Exports and View All are dominated by reading rows (PGlite decodes every row in WebAssembly) and, for XLSX, by exceljs.',
    '',
  );
  out.push(
    'How the list machinery got here (measured on the same data, `.tmp` experiments): a separate `count(*)` next to the page query beats ' +
      '`count(*) OVER ()` by 5–30× on both databases (the window makes PostgreSQL read and join every matching row instead of stopping after one page: ' +
      'first page sorted by name 135 ms with the window vs 8 ms page + count on PostgreSQL; 323 ms vs 16 ms on PGlite). ' +
      'The `(lower(name), id)`, `(start_at, id)`, `(end_at, id)` and `(created_at, id)` indexes of migration 0003 take an unsearched sorted page from 90 ms to 8 ms on PostgreSQL. ' +
      'View All and exports read keyset batches of 1,000 rows (never an OFFSET scan, never the whole list in memory) and write with backpressure.',
    '',
  );
  return out.join('\n');
}

/** Replaces (or appends) the section in docs/PERFORMANCE.md, leaving the other sections alone. */
function writeSection(section: string): void {
  const file = resolve(import.meta.dirname, '../docs/PERFORMANCE.md');
  const current = existsSync(file)
    ? readFileSync(file, 'utf8')
    : '# Performance\n\nFigures measured by `npm run bench`; each section names its machine.\n';
  const start = current.indexOf('## Lists (foundation)');
  let next: string;
  if (start < 0) next = `${current.trimEnd()}\n\n${section}`;
  else {
    const end = current.indexOf('\n## ', start + 3);
    next = current.slice(0, start) + section + (end < 0 ? '' : current.slice(end + 1));
  }
  writeFileSync(file, `${next.trimEnd()}\n`);
  console.log(`\nWrote the section "Lists (foundation)" of ${file}`);
}

const results: DbFigures[] = [];
for (const kind of KINDS) results.push(await benchDatabase(kind));
const section = markdown(results);
console.log(`\n${section}`);
if (process.env.BENCH_WRITE !== '0') writeSection(section);
