import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SlicedFanout } from './realtime-fanout.js';

const ROOM = 'event:fanout';
const http = createServer();
const io = new Server(http, { path: '/realtime' });
const clients: Socket[] = [];
const joined: ServerSocket[] = [];

beforeAll(async () => {
  io.on('connection', (socket) => {
    void socket.join(ROOM);
    joined.push(socket);
  });
  await new Promise<void>((done) => http.listen(0, '127.0.0.1', done));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  for (let i = 0; i < 5; i++) {
    const socket = connect(url, { path: '/realtime', transports: ['websocket'], forceNew: true });
    await new Promise<void>((done) => socket.once('connect', () => done()));
    clients.push(socket);
  }
});
afterAll(async () => {
  clients.forEach((c) => c.close());
  await io.close();
});

/** What each client received of `event`, once every client has `count` messages or `ms` passed. */
async function received(event: string, count: number, ms = 2000): Promise<unknown[][]> {
  const got = clients.map(() => [] as unknown[]);
  clients.forEach((c, i) => c.on(event, (p: unknown) => got[i]!.push(p)));
  const until = Date.now() + ms;
  while (got.some((g) => g.length < count) && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
  await new Promise((r) => setTimeout(r, 100)); // anything more would have arrived by now
  clients.forEach((c) => c.off(event));
  return got;
}

/** Two sockets per step, and a slice ends after every step: the loop runs other work in between. */
const EVERY_STEP = { step: 2, budgetMs: 0, patienceMs: 50, urgentBudgetMs: 0 };
/** Slices of 20 ms, 0 ms once a request has waited 50 ms. */
const PACING = { step: 2, budgetMs: 20, patienceMs: 50, urgentBudgetMs: 0 };
/** A clock that stands still (no slice ever uses up its budget), with the oldest request's wait given. */
const stillClock = (oldestRequestWaitMs = 0) => ({
  now: () => 0,
  oldestRequestWaitMs: () => oldestRequestWaitMs,
});

/** `send`, with the last socket of the room leaving as soon as the event loop gets a turn. */
async function sendWhileLastLeaves(fanout: SlicedFanout, event: string) {
  const order = [...io.of('/').adapter.rooms.get(ROOM)!];
  const last = joined.find((s) => s.id === order.at(-1))!;
  const got = received(event, 1);
  const sent = fanout.send(ROOM, event, { ok: true });
  // Runs in the first turn the delivery gives the loop (a check phase), if it gives one.
  setImmediate(() => void last.leave(ROOM));
  await sent;
  const perClient = await got;
  await last.join(ROOM);
  const lastIndex = clients.findIndex((c) => c.id === last.id);
  return { last: perClient[lastIndex], others: perClient.filter((_, i) => i !== lastIndex) };
}

describe('SlicedFanout', () => {
  it('delivers every message to every socket of a room larger than a step, in the order sent', async () => {
    const fanout = new SlicedFanout(io, EVERY_STEP);
    const got = received('tick', 3);
    await Promise.all([1, 2, 3].map((n) => fanout.send(ROOM, 'tick', { n })));
    expect(await got).toEqual(clients.map(() => [{ n: 1 }, { n: 2 }, { n: 3 }]));
  });

  it('gives the event loop a turn when a slice has used its budget, and skips a socket that left meanwhile', async () => {
    const { last, others } = await sendWhileLastLeaves(new SlicedFanout(io, EVERY_STEP), 'late');
    expect(last).toEqual([]);
    expect(others).toEqual(clients.slice(1).map(() => [{ ok: true }]));
  });

  it('writes the whole room in one slice while the budget lasts', async () => {
    // The clock stands still: the budget is never used up, so nothing else runs before the last step.
    const fanout = new SlicedFanout(io, PACING, stillClock(49));
    const { last, others } = await sendWhileLastLeaves(fanout, 'whole');
    expect(last).toEqual([{ ok: true }]);
    expect(others).toEqual(clients.slice(1).map(() => [{ ok: true }]));
  });

  it('ends a slice once the clock has passed the budget', async () => {
    // Each look at the clock advances it 15 ms: the second step is still within 20 ms, the third is not.
    let ms = 0;
    const fanout = new SlicedFanout(io, PACING, { now: () => (ms += 15), oldestRequestWaitMs: () => 0 });
    const { last } = await sendWhileLastLeaves(fanout, 'budget');
    expect(last).toEqual([]);
  });

  it('slices to the urgent budget once a request has waited past the patience', async () => {
    const { last } = await sendWhileLastLeaves(new SlicedFanout(io, PACING, stillClock(50)), 'urgent');
    expect(last).toEqual([]);
  });

  it('refuses a step that is not positive, or a negative budget or patience', () => {
    expect(() => new SlicedFanout(io, { ...PACING, step: 0 })).toThrow();
    expect(() => new SlicedFanout(io, { ...PACING, budgetMs: -1 })).toThrow();
    expect(() => new SlicedFanout(io, { ...PACING, urgentBudgetMs: -1 })).toThrow();
    expect(() => new SlicedFanout(io, { ...PACING, patienceMs: -1 })).toThrow();
  });
});
