/**
 * Data import of 100,000 participants, end to end through the API on PostgreSQL (issue 3: csv
 * ≤ 15 s, xlsx ≤ 30 s, within 3× of a bare COPY of the same rows, peak memory ≤ 500 MB).
 *
 * Creates a throwaway database on the PostgreSQL server (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), migrates it, builds an event with three custom
 * fields (ENUM, NUMBER, STRING) and a rule label. For each import it starts the API (with its job
 * workers) in a fresh child process (bench/lib/import-server.ts) and reads that process's peak
 * RSS (VmHWM) afterwards. Each run goes into a fresh event with new addresses:
 *  - COPY: the rows loaded with two bare `COPY … FROM STDIN` into `users` and `participants`
 *    (the same tables, indexes and triggers the import writes; ids made by the client) — the floor;
 *  - csv and xlsx: upload (multipart over HTTP) → POST verify → poll every 100 ms → POST commit →
 *    poll, timing each step;
 *  - upsertParticipants: the in-memory path (rows as JSON parameters, batches of 5,000), for reference.
 * Prints the figures and a Markdown section for docs/PERFORMANCE.md, then drops the database.
 *
 *   npm run bench -- imports           (BENCH_ROWS=10000 for a quick run)
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import type { ImportRecord } from '@plenary/domain';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const POLL_MS = 100;

const FIRST = [
  'Anna',
  'Ben',
  'Chloé',
  'David',
  'Elena',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kwame',
  'Lena',
  'Mateo',
  'Nora',
  'Omar',
  'Priya',
];
const LAST = [
  'Smith',
  'Okafor',
  'Becker',
  'Rossi',
  'Tanaka',
  'Patel',
  'Lindqvist',
  'Dubois',
  'Ramírez',
  'Rahman',
  'Williams',
  'Popescu',
  'Mensah',
  'Novak',
];
const COMPANIES = [
  'Acme',
  'Globex',
  'Initech',
  'Umbrella',
  'Hooli',
  'Stark Industries',
  'Wayne Enterprises',
  'Wonka',
];
const HEADERS = [
  'E-mail',
  'First name',
  'Last name',
  'Company',
  'Job title',
  'Phone',
  'Shirt size',
  'Score',
  'City',
];

interface Row {
  email: string;
  first: string;
  last: string;
  company: string;
  job: string;
  phone: string;
  size: string;
  score: number;
  city: string;
}

function rowsFor(prefix: string, n: number): Row[] {
  return Array.from({ length: n }, (_, i) => ({
    email: `${prefix}${i}@perf.example.com`,
    first: FIRST[i % FIRST.length]!,
    last: `${LAST[(i * 7) % LAST.length]} ${i}`,
    company: COMPANIES[(i * 3) % COMPANIES.length]!,
    job: i % 3 === 0 ? 'Engineer' : 'Manager',
    phone: `+49 30 ${String(1_000_000 + i)}`,
    size: ['S', 'M', 'L', 'XL'][i % 4]!,
    score: i % 100,
    city: i % 2 ? 'Lisbon' : 'Berlin',
  }));
}

const cells = (r: Row) => [r.email, r.first, r.last, r.company, r.job, r.phone, r.size, r.score, r.city];
const csvOf = (rows: Row[]) =>
  Buffer.from(`${HEADERS.join(',')}\n${rows.map((r) => cells(r).join(',')).join('\n')}\n`);

/** An xlsx as Excel writes one: shared strings, one sheet (exceljs's streaming writer). */
async function xlsxOf(rows: Row[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: true });
  const sheet = book.addWorksheet('Participants');
  sheet.addRow(HEADERS).commit();
  for (const r of rows) sheet.addRow(cells(r)).commit();
  sheet.commit();
  await book.commit();
  return Buffer.concat(chunks);
}

