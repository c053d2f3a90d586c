import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOKMARK_CHANGED_EVENT } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { client, participantToken, session, type Client, type Tenant } from './agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let eventId: string;
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
  recordEmits(t, emitted);
});
afterAll(() => t.close());

const put = (c: Client, sessionId: string) => c.call('PUT', `sessions/v2/${sessionId}/bookmark`);
const ids = async (c: Client) => {
  const res = await c.get('sessions/v2/bookmarks');
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessionIds: string[] }).sessionIds;
};
const bookmarkEmits = (userId: string) =>
  emitted.filter((e) => e.room === `user:${userId}` && e.event === BOOKMARK_CHANGED_EVENT);

describe('bookmarks', () => {
  it('stars and unstars a session idempotently, per user, telling only the user’s room of each change', async () => {
    const later = await session(admin, { name: 'Later', startTime: '02:00 PM', endTime: '03:00 PM' });
    const early = await session(admin, { name: 'Early' });
    const me = await participantToken(t, eventId);
    const someoneElse = await participantToken(t, eventId);
    const as = client(t, me.token, eventId);

    const first = await put(as, later.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ sessionId: later.id, bookmarked: true });
    const again = await put(as, later.id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ sessionId: later.id, bookmarked: true });
    expect((await put(as, early.id)).statusCode).toBe(200);

    // By start time; nobody else sees them.
    expect(await ids(as)).toEqual([early.id, later.id]);
    expect(await ids(client(t, someoneElse.token, eventId))).toEqual([]);
    const rows = await t.deps.db
      .selectFrom('sessionBookmarks')
      .select('sessionId')
      .where('userId', '=', me.userId)
      .execute();
    expect(rows).toHaveLength(2);

    const removed = await as.delete(`sessions/v2/${later.id}/bookmark`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ sessionId: later.id, bookmarked: false });
    const removedAgain = await as.delete(`sessions/v2/${later.id}/bookmark`);
    expect(removedAgain.statusCode).toBe(200);
    expect(removedAgain.json()).toEqual({ sessionId: later.id, bookmarked: false });
    expect(await ids(as)).toEqual([early.id]);

    // One message per change (the repeated PUT and DELETE changed nothing), none to anyone else.
    expect(bookmarkEmits(me.userId).map((e) => e.payload)).toEqual([
      { eventId, sessionId: later.id, bookmarked: true },
      { eventId, sessionId: early.id, bookmarked: true },
      { eventId, sessionId: later.id, bookmarked: false },
    ]);
    expect(bookmarkEmits(someoneElse.userId)).toEqual([]);
  });

  it('lets staff who do not take part bookmark published sessions', async () => {
    const s = await session(admin, { name: 'For the admin' });
    expect((await put(admin, s.id)).json()).toEqual({ sessionId: s.id, bookmarked: true });
    expect(await ids(admin)).toContain(s.id);
  });

  it('answers 404 for sessions the caller can not see, keeps hidden ones out of the list, and lets them be removed', async () => {
    const draft = await session(admin, { name: 'Draft', status: 'DRAFT' });
    const shown = await session(admin, { name: 'Shown' });
    const me = await participantToken(t, eventId);
    const as = client(t, me.token, eventId);
    expect((await put(as, draft.id)).statusCode).toBe(404);

    expect((await put(as, shown.id)).statusCode).toBe(200);
    expect((await admin.patch(`sessions/${shown.id}`, { status: 'DRAFT' })).statusCode).toBe(200);
    expect(await ids(as)).toEqual([]);
    expect((await put(as, shown.id)).statusCode).toBe(404);
    expect((await as.delete(`sessions/v2/${shown.id}/bookmark`)).json()).toEqual({
      sessionId: shown.id,
      bookmarked: false,
    });
  });

  it('checks the tenant: another tenant’s event or a session of another event is 404', async () => {
    const mine = await session(admin, { name: 'Mine' });
    const theirs = await session(client(t, other.tokens.eventAdmin, other.event.id), { name: 'Theirs' });
    const me = await participantToken(t, eventId);
    const as = client(t, me.token, eventId);

    // A session of another tenant's event, through my event's URL.
    expect((await put(as, theirs.id)).statusCode).toBe(404);
    expect((await as.delete(`sessions/v2/${theirs.id}/bookmark`)).statusCode).toBe(404);
    // Another tenant's event, even with a session of it.
    const intoOther = client(t, me.token, other.event.id);
    expect((await put(intoOther, theirs.id)).statusCode).toBe(404);
    expect((await intoOther.get('sessions/v2/bookmarks')).statusCode).toBe(404);
    // Their participant on my event.
    const them = client(t, other.tokens.participant, eventId);
    expect((await put(them, mine.id)).statusCode).toBe(404);
    expect(
      await t.deps.db
        .selectFrom('sessionBookmarks')
        .select('userId')
        .where('sessionId', '=', theirs.id)
        .execute(),
    ).toEqual([]);
  });

  it('asks for a sign-in and refuses malformed ids with field messages', async () => {
    const s = await session(admin, { name: 'Anyone' });
    const anonymous = client(t, undefined, eventId);
    expect((await put(anonymous, s.id)).statusCode).toBe(401);
    expect((await anonymous.get('sessions/v2/bookmarks')).statusCode).toBe(401);
    const me = await participantToken(t, eventId);
    const bad = await put(client(t, me.token, eventId), 'not-a-uuid');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('sessionId');
    expect((await client(t, me.token, 'nope').get('sessions/v2/bookmarks')).statusCode).toBe(400);
  });
});
