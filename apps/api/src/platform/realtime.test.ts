import type { AddressInfo } from 'node:net';
import {
  AGENDA_CHANGED_EVENT,
  BOOKMARK_CHANGED_EVENT,
  PROMOTED_EVENT,
  REALTIME_MESSAGES,
  rooms,
  SEATS_EVENT,
} from '@plenary/domain';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { collectUntil, connectSocket, subscribe } from '../../test/realtime.js';

let t: TestContext;
let url: string;
const sockets: Socket[] = [];
const UNKNOWN = { error: REALTIME_MESSAGES.unknownRoom };
const FORBIDDEN = { error: REALTIME_MESSAGES.forbiddenRoom };

async function socketOf(token: string): Promise<Socket> {
  const socket = await connectSocket(url, { token });
  sockets.push(socket);
  return socket;
}

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  sockets.forEach((s) => s.close());
  await t.close();
});

describe('realtime connection', () => {
  it('refuses a socket without a valid token', async () => {
    await expect(connectSocket(url, {})).rejects.toThrow('Authentication required');
    await expect(connectSocket(url, { token: 'forged' })).rejects.toThrow('Invalid token');
  });

  it('joins the user room on connect, and an event room only when asked', async () => {
    const ten = await t.f.tenant();
    const socket = await socketOf(ten.tokens.participant);
    const promoted = { sessionId: crypto.randomUUID(), sessionName: 'Keynote' };
    const mine = collectUntil(socket, PROMOTED_EVENT, () => true);
    t.deps.realtime.emit(rooms.user(ten.users.participant.id), PROMOTED_EVENT, promoted);
    await expect(mine).resolves.toEqual([promoted]);

    const before = collectUntil(socket, PROMOTED_EVENT, () => true);
    t.deps.realtime.emit(rooms.event(ten.event.id), AGENDA_CHANGED_EVENT, { sessionIds: [] });
    t.deps.realtime.emit(rooms.user(ten.users.participant.id), PROMOTED_EVENT, promoted);
    const changed: unknown[] = [];
    socket.on(AGENDA_CHANGED_EVENT, (p: unknown) => changed.push(p));
    await before;
    expect(changed).toEqual([]); // not subscribed yet: the event message never came

    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual({ ok: true });
    const got = collectUntil(socket, AGENDA_CHANGED_EVENT, () => true);
    t.deps.realtime.emit(rooms.event(ten.event.id), AGENDA_CHANGED_EVENT, {
      sessionIds: [promoted.sessionId],
    });
    await expect(got).resolves.toEqual([{ sessionIds: [promoted.sessionId] }]);
  });
});

describe('subscribe access', () => {
  it("a participant may not join another event's room, the staff room, another user's room or a leaderboard that is not a game", async () => {
    const ten = await t.f.tenant();
    const other = await t.f.event();
    const socket = await socketOf(ten.tokens.participant);
    expect(await subscribe(socket, rooms.event(other.id))).toEqual(FORBIDDEN);
    expect(await subscribe(socket, rooms.eventStaff(ten.event.id))).toEqual(FORBIDDEN);
    expect(await subscribe(socket, rooms.user(ten.users.moderator.id))).toEqual(FORBIDDEN);
    expect(await subscribe(socket, `leaderboard:${ten.event.id}`)).toEqual(FORBIDDEN); // an event id, no game
    expect(await subscribe(socket, 'event:not-a-uuid')).toEqual(UNKNOWN);
    expect(await subscribe(socket, `event:${crypto.randomUUID()}`)).toEqual(FORBIDDEN);
    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual({ ok: true });
  });

  it('staff room: moderators and admins of the event (tenant admins included), nobody from another tenant', async () => {
    const ten = await t.f.tenant();
    const stranger = await t.f.tenant();
    for (const role of ['moderator', 'eventAdmin', 'hubAdmin', 'orgAdmin', 'superadmin'] as const) {
      expect(await subscribe(await socketOf(ten.tokens[role]), rooms.eventStaff(ten.event.id))).toEqual({
        ok: true,
      });
    }
    for (const role of ['moderator', 'eventAdmin', 'hubAdmin', 'orgAdmin'] as const) {
      const socket = await socketOf(stranger.tokens[role]);
      expect(await subscribe(socket, rooms.eventStaff(ten.event.id))).toEqual(FORBIDDEN);
      expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual(FORBIDDEN);
    }
  });

  it('session room (registered by the agenda module): a participant joins a published session, not a draft; a moderator joins both', async () => {
    const ten = await t.f.tenant();
    const create = async (status: string) => {
      const res = await t.as(ten.tokens.eventAdmin, {
        method: 'POST',
        url: `/api/v1/events/${ten.event.id}/sessions`,
        payload: {
          name: `S ${status}`,
          startDate: '2030-06-01',
          startTime: '10:00 AM',
          endDate: '2030-06-01',
          endTime: '11:00 AM',
          status,
        },
      });
      expect(res.statusCode).toBe(201);
      return (res.json() as { id: string }).id;
    };
    const [published, draft] = [await create('PUBLISHED'), await create('DRAFT')];
    const participant = await socketOf(ten.tokens.participant);
    expect(await subscribe(participant, rooms.session(published))).toEqual({ ok: true });
    expect(await subscribe(participant, rooms.session(draft))).toEqual(FORBIDDEN);
    const moderator = await socketOf(ten.tokens.moderator);
    expect(await subscribe(moderator, rooms.session(draft))).toEqual({ ok: true });
    expect(
      await subscribe(await socketOf((await t.f.tenant()).tokens.participant), rooms.session(published)),
    ).toEqual(FORBIDDEN);
  });
});

