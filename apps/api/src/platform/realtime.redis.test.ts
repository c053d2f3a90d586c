import type { AddressInfo } from 'node:net';
import { AGENDA_CHANGED_EVENT, PROMOTED_EVENT, rooms, SEATS_EVENT } from '@plenary/domain';
import type { Socket } from 'socket.io-client';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { collectUntil, connectSocket, subscribe } from '../../test/realtime.js';

// Runs only with REDIS_URL (see vitest.config.ts): two API processes over one database share live
// traffic through Redis. The sockets connect to A; B (a second app on A's database) publishes and revokes.
let a: TestContext;
let b: FastifyInstance;
let url: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  a = await createTestContext({ REDIS_URL: process.env.REDIS_URL });
  const { config, database, db, mailer, brands } = a.deps;
  b = await buildApp({ config, database, db, mailer, brands });
  await b.ready();
  await a.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(a.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await b.close();
  await a.close();
});

async function subscribed(token: string, room: string): Promise<Socket> {
  const socket = await connectSocket(url, { token });
  sockets.push(socket);
  expect(await subscribe(socket, room)).toEqual({ ok: true });
  return socket;
}

describe('realtime across processes', () => {
  it('a subscription on one process receives a coalesced publish from another, ending on the final state', async () => {
    const ten = await a.f.tenant();
    const socket = await subscribed(ten.tokens.participant, rooms.event(ten.event.id));
    // The user room proves B's broadcasts reach A's sockets before the burst starts.
    const ready = collectUntil(socket, PROMOTED_EVENT, () => true);
    const probe = setInterval(
      () =>
        b.deps.realtime.emit(rooms.user(ten.users.participant.id), PROMOTED_EVENT, {
          sessionId: ten.event.id,
          sessionName: 'probe',
        }),
      50,
    );
    await ready.finally(() => clearInterval(probe));

    const sessionId = crypto.randomUUID();
    let enrolledCount = 0;
    const read = async () => ({
      sessionId,
      enrolledCount,
      waitlistedCount: 0,
      capacity: 10_000,
      waitlist: true,
    });
    const got = collectUntil(
      socket,
      SEATS_EVENT,
      (p) => (p as { enrolledCount: number }).enrolledCount === 1000,
    );
    for (let i = 0; i < 1000; i++) {
      enrolledCount++;
      b.deps.realtime.publishLatest(rooms.event(ten.event.id), SEATS_EVENT, sessionId, read);
    }
    const messages = (await got) as Array<{ enrolledCount: number }>;
    expect(messages.length).toBeLessThanOrEqual(2);
    expect(messages.at(-1)).toMatchObject({ enrolledCount: 1000 });
  });

  it('a participant removed through another process leaves the event room on this one at once', async () => {
    const ten = await a.f.tenant();
    const userId = ten.users.participant.id;
    const socket = await subscribed(ten.tokens.participant, rooms.event(ten.event.id));
    const participantId = (
      await a.deps.db
        .selectFrom('participants')
        .select('id')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).id;
    const removed = await b.inject({
      method: 'DELETE',
      url: `/api/v1/events/${ten.event.id}/participants/${participantId}`,
      headers: { authorization: `Bearer ${ten.tokens.eventAdmin}` },
    });
    expect(removed.statusCode).toBe(204);
    const seen: unknown[] = [];
    socket.on(AGENDA_CHANGED_EVENT, (p: unknown) => seen.push(p));
    const marker = collectUntil(socket, PROMOTED_EVENT, () => true);
    a.deps.realtime.emit(rooms.event(ten.event.id), AGENDA_CHANGED_EVENT, { sessionIds: [] });
    a.deps.realtime.emit(rooms.user(userId), PROMOTED_EVENT, {
      sessionId: ten.event.id,
      sessionName: 'marker',
    });
    await marker;
    expect(seen).toEqual([]);
  });
});
