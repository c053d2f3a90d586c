import type { AddressInfo } from 'node:net';
import { AGENDA_CHANGED_EVENT, PROMOTED_EVENT, REALTIME_MESSAGES, rooms, SEATS_EVENT } from '@plenary/domain';
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
  it("a participant may not join another event's room, the staff room, another user's room or a reserved kind", async () => {
    const ten = await t.f.tenant();
    const other = await t.f.event();
    const socket = await socketOf(ten.tokens.participant);
    expect(await subscribe(socket, rooms.event(other.id))).toEqual(FORBIDDEN);
    expect(await subscribe(socket, rooms.eventStaff(ten.event.id))).toEqual(FORBIDDEN);
    expect(await subscribe(socket, rooms.user(ten.users.moderator.id))).toEqual(FORBIDDEN);
    expect(await subscribe(socket, `leaderboard:${ten.event.id}`)).toEqual(UNKNOWN); // no module registered it yet
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

describe('publishLatest', () => {
  it('1,000 updates in one burst reach a subscriber as at most two messages (leading and trailing edge), the last with the final state', async () => {
    const ten = await t.f.tenant();
    const socket = await socketOf(ten.tokens.participant);
    expect(await subscribe(socket, rooms.event(ten.event.id))).toEqual({ ok: true });
    const sessionId = crypto.randomUUID();
    let enrolledCount = 0;
    const read = async () => ({
      sessionId,
      enrolledCount,
      waitlistedCount: 0,
      capacity: null,
      waitlist: false,
    });
    const got = collectUntil(
      socket,
      SEATS_EVENT,
      (p) => (p as { enrolledCount: number }).enrolledCount === 1000,
    );
    for (let i = 0; i < 1000; i++) {
      enrolledCount++;
      t.deps.realtime.publishLatest(rooms.event(ten.event.id), SEATS_EVENT, sessionId, read);
    }
    const messages = (await got) as Array<{ enrolledCount: number }>;
    expect(messages.length).toBeLessThanOrEqual(2);
    expect(messages.at(-1)).toMatchObject({ sessionId, enrolledCount: 1000 });
  });

  it('refuses a payload that breaks its contract (outside production)', () => {
    expect(() =>
      t.deps.realtime.emit(rooms.event(crypto.randomUUID()), SEATS_EVENT, { sessionId: 'x' } as never),
    ).toThrow();
  });
});
