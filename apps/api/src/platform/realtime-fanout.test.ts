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

describe('SlicedFanout', () => {
  it('delivers every message to every socket of a room larger than a slice, in the order sent', async () => {
    const fanout = new SlicedFanout(io, 2);
    const got = received('tick', 3);
    await Promise.all([1, 2, 3].map((n) => fanout.send(ROOM, 'tick', { n })));
    expect(await got).toEqual(clients.map(() => [{ n: 1 }, { n: 2 }, { n: 3 }]));
  });

  it('skips a socket that leaves the room while earlier slices are being written', async () => {
    const fanout = new SlicedFanout(io, 2);
    const got = received('late', 1);
    const order = [...io.of('/').adapter.rooms.get(ROOM)!];
    const last = joined.find((s) => s.id === order.at(-1))!;
    const sent = fanout.send(ROOM, 'late', { ok: true });
    // Runs after the first slice is written and before the next one (both wait for the same check phase).
    setImmediate(() => void last.leave(ROOM));
    await sent;
    const perClient = await got;
    const lastIndex = clients.findIndex((c) => c.id === last.id);
    expect(perClient[lastIndex]).toEqual([]);
    expect(perClient.filter((g, i) => i !== lastIndex)).toEqual(clients.slice(1).map(() => [{ ok: true }]));
    await last.join(ROOM);
  });

  it('refuses a slice that is not positive', () => {
    expect(() => new SlicedFanout(io, 0)).toThrow();
  });
});
