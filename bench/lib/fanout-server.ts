/**
 * A server process of bench/fanout.ts (forked with tsx). `api`: the real API on the bench's
 * PostgreSQL database (and Redis when several run). `bare`: a plain socket.io server that drives
 * the same payloads itself, through the same coalescer: the machine's ceiling for the fan-out.
 * Answers 'cpu' with its CPU seconds (and event-loop delay), 'drive' (bare: `updates` counts for
 * `sessionId` at `rate` a second) with the issue times of its updates.
 */
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { createCoalescer } from '../../apps/api/src/platform/realtime-coalescer.js';

const root = resolve(import.meta.dirname, '../..');
const mode = process.argv[2] as 'api' | 'bare';
const now = () => performance.timeOrigin + performance.now();
const send = (m: unknown) => process.send!(m);
const cpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};
// How long the event loop was blocked (fan-out bursts delay the writes' queries and answers).
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
/** 'cpu': CPU seconds so far, and the event-loop delay since the previous 'cpu' (then reset). */
const cpuAnswer = () => {
  const answer = { cpu: cpuSeconds(), loopP99: loopDelay.percentile(99) / 1e6, loopMax: loopDelay.max / 1e6 };
  loopDelay.reset();
  return answer;
};

if (mode === 'api') {
  const { buildApp } = await import('../../apps/api/src/app.js');
  const { loadBrands } = await import('../../apps/api/src/platform/brands.js');
  const { loadConfig } = await import('../../apps/api/src/platform/config.js');
  const { openPostgres } = await import('../../apps/api/src/platform/db/index.js');
  const { createMailer } = await import('../../apps/api/src/platform/mail.js');
  const database = openPostgres(process.env.FANOUT_DATABASE_URL!, 10);
  const config = loadConfig({
    DATA_DIR: resolve(root, '.tmp/bench-data'),
    LOG_LEVEL: 'silent',
    JWT_SECRET: process.env.FANOUT_JWT_SECRET!,
    SEED_DEMO: 'false',
    ...(process.env.FANOUT_REDIS_URL ? { REDIS_URL: process.env.FANOUT_REDIS_URL } : {}),
  });
  const app = await buildApp({
    config,
    database,
    db: database.db,
    mailer: createMailer(database.db, { from: config.MAIL_FROM }),
    brands: loadBrands(resolve(root, 'config/brands.json')),
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  send({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (m: unknown) => {
    if (m === 'cpu') send(cpuAnswer());
    if (m === 'stop') {
      await app.close();
      await database.close();
      process.exit(0);
    }
  });
} else {
  const room = process.env.FANOUT_ROOM!;
  const http = createServer();
  const io = new Server(http, { path: '/realtime', serveClient: false });
  io.on('connection', (socket) => void socket.join(room));
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const address = http.address();
  send({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });
  process.on('message', async (m: unknown) => {
    if (m === 'cpu') send(cpuAnswer());
    if (m === 'stop') {
      io.close();
      process.exit(0);
    }
    const drive = m as { drive?: { rate: number; updates: number; sessionId: string } };
    if (drive.drive) {
      const { rate, updates, sessionId } = drive.drive;
      const coalescer = createCoalescer<number>({
        perSecond: 4,
        send: (_key, count) =>
          void io.to(room).emit('session.seats', {
            sessionId,
            enrolledCount: count,
            waitlistedCount: 0,
            capacity: 100_000,
            waitlist: false,
          }),
      });
      const issued: number[] = [0];
      const started = now();
      for (let i = 1; i <= updates; i++) {
        const due = started + (i - 1) * (1000 / rate);
        await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
        issued.push(now());
        coalescer.publish(room, i);
      }
      send({ issued });
    }
  });
}