describe('losing access', () => {
  /** Sends `event` to `room`, then a marker to the user's own room: whatever came before the marker is all that came. */
  async function framesBefore(socket: Socket, userId: string, room: string): Promise<unknown[]> {
    const seen: unknown[] = [];
    const listener = (p: unknown) => seen.push(p);
    socket.on(AGENDA_CHANGED_EVENT, listener);
    const marker = { sessionId: crypto.randomUUID(), sessionName: 'marker' };
    const done = collectUntil(
      socket,
      PROMOTED_EVENT,
      (p) => (p as { sessionId: string }).sessionId === marker.sessionId,
    );
    t.deps.realtime.emit(room, AGENDA_CHANGED_EVENT, { sessionIds: [] });
    t.deps.realtime.emit(rooms.user(userId), PROMOTED_EVENT, marker);
    await done;
    socket.off(AGENDA_CHANGED_EVENT, listener);
    return seen;
  }

  it('a removed participant is dropped from the event room at once (no further frames)', async () => {
    const ten = await t.f.tenant();
    const userId = ten.users.participant.id;
    const socket = await socketOf(ten.tokens.participant);
    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual({ ok: true });
    expect(await framesBefore(socket, userId, rooms.event(ten.event.id))).toHaveLength(1);

    const participantId = (
      await t.deps.db
        .selectFrom('participants')
        .select('id')
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow()
    ).id;
    const removed = await t.as(ten.tokens.eventAdmin, {
      method: 'DELETE',
      url: `/api/v1/events/${ten.event.id}/participants/${participantId}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(await framesBefore(socket, userId, rooms.event(ten.event.id))).toEqual([]);
    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual(FORBIDDEN);
  });

  it('a moderator whose role is revoked leaves the staff room at once; the event room stays while a role remains', async () => {
    const ten = await t.f.tenant();
    const userId = ten.users.moderator.id;
    await t.f.participant(ten.event.id, userId);
    const socket = await socketOf(ten.tokens.moderator);
    expect(await subscribe(socket, rooms.eventStaff(ten.event.id))).toEqual({ ok: true });
    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual({ ok: true });
    const revoked = await t.as(ten.tokens.hubAdmin, {
      method: 'DELETE',
      url: `/api/v1/admin-users/${userId}`,
    });
    expect(revoked.statusCode).toBe(204);
    expect(await framesBefore(socket, userId, rooms.eventStaff(ten.event.id))).toEqual([]);
    expect(await framesBefore(socket, userId, rooms.event(ten.event.id))).toHaveLength(1);
  });
});

/** A published session of the event whose seat count the test writes itself. */
async function publishedSession(eventId: string): Promise<string> {
  const start = new Date('2030-06-01T09:00:00Z');
  const row = await t.deps.db
    .insertInto('sessions')
    .values({
      eventId,
      name: 'Seats',
      status: 'PUBLISHED',
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      audience: JSON.stringify({ type: 'EVERYONE', labelIds: [], rules: [] }),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('publishLatest', () => {
  it('1,000 committed writes reach a subscriber as at most 4 messages a second (plus the leading edge), the last with the final state', async () => {
    const ten = await t.f.tenant();
    const socket = await socketOf(ten.tokens.participant);
    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual({ ok: true });
    const sessionId = await publishedSession(ten.event.id);
    const got = collectUntil(
      socket,
      SEATS_EVENT,
      (p) => (p as { enrolledCount: number }).enrolledCount === 1000,
    );
    const started = performance.now();
    for (let i = 1; i <= 1000; i++) {
      await t.deps.db.updateTable('sessions').set({ enrolledCount: i }).where('id', '=', sessionId).execute();
      t.deps.realtime.publishLatest(rooms.event(ten.event.id), SEATS_EVENT, sessionId);
    }
    const messages = (await got) as Array<{ enrolledCount: number }>;
    const seconds = (performance.now() - started) / 1000;
    expect(messages.length).toBeLessThanOrEqual(Math.ceil(seconds * 4) + 1);
    expect(messages.map((m) => m.enrolledCount)).toEqual(
      [...messages.map((m) => m.enrolledCount)].sort((a, b) => a - b),
    );
    expect(messages.at(-1)).toMatchObject({ sessionId, enrolledCount: 1000 });
  });

  it('reads slower than the interval do not queue: one read at a time and one more after it, the last sees the final state', async () => {
    const ten = await t.f.tenant();
    const socket = await socketOf(ten.tokens.participant);
    const room = rooms.user(ten.users.participant.id);
    const sessionId = crypto.randomUUID();
    let value = 0;
    let reads = 0;
    let concurrent = 0;
    let maxConcurrent = 0;
    let lastReadEnded = 0;
    // A reader as slow as one waiting behind queued writes for a pooled connection: 500 ms a read,
    // slower than the coalescer's 250 ms interval.
    t.deps.realtime.registerLatest(BOOKMARK_CHANGED_EVENT, async () => {
      reads++;
      maxConcurrent = Math.max(maxConcurrent, ++concurrent);
      const seen = value;
      await new Promise((r) => setTimeout(r, 500));
      concurrent--;
      lastReadEnded = performance.now();
      return { eventId: ten.event.id, sessionId, bookmarked: seen % 2 === 0 };
    });
    const got: unknown[] = [];
    socket.on(BOOKMARK_CHANGED_EVENT, (p: unknown) => got.push(p));
    const started = performance.now();
    // 3 s of publishes, 50 a second: the coalescer sends 4 a second (13 sends), reads take 500 ms.
    for (let i = 1; i <= 150; i++) {
      value = i;
      t.deps.realtime.publishLatest(room, BOOKMARK_CHANGED_EVENT, sessionId);
      await new Promise((r) => setTimeout(r, 20));
    }
    const publishedFor = performance.now() - started;
    // Drained: no read running and none ended for a second.
    await expect
      .poll(() => concurrent === 0 && performance.now() - lastReadEnded > 1_000, { timeout: 15_000 })
      .toBe(true);
    expect(maxConcurrent).toBe(1);
    // Reads are bounded by time / read duration (plus the one after the last publish), not by the
    // number of coalesced sends (a read per send would make 13 and finish seconds late).
    expect(reads).toBeLessThanOrEqual(Math.ceil(publishedFor / 500) + 2);
    // The read after the last publish saw the final value (150: even, so bookmarked).
    expect(got.at(-1)).toMatchObject({ sessionId, bookmarked: true });
  });

  it('a topic whose reader answers nothing (a draft session) sends nothing', async () => {
    const ten = await t.f.tenant();
    const socket = await socketOf(ten.tokens.participant);
    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual({ ok: true });
    const draft = await publishedSession(ten.event.id);
    await t.deps.db.updateTable('sessions').set({ status: 'DRAFT' }).where('id', '=', draft).execute();
    const published = await publishedSession(ten.event.id);
    const seen: unknown[] = [];
    socket.on(SEATS_EVENT, (p: unknown) => seen.push(p));
    const marker = collectUntil(
      socket,
      SEATS_EVENT,
      (p) => (p as { sessionId: string }).sessionId === published,
    );
    t.deps.realtime.publishLatest(rooms.event(ten.event.id), SEATS_EVENT, draft);
    t.deps.realtime.publishLatest(rooms.event(ten.event.id), SEATS_EVENT, published);
    await marker;
    expect(seen).toEqual([expect.objectContaining({ sessionId: published })]);
  });

  it('refuses a topic of an event no reader is registered for', () => {
    expect(() =>
      t.deps.realtime.publishLatest(rooms.event(crypto.randomUUID()), AGENDA_CHANGED_EVENT, 'x'),
    ).toThrow(/no reader/);
  });

  it('refuses a payload that breaks its contract (outside production)', () => {
    expect(() =>
      t.deps.realtime.emit(rooms.event(crypto.randomUUID()), SEATS_EVENT, { sessionId: 'x' } as never),
    ).toThrow();
  });
});
