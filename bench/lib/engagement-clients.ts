/**
 * A worker thread of bench/engagement.ts holding a share of the socket.io clients: connects them,
 * subscribes each to one room (participants: `engagement:<instanceId>`; the results screen:
 * `moderatorQueue:<instanceId>`) and records every `engagement.results` message's respondent count
 * and arrival time, per socket. On 'report' (with the issue time of each vote) it answers the
 * latencies, messages delivered, the messages a second of the busiest socket (from its first to
 * its last message, and the most within any one second), the clients that missed the final state,
 * and messages whose option tallies do not add up.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { io, type Socket } from 'socket.io-client';

interface Input {
  urls: string[];
  clients: number;
  token: string;
  room: string;
}
interface ResultsMessage {
  respondents: number;
  questions: Array<{ responses: number; options: Array<{ count: number }> }>;
}
const input = workerData as Input;
const now = () => performance.timeOrigin + performance.now();
const sockets: Socket[] = [];
const arrivals: Array<{ count: number; at: number }> = [];
/** Arrival times per socket (for the messages-per-second figure). */
const times: number[][] = Array.from({ length: input.clients }, () => []);
const lastCount = new Int32Array(input.clients);
let delivered = 0;
let inconsistent = 0;

async function open(i: number): Promise<void> {
  const socket = io(input.urls[i % input.urls.length]!, {
    path: '/realtime',
    transports: ['websocket'],
    auth: { token: input.token },
    reconnection: false,
    forceNew: true,
  });
  sockets.push(socket);
  socket.on('engagement.results', (p: ResultsMessage) => {
    const at = now();
    delivered++;
    const q = p.questions[0];
    // One single-choice question, one vote per participant: the options add up to the respondents.
    if (!q || q.responses !== p.respondents || q.options.reduce((s, o) => s + o.count, 0) !== p.respondents)
      inconsistent++;
    lastCount[i] = p.respondents;
    arrivals.push({ count: p.respondents, at });
    times[i]!.push(at);
  });
  await new Promise<void>((done, fail) => {
    socket.once('connect', () => done());
    socket.once('connect_error', fail);
  });
  const ack = (await socket.timeout(60_000).emitWithAck('subscribe', { room: input.room })) as {
    ok?: boolean;
  };
  if (!ack.ok) throw new Error(`subscribe to ${input.room} refused: ${JSON.stringify(ack)}`);
}

/** The most arrivals of one socket within any half-open window of 1,000 ms. */
function maxPerSecond(list: number[]): number {
  let best = 0;
  for (let start = 0, end = 0; start < list.length; start++) {
    while (end < list.length && list[end]! < list[start]! + 1000) end++;
    best = Math.max(best, end - start);
  }
  return best;
}

/** Messages a second of one socket from its first arrival to its last (the send rate it saw). */
function meanPerSecond(list: number[]): number {
  return list.length < 2 ? 0 : ((list.length - 1) * 1000) / (list.at(-1)! - list[0]!);
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
      arrivals.forEach((a, k) => (latencies[k] = a.at - (issued[a.count] ?? Number.NaN)));
      const losses = Array.from(lastCount).filter((c) => c !== final).length;
      parentPort!.postMessage(
        {
          latencies,
          delivered,
          losses,
          inconsistent,
          maxPerSecond: Math.max(0, ...times.map(maxPerSecond)),
          meanPerSecond: Math.max(0, ...times.map(meanPerSecond)),
        },
        [latencies.buffer],
      );
    }
  },
);
