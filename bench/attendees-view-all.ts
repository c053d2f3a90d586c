/**
 * View All in the browser: the console's /attendees list of one event with 100,000 participants,
 * page size View All, in Debian's chromium (playwright, flags as in playwright.config.ts).
 *
 * A worker thread seeds a fresh PostgreSQL database (bench/lib/attendees.ts; BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres) and serves the API with the built web app
 * (BENCH_WEB_DIST, else this bench builds apps/web into .tmp/bench-web). This thread signs in as
 * the event admin through the sign-in page, chooses the event in the header, opens
 * /attendees?limit=1000000 and measures, inside the page:
 *  - time to first rows (from navigation start to the first participant row on screen);
 *  - continuous scrolling (requestAnimationFrame moves the list a fixed distance per frame): frame
 *    times p50/p95/max, dropped frames, and frames that showed placeholder rows;
 *  - steps from the top to the last row (every 10,000 rows) and a few big jumps: time until the
 *    rows at the new position are rendered;
 *  - at the end: JS heap (after a GC) and DOM size; and the list requests the page made.
 *
 *   npm run bench -- attendees-view-all
 *   BENCH_ROWS=20000 BENCH_WEB_DIST=/tmp/web-f node --import tsx bench/attendees-view-all.ts
 */
import { execFileSync } from 'node:child_process';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { chromium, type Page } from '@playwright/test';
import type { SeededAttendees } from './lib/attendees.js';
import { ask, startWorker } from './lib/worker.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const ROW_HEIGHT = 44; // apps/web/src/shared/list/DataTable.tsx
const root = resolve(import.meta.dirname, '..');

interface Ready extends SeededAttendees {
  port: number;
}

// ---------------------------------------------------------------------------------------------
// Worker: database, seed, API with the web app on loopback.
// ---------------------------------------------------------------------------------------------

