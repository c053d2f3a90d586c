/**
 * A worker thread of bench/fanout.ts holding a share of the clients: connects them, subscribes each
 * to the event room (API) or lets the server place it (bare), and records every `session.seats`
 * message's enrolled count and arrival time. On 'report' (with the issue time of each count) it
 * answers the latencies, messages delivered and clients that missed the final state.
 *
 * The clients speak socket.io's protocol themselves over `ws` (engine.io 4 and socket.io 5 text
 * packets: open, connect with auth, ping/pong, an event with an ack, events) and parse every event
 * in full. The clients stand for phones elsewhere but share this machine's cores with the servers
 * they measure: socket.io-client spent about 1.6 times the CPU per message, which the API run (with
 * its HTTP writes and PostgreSQL on the same cores) paid for in queueing and the bare run hardly.
 */
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';

interface Input {
  urls: string[];
  clients: number;
  token: string;
  room: string | null;
  /** The measured session: messages of any other (the warm-up's) are not recorded. */
  sessionId: string;
}
const input = workerData as Input;
const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
const arrivals: Array<{ count: number; at: number }> = [];
const lastCount = new Int32Array(input.clients);
let delivered = 0;

/** engine.io packet types (first character) and socket.io packet types (second). */
const OPEN = '0';
const PING = '2';
const PONG = '3';
const MESSAGE = '4';
const SIO_CONNECT = '0';
const SIO_EVENT = '2';
const SIO_ACK = '3';
const SIO_CONNECT_ERROR = '4';

function open(i: number): Promise<void> {
  const base = input.urls[i % input.urls.length]!.replace(/^http/, 'ws');
  const socket = new WebSocket(`${base}/realtime/?EIO=4&transport=websocket`, { perMessageDeflate: false });
  sockets.push(socket);
  return new Promise<void>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`client ${i}: no subscription within 60 s`)), 60_000);
    const ready = () => {
      clearTimeout(timer);
      done();
    };
    socket.on('error', fail);
    socket.on('message', (data) => {
      const text = data.toString();
      const kind = text[0];
      if (kind === PING) return socket.send(PONG);
      if (kind === OPEN)
        return socket.send(`${MESSAGE}${SIO_CONNECT}${JSON.stringify({ token: input.token })}`);
      if (kind !== MESSAGE) return;
      const packet = text[1];
      if (packet === SIO_EVENT) {
        const [name, payload] = JSON.parse(text.slice(2)) as [
          string,
          { sessionId: string; enrolledCount: number },
        ];
        if (name !== 'session.seats' || payload.sessionId !== input.sessionId) return;
        delivered++;
        lastCount[i] = payload.enrolledCount;
        arrivals.push({ count: payload.enrolledCount, at: now() });
      } else if (packet === SIO_CONNECT) {
        if (!input.room) return ready();
        socket.send(`${MESSAGE}${SIO_EVENT}0${JSON.stringify(['subscribe', { room: input.room }])}`);
      } else if (packet === SIO_ACK) {
        const [ack] = JSON.parse(text.slice(3)) as [{ ok?: boolean }];
        if (!ack.ok) return fail(new Error(`subscribe refused: ${JSON.stringify(ack)}`));
        ready();
      } else if (packet === SIO_CONNECT_ERROR) fail(new Error(`connect refused: ${text.slice(2)}`));
    });
  });
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
