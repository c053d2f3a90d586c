/**
 * Gamification leaderboards (issue 15) on a fresh PostgreSQL database with Redis (the sorted-set
 * projection on):
 *
 * 1. `--players` participants (default 100,000) with 1–3 ledger rows each, bulk-inserted (the fixture).
 * 2. Leaderboard rebuild from the ledger (SQL aggregate + Redis replace), and the SQL ranking a
 *    process without Redis does for one player's rank.
 * 3. From the API over HTTP: top-10 (`GET …/leaderboard?limit=10`) and own rank (`GET …/leaderboard/me`,
 *    a different participant each call) latency, p50/p95/p99.
 * 4. Award latency: one ledger row committed in its transaction, then `afterAwards` (the projection
 *    update and the coalesced publish) — the part of the award path this part owns; part 2's rules
 *    run before it in the same transaction.
 * 5. Live: `--rate` awards a second (default 1,000) for `--seconds` (default 10) with the front-of-room
 *    board connected (a socket in `leaderboard:<gameId>`). Ten "racers" take the awards (1,000 points
 *    each), so the sum of the board's top ten tells how many awards a snapshot holds: award-to-board
 *    latency = its arrival − the issue time of the last award it holds.
 * 6. The ceiling in the same run: a bare Redis ZADD + ZRANGE 0 9 loop.
 *
 *   node --import tsx bench/gamification.ts [--players 100000] [--rate 1000] [--seconds 10] [--samples 300]
 * Needs PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) and Redis
 * (BENCH_REDIS_URL, default redis://127.0.0.1:6379). The API runs in this process (so its latencies
 * include the client's share of the one event loop).
 */
import { randomBytes } from 'node:crypto';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { Redis } from 'ioredis';
import { io as connectClient } from 'socket.io-client';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '100000' },
    rate: { type: 'string', default: '1000' },
    seconds: { type: 'string', default: '10' },
    samples: { type: 'string', default: '300' },
  },
});
const PLAYERS = Number(args.players);
const RATE = Number(args.rate);
const SECONDS = Number(args.seconds);
const SAMPLES = Number(args.samples);
const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const RACERS = 10;
const MAX_IN_FLIGHT = 32;
const now = () => performance.timeOrigin + performance.now();
const loads: number[] = [];
const loadProbe = setInterval(() => loads.push(loadavg()[0]!), 1000);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const line = (label: string, xs: number[]) =>
  console.log(
    `${label}: p50 ${pct(xs, 50).toFixed(1)} ms, p95 ${pct(xs, 95).toFixed(1)} ms, p99 ${pct(xs, 99).toFixed(1)} ms (n=${xs.length})`,
  );

const { openPostgres } = await import('../apps/api/src/platform/db/index.js');
const { migrate } = await import('../apps/api/src/platform/db/migrate.js');
const { loadConfig } = await import('../apps/api/src/platform/config.js');
const { issueToken } = await import('../apps/api/src/platform/auth.js');
const { loadPrincipal } = await import('../apps/api/src/platform/access.js');
const { buildApp } = await import('../apps/api/src/app.js');
const { loadBrands } = await import('../apps/api/src/platform/brands.js');
const { createMailer } = await import('../apps/api/src/platform/mail.js');
const { afterAwards, projectionOf, rebuildStandings } =
  await import('../apps/api/src/modules/gamification/standings.js');
const { myRank } = await import('../apps/api/src/modules/gamification/standings.repo.js');

const name = `plenary_gamification_${randomBytes(4).toString('hex')}`;
const admin = openPostgres(SERVER_URL, 1);
await admin.execScript(`CREATE DATABASE ${name}`);
await admin.close();
const dbUrl = new URL(SERVER_URL);
dbUrl.pathname = `/${name}`;
const database = openPostgres(dbUrl.toString(), 10);
const root = resolve(import.meta.dirname, '..');
let app: Awaited<ReturnType<typeof buildApp>> | undefined;
const bare = new Redis(REDIS_URL);
let failed = false;

