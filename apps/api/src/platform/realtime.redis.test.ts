import type { AddressInfo } from 'node:net';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { rooms } from './realtime.js';

// Runs only with REDIS_URL (see vitest.config.ts): two API processes share live traffic through Redis.
let a: TestContext;
let b: TestContext;
let socket: Socket | undefined;

beforeAll(async () => {
  a = await createTestContext({ REDIS_URL: process.env.REDIS_URL });
  b = await createTestContext({ REDIS_URL: process.env.REDIS_URL });
  await a.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  socket?.close();
  await Promise.all([a.close(), b.close()]);
});

describe('realtime across processes', () => {
  it('delivers a broadcast published by another API process', async () => {
    const user = await a.f.user();
    const token = await a.f.token(user.id);
    const url = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
    const s = connect(url, { path: '/realtime', auth: { token }, transports: ['websocket'], reconnection: false });
    socket = s;
    await new Promise<void>((resolve, reject) => {
      s.on('connect', () => resolve());
      s.on('connect_error', reject);
    });
    const got = new Promise((resolve) => s.on('ping-from-b', resolve));
    // Let A's adapter subscribe before B publishes.
    await new Promise((r) => setTimeout(r, 100));
    b.deps.realtime.emit(rooms.user(user.id), 'ping-from-b', { n: 1 });
    await expect(got).resolves.toEqual({ n: 1 });
  });
});