/** The API in a child process; `memory()` reads its current and peak RSS from /proc. */
async function startServer(
  dbUrl: string,
  secret: string,
): Promise<{
  base: string;
  child: ChildProcess;
  memory: () => { rss: number; peak: number };
  stop: () => Promise<void>;
}> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', resolve(import.meta.dirname, 'lib/import-server.ts')],
    {
      env: { ...process.env, BENCH_DB_URL: dbUrl, BENCH_JWT_SECRET: secret },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const line = await new Promise<string>((ok, fail) => {
    createInterface({ input: child.stdout! }).once('line', ok);
    child.once('exit', (code) => fail(new Error(`server exited ${code}`)));
  });
  const { port } = JSON.parse(line) as { port: number };
  const kb = (field: string) =>
    Number(
      new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0,
    ) * 1024;
  return {
    base: `http://127.0.0.1:${port}/api/v1`,
    child,
    memory: () => ({ rss: kb('VmRSS'), peak: kb('VmHWM') }),
    stop: () =>
      new Promise<void>((ok) => {
        child.once('exit', () => ok());
        child.kill('SIGTERM');
      }),
  };
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const s = (ms: number) => (ms / 1000).toFixed(2);
const gc = () => (globalThis as { gc?: () => void }).gc?.();

async function main(): Promise<void> {
  const { buildApp } = await import('../apps/api/src/app.js');
  const { loadBrands } = await import('../apps/api/src/platform/brands.js');
  const { upsertParticipants } = await import('../apps/api/src/modules/attendees/participants.import.js');
  const { loadConfig } = await import('../apps/api/src/platform/config.js');
  const { openPostgres } = await import('../apps/api/src/platform/db/index.js');
  const { migrate } = await import('../apps/api/src/platform/db/migrate.js');
  const { createMailer } = await import('../apps/api/src/platform/mail.js');
  const { createFactories } = await import('../apps/api/test/factories.js');

  const root = resolve(import.meta.dirname, '..');
  const name = `plenary_bench_${randomBytes(4).toString('hex')}`;
  const admin = openPostgres(SERVER_URL, 1);
  await admin.execScript(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const database = openPostgres(url.toString(), 10);
  const drop = async () => {
    const cleanup = openPostgres(SERVER_URL, 1);
    await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.close();
  };
  const lines: string[] = [];
  try {
    await migrate(database);
    const secret = randomBytes(32).toString('hex');
    const config = loadConfig({
      DATA_DIR: resolve(root, '.tmp/bench-data'),
      LOG_LEVEL: 'silent',
      JWT_SECRET: secret,
      SEED_DEMO: 'false',
    });
    // This process only makes rows and tokens (factories); the API runs in the child processes.
    const app = await buildApp({
      config,
      database,
      db: database.db,
      mailer: createMailer(database.db, { from: config.MAIL_FROM }),
      brands: loadBrands(resolve(root, 'config/brands.json')),
    });
    const f = createFactories(app.deps, app);
    let server = await startServer(url.toString(), secret);
    let base = server.base;
    const ten = await f.tenant();
    const auth = { authorization: `Bearer ${ten.tokens.hubAdmin}` };

    const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    };
    const newEvent = async () => {
      const event = await f.event({ eventHubId: ten.hub.id });
      await call('POST', `/events/${event.id}/custom-fields`, {
        name: 'Shirt size',
        dataType: 'ENUM',
        settings: { enumValues: ['S', 'M', 'L', 'XL'] },
      });
      const score = await call<{ id: string }>('POST', `/events/${event.id}/custom-fields`, {
        name: 'Score',
        dataType: 'NUMBER',
      });
      await call('POST', `/events/${event.id}/custom-fields`, { name: 'City', dataType: 'STRING' });
      await call('POST', `/events/${event.id}/labels`, {
        name: 'High scorers',
        type: 'RULE',
        rules: [{ field: score.id, operator: 'GREATER_THAN_EQUAL', value: 90 }],
      });
      return event.id;
    };
    const { rows: version } = await sql<{ v: string }>`SELECT current_setting('server_version') AS v`.execute(
      database.db,
    );
    const load0 = loadavg()[0]!;

    // --- the floor: bare COPY of the same rows into users and participants -----------------
    const copyEvent = await newEvent();
    const copyRows = rowsFor('copy', ROWS);
    const userIds = copyRows.map(() => randomUUID());
    const q = (v: string) => `"${v.replace(/"/g, '""')}"`;
    const t0 = performance.now();
    await database.copyFrom(
      'users',
      ['id', 'email', 'first_name', 'last_name'],
      [copyRows.map((r, i) => `${userIds[i]},${r.email},${q(r.first)},${q(r.last)}`).join('\n') + '\n'],
    );
    await database.copyFrom(
      'participants',
      [
        'event_id',
        'user_id',
        'email',
        'first_name',
        'last_name',
        'company',
        'job_title',
        'phone',
        'custom_fields',
      ],
      [
        copyRows
          .map((r, i) =>
            [
              copyEvent,
              userIds[i],
              r.email,
              q(r.first),
              q(r.last),
              q(r.company),
              q(r.job),
              q(r.phone),
              q(JSON.stringify({ size: r.size, score: r.score, city: r.city })),
            ].join(','),
          )
          .join('\n') + '\n',
      ],
    );
    const copyMs = performance.now() - t0;
    console.log(`COPY of ${ROWS.toLocaleString('en')} rows into users + participants: ${s(copyMs)} s`);

    // --- csv and xlsx through the API ------------------------------------------------------
    copyRows.length = 0;
    userIds.length = 0;
    type Run = {
      label: string;
      fileMb: number;
      uploadMs: number;
      verifyMs: number;
      commitMs: number;
      totalMs: number;
      peakMb: number;
      baseMb: number;
      record: ImportRecord;
      progressSeen: number;
    };
    const runs: Run[] = [];
    for (const format of ['csv', 'xlsx'] as const) {
      const eventId = await newEvent();
      const rows = rowsFor(format, ROWS);
      const file = format === 'csv' ? csvOf(rows) : await xlsxOf(rows);
      rows.length = 0;
      gc();
      // A fresh API process per run: its peak RSS is this import's.
      await server.stop();
      server = await startServer(url.toString(), secret);
      base = server.base;
      const baseMb = mb(server.memory().rss);
      const poll = async (id: string) => {
        let seen = 0;
        for (;;) {
          const r = await call<ImportRecord>('GET', `/events/${eventId}/imports/${id}`);
          if (r.progress.done > 0 && r.status === 'VERIFYING') seen++;
          if (r.status !== 'VERIFYING' && r.status !== 'IMPORTING') return { record: r, seen };
          await new Promise((res) => setTimeout(res, POLL_MS));
        }
      };
      const start = performance.now();
      const form = new FormData();
      form.append('file', new Blob([file]), `participants.${format}`);
      const res = await fetch(`${base}/events/${eventId}/imports/User`, {
        method: 'POST',
        headers: auth,
        body: form,
      });
      if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
      const uploaded = (await res.json()) as ImportRecord;
      const afterUpload = performance.now();
      await call('POST', `/events/${eventId}/imports/${uploaded.id}/verify`, {});
      const verified = await poll(uploaded.id);
      if (verified.record.status !== 'VERIFIED')
        throw new Error(`verify: ${JSON.stringify(verified.record)}`);
      const afterVerify = performance.now();
      await call('POST', `/events/${eventId}/imports/${uploaded.id}/commit`, {});
      const done = await poll(uploaded.id);
      const end = performance.now();
      const peak = server.memory().peak;
      if (done.record.status !== 'COMPLETED') throw new Error(`commit: ${JSON.stringify(done.record)}`);
      const run = {
        label: format,
        fileMb: file.length / 1024 / 1024,
        uploadMs: afterUpload - start,
        verifyMs: afterVerify - afterUpload,
        commitMs: end - afterVerify,
        totalMs: end - start,
        peakMb: mb(peak),
        baseMb,
        record: done.record,
        progressSeen: verified.seen,
      };
      runs.push(run);
      console.log(
        `${format}: ${run.fileMb.toFixed(1)} MB; upload ${s(run.uploadMs)} s, verify ${s(run.verifyMs)} s (${run.progressSeen} polls saw progress), commit ${s(run.commitMs)} s, ` +
          `total ${s(run.totalMs)} s (${(run.totalMs / copyMs).toFixed(1)}× COPY); created ${done.record.counts.created}; API RSS ${baseMb} → peak ${run.peakMb} MB`,
      );
    }

    // --- reference: the in-memory upsert --------------------------------------------------
    const memEvent = await newEvent();
    const memRows = rowsFor('mem', ROWS).map((r) => ({
      email: r.email,
      firstName: r.first,
      lastName: r.last,
      company: r.company,
      jobTitle: r.job,
      phone: r.phone,
    }));
    const t1 = performance.now();
    await database.db
      .transaction()
      .execute((tx) => upsertParticipants(tx, memEvent, memRows, { actorId: ten.users.hubAdmin.id }));
    const memMs = performance.now() - t1;
    console.log(`upsertParticipants (in memory, no custom fields): ${s(memMs)} s`);
    const load1 = loadavg()[0]!;

    await server.stop();
    await app.close();
    const cpu = cpus()[0]?.model ?? 'unknown CPU';
    let nproc = String(cpus().length);
    try {
      nproc = execSync('nproc').toString().trim();
    } catch {
      // nproc is informative only.
    }
    lines.push(
      '## Data import (100,000 participants)',
      '',
      `Measured by \`bench/imports.ts\` (\`npm run bench -- imports\`) on ${new Date().toISOString().slice(0, 10)}: ${nproc} CPUs (${cpu}), ${(totalmem() / 1024 ** 3).toFixed(1)} GiB memory, Node ${process.version}, PostgreSQL ${version[0]?.v} on 127.0.0.1. 1-minute load average ${load0.toFixed(1)} before, ${load1.toFixed(1)} after.`,
      '',
      `Each run imports ${ROWS.toLocaleString('en')} new participants (9 columns: e-mail, names, company, job title, phone, and three custom fields ENUM/NUMBER/STRING; a rule label on the NUMBER field) into a fresh event of the same database, through the API over HTTP on loopback: upload (multipart) → verify (job) → commit (job), polling the import every ${POLL_MS} ms. RSS is the API process's (with its job workers; a fresh process per run, peak = the kernel's VmHWM); the client runs in another process.`,
      '',
      '| run | file MB | upload s | verify s | commit s | total s | × COPY | API RSS at start → peak MB |',
      '|---|---:|---:|---:|---:|---:|---:|---:|',
      `| bare COPY into users + participants | – | – | – | – | ${s(copyMs)} | 1.0 | – |`,
      ...runs.map(
        (r) =>
          `| ${r.label} through the API | ${r.fileMb.toFixed(1)} | ${s(r.uploadMs)} | ${s(r.verifyMs)} | ${s(r.commitMs)} | ${s(r.totalMs)} | ${(r.totalMs / copyMs).toFixed(1)} | ${r.baseMb} → ${r.peakMb} |`,
      ),
      `| \`upsertParticipants\` in memory (no custom fields) | – | – | – | – | ${s(memMs)} | ${(memMs / copyMs).toFixed(1)} | – |`,
    );
    console.log(`\n${lines.join('\n')}\n`);
  } finally {
    await database.close().catch(() => undefined);
    await drop().catch((err: unknown) => console.error('could not drop', name, err));
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