async function serve(): Promise<void> {
  const { benchApp, benchDatabase, seedAttendees } = await import('./lib/attendees.js');
  const { serverUrl, rows, webDist } = workerData as { serverUrl: string; rows: number; webDist: string };
  const { database, drop } = await benchDatabase(serverUrl);
  try {
    const app = await benchApp(database, { WEB_DIST: webDist });
    const seeded = await seedAttendees(app, database, rows);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    parentPort!.postMessage({ ...seeded, port } satisfies Ready);
    parentPort!.on('message', async (message: unknown) => {
      if (message !== 'stop') return;
      try {
        await app.close();
      } finally {
        await drop();
      }
      parentPort!.postMessage({ stopped: true });
    });
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// In the page (these functions run in chromium: no closures over this file's variables).
// ---------------------------------------------------------------------------------------------

interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  dropped: number;
  placeholderFrames: number;
  rowsMoved: number;
}

/**
 * The little of the DOM these functions use. (The DOM library is left out of the bench project, whose
 * other files are Node code; these functions only ever run in the page.)
 */
interface PageElement {
  scrollTop: number;
  clientHeight: number;
  getBoundingClientRect(): { top: number; bottom: number };
  closest(selector: string): PageElement | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement>;
}
interface PageGlobals {
  document: PageElement & { getElementsByTagName(name: string): { length: number } };
  requestAnimationFrame(callback: (time: number) => void): number;
}

/** Is the participant row `index` (0-based) rendered with its data (not a placeholder)? */
const rowShown = (index: number) => `tbody tr[aria-rowindex="${index + 2}"]:not([aria-hidden])`;

/** Scrolls by `px` every animation frame, `frames` times; frame times from the frames' timestamps. */
function scrollContinuously({
  px,
  frames,
  rowHeight,
}: {
  px: number;
  frames: number;
  rowHeight: number;
}): Promise<FrameStats> {
  const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
  const region = document.querySelector('table[aria-rowcount]')!.closest('[role="region"]')!;
  const startTop = region.scrollTop;
  const deltas: number[] = [];
  let placeholderFrames = 0;
  return new Promise((done) => {
    let last: number | undefined;
    const frame = (t: number) => {
      if (last !== undefined) deltas.push(t - last);
      last = t;
      // Placeholder rows inside the visible part of the list, as painted in the previous frame.
      const top = region.getBoundingClientRect().top;
      const bottom = top + region.clientHeight;
      const placeholders = Array.from(
        region.querySelectorAll('tbody tr[aria-hidden="true"][aria-rowindex]'),
      ).some((tr) => {
        const r = tr.getBoundingClientRect();
        return r.bottom > top && r.top < bottom;
      });
      if (placeholders) placeholderFrames++;
      if (deltas.length >= frames) {
        const sorted = [...deltas].sort((a, b) => a - b);
        const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
        const budget = 1000 / 60;
        done({
          frames: deltas.length,
          p50: at(0.5),
          p95: at(0.95),
          max: sorted.at(-1)!,
          dropped: deltas.reduce((n, d) => n + Math.max(0, Math.round(d / budget) - 1), 0),
          placeholderFrames,
          rowsMoved: Math.round((region.scrollTop - startTop) / rowHeight),
        });
        return;
      }
      region.scrollTop += px;
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  });
}

/** Puts row `row` at the top and resolves with the milliseconds until it is rendered with its data. */
function jumpTo({
  row,
  rowHeight,
  timeoutMs,
}: {
  row: number;
  rowHeight: number;
  timeoutMs: number;
}): Promise<number> {
  const { document, requestAnimationFrame } = globalThis as unknown as PageGlobals;
  const region = document.querySelector('table[aria-rowcount]')!.closest('[role="region"]')!;
  const selector = `tbody tr[aria-rowindex="${row + 2}"]:not([aria-hidden])`;
  const started = performance.now();
  region.scrollTop = row * rowHeight;
  return new Promise((done, fail) => {
    const check = () => {
      if (region.querySelector(selector)) done(performance.now() - started);
      else if (performance.now() - started > timeoutMs)
        fail(new Error(`row ${row} not rendered after ${timeoutMs} ms`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

// ---------------------------------------------------------------------------------------------
// Main thread
// ---------------------------------------------------------------------------------------------

function buildWeb(): string {
  if (process.env.BENCH_WEB_DIST) return resolve(process.env.BENCH_WEB_DIST);
  const out = resolve(root, '.tmp/bench-web');
  console.log(`== building the web app into ${out} …`);
  execFileSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: resolve(root, 'apps/web'),
    stdio: 'inherit',
  });
  return out;
}

const ms = (x: number) => (x < 10 ? x.toFixed(1) : x.toFixed(0));

async function signIn(page: Page, origin: string, seeded: Ready): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByLabel('E-mail').fill(seeded.email);
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(seeded.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(`${origin}/`);
  const switcher = page
    .getByRole('textbox', { name: 'Selected event' })
    .or(page.getByRole('combobox', { name: 'Selected event' }))
    .first();
  await switcher.click();
  await page.getByRole('option', { name: seeded.eventName, exact: true }).click();
  await page.waitForURL(/\/overview$/);
}

interface ListRequest {
  url: string;
  ms: number;
}

async function main(): Promise<void> {
  const webDist = buildWeb();
  console.log(`== postgres: seeding ${ROWS.toLocaleString('en')} participants …`);
  const { worker, ready: seeded } = await startWorker<Ready>(import.meta.url, {
    serverUrl: SERVER_URL,
    rows: ROWS,
    webDist,
  });
  const origin = `http://cms.localhost:${seeded.port}`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
      '--host-resolver-rules=MAP cms.localhost 127.0.0.1',
    ],
  });
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      serviceWorkers: 'block',
    });
    // tsx (esbuild, keepNames) wraps functions in __name(…); the functions sent to the page need it too.
    await context.addInitScript('globalThis.__name = (fn) => fn;');
    const page = await context.newPage();
    await signIn(page, origin, seeded);

    // The renderer's main-thread CPU time (ThreadTime): what rendering costs, whatever else loads the machine.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metric = async (name: string) =>
      (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === name)?.value ?? Number.NaN;
    const threadMs = async () => (await metric('ThreadTime')) * 1000;

    const requests: ListRequest[] = [];
    page.on('requestfinished', (request) => {
      if (!request.url().includes('/participants?')) return;
      requests.push({ url: request.url(), ms: request.timing().responseEnd });
    });

    // Time to first rows: a fresh page load of View All (the session and the selected event are in storage).
    const loadAtOpen = loadavg()[0]!;
    await page.goto(`${origin}/attendees?limit=1000000`, { waitUntil: 'commit' });
    const firstRows = await page.waitForFunction(
      (selector) =>
        (globalThis as unknown as PageGlobals).document.querySelector(selector) ? performance.now() : false,
      rowShown(0),
      { polling: 'raf', timeout: 60_000 },
    );
    const timeToFirstRows = (await firstRows.jsonValue()) as number;
    const rowCount = Number(await page.locator('table[aria-rowcount]').getAttribute('aria-rowcount')) - 1;
    console.log(
      `   first rows after ${ms(timeToFirstRows)} ms (navigation start → row 1 on screen); ${rowCount.toLocaleString('en')} rows in the list; load ${loadAtOpen.toFixed(1)}`,
    );

    // Continuous scrolling: a wheel-like pace, then a fling that crosses windows faster than they load.
    const scrolls: Array<{ label: string; stats: FrameStats; cpuPerFrame: number; load: number }> = [];
    for (const [label, px, frames] of [
      ['3 rows per frame (~8,000 px/s)', 3 * ROW_HEIGHT, 600],
      ['30 rows per frame (fling)', 30 * ROW_HEIGHT, 300],
    ] as const) {
      await page.evaluate(jumpTo, { row: 0, rowHeight: ROW_HEIGHT, timeoutMs: 30_000 });
      const load = loadavg()[0]!;
      const cpuBefore = await threadMs();
      const stats = await page.evaluate(scrollContinuously, { px, frames, rowHeight: ROW_HEIGHT });
      const cpuPerFrame = ((await threadMs()) - cpuBefore) / stats.frames;
      scrolls.push({ label, stats, cpuPerFrame, load });
      console.log(
        `   scroll ${label}: ${stats.frames} frames, ${stats.rowsMoved.toLocaleString('en')} rows; frame p50 ${ms(stats.p50)} ms, p95 ${ms(stats.p95)} ms, max ${ms(stats.max)} ms; ` +
          `dropped ${stats.dropped}; frames with placeholder rows ${stats.placeholderFrames}; renderer CPU ${ms(cpuPerFrame)} ms per frame; load ${load.toFixed(1)}`,
      );
    }

    // Rendering alone: jumps back and forth between two screens of rows already fetched.
    const renderTimes: number[] = [];
    await page.evaluate(jumpTo, { row: 600, rowHeight: ROW_HEIGHT, timeoutMs: 30_000 });
    await page.waitForTimeout(500);
    const renderLoad = loadavg()[0]!;
    const renderCpuBefore = await threadMs();
    for (let i = 0; i < 40; i++)
      renderTimes.push(
        await page.evaluate(jumpTo, { row: i % 2 ? 600 : 100, rowHeight: ROW_HEIGHT, timeoutMs: 30_000 }),
      );
    const renderCpu = ((await threadMs()) - renderCpuBefore) / renderTimes.length;
    renderTimes.sort((a, b) => a - b);
    const render = {
      p50: renderTimes[Math.floor(renderTimes.length / 2)]!,
      max: renderTimes.at(-1)!,
      cpu: renderCpu,
      load: renderLoad,
    };
    console.log(
      `   jump between fetched rows (rendering only): p50 ${ms(render.p50)} ms, max ${ms(render.max)} ms; renderer CPU ${ms(render.cpu)} ms per jump; load ${renderLoad.toFixed(1)}`,
    );

    // Steps from the top to the last row, then big jumps.
    const last = rowCount - 1;
    const targets: Array<[string, number]> = [];
    for (let row = 10_000; row < last; row += 10_000)
      targets.push([`step to row ${row.toLocaleString('en')}`, row]);
    targets.push([`step to the last row (${last.toLocaleString('en')})`, last]);
    targets.push(['jump to the middle', Math.floor(rowCount / 2)]);
    targets.push(['jump to the top', 0]);
    targets.push(['jump to row 73,421', Math.min(73_421, last)]);
    targets.push(['jump back to the last row', last]);
    const jumps: Array<{ label: string; row: number; ms: number; requests: number; load: number }> = [];
    await page.evaluate(jumpTo, { row: 0, rowHeight: ROW_HEIGHT, timeoutMs: 30_000 });
    for (const [label, row] of targets) {
      const before = requests.length;
      const load = loadavg()[0]!;
      // The last rows cannot reach the top of the list: the browser stops at the end, where they are shown.
      const took = await page.evaluate(jumpTo, { row, rowHeight: ROW_HEIGHT, timeoutMs: 30_000 });
      await page.waitForTimeout(300); // let the margin windows arrive, as a reader would
      jumps.push({ label, row, ms: took, requests: requests.length - before, load });
      console.log(
        `   ${label.padEnd(34)} rendered after ${ms(took).padStart(5)} ms  (list requests ${requests.length - before}; load ${load.toFixed(1)})`,
      );
    }

    // Memory and DOM at the end (after a garbage collection).
    await cdp.send('HeapProfiler.collectGarbage');
    const elements = await page.evaluate(
      () => (globalThis as unknown as PageGlobals).document.getElementsByTagName('*').length,
    );
    const rowsInDom = await page.evaluate(
      () =>
        (globalThis as unknown as PageGlobals).document.querySelectorAll('tbody tr[aria-rowindex]').length,
    );
    const heapMb = (await metric('JSHeapUsedSize')) / 2 ** 20;
    console.log(
      `   end: JS heap ${heapMb.toFixed(1)} MB used (after GC), ${elements.toLocaleString('en')} elements in the document (${rowsInDom} table rows), ${(await metric('Nodes')).toLocaleString('en')} DOM nodes alive`,
    );

    const requestTimes = requests.map((r) => r.ms).sort((a, b) => a - b);
    const at = (p: number) =>
      requestTimes[Math.min(requestTimes.length - 1, Math.floor(p * requestTimes.length))] ?? 0;
    console.log(
      `   list requests: ${requests.length}, each ${ms(at(0.5))} ms p50, ${ms(at(0.95))} ms p95, ${ms(requestTimes.at(-1) ?? 0)} ms max (request → last byte)`,
    );

    const version = browser.version();
    const section = [
      `## View All in the browser (${ROWS.toLocaleString('en')} participants)`,
      '',
      `Measured by \`bench/attendees-view-all.ts\` (\`npm run bench -- attendees-view-all\`) on ${new Date().toISOString().slice(0, 10)}: ` +
        `${cpus().length} CPUs (${cpus()[0]?.model.trim()}), ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Chromium ${version} headless (software rendering, 1280×800), PostgreSQL ${seeded.postgres}. ` +
        'API, PostgreSQL and the browser share the machine; 1-minute load averages are noted per run.',
      '',
      `| measure | result | load avg |`,
      `|---|---|---:|`,
      `| time to first rows (navigation start → first participant row) | ${ms(timeToFirstRows)} ms | ${loadAtOpen.toFixed(1)} |`,
      ...scrolls.map(
        (s) =>
          `| continuous scroll, ${s.label}: ${s.stats.frames} frames, ${s.stats.rowsMoved.toLocaleString('en')} rows | frame p50 ${ms(s.stats.p50)} ms, p95 ${ms(s.stats.p95)} ms, max ${ms(s.stats.max)} ms; ` +
          `${s.stats.dropped} dropped frames; ${s.stats.placeholderFrames} frames showed placeholder rows; renderer CPU ${ms(s.cpuPerFrame)} ms per frame | ${s.load.toFixed(1)} |`,
      ),
      `| jump between rows already fetched (rendering only), 40 times | p50 ${ms(render.p50)} ms, max ${ms(render.max)} ms; renderer CPU ${ms(render.cpu)} ms per jump | ${render.load.toFixed(1)} |`,
      ...jumps.map(
        (j) =>
          `| ${j.label} | rows rendered after ${ms(j.ms)} ms (${j.requests} list requests) | ${j.load.toFixed(1)} |`,
      ),
      `| list requests (each a window of 1,000 rows) | ${requests.length}: p50 ${ms(at(0.5))} ms, p95 ${ms(at(0.95))} ms, max ${ms(requestTimes.at(-1) ?? 0)} ms | |`,
      `| at the end (after a GC) | JS heap ${heapMb.toFixed(1)} MB; ${elements.toLocaleString('en')} elements in the document, ${rowsInDom} table rows | |`,
      '',
    ].join('\n');
    console.log(`\n${section}`);
  } finally {
    await browser.close();
    await ask(worker, 'stop').finally(() => worker.terminate());
  }
}

if (isMainThread) await main();
else await serve();
