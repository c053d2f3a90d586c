/**
 * Realtime fan-out (issue 10): N socket.io clients (default 5,000) on loopback in one event room,
 * and a writer making 100 updates a second for 10 s through the API's real path: a participant's
 * `POST …/sessions/v2/:id/enroll` → commit → `session.seats` through the coalescer (4 a second) →
 * the event room. Then the same clients on a bare socket.io server that drives the same payloads
 * through the same coalescer in-process (the ceiling: no HTTP, no database, no access checks).
 * Prints update-to-client latency p50/p95/p99, messages delivered, losses (clients that never got
 * the final count) and the servers' CPU seconds, with the machine and its load average.
 *
 * Latency of a message carrying count c = its arrival − when the c-th write was issued (counts go
 * 1…1000, one per enrolment); it includes the coalescing wait, in both runs alike. Before the
 * measured writes, both servers get `--warmup` seconds (default 2) of the same load on another
 * session, not measured: the first second of a cold process (code not yet optimised, statements
 * not yet prepared) is a start-up cost, not the steady state the figures describe.
 *
 *   node --import tsx bench/fanout.ts [--clients 5000] [--processes 3] [--seconds 10] [--rate 100] [--warmup 2] [--cpu-prof dir]
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and,
 * for --processes > 1, Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    processes: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    rate: { type: 'string', default: '100' },
    warmup: { type: 'string', default: '2' },
    // Writes a V8 CPU profile of every server process (API and bare) to this directory.
    'cpu-prof': { type: 'string' },
  },
});
const CLIENTS = Number(args.clients);
const PROCESSES = Number(args.processes);
const SECONDS = Number(args.seconds);
const RATE = Number(args.rate);
const WRITES = RATE * SECONDS;
const WARMUP_WRITES = Math.min(WRITES, RATE * Number(args.warmup));
/** After the warm-up, time for its last messages and background jobs before the measured writes. */
const SETTLE_MS = 2000;
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENT_THREADS = Math.max(2, Math.ceil(CLIENTS / 2500));
const JWT_SECRET = randomBytes(32).toString('hex');
const now = () => performance.timeOrigin + performance.now();
/** Busy and total CPU time of the whole machine (all cores), for its busy share over a window. */
const machineTimes = () =>
  cpus().reduce(
    (t, c) => {
      const busy = c.times.user + c.times.nice + c.times.sys + c.times.irq;
      return { busy: t.busy + busy, all: t.all + busy + c.times.idle };
    },
    { busy: 0, all: 0 },
  );
/** What a window cost: the bench process's own CPU (its client threads and the writer) and the machine's busy share. */
function windowMeter() {
  const cpu0 = process.cpuUsage();
  const machine0 = machineTimes();
  return () => {
    const cpu = process.cpuUsage(cpu0);
    const machine = machineTimes();
    return {
      clientCpu: (cpu.user + cpu.system) / 1e6,
      machineBusy: (machine.busy - machine0.busy) / (machine.all - machine0.all),
    };
  };
}
/**
 * The writer's POST (node:http with kept-alive connections): it shares the cores with what it
 * measures, and fetch (its streams and Request/Response objects) cost it nearly twice the CPU per request.
 */
const writerAgent = new Agent({ keepAlive: true, maxSockets: 256 });
const post = (url: string, token: string) =>
  new Promise<number>((done, fail) => {
    const req = request(url, {
      method: 'POST',
      agent: writerAgent,
      headers: { authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => done(res.statusCode ?? 0));
    });
    req.on('error', fail);
    req.end();
  });
const loads: number[] = [];
const loadProbe = setInterval(() => loads.push(loadavg()[0]!), 1000);

// ——— Database: a fresh one, one event, a big published session, WRITES participants + a listener ———

