/**
 * A worker thread of bench/fanout.ts holding a share of the socket.io clients: connects them,
 * subscribes each to the event room (API) or lets the server place it (bare), and records every
 * `session.seats` message's enrolled count and arrival time. On 'report' (with the issue time of
 * each count) it answers the latencies, messages delivered and clients that missed the final state.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

interface Input {
  urls: string[];
  clients: number;
  token: string;
  room: string | null;
}
const input = workerData as Input;
const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
const arrivals: Array<{ count: number; at: number }> = [];
const lastCount = new Int32Array(input.clients);
let delivered = 0;

async function open(i: number): Promise<void> {
  const socket = io(input.urls[i % input.urls.length]!, {
    path: '/realtime',
    transports: ['websocket'],
    auth: { token: input.token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  socket.on('session.seats', (p: { enrolledCount: number }) => {
    delivered++;
    lastCount[i] = p.enrolledCount;
    arrivals.push({ count: p.enrolledCount, at: now() });
  });
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  if (input.room) {
    const ack = (await socket.timeout(60_000).emitWithAck('subscribe', { room: input.room })) as {
      ok?: boolean;
    };
    if (!ack.ok) throw new Error(`subscribe refused: ${JSON.stringify(ack)}`);
  }
}

// Connect in batches: thousands of handshakes at once would time out on a small machine.
for (let i = 0; i < input.clients; i += 100)
  await Promise.all(Array.from({ length: Math.min(100, input.clients - i) }, (_, k) => open(i + k)));
parentPort!.postMessage({ connected: input.clients });

parentPort!.on(
  'message',
  (m: { report?: { issued: number[]; final: number }; progress?: number } | 'close') => {
    if (m === 'close') {
      sockets.forEach((s) => s.close());
      parentPort!.postMessage({ closed: true });
      return;
    }
    if (m.progress !== undefined) {
      parentPort!.postMessage({ atFinal: lastCount.filter((c) => c === m.progress).length });
      return;
    }
    if (m.report) {
      const { issued, final } = m.report;
      const latencies = new Float64Array(arrivals.length);
      arrivals.forEach((a, k) => (latencies[k] = a.at - issued[a.count]!));
      const losses = Array.from(lastCount).filter((c) => c !== final).length;
      parentPort!.postMessage({ latencies, delivered, losses }, [latencies.buffer]);
    }
  },
);
