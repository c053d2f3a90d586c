/**
 * The ceiling of bench/engagement.ts (forked with tsx): a plain socket.io server that lets any
 * socket join the room it asks for (no access checks) and, on 'drive', plays the same votes the
 * API run took (same rate, same options) into in-memory tallies, publishing each through the
 * API's coalescer (4 a second per room) as an `engagement.results` payload of the same shape, to
 * the moderator-queue room and the engagement room alike. No HTTP, no database.
 * Answers 'cpu' with its CPU seconds (and event-loop delay), 'drive' with the issue times of its votes.
 */
import { createServer } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Server } from 'socket.io';
import { createCoalescer } from '../../apps/api/src/platform/realtime-coalescer.js';

interface Drive {
  rate: number;
  seconds: number;
  instanceId: string;
  toolId: string;
  questionId: string;
  optionIds: string[];
  /** The option of vote i (1-based) is picks[(i - 1) % picks.length]. */
  picks: number[];
  rooms: string[];
}

const now = () => performance.timeOrigin + performance.now();
const send = (m: unknown) => process.send!(m);
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const cpuAnswer = () => {
  const u = process.cpuUsage();
  const answer = {
    cpu: (u.user + u.system) / 1e6,
    loopP99: loopDelay.percentile(99) / 1e6,
    loopMax: loopDelay.max / 1e6,
  };
  loopDelay.reset();
  return answer;
};

const http = createServer();
const io = new Server(http, { path: '/realtime', serveClient: false, perMessageDeflate: false });
io.on('connection', (socket) =>
  socket.on('subscribe', (request: { room?: unknown }, ack: (a: unknown) => void) => {
    if (typeof request?.room === 'string') void socket.join(request.room);
    if (typeof ack === 'function') ack({ ok: true });
  }),
);
await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
const address = http.address();
send({ ready: true, port: typeof address === 'object' && address ? address.port : 0 });

process.on('message', async (m: unknown) => {
  if (m === 'cpu') send(cpuAnswer());
  if (m === 'stop') {
    io.close();
    process.exit(0);
  }
  const { drive } = m as { drive?: Drive };
  if (!drive) return;
  const counts = drive.optionIds.map(() => 0);
  const payload = (respondents: number, tallies: number[]) => ({
    instanceId: drive.instanceId,
    toolId: drive.toolId,
    respondents,
    questions: [
      {
        questionId: drive.questionId,
        responses: respondents,
        options: drive.optionIds.map((optionId, k) => ({ optionId, count: tallies[k]! })),
        scale: [],
        words: [],
      },
    ],
  });
  const coalescer = createCoalescer<{ respondents: number; tallies: number[] }>({
    perSecond: 4,
    send: (room, v) => void io.to(room).emit('engagement.results', payload(v.respondents, v.tallies)),
  });
  const issued: number[] = [0];
  const total = drive.rate * drive.seconds;
  const started = now();
  for (let i = 1; i <= total; i++) {
    const due = started + (i - 1) * (1000 / drive.rate);
    await new Promise((r) => setTimeout(r, Math.max(0, due - now())));
    issued.push(now());
    counts[drive.picks[(i - 1) % drive.picks.length]!]!++;
    for (const room of drive.rooms) coalescer.publish(room, { respondents: i, tallies: [...counts] });
  }
  send({ issued });
});