const { openPostgres } = await import('../apps/api/src/platform/db/index.js');
const { migrate } = await import('../apps/api/src/platform/db/migrate.js');
const { loadConfig } = await import('../apps/api/src/platform/config.js');
const { issueToken } = await import('../apps/api/src/platform/auth.js');
const { loadPrincipal } = await import('../apps/api/src/platform/access.js');
const name = `plenary_fanout_${randomBytes(4).toString('hex')}`;
const admin = openPostgres(SERVER_URL, 1);
await admin.execScript(`CREATE DATABASE ${name}`);
await admin.close();
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${name}`;
const database = openPostgres(dbUrl.toString(), 5);
const children: ChildProcess[] = [];
const workers: Worker[] = [];

async function cleanup(): Promise<void> {
  clearInterval(loadProbe);
  await Promise.all(workers.map((w) => w.terminate()));
  children.forEach((c) => c.kill());
  await database.close();
  const drop = openPostgres(SERVER_URL, 1);
  await drop.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop.close();
}

try {
  await migrate(database);
  const db = database.db;
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Fanout', settings: JSON.stringify({ status: 'PUBLISHED' }), updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hub = await db
    .insertInto('eventHubs')
    .values({ organizationId: org.id, name: 'Fanout hub', updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('events')
    .values({
      eventHubId: hub.id,
      organizationId: org.id,
      name: 'Fanout',
      startAt: new Date(),
      endAt: new Date(
        '2030-06-30T00:00:00Z',
      ) /* the keynote below (2030-06-01) lies within the event's days */,
      timezone: 'Europe/Berlin',
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.execScript(`
    INSERT INTO users (email, first_name, last_name, user_role, email_verified_at, updated_at)
      SELECT 'fanout' || g || '@example.com', 'P', 'N' || g, 'user', now(), now() FROM generate_series(0, ${WRITES}) g;
    INSERT INTO participants (event_id, user_id, updated_at) SELECT '${event.id}', id, now() FROM users WHERE email LIKE 'fanout%';
    INSERT INTO users (email, first_name, last_name, user_role, email_verified_at, updated_at) VALUES ('fanout-admin@example.com', 'A', 'A', 'superadmin', now(), now());`);
  const config = loadConfig({
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: resolve(import.meta.dirname, '../.tmp/bench-data'),
  });
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'like', 'fanout%')
    .execute();
  const tokenOf = async (id: string) =>
    (await issueToken(db, config, (await loadPrincipal(db, id))!, { loginType: 'event' })).token;
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  const adminToken = await tokenOf(byEmail.get('fanout-admin@example.com')!);
  const listenerToken = await tokenOf(byEmail.get('fanout0@example.com')!);
  const writerTokens: string[] = [];
  for (let i = 1; i <= WRITES; i++) writerTokens.push(await tokenOf(byEmail.get(`fanout${i}@example.com`)!));

  // ——— Servers ———
  const startServer = (mode: 'api' | 'bare', env: Record<string, string>) =>
    new Promise<{ child: ChildProcess; port: number }>((done, fail) => {
      const child = fork(resolve(import.meta.dirname, 'lib/fanout-server.ts'), [mode], {
        execArgv: [
          '--import',
          'tsx',
          ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args['cpu-prof'])}`] : []),
        ],
        env: { ...process.env, ...env, NODE_ENV: 'production' },
      });
      children.push(child);
      child.once('error', fail).once('exit', (code) => fail(new Error(`${mode} server exited (${code})`)));
      child.once('message', (m: { port: number }) => done({ child, port: m.port }));
    });
  const ask = <T>(child: ChildProcess, message: unknown) =>
    new Promise<T>((done) => {
      child.once('message', (m: T) => done(m));
      child.send(message as never);
    });
  /** CPU seconds of the servers; also keeps the worst event-loop delay since the previous call. */
  let loop = { p99: 0, max: 0 };
  const cpuOf = async (servers: ChildProcess[]) => {
    const answers = await Promise.all(
      servers.map((c) => ask<{ cpu: number; loopP99: number; loopMax: number }>(c, 'cpu')),
    );
    loop = {
      p99: Math.max(...answers.map((a) => a.loopP99)),
      max: Math.max(...answers.map((a) => a.loopMax)),
    };
    return answers.reduce((s, m) => s + m.cpu, 0);
  };

  // ——— Clients ———
  async function startClients(
    urls: string[],
    room: string | null,
    token: string,
    sessionId: string,
  ): Promise<void> {
    const per = Math.ceil(CLIENTS / CLIENT_THREADS);
    const started = await Promise.all(
      Array.from({ length: CLIENT_THREADS }, (_, k) => {
        const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./lib/fanout-clients.ts', import.meta.url).href)}); })`;
        const count = Math.min(per, CLIENTS - k * per);
        const worker = new Worker(boot, {
          eval: true,
          workerData: {
            urls: urls.map((_, i) => urls[(i + k) % urls.length]!),
            clients: count,
            token,
            room,
            sessionId,
          },
        });
        workers.push(worker);
        return new Promise<Worker>((done, fail) => {
          worker.once('error', fail);
          worker.once('message', () => done(worker));
        });
      }),
    );
    current = started;
  }
  let current: Worker[] = [];
  const askAll = <T>(message: unknown) =>
    Promise.all(
      current.map(
        (w) =>
          new Promise<T>((done) => {
            w.once('message', (m: T) => done(m));
            w.postMessage(message);
          }),
      ),
    );
  async function waitForFinal(final: number, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const at = (await askAll<{ atFinal: number }>({ progress: final })).reduce((s, m) => s + m.atFinal, 0);
      if (at === CLIENTS) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  async function measure(issued: number[], cpuSeconds: number) {
    const reports = await askAll<{ latencies: Float64Array; delivered: number; losses: number }>({
      report: { issued, final: WRITES },
    });
    await askAll('close');
    await Promise.all(current.map((w) => w.terminate()));
    const all = Float64Array.from(reports.flatMap((r) => Array.from(r.latencies))).sort();
    const pct = (p: number) =>
      all.length ? all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))]! : Number.NaN;
    return {
      p50: pct(50),
      p95: pct(95),
      p99: pct(99),
      delivered: reports.reduce((s, r) => s + r.delivered, 0),
      losses: reports.reduce((s, r) => s + r.losses, 0),
      cpuSeconds,
    };
  }

  // API run
  const redisEnv: Record<string, string> = PROCESSES > 1 ? { FANOUT_REDIS_URL: REDIS_URL } : {};
  const api = await Promise.all(
    Array.from({ length: PROCESSES }, () =>
      startServer('api', {
        FANOUT_DATABASE_URL: dbUrl.toString(),
        FANOUT_JWT_SECRET: JWT_SECRET,
        ...redisEnv,
      }),
    ),
  );
  const apiUrls = api.map((s) => `http://127.0.0.1:${s.port}`);
  const createSession = async (name: string) => {
    const create = await fetch(`${apiUrls[0]}/api/v1/events/${event.id}/sessions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        name,
        startDate: '2030-06-01',
        startTime: '10:00 AM',
        endDate: '2030-06-01',
        endTime: '11:00 AM',
        status: 'PUBLISHED',
        enrollable: true,
        capacity: 100_000,
      }),
    });
    if (create.status !== 201) throw new Error(`session: ${create.status} ${await create.text()}`);
    return ((await create.json()) as { id: string }).id;
  };
  const sessionId = await createSession('Keynote');
  const warmupSessionId = await createSession('Warm-up');
  const t0 = now();
  await startClients(apiUrls, `event:${event.id}`, listenerToken, sessionId);
  console.log(
    `API: ${CLIENTS} clients on ${PROCESSES} process(es) subscribed in ${((now() - t0) / 1000).toFixed(1)} s`,
  );
  /** `writes` enrolments in `session` at RATE a second, one participant each; their issue times and latencies. */
  async function enrolments(session: string, writes: number) {
    const issued: number[] = [0];
    const failures: number[] = [];
    const inFlight: Array<Promise<void>> = [];
    // Issue → answer of each write: how much of the fan-out latency is the write's own.
    const latencies: number[] = [];
    const start = now();
    for (let i = 1; i <= writes; i++) {
      const due = start + (i - 1) * (1000 / RATE);
      await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
      const at = now();
      issued.push(at);
      const url = `${apiUrls[i % apiUrls.length]}/api/v1/events/${event.id}/sessions/v2/${session}/enroll`;
      inFlight.push(
        post(url, writerTokens[i - 1]!).then((status) => {
          latencies.push(now() - at);
          if (status !== 200) failures.push(status);
        }),
      );
    }
    await Promise.all(inFlight);
    return { issued, failures, latencies, seconds: (now() - start) / 1000 };
  }
  const warmup = await enrolments(warmupSessionId, WARMUP_WRITES);
  if (warmup.failures.length > 0) throw new Error(`warm-up writes failed: ${warmup.failures.join(', ')}`);
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const apiCpu0 = await cpuOf(api.map((s) => s.child));
  const apiWindow = windowMeter();
  const {
    issued,
    failures,
    latencies: writeLatencies,
    seconds: writeSeconds,
  } = await enrolments(sessionId, WRITES);
  const apiCost = apiWindow();
  await waitForFinal(WRITES, 15_000);
  const apiResult = await measure(issued, (await cpuOf(api.map((s) => s.child))) - apiCpu0);
  const apiLoop = loop;
  for (const s of api) s.child.send('stop');

  // Bare run
  const bare = await startServer('bare', { FANOUT_ROOM: `event:${event.id}` });
  await startClients([`http://127.0.0.1:${bare.port}`], null, 'bare', sessionId);
  await ask<{ issued: number[] }>(bare.child, {
    drive: { rate: RATE, updates: WARMUP_WRITES, sessionId: warmupSessionId },
  });
  await new Promise((r) => setTimeout(r, SETTLE_MS));
  const bareCpu0 = await cpuOf([bare.child]);
  const bareWindow = windowMeter();
  const { issued: bareIssued } = await ask<{ issued: number[] }>(bare.child, {
    drive: { rate: RATE, updates: WRITES, sessionId },
  });
  const bareCost = bareWindow();
  await waitForFinal(WRITES, 15_000);
  const bareResult = await measure(bareIssued, (await cpuOf([bare.child])) - bareCpu0);
  const bareLoop = loop;
  bare.child.send('stop');

  const ms = (v: number) => `${v.toFixed(0)} ms`;
  const row = (label: string, r: typeof apiResult) =>
    `| ${label} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${r.delivered.toLocaleString('en')} | ${r.losses} | ${r.cpuSeconds.toFixed(1)} s |`;
  console.log(
    `\n### Fan-out: ${CLIENTS.toLocaleString('en')} clients, ${PROCESSES} API process(es), ${RATE} writes/s for ${SECONDS} s after ${WARMUP_WRITES / RATE} s of warm-up (writes took ${writeSeconds.toFixed(1)} s, ${failures.length} failed)`,
  );
  console.log(
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB; load average during the run: min ${Math.min(...loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}\n`,
  );
  console.log('| Server | p50 | p95 | p99 | Messages delivered | Losses | Server CPU |');
  console.log('|---|---|---|---|---|---|---|');
  console.log(row(`API (${PROCESSES} process${PROCESSES > 1 ? 'es, Redis' : ''})`, apiResult));
  console.log(row('bare socket.io (ceiling)', bareResult));
  console.log(`\nAPI p95 / bare p95: ${(apiResult.p95 / bareResult.p95).toFixed(2)}×`);
  const sortedWrites = writeLatencies.sort((a, b) => a - b);
  const writePct = (p: number) =>
    sortedWrites[Math.min(sortedWrites.length - 1, Math.floor((p / 100) * sortedWrites.length))]!;
  console.log(
    `Writes, issue → answer: p50 ${ms(writePct(50))}, p95 ${ms(writePct(95))}, p99 ${ms(writePct(99))}. ` +
      `Event-loop delay p99 / max: API ${ms(apiLoop.p99)} / ${ms(apiLoop.max)}, bare ${ms(bareLoop.p99)} / ${ms(bareLoop.max)}`,
  );
  const cost = (c: typeof apiCost) =>
    `clients' CPU ${c.clientCpu.toFixed(1)} s, machine ${(c.machineBusy * 100).toFixed(0)} % busy`;
  console.log(`While the updates ran: API run ${cost(apiCost)}; bare run ${cost(bareCost)}.`);
} finally {
  await cleanup();
}
process.exit(0);
