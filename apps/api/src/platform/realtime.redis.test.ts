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
  it('writes on two processes reach a socket on one as at most 4 messages a second, ending on the final state', async () => {
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

    const sessionId = (
      await a.deps.db
        .insertInto('sessions')
        .values({
          eventId: ten.event.id,
          name: 'Seats',
          status: 'PUBLISHED',
          startAt: new Date('2030-06-01T09:00:00Z'),
          endAt: new Date('2030-06-01T10:00:00Z'),
          audience: JSON.stringify({ type: 'EVERYONE', labelIds: [], rules: [] }),
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const got = collectUntil(
      socket,
      SEATS_EVENT,
      (p) => (p as { enrolledCount: number }).enrolledCount === 1000,
    );
    // Both processes write: the socket still gets at most 4 messages a second, not 4 per process.
    const started = performance.now();
    for (let i = 1; i <= 1000; i++) {
      await a.deps.db.updateTable('sessions').set({ enrolledCount: i }).where('id', '=', sessionId).execute();
      (i % 2 ? b.deps : a.deps).realtime.publishLatest(rooms.event(ten.event.id), SEATS_EVENT, sessionId);
    }
    const messages = (await got) as Array<{ enrolledCount: number }>;
    const seconds = (performance.now() - started) / 1000;
    expect(messages.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 1);
    expect(messages.at(-1)).toMatchObject({ enrolledCount: 1000 });
  });

  it('only B writes: A hears of it and reads the final state itself', async () => {
    const ten = await a.f.tenant();
    const socket = await subscribed(ten.tokens.participant, rooms.event(ten.event.id));
    const sessionId = (
      await a.deps.db
        .insertInto('sessions')
        .values({
          eventId: ten.event.id,
          name: 'Seats',
          status: 'PUBLISHED',
          startAt: new Date('2030-06-01T09:00:00Z'),
          endAt: new Date('2030-06-01T10:00:00Z'),
          audience: JSON.stringify({ type: 'EVERYONE', labelIds: [], rules: [] }),
          enrolledCount: 7,
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const got = collectUntil(
      socket,
      SEATS_EVENT,
      (p) => (p as { enrolledCount: number }).enrolledCount === 7,
    );
    b.deps.realtime.publishLatest(rooms.event(ten.event.id), SEATS_EVENT, sessionId);
    await expect(got).resolves.toEqual([expect.objectContaining({ sessionId, enrolledCount: 7 })]);
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
