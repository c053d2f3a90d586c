import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { rooms } from './realtime.js';

let a: TestContext;
const sockets: Socket[] = [];

async function listen(t: TestContext): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

function connectTo(url: string, token: string | undefined): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(url, { path: '/realtime', auth: token ? { token } : {}, transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', reject);
  });
}

beforeAll(async () => {
  a = await createTestContext();
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await a.close();
});

describe('realtime', () => {
  it('refuses a socket without a valid token', async () => {
    const url = await listen(a);
    await expect(connectTo(url, undefined)).rejects.toThrow('Authentication required');
    await expect(connectTo(url, 'forged')).rejects.toThrow('Invalid token');
  });

  it('delivers to the user room and the event rooms the user belongs to', async () => {
    const url = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const event = await a.f.event();
    const participant = await a.f.participant(event.id);
    const socket = await connectTo(url, await a.f.token(participant));
    const got = new Promise((resolve) => socket.on('announcement', resolve));
    a.deps.realtime.emit(rooms.event(event.id), 'announcement', { text: 'Doors open' });
    await expect(got).resolves.toEqual({ text: 'Doors open' });
  });
});
