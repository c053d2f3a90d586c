import { CHAT_MESSAGES } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participantToken, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { CHAT_LIMITS } from './chat.limits.js';

let t: TestContext;
let ten: Tenant;
let admin: Client;
type Person = Awaited<ReturnType<typeof participantToken>> & { c: Client };
let alice: Person;
let bob: Person;
let carol: Person;

async function person(): Promise<Person> {
  const p = await participantToken(t, ten.event.id);
  return { ...p, c: client(t, p.token, ten.event.id) };
}

async function direct(from: Person, to: Person): Promise<string> {
  const res = await from.c.post('chat/conversations', { kind: 'DIRECT', participantId: to.participantId });
  expect([200, 201], res.body).toContain(res.statusCode);
  return res.json().id as string;
}

async function say(from: Person, conversationId: string, text: string) {
  const res = await from.c.post(`chat/conversations/${conversationId}/messages`, { text });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; seq: number; text: string };
}

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
  alice = await person();
  bob = await person();
  carol = await person();
});
afterAll(() => t.close());

describe('chat: conversations and messages', () => {
  it('finds or creates one 1:1 per pair, from either side', async () => {
    const first = await alice.c.post('chat/conversations', {
      kind: 'DIRECT',
      participantId: bob.participantId,
    });
    expect(first.statusCode, first.body).toBe(201);
    const again = await alice.c.post('chat/conversations', {
      kind: 'DIRECT',
      participantId: bob.participantId,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(first.json().id);
    expect(await direct(bob, alice)).toBe(first.json().id);
    expect(first.json().other.participantId).toBe(bob.participantId);
    expect(first.json().members).toHaveLength(2);
    const self = await alice.c.post('chat/conversations', {
      kind: 'DIRECT',
      participantId: alice.participantId,
    });
    expect(self.statusCode).toBe(400);
    expect(self.json().fields.participantId).toBe(CHAT_MESSAGES.self);
  });

  it('numbers messages per conversation, reads after and before a seq, counts unread from the pointer', async () => {
    const id = await direct(alice, carol);
    const sent = [];
    for (const text of ['one', 'two', 'three', 'four']) sent.push(await say(alice, id, text));
    expect(sent.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
    const after = (await carol.c.get(`chat/conversations/${id}/messages?after=2`)).json();
    expect(after.messages.map((m: { text: string }) => m.text)).toEqual(['three', 'four']);
    expect(after.more).toBe(false);
    const before = (await carol.c.get(`chat/conversations/${id}/messages?before=4&limit=2`)).json();
    expect(before.messages.map((m: { seq: number }) => m.seq)).toEqual([2, 3]);
    expect(before.more).toBe(true);
    const newest = (await carol.c.get(`chat/conversations/${id}/messages?limit=3`)).json();
    expect(newest.messages.map((m: { seq: number }) => m.seq)).toEqual([2, 3, 4]);

    const list = (await carol.c.get('chat/conversations')).json();
    const row = list.records.find((r: { id: string }) => r.id === id);
    expect(row).toMatchObject({ unread: 4, lastSeq: 4, lastReadSeq: 0, kind: 'DIRECT' });
    expect(row.lastMessage.text).toBe('four');
    expect(row.name).toBe(`${row.other.firstName} ${row.other.lastName}`.trim());
    // The sender has read their own messages.
    expect((await alice.c.get('chat/conversations')).json().records[0]).toMatchObject({ id, unread: 0 });

    const read = await carol.c.call('PUT', `chat/conversations/${id}/read`, { seq: 3 });
    expect(read.json()).toEqual({ lastReadSeq: 3, unread: 1 });
    // Never back, never past the last message.
    expect((await carol.c.call('PUT', `chat/conversations/${id}/read`, { seq: 1 })).json().lastReadSeq).toBe(
      3,
    );
    expect((await carol.c.call('PUT', `chat/conversations/${id}/read`, { seq: 99 })).json()).toEqual({
      lastReadSeq: 4,
      unread: 0,
    });
    expect((await carol.c.get('chat/me')).json().unread).toBe(0);
  });

  it('lists conversations newest activity first, in pages', async () => {
    const ab = await direct(alice, bob);
    const ac = await direct(alice, carol);
    await say(alice, ab, 'latest');
    const page1 = (await alice.c.get('chat/conversations?limit=1')).json();
    expect(page1.total).toBe(2);
    expect(page1.records.map((r: { id: string }) => r.id)).toEqual([ab]);
    const page2 = (await alice.c.get('chat/conversations?limit=1&page=2')).json();
    expect(page2.records.map((r: { id: string }) => r.id)).toEqual([ac]);
  });

  it('strips HTML, refuses empty and too long text, answers a repeated clientId with the stored message', async () => {
    const id = await direct(alice, bob);
    const html = await say(alice, id, '<b>bold</b> <img src=x onerror=alert(1)>a < b <3 mail me@example.com');
    expect(html.text).toBe('bold a < b <3 mail me@example.com');
    const empty = await alice.c.post(`chat/conversations/${id}/messages`, { text: ' <i></i> ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields.text).toBe(CHAT_MESSAGES.empty);
    const long = await alice.c.post(`chat/conversations/${id}/messages`, { text: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.text).toBe(CHAT_MESSAGES.tooLong);
    const ok = await alice.c.post(`chat/conversations/${id}/messages`, { text: 'x'.repeat(2000) });
    expect(ok.statusCode).toBe(201);
    const first = await alice.c.post(`chat/conversations/${id}/messages`, { text: 'once', clientId: 'c-1' });
    const retry = await alice.c.post(`chat/conversations/${id}/messages`, { text: 'once', clientId: 'c-1' });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().id).toBe(first.json().id);
  });

  it('a conversation one is not a member of is 404', async () => {
    const id = await direct(alice, bob);
    expect((await carol.c.get(`chat/conversations/${id}`)).statusCode).toBe(404);
    expect((await carol.c.get(`chat/conversations/${id}/messages`)).statusCode).toBe(404);
    expect((await carol.c.post(`chat/conversations/${id}/messages`, { text: 'hi' })).statusCode).toBe(404);
  });
});

describe('chat: groups', () => {
  it('the creator adds members up to the event cap; others may not', async () => {
    expect((await admin.patch('chat/settings', { groupMemberCap: 3 })).json().groupMemberCap).toBe(3);
    const dave = await person();
    const created = await alice.c.post('chat/conversations', {
      kind: 'GROUP',
      name: 'Team',
      participantIds: [bob.participantId],
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    expect(created.json()).toMatchObject({ name: 'Team', memberCount: 2, canAddMembers: true });
    const byBob = await bob.c.post(`chat/conversations/${id}/members`, {
      participantIds: [carol.participantId],
    });
    expect(byBob.statusCode).toBe(403);
    expect(byBob.json().message).toBe(CHAT_MESSAGES.notCreator);
    const added = await alice.c.post(`chat/conversations/${id}/members`, {
      participantIds: [carol.participantId],
    });
    expect(added.json()).toMatchObject({ memberCount: 3, canAddMembers: false });
    const full = await alice.c.post(`chat/conversations/${id}/members`, {
      participantIds: [dave.participantId],
    });
    expect(full.statusCode).toBe(400);
    expect(full.json().fields.participantIds).toBe(CHAT_MESSAGES.groupFull);
    const tooBig = await alice.c.post('chat/conversations', {
      kind: 'GROUP',
      name: 'Big',
      participantIds: [bob.participantId, carol.participantId, dave.participantId],
    });
    expect(tooBig.statusCode).toBe(400);
    await say(carol, id, 'hello team');
    expect((await bob.c.get(`chat/conversations/${id}/messages`)).json().messages).toHaveLength(1);
    await admin.patch('chat/settings', { groupMemberCap: 20 });
  });
});

describe('chat: refusals', () => {
  it('a block stops 1:1 messages both ways and hides the pair from chat participants', async () => {
    const erin = await person();
    const frank = await person();
    const id = await direct(erin, frank);
    await say(erin, id, 'before the block');
    expect((await frank.c.call('PUT', `chat/blocks/${erin.participantId}`)).json()).toEqual({
      participantId: erin.participantId,
      blocked: true,
    });
    const refused = await erin.c.post(`chat/conversations/${id}/messages`, { text: 'hello?' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(CHAT_MESSAGES.blocked);
    expect((await frank.c.post(`chat/conversations/${id}/messages`, { text: 'x' })).statusCode).toBe(403);
    const again = await erin.c.post('chat/conversations', {
      kind: 'DIRECT',
      participantId: frank.participantId,
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe(CHAT_MESSAGES.blocked);
    const partners = (await erin.c.get('participants/chat-participants?limit=100')).json();
    expect(partners.records.map((r: { participantId: string }) => r.participantId)).not.toContain(
      frank.participantId,
    );
    expect((await frank.c.get('chat/blocks')).json().records).toHaveLength(1);
    await frank.c.delete(`chat/blocks/${erin.participantId}`);
    expect((await erin.c.post(`chat/conversations/${id}/messages`, { text: 'hello again' })).statusCode).toBe(
      201,
    );
  });

  it('a hidden profile cannot be messaged nor found', async () => {
    const gina = await person();
    await t.deps.db
      .updateTable('participants')
      .set({ profileHidden: true })
      .where('id', '=', gina.participantId)
      .execute();
    const res = await alice.c.post('chat/conversations', {
      kind: 'DIRECT',
      participantId: gina.participantId,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.participantId).toBe(CHAT_MESSAGES.notMessageable);
    const partners = (await alice.c.get(`participants/chat-participants?limit=100`)).json();
    const ids = partners.records.map((r: { participantId: string }) => r.participantId);
    expect(ids).not.toContain(gina.participantId);
    expect(ids).toContain(bob.participantId);
    expect(ids).not.toContain(alice.participantId);
    const search = (await alice.c.get(`participants/chat-participants?search=zzzznobody`)).json();
    expect(search.total).toBe(0);
  });

  it('a blacklisted participant can neither send nor read; the flags say so', async () => {
    const id = await direct(alice, bob);
    expect((await admin.call('PUT', `chat/blacklist/${bob.participantId}`)).statusCode).toBe(200);
    const list = (await admin.get('chat/blacklist')).json();
    expect(list.records.map((r: { participantId: string }) => r.participantId)).toEqual([bob.participantId]);
    const read = await bob.c.get(`chat/conversations/${id}/messages`);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(CHAT_MESSAGES.blacklisted);
    expect((await bob.c.post(`chat/conversations/${id}/messages`, { text: 'x' })).statusCode).toBe(403);
    expect((await bob.c.get('chat/me')).json()).toMatchObject({ chatActive: true, hasChatAccess: false });
    // Nobody can start or continue a 1:1 with them either.
    expect((await alice.c.post(`chat/conversations/${id}/messages`, { text: 'x' })).statusCode).toBe(403);
    await admin.delete(`chat/blacklist/${bob.participantId}`);
    expect((await bob.c.get(`chat/conversations/${id}/messages`)).statusCode).toBe(200);
  });

  it('chat switched off: every participant route but the flags is 403', async () => {
    expect((await admin.patch('chat/settings', { enabled: false })).json().enabled).toBe(false);
    const res = await alice.c.get('chat/conversations');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(CHAT_MESSAGES.chatOff);
    expect((await alice.c.get('chat/me')).json()).toMatchObject({ chatActive: false, hasChatAccess: false });
    await admin.patch('chat/settings', { enabled: true });
    expect((await alice.c.get('chat/conversations')).statusCode).toBe(200);
  });
});

describe('chat: reports and session chats', () => {
  it('a member reports a message once; the organiser hides it for everyone', async () => {
    const id = await direct(alice, carol);
    const m = await say(alice, id, 'rude words');
    const own = await alice.c.post(`chat/messages/${m.id}/report`, { reason: 'mine' });
    expect(own.statusCode).toBe(400);
    const reported = await carol.c.post(`chat/messages/${m.id}/report`, { reason: 'Offensive' });
    expect(reported.statusCode, reported.body).toBe(201);
    expect((await carol.c.post(`chat/messages/${m.id}/report`, { reason: 'again' })).statusCode).toBe(409);
    expect((await bob.c.post(`chat/messages/${m.id}/report`, { reason: 'not mine' })).statusCode).toBe(404);
    const reports = (await admin.get('chat/reports?status=OPEN')).json();
    const report = reports.records.find((r: { messageId: string }) => r.messageId === m.id);
    expect(report).toMatchObject({ reason: 'Offensive', messageText: 'rude words', status: 'OPEN' });
    const hidden = await admin.post(`chat/reports/${report.id}/resolve`, { action: 'HIDE' });
    expect(hidden.json()).toEqual({ id: report.id, status: 'HIDDEN' });
    const messages = (await carol.c.get(`chat/conversations/${id}/messages?after=${m.seq - 1}`)).json();
    expect(messages.messages[0]).toMatchObject({ id: m.id, hidden: true, text: '' });
  });

  it('a session chat exists only when switched on and admits who sees the session', async () => {
    const s = await session(admin, { name: 'Chatty', status: 'PUBLISHED' });
    const off = await alice.c.post(`chat/sessions/${s.id}/conversation`);
    expect(off.statusCode).toBe(403);
    expect(off.json().message).toBe(CHAT_MESSAGES.sessionChatsOff);
    await admin.patch('chat/settings', { sessionChats: true });
    const joined = await alice.c.post(`chat/sessions/${s.id}/conversation`);
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ kind: 'SESSION', name: 'Chatty', sessionId: s.id });
    const id = joined.json().id as string;
    await say(alice, id, 'hello session');
    // Bob sees the session: he reads it (joining lazily).
    expect((await bob.c.get(`chat/conversations/${id}/messages`)).json().messages).toHaveLength(1);
    const draft = await session(admin, { name: 'Hidden', status: 'DRAFT' });
    expect((await alice.c.post(`chat/sessions/${draft.id}/conversation`)).statusCode).toBe(404);
    await admin.patch('chat/settings', { sessionChats: false });
  });
});

describe('chat: limits', () => {
  it('refuses a burst of messages over the limit with 429 and Retry-After', async () => {
    const hank = await person();
    const ivy = await person();
    const id = await direct(hank, ivy);
    let refused: Awaited<ReturnType<Client['post']>> | undefined;
    for (let i = 0; i < 2 * CHAT_LIMITS.message.limit + 1 && !refused; i++) {
      const res = await hank.c.post(`chat/conversations/${id}/messages`, { text: `burst ${i}` });
      if (res.statusCode === 429) refused = res;
      else expect(res.statusCode).toBe(201);
    }
    expect(refused?.statusCode).toBe(429);
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
  });
});
