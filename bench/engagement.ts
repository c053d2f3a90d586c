/**
 * Live engagement (issue 12), two parts on a fresh PostgreSQL database:
 *
 * 1. Burst: `--burst` participants (default 1,000) vote at the same moment on one poll through the
 *    API (`POST …/engagement/instances/:id/answers`, all requests in flight at once). Checked:
 *    exactly that many answers stored (SQL), and shown by the staff results route and a
 *    participant's results route, with the per-option tallies of the votes sent.
 * 2. Fan-out: `--clients` participant sockets (default 5,000) in `engagement:<instanceId>` and one
 *    results screen (an admin's socket in `moderatorQueue:<instanceId>`), while `--votes-per-second`
 *    votes (default 100) for `--seconds` (default 10) go through the same HTTP path, one participant
 *    per vote, spread unevenly over 4 options. The poll shows results to participants, so the API
 *    sends `engagement.results` (coalesced, read from the database when it goes out) to both rooms.
 *    Then the same clients on a bare socket.io server that plays the same votes into in-memory
 *    tallies through the same coalescer (the ceiling: no HTTP, database nor access checks).
 *    Printed: vote-to-screen latency p50/p95/p99 (a message whose tallies total n: arrival − issue
 *    time of the n-th vote; includes the coalescing wait), messages a second the busiest client
 *    received (from its first message to its last, and the most within any one second), losses (clients without the final tally), the
 *    servers' CPU seconds and PostgreSQL's, event-loop delay, each vote's issue → answer time.
 *
 *   node --import tsx bench/engagement.ts [--clients 5000] [--processes 3] [--seconds 10]
 *     [--votes-per-second 100] [--burst 1000] [--cpu-prof dir]
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and,
 * for --processes > 1, Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379). Exits 1 when the
 * burst's or the fan-out's stored or shown tallies are not exactly the votes accepted.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { postgresCpuMs } from './lib/cpu.js';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '5000' },
    processes: { type: 'string', default: '1' },
    seconds: { type: 'string', default: '10' },
    'votes-per-second': { type: 'string', default: '100' },
    burst: { type: 'string', default: '1000' },
    // Writes a V8 CPU profile of every server process (API and bare) to this directory.
    'cpu-prof': { type: 'string' },
  },
});
const CLIENTS = Number(args.clients);
const PROCESSES = Number(args.processes);
const SECONDS = Number(args.seconds);
const RATE = Number(args['votes-per-second']);
const VOTES = RATE * SECONDS;
const BURST = Number(args.burst);
for (const [flag, value] of Object.entries({ CLIENTS, PROCESSES, SECONDS, RATE, BURST }))
  if (!Number.isInteger(value) || value < (flag === 'BURST' ? 0 : 1))
    throw new Error(`--${flag.toLowerCase()} must be a whole number`);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CLIENT_THREADS = Math.max(2, Math.ceil(CLIENTS / 2500));
const JWT_SECRET = randomBytes(32).toString('hex');
const OPTION_IDS = ['a', 'b', 'c', 'd'];
/** Vote i takes option PICKS[(i - 1) % 10]: 40 % a, 30 % b, 20 % c, 10 % d — every tally moves. */
const PICKS = [0, 1, 0, 2, 1, 0, 3, 1, 2, 0];
const pickOf = (i: number) => OPTION_IDS[PICKS[(i - 1) % PICKS.length]!]!;
const now = () => performance.timeOrigin + performance.now();
const loads: number[] = [];
const loadProbe = setInterval(() => loads.push(loadavg()[0]!), 1000);
const problems: string[] = [];

// ——— Database: a fresh one, one event, a published session, VOTES + BURST participants, a listener, an admin ———