try {
  await migrate(database);
  const db = database.db;
  const org = await db
    .insertInto('organizations')
    .values({ name: 'Game', settings: JSON.stringify({ status: 'PUBLISHED' }), updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const hub = await db
    .insertInto('eventHubs')
    .values({ organizationId: org.id, name: 'Game hub', updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event = await db
    .insertInto('events')
    .values({
      eventHubId: hub.id,
      organizationId: org.id,
      name: 'Game',
      startAt: new Date(),
      endAt: new Date('2030-06-30T00:00:00Z'),
      timezone: 'Europe/Berlin',
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  let t0 = now();
  // gm1…gmPLAYERS: players with points; racer1…racer10: the live awards' players (no points before).
  await database.execScript(`
    INSERT INTO users (email, first_name, last_name, user_role, email_verified_at, updated_at)
      SELECT 'gm' || g || '@example.com', 'Player', 'N' || g, 'user', now(), now() FROM generate_series(1, ${PLAYERS}) g;
    INSERT INTO users (email, first_name, last_name, user_role, email_verified_at, updated_at)
      SELECT 'racer' || g || '@example.com', 'Racer', 'R' || g, 'user', now(), now() FROM generate_series(1, ${RACERS}) g;
    INSERT INTO participants (event_id, user_id, updated_at) SELECT '${event.id}', id, now() FROM users;
    INSERT INTO users (email, first_name, last_name, user_role, email_verified_at, updated_at)
      VALUES ('game-admin@example.com', 'A', 'A', 'superadmin', now(), now());`);
  const game = await db
    .insertInto('games')
    .values({ eventId: event.id, name: 'Bench quest', leaderboardSize: 10 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const task = await db
    .insertInto('gameTasks')
    .values({
      gameId: game.id,
      eventId: event.id,
      kind: 'SCAN_QR',
      type: 'TYPE_POINTS',
      name: 'Scan',
      points: 10,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await database.execScript(`
    INSERT INTO game_ledger (game_id, event_id, participant_id, task_id, target_key, points, awarded_at)
      SELECT '${game.id}', '${event.id}', p.id, '${task.id}', 'k' || k, 1 + (hashtext(p.id::text || k) & 127) % 100,
        now() - interval '1 day' + (hashtext(p.id::text) & 65535) * interval '1 second'
      FROM participants p JOIN users u ON u.id = p.user_id, generate_series(1, 3) k
      WHERE u.email LIKE 'gm%' AND k <= 1 + (hashtext(p.id::text) & 3) % 3;
    ANALYZE;`);
  const ledgerRows = (
    await db.selectFrom('gameLedger').select(db.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
  ).n;
  console.log(
    `${PLAYERS} players, ${ledgerRows} ledger rows inserted in ${((now() - t0) / 1000).toFixed(1)} s`,
  );

  const config = loadConfig({
    JWT_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    REDIS_URL,
    DATA_DIR: resolve(root, '.tmp/bench-data'),
  });
  app = await buildApp({
    config,
    database,
    db,
    mailer: createMailer(db, { from: config.MAIL_FROM }),
    brands: loadBrands(resolve(root, 'config/brands.json')),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const deps = app.deps;

  const users = await db.selectFrom('users').select(['id', 'email']).execute();
  const byEmail = new Map(users.map((u) => [u.email, u.id]));
  const tokenOf = async (email: string) =>
    (await issueToken(db, config, (await loadPrincipal(db, byEmail.get(email)!))!, { loginType: 'event' }))
      .token;
  const adminToken = await tokenOf('game-admin@example.com');
  const sampleEmails = Array.from(
    { length: SAMPLES },
    (_, i) => `gm${1 + Math.floor((i * PLAYERS) / SAMPLES)}@example.com`,
  );
  const sampleTokens: string[] = [];
  for (const e of sampleEmails) sampleTokens.push(await tokenOf(e));
  const participants = await db
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select(['p.id', 'u.email'])
    .where('u.email', 'like', 'racer%')
    .execute();
  const racers = participants.map((p) => p.id);
  const playerIds = (await db.selectFrom('participants').select('id').orderBy('id').execute()).map(
    (r) => r.id,
  );
  const someone = (i: number) => playerIds[(i * 7919) % playerIds.length]!;
  const base = `${url}/api/v1/events/${event.id}/gamifications/${game.id}`;
  const get = async (path: string, token: string) => {
    const r = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (r.status !== 200) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<unknown>;
  };

  // ——— Rebuild ———
  const rebuilds: number[] = [];
  for (let i = 0; i < 3; i++) {
    t0 = now();
    await rebuildStandings(deps, game.id);
    rebuilds.push(now() - t0);
  }
  console.log(
    `Leaderboard rebuild from the ledger (SQL aggregate + Redis replace): ${rebuilds.map((r) => r.toFixed(0)).join(', ')} ms`,
  );
  const sqlRanks: number[] = [];
  for (let i = 0; i < 5; i++) {
    t0 = now();
    await myRank(db, game.id, someone(i));
    sqlRanks.push(now() - t0);
  }
  line("One player's rank in SQL (the fallback without Redis: window function over the aggregate)", sqlRanks);

  // ——— Reads from the API ———
  await get('/leaderboard?limit=10', adminToken);
  const tops: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    t0 = now();
    await get('/leaderboard?limit=10', adminToken);
    tops.push(now() - t0);
  }
  line('Top-10 from the API (GET …/leaderboard?limit=10)', tops);
  const mine: number[] = [];
  for (const token of sampleTokens) {
    t0 = now();
    const answer = (await get('/leaderboard/me', token)) as { rank: number | null };
    mine.push(now() - t0);
    if (answer.rank === null) throw new Error('a sampled player has no rank');
  }
  line('Own rank from the API (GET …/leaderboard/me)', mine);

  // ——— Award latency ———
  let key = 0;
  const award = async (participantId: string, points: number) => {
    const awardedAt = await db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('gameLedger')
        .values({
          gameId: game.id,
          eventId: event.id,
          participantId,
          taskId: task.id,
          targetKey: `live${++key}`,
          points,
        })
        .returning('awardedAt')
        .executeTakeFirstOrThrow();
      return row.awardedAt;
    });
    await afterAwards(deps, [{ eventId: event.id, gameId: game.id, participantId, points, awardedAt }]);
  };
  const awardTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const who = someone(i + 17);
    t0 = now();
    await award(who, 1);
    awardTimes.push(now() - t0);
  }
  line('Award (ledger row committed, then projection update and coalesced publish)', awardTimes);

  // ——— Live: RATE awards a second with the board connected ———
  await new Promise((r) => setTimeout(r, 1500)); // the sampling awards' snapshots go out first
  const socket = connectClient(url, {
    path: '/realtime',
    auth: { token: adminToken },
    transports: ['websocket'],
  });
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  const ack = (await socket
    .timeout(10_000)
    .emitWithAck('subscribe', { room: `leaderboard:${game.id}` })) as unknown;
  if ((ack as { ok?: boolean }).ok !== true) throw new Error(`subscribe: ${JSON.stringify(ack)}`);
  const TOTAL = RATE * SECONDS;
  const issued = new Float64Array(TOTAL + 1);
  const dueAt = new Float64Array(TOTAL + 1);
  const received: Array<{ at: number; held: number }> = [];
  const racerSet = new Set(racers);
  socket.on('leaderboard.changed', (s: { entries: Array<{ participantId: string; score: number }> }) => {
    const sum = s.entries.filter((e) => racerSet.has(e.participantId)).reduce((a, e) => a + e.score, 0);
    received.push({ at: now(), held: Math.round(sum / 1000) });
  });
  let done = 0;
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const started = now();
  for (let i = 1; i <= TOTAL; i++) {
    const due = started + ((i - 1) * 1000) / RATE;
    const wait = due - now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    // The API's concurrency is bounded (a server's worker pool): beyond it the awards queue here, counted late.
    while (inFlight.size >= MAX_IN_FLIGHT) await Promise.race(inFlight);
    issued[i] = now();
    dueAt[i] = due;
    const p = award(racers[i % RACERS]!, 1000)
      .then(() => void done++)
      .catch(() => void errors++)
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
  const issuedFor = now() - started;
  const until = now() + 5000;
  while (now() < until && (received.at(-1)?.held ?? 0) < done) await new Promise((r) => setTimeout(r, 50));
  socket.close();
  const holding = received.filter((r) => r.held >= 1);
  const latencies = holding.map((r) => r.at - issued[Math.min(r.held, TOTAL)]!);
  const fromSchedule = holding.map((r) => r.at - dueAt[Math.min(r.held, TOTAL)]!);
  console.log(
    `Live: ${done} awards (${errors} failed) issued over ${(issuedFor / 1000).toFixed(1)} s (${((done / issuedFor) * 1000).toFixed(0)} a second); the board got ${received.length} snapshots (${(received.length / (issuedFor / 1000)).toFixed(1)} a second); the last held ${received.at(-1)?.held ?? 0} awards`,
  );
  line(
    'Award-to-board (issue of the last award a snapshot holds → its arrival; includes the coalescing wait)',
    latencies,
  );
  line(
    "Award-to-board from the award's scheduled time (includes waiting for a free slot when the rate is not met)",
    fromSchedule,
  );
  if ((received.at(-1)?.held ?? 0) !== done) {
    failed = true;
    console.error('The board did not end on the final state');
  }

  // ——— Ceiling: bare Redis ———
  const zkey = `bench:gamification:${randomBytes(4).toString('hex')}`;
  const bareTimes: number[] = [];
  const bareStart = now();
  for (let i = 0; i < 5000; i++) {
    t0 = now();
    await bare.zadd(zkey, -i, `m${i % PLAYERS}`);
    await bare.zrange(zkey, 0, 9, 'WITHSCORES');
    bareTimes.push(now() - t0);
  }
  console.log(
    `Ceiling: bare Redis ZADD + ZRANGE 0 9, sequential: ${((5000 / (now() - bareStart)) * 1000).toFixed(0)} pairs a second`,
  );
  line('Ceiling: bare Redis ZADD + ZRANGE pair', bareTimes);
  await bare.del(zkey);
  console.log(
    `Machine: ${availableParallelism()} cores (${cpus()[0]?.model ?? '?'}), ${(totalmem() / 2 ** 30).toFixed(0)} GB; load average during the run: min ${Math.min(...loads).toFixed(1)}, max ${Math.max(...loads).toFixed(1)}`,
  );
} finally {
  clearInterval(loadProbe);
  const games = await database.db
    .selectFrom('games')
    .select('id')
    .execute()
    .catch(() => []);
  if (app) for (const g of games) await projectionOf(app.deps)?.drop(g.id);
  await app?.close();
  await bare.quit();
  await database.close();
  const drop = openPostgres(SERVER_URL, 1);
  await drop.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await drop.close();
}
process.exit(failed ? 1 : 0);