const { openPostgres } = await import('../apps/api/src/platform/db/index.js');
const { migrate } = await import('../apps/api/src/platform/db/migrate.js');
const { loadConfig } = await import('../apps/api/src/platform/config.js');
const { issueToken } = await import('../apps/api/src/platform/auth.js');
const { loadPrincipal } = await import('../apps/api/src/platform/access.js');
const name = `plenary_engagement_${randomBytes(4).toString('hex')}`;
const admin = openPostgres(SERVER_URL, 1);
await admin.execScript(`CREATE DATABASE ${name}`);
await admin.close();
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${name}`;
const database = openPostgres(dbUrl.toString(), 10);
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

interface GroupResult {
  latencies: Float64Array;
  delivered: number;
  losses: number;
  inconsistent: number;
  maxPerSecond: number;
  meanPerSecond: number;
}

try {
  await migrate(database);
  const db = database.db;
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Engagement', settings: JSON.stringify({ status: 'PUBLISHED' }), updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hub = await db
    .insertInto('eventHubs')
    .values({ organizationId: org.id, name: 'Engagement hub', updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('events')
    .values({
      eventHubId: hub.id,
      organizationId: org.id,
      name: 'Engagement',
      startAt: new Date(),
      endAt: new Date(
        '2030-06-30T00:00:00Z',
      ) /* the keynote below (2030-06-01) lies within the event's days */,
      timezone: 'Europe/Berlin',
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // eng0: the listener (every participant socket); eng1…engVOTES: the voters; then the burst's.
  await database.execScript(`
    INSERT INTO users (email, first_name, last_name, user_role, email_verified_at, updated_at)
      SELECT 'eng' || g || '@example.com', 'P', 'N' || g, 'user', now(), now() FROM generate_series(0, ${VOTES + BURST}) g;
    INSERT INTO participants (event_id, user_id, updated_at) SELECT '${event.id}', id, now() FROM users WHERE email LIKE 'eng%';
    INSERT INTO users (email, first_name, last_name, user_role, email_verified_at, updated_at) VALUES ('engagement-admin@example.com', 'A', 'A', 'superadmin', now(), now());`);
  const config = loadConfig({
    JWT_SECRET,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATA_DIR: resolve(import.meta.dirname, '../.tmp/bench-data'),
  });
  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  const tokenOf = async (email: string) =>
    (await issueToken(db, config, (await loadPrincipal(db, byEmail.get(email)!))!, { loginType: 'event' }))
      .token;
  const tokensOf = async (emails: string[]) => {
    const out: string[] = [];
    for (let i = 0; i < emails.length; i += 10)
      out.push(...(await Promise.all(emails.slice(i, i + 10).map(tokenOf))));
    return out;
  };
  let t0 = now();
  const adminToken = await tokenOf('engagement-admin@example.com');
  const listenerToken = await tokenOf('eng0@example.com');
  const voterTokens = await tokensOf(Array.from({ length: VOTES }, (_, k) => `eng${k + 1}@example.com`));
  const burstTokens = await tokensOf(
    Array.from({ length: BURST }, (_, k) => `eng${VOTES + 1 + k}@example.com`),
  );
  console.log(`${VOTES + BURST + 2} tokens minted in ${((now() - t0) / 1000).toFixed(1)} s`);

  // ——— Servers ———
  const startServer = (file: string, argv: string[], env: Record<string, string>) =>
    new Promise<{ child: ChildProcess; port: number }>((done, fail) => {
      const child = fork(resolve(import.meta.dirname, file), argv, {
        execArgv: [
          '--import',
          'tsx',
          ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${resolve(args['cpu-prof'])}`] : []),
        ],
        env: { ...process.env, ...env, NODE_ENV: 'production' },
      });
      children.push(child);
      child.once('error', fail).once('exit', (code) => fail(new Error(`${file} exited (${code})`)));
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

  const redisEnv: Record<string, string> = PROCESSES > 1 ? { FANOUT_REDIS_URL: REDIS_URL } : {};
  // The API server process of bench/fanout.ts (the real app on this database), unchanged.
  const api = await Promise.all(
    Array.from({ length: PROCESSES }, () =>
      startServer('lib/fanout-server.ts', ['api'], {
        FANOUT_DATABASE_URL: dbUrl.toString(),
        FANOUT_JWT_SECRET: JWT_SECRET,
        ...redisEnv,
      }),
    ),
  );
  const apiUrls = api.map((s) => `http://127.0.0.1:${s.port}`);
  const call = async <T>(method: string, path: string, token: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${apiUrls[0]}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  const { id: sessionId } = await call<{ id: string }>('POST', `/events/${event.id}/sessions`, adminToken, {
    name: 'Keynote',
    startDate: '2030-06-01',
    startTime: '10:00 AM',
    endDate: '2030-06-01',
    endTime: '11:00 AM',
    status: 'PUBLISHED',
  });
  /** A poll (one single-choice question, options a–d) showing its results, with an OPEN instance. */
  const openPoll = async (pollName: string) => {
    const tool = await call<{ id: string; questions: Array<{ id: string }> }>(
      'POST',
      `/events/${event.id}/engagement-tools`,
      adminToken,
      {
        type: 'POLL',
        name: pollName,
        settings: { showResultsToParticipants: true, allowChangeAnswer: false },
        sessionIds: [sessionId],
        questions: [
          {
            type: 'RADIOBOX',
            text: 'Which track next?',
            options: OPTION_IDS.map((id) => ({ id, label: `Track ${id.toUpperCase()}` })),
          },
        ],
      },
    );
    const instance = await call<{ id: string }>(
      'POST',
      `/events/${event.id}/engagement-tools/${tool.id}/instances`,
      adminToken,
      { sessionId, status: 'OPEN' },
    );
    return { toolId: tool.id, questionId: tool.questions[0]!.id, instanceId: instance.id };
  };
  const vote = (k: number, poll: { instanceId: string; questionId: string }, token: string, option: string) =>
    fetch(
      `${apiUrls[k % apiUrls.length]}/api/v1/events/${event.id}/engagement/instances/${poll.instanceId}/answers`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ answers: [{ questionId: poll.questionId, optionIds: [option] }] }),
      },
    );
  type Results = {
    respondents: number;
    questions: Array<{ responses: number; options: Array<{ optionId: string; count: number }> }>;
  };
  /** Stored (SQL), staff results route and (when given) a participant's results route agree with `expected`. */
  const checkTallies = async (
    label: string,
    poll: { toolId: string; instanceId: string },
    expected: Map<string, number>,
    participantToken?: string,
  ) => {
    const total = [...expected.values()].reduce((s, c) => s + c, 0);
    const stored = await db
      .selectFrom('engagementAnswers')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('instanceId', '=', poll.instanceId)
      .executeTakeFirstOrThrow();
    const shown: Array<[string, Results]> = [
      [
        'staff results route',
        await call<Results>(
          'GET',
          `/events/${event.id}/moderation/engagement-tools/${poll.toolId}/instances/${poll.instanceId}/answers/results`,
          adminToken,
        ),
      ],
    ];
    if (participantToken)
      shown.push([
        "a participant's results route",
        await call<Results>(
          'GET',
          `/events/${event.id}/engagement/instances/${poll.instanceId}/results`,
          participantToken,
        ),
      ]);
    const lines = [`${label}: ${Number(stored.n)} answers stored (expected ${total})`];
    if (Number(stored.n) !== total) problems.push(`${label}: ${stored.n} stored, expected ${total}`);
    for (const [where, r] of shown) {
      const tallies = r.questions[0]!.options.map((o) => `${o.optionId} ${o.count}`).join(', ');
      const right =
        r.respondents === total &&
        r.questions[0]!.options.every((o) => o.count === (expected.get(o.optionId) ?? 0));
      lines.push(`${where}: ${r.respondents} respondents (${tallies})${right ? '' : ' — WRONG'}`);
      if (!right) problems.push(`${label}: ${where} shows ${r.respondents} (${tallies})`);
    }
    console.log(lines.join('; '));
  };
  const countPicks = (accepted: number[]) => {
    const expected = new Map(OPTION_IDS.map((id) => [id, 0]));
    for (const i of accepted) expected.set(pickOf(i), expected.get(pickOf(i))! + 1);
    return expected;
  };

  // ——— Part 1: the burst ———
  let burstLine = 'Burst: skipped (--burst 0)';
  if (BURST > 0) {
    const poll = await openPoll('Burst poll');
    const statuses = new Map<number, number>();
    const accepted: number[] = [];
    const answered: number[] = [];
    const pg0 = postgresCpuMs(name);
    const cpu0 = await cpuOf(api.map((s) => s.child));
    t0 = now();
    await Promise.all(
      burstTokens.map((token, k) =>
        vote(k, poll, token, pickOf(k + 1)).then(async (r) => {
          answered.push(now() - t0);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.ok) accepted.push(k + 1);
          await r.body?.cancel();
        }),
      ),
    );
    const took = now() - t0;
    const cpu = (await cpuOf(api.map((s) => s.child))) - cpu0;
    const pg = (postgresCpuMs(name) - pg0) / 1000;
    answered.sort((a, b) => a - b);
    const at = (p: number) =>
      answered[Math.min(answered.length - 1, Math.floor((p / 100) * answered.length))]!;
    burstLine =
      `Burst: ${BURST} votes sent at once, answered in ${(took / 1000).toFixed(1)} s ` +
      `(statuses ${[...statuses].map(([s, n]) => `${s}×${n}`).join(', ')}; answer p50 ${at(50).toFixed(0)} ms, ` +
      `p99 ${at(99).toFixed(0)} ms; API CPU ${cpu.toFixed(1)} s, PostgreSQL CPU ${pg.toFixed(1)} s)`;
    console.log(burstLine);
    if (accepted.length !== BURST) problems.push(`burst: ${BURST - accepted.length} votes refused`);
    await checkTallies('Burst', poll, countPicks(accepted), burstTokens[0]);
  }

  // ——— Part 2: the fan-out ———
  const poll = await openPoll('Live poll');
  const rooms = {
    participants: `engagement:${poll.instanceId}`,
    screen: `moderatorQueue:${poll.instanceId}`,
  };
  let groups: Array<{ group: 'participants' | 'screen'; worker: Worker }> = [];
  async function startClients(urls: string[]): Promise<void> {
    const boot = `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(new URL('./lib/engagement-clients.ts', import.meta.url).href)}); })`;
    const per = Math.ceil(CLIENTS / CLIENT_THREADS);
    const plan = [
      ...Array.from({ length: CLIENT_THREADS }, (_, k) => ({
        group: 'participants' as const,
        data: {
          urls: urls.map((_, i) => urls[(i + k) % urls.length]!),
          clients: Math.min(per, CLIENTS - k * per),
          token: listenerToken,
          room: rooms.participants,
        },
      })),
      { group: 'screen' as const, data: { urls, clients: 1, token: adminToken, room: rooms.screen } },
    ].filter((p) => p.data.clients > 0);
    groups = await Promise.all(
      plan.map(({ group, data }) => {
        const worker = new Worker(boot, { eval: true, workerData: data });
        workers.push(worker);
        return new Promise<{ group: 'participants' | 'screen'; worker: Worker }>((done, fail) => {
          worker.once('error', fail);
          worker.once('message', () => done({ group, worker }));
        });
      }),
    );
  }
  const askAll = <T>(message: unknown) =>
    Promise.all(
      groups.map(
        ({ group, worker }) =>
          new Promise<T & { group: string }>((done) => {
            worker.once('message', (m: T) => done({ ...m, group }));
            worker.postMessage(message);
          }),
      ),
    );
  async function waitForFinal(final: number, timeoutMs: number): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const at = (await askAll<{ atFinal: number }>({ progress: final })).reduce((s, m) => s + m.atFinal, 0);
      if (at === CLIENTS + 1) return;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  async function measure(issued: number[], final: number, cpuSeconds: number, pgSeconds: number) {
    const reports = await askAll<GroupResult>({ report: { issued, final } });
    await askAll('close');
    await Promise.all(groups.map(({ worker }) => worker.terminate()));
    const of = (group: string) => {
      const rs = reports.filter((r) => r.group === group);
      const all = Float64Array.from(rs.flatMap((r) => Array.from(r.latencies))).sort();
      const pct = (p: number) =>
        all.length ? all[Math.min(all.length - 1, Math.floor((p / 100) * all.length))]! : Number.NaN;
      const delivered = rs.reduce((s, r) => s + r.delivered, 0);
      return {
        p50: pct(50),
        p95: pct(95),
        p99: pct(99),
        delivered,
        meanPerSecond: Math.max(...rs.map((r) => r.meanPerSecond)),
        maxPerSecond: Math.max(...rs.map((r) => r.maxPerSecond)),
        losses: rs.reduce((s, r) => s + r.losses, 0),
        inconsistent: rs.reduce((s, r) => s + r.inconsistent, 0),
      };
    };
    return { participants: of('participants'), screen: of('screen'), cpuSeconds, pgSeconds };
  }

  // API run
  t0 = now();
  await startClients(apiUrls);
  console.log(
    `API: ${CLIENTS} participant sockets + 1 results screen on ${PROCESSES} process(es) subscribed in ${((now() - t0) / 1000).toFixed(1)} s`,
  );
  const apiCpu0 = await cpuOf(api.map((s) => s.child));
  const pg0 = postgresCpuMs(name);
  const issued: number[] = [0];
  const failures = new Map<number, number>();
  const accepted: number[] = [];
  const inFlight: Array<Promise<void>> = [];
  const writeLatencies: number[] = [];
  t0 = now();
  for (let i = 1; i <= VOTES; i++) {
    const due = t0 + (i - 1) * (1000 / RATE);
    await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
    const at = now();
    issued.push(at);
    inFlight.push(
      vote(i, poll, voterTokens[i - 1]!, pickOf(i)).then((r) => {
        writeLatencies.push(now() - at);
        if (r.ok) accepted.push(i);
        else failures.set(r.status, (failures.get(r.status) ?? 0) + 1);
        return r.body?.cancel();
      }),
    );
  }
  await Promise.all(inFlight);
  const writeSeconds = (now() - t0) / 1000;
  await waitForFinal(accepted.length, 15_000);
  const apiSeconds = (now() - t0) / 1000;
  const apiResult = await measure(
    issued,
    accepted.length,
    (await cpuOf(api.map((s) => s.child))) - apiCpu0,
    (postgresCpuMs(name) - pg0) / 1000,
  );
  const apiLoop = loop;
  await checkTallies('Live poll', poll, countPicks(accepted), voterTokens[0]);
  for (const s of api) s.child.send('stop');

  // Bare run
  const bare = await startServer('lib/engagement-bare.ts', [], {});
  await startClients([`http://127.0.0.1:${bare.port}`]);
  const bareCpu0 = await cpuOf([bare.child]);
  t0 = now();
  const { issued: bareIssued } = await ask<{ issued: number[] }>(bare.child, {
    drive: {
      rate: RATE,
      seconds: SECONDS,
      instanceId: poll.instanceId,
      toolId: poll.toolId,
      questionId: poll.questionId,
      optionIds: OPTION_IDS,
      picks: PICKS,
      rooms: [rooms.screen, rooms.participants],
    },
  });
  const bareWriteSeconds = (now() - t0) / 1000;
  console.log(`Bare: ${VOTES} votes played in ${bareWriteSeconds.toFixed(1)} s`);
  await waitForFinal(VOTES, 15_000);
  const bareResult = await measure(bareIssued, VOTES, (await cpuOf([bare.child])) - bareCpu0, Number.NaN);
  const bareLoop = loop;
  bare.child.send('stop');

  for (const [label, r] of [
    ['API', apiResult],
    ['bare', bareResult],
  ] as const) {
    for (const [group, g] of Object.entries({ participants: r.participants, screen: r.screen })) {
      if (g.losses > 0) problems.push(`${label}: ${g.losses} ${group} socket(s) without the final tally`);
      if (g.inconsistent > 0)
        problems.push(`${label}: ${g.inconsistent} ${group} message(s) whose tallies do not add up`);
    }
  }

  // ——— Report ———
  const ms = (v: number) => `${Math.round(v).toLocaleString('en')} ms`;
  const row = (label: string, r: typeof apiResult, g: typeof apiResult.participants) =>
    `| ${label} | ${ms(g.p50)} | ${ms(g.p95)} | ${ms(g.p99)} | ${g.delivered.toLocaleString('en')} | ${g.meanPerSecond.toFixed(1)} / ${g.maxPerSecond} | ${g.losses} | ${r.cpuSeconds.toFixed(1)} s | ${Number.isNaN(r.pgSeconds) ? '–' : `${r.pgSeconds.toFixed(1)} s`} |`;
  const failed = [...failures].map(([s, n]) => `${s}×${n}`).join(', ') || 'none';
  console.log(
    `\n### Engagement: ${CLIENTS.toLocaleString('en')} participant sockets + 1 results screen, ${PROCESSES} API process(es), ${RATE} votes/s for ${SECONDS} s (votes took ${writeSeconds.toFixed(1)} s, failed: ${failed}; until every socket had the final tally ${apiSeconds.toFixed(1)} s)`,
  );
  console.log(
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB; load average during the run: min ${Math.min(...loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}`,
  );
  console.log(`${burstLine}\n`);
  console.log(
    '| Server | Sockets | p50 | p95 | p99 | Messages delivered | Messages/s, busiest client (first → last / most in 1 s) | Losses | Server CPU | PostgreSQL CPU |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|---|');
  const apiLabel = `API (${PROCESSES} process${PROCESSES > 1 ? 'es, Redis' : ''})`;
  console.log(row(`${apiLabel} | participants`, apiResult, apiResult.participants));
  console.log(row(`${apiLabel} | results screen`, apiResult, apiResult.screen));
  console.log(row('bare socket.io (ceiling) | participants', bareResult, bareResult.participants));
  console.log(row('bare socket.io (ceiling) | results screen', bareResult, bareResult.screen));
  console.log(
    `\nAPI p99 / bare p99 (participants): ${(apiResult.participants.p99 / bareResult.participants.p99).toFixed(2)}×; target p99 ≤ 500 ms: ${apiResult.participants.p99 <= 500 && apiResult.screen.p99 <= 500 ? 'met' : 'NOT met'}`,
  );
  const sortedWrites = writeLatencies.sort((a, b) => a - b);
  const writePct = (p: number) =>
    sortedWrites[Math.min(sortedWrites.length - 1, Math.floor((p / 100) * sortedWrites.length))]!;
  console.log(
    `Votes, issue → answer: p50 ${ms(writePct(50))}, p95 ${ms(writePct(95))}, p99 ${ms(writePct(99))}. ` +
      `Event-loop delay p99 / max: API ${ms(apiLoop.p99)} / ${ms(apiLoop.max)}, bare ${ms(bareLoop.p99)} / ${ms(bareLoop.max)}`,
  );
  if (problems.length > 0) {
    console.error(`\nFAILED:\n- ${problems.join('\n- ')}`);
    process.exitCode = 1;
  } else console.log('\nEvery vote accepted was stored and shown; every socket got the final tally.');
} finally {
  await cleanup();
}
process.exit(process.exitCode ?? 0);
