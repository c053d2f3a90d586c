import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import { participantToken } from '../agenda/agenda.test-utils.js';

/**
 * Who may call the chat routes (test/permission-matrix.ts): the participant routes, the event's
 * participants ('self': staff who do not take part get 404 like another tenant); chat-participants,
 * anyone with a role in the event ('member'); settings, blacklist and reports, admins ('admin').
 * Then malformed input: 400 with field messages, never 500.
 */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
interface Target {
  tenant: Tenant;
  other: { token: string; participantId: string };
  conversationId: string;
  groupId: string;
  sessionId: string;
  reportId: string;
}

let t: TestContext;
let a: Target;
let b: Target;

async function ok(res: Promise<{ statusCode: number; body: string; json: () => unknown }>, status = 201) {
  const r = await res;
  if (r.statusCode !== status) throw new Error(`${r.statusCode} ${r.body}`);
  return r.json() as { id: string; [k: string]: unknown };
}

async function target(tenant: Tenant): Promise<Target> {
  const eventId = tenant.event.id;
  const url = (p: string) => `/api/v1/events/${eventId}/${p}`;
  const me = tenant.tokens.participant;
  const other = await participantToken(t, eventId);
  const post = (token: string, p: string, payload: object, status = 201) =>
    ok(t.as(token, { method: 'POST', url: url(p), payload }), status);
  const conversation = await post(me, 'chat/conversations', {
    kind: 'DIRECT',
    participantId: other.participantId,
  });
  const group = await post(me, 'chat/conversations', { kind: 'GROUP', name: 'G', participantIds: [] });
  const message = await post(other.token, `chat/conversations/${conversation.id}/messages`, { text: 'hi' });
  const report = await post(me, `chat/messages/${message.id}/report`, { reason: 'spam' });
  const session = await post(tenant.tokens.eventAdmin, 'sessions', {
    name: 'S',
    startDate: '2030-06-01',
    startTime: '10:00 AM',
    endDate: '2030-06-01',
    endTime: '11:00 AM',
    status: 'PUBLISHED',
  });
  await ok(
    t.as(tenant.tokens.eventAdmin, {
      method: 'PATCH',
      url: url('chat/settings'),
      payload: { sessionChats: true },
    }),
    200,
  );
  return {
    tenant,
    other,
    conversationId: conversation.id,
    groupId: group.id,
    sessionId: session.id,
    reportId: report.id,
  };
}

const chat = (x: Target, rest: string) => ev(x, `chat/${rest}`);

/** A new message of the other participant in the 1:1 (a report consumes one). */
async function freshMessage(x: Target): Promise<string> {
  const res = await t.as(x.other.token, {
    method: 'POST',
    url: chat(x, `conversations/${x.conversationId}/messages`),
    payload: { text: 'report me' },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
}

const CASES = eventCases<Target>([
  { name: 'chat flags', method: 'GET', kind: 'self', ok: 200, request: at((x) => chat(x, 'me')) },
  {
    name: 'conversations',
    method: 'GET',
    kind: 'self',
    ok: 200,
    request: at((x) => chat(x, 'conversations')),
  },
  {
    name: 'find the 1:1',
    method: 'POST',
    kind: 'self',
    ok: 200,
    request: at(
      (x) => chat(x, 'conversations'),
      (x) => ({ kind: 'DIRECT', participantId: x.other.participantId }),
    ),
  },
  {
    name: 'a conversation',
    method: 'GET',
    kind: 'self',
    ok: 200,
    request: at((x) => chat(x, `conversations/${x.conversationId}`)),
  },
  {
    name: 'add group members',
    method: 'POST',
    kind: 'self',
    ok: 200,
    request: at(
      (x) => chat(x, `conversations/${x.groupId}/members`),
      (x) => ({ participantIds: [x.other.participantId] }),
    ),
  },
  {
    name: 'messages',
    method: 'GET',
    kind: 'self',
    ok: 200,
    request: at((x) => chat(x, `conversations/${x.conversationId}/messages?after=0`)),
  },
  {
    name: 'send',
    method: 'POST',
    kind: 'self',
    ok: 201,
    request: at(
      (x) => chat(x, `conversations/${x.conversationId}/messages`),
      () => ({ text: 'matrix' }),
    ),
  },
  {
    name: 'mark read',
    method: 'PUT',
    kind: 'self',
    ok: 200,
    request: at(
      (x) => chat(x, `conversations/${x.conversationId}/read`),
      () => ({ seq: 1 }),
    ),
  },
  {
    name: "join a session's chat",
    method: 'POST',
    kind: 'self',
    ok: 200,
    request: at((x) => chat(x, `sessions/${x.sessionId}/conversation`)),
  },
  { name: 'blocks', method: 'GET', kind: 'self', ok: 200, request: at((x) => chat(x, 'blocks')) },
  {
    name: 'block',
    method: 'PUT',
    kind: 'self',
    ok: 200,
    request: at((x) => chat(x, `blocks/${x.other.participantId}`)),
  },
  {
    name: 'unblock',
    method: 'DELETE',
    kind: 'self',
    ok: 200,
    request: at((x) => chat(x, `blocks/${x.other.participantId}`)),
  },
  {
    name: 'report a message',
    method: 'POST',
    kind: 'self',
    ok: 201,
    request: async (x) => ({
      url: chat(x, `messages/${await freshMessage(x)}/report`),
      payload: { reason: 'matrix' },
    }),
  },
  {
    name: 'chat participants',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'participants/chat-participants')),
  },
  { name: 'settings', method: 'GET', kind: 'admin', ok: 200, request: at((x) => chat(x, 'settings')) },
  {
    name: 'change settings',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => chat(x, 'settings'),
      () => ({ groupMemberCap: 20 }),
    ),
  },
  { name: 'reports', method: 'GET', kind: 'admin', ok: 200, request: at((x) => chat(x, 'reports')) },
  {
    name: 'resolve a report',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => chat(x, `reports/${x.reportId}/resolve`),
      () => ({ action: 'DISMISS' }),
    ),
  },
  { name: 'blacklist', method: 'GET', kind: 'admin', ok: 200, request: at((x) => chat(x, 'blacklist')) },
  {
    name: 'blacklist someone',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: at((x) => chat(x, `blacklist/${x.other.participantId}`)),
  },
  {
    name: 'take someone off the blacklist',
    method: 'DELETE',
    kind: 'admin',
    ok: 200,
    request: at((x) => chat(x, `blacklist/${x.other.participantId}`)),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('chat: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});

describe('chat: malformed input', () => {
  it('answers 400 with field messages, never 500', async () => {
    const me = a.tenant.tokens.participant;
    const admin = a.tenant.tokens.eventAdmin;
    const call = (token: string, method: 'POST' | 'PUT' | 'PATCH' | 'GET', path: string, payload?: unknown) =>
      t.as(token, {
        method,
        url: chat(a, path),
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
    const send = `conversations/${a.conversationId}/messages`;
    const bad: Array<[string, 'POST' | 'PUT' | 'PATCH', string, unknown, string, string?]> = [
      [me, 'POST', send, {}, 'text'],
      [me, 'POST', send, { text: 'a\u0000b' }, 'text'],
      [me, 'POST', send, { text: 'a\ud800b' }, 'text'],
      [me, 'POST', send, { text: 'x'.repeat(100_000) }, 'text'],
      [me, 'POST', send, { text: 42 }, 'text'],
      [me, 'POST', send, { text: 'ok', clientId: 'has spaces' }, 'clientId'],
      [me, 'POST', 'conversations', { kind: 'DIRECT' }, 'participantId'],
      [me, 'POST', 'conversations', { kind: 'DIRECT', participantId: 'nope' }, 'participantId'],
      [me, 'POST', 'conversations', { kind: 'GROUP', name: '', participantIds: [] }, 'name'],
      [me, 'POST', 'conversations', { kind: 'GROUP', name: 'n'.repeat(101), participantIds: [] }, 'name'],
      [me, 'POST', 'conversations', { kind: 'GROUP', name: 'G', participantIds: ['x'] }, 'participantIds.0'],
      [me, 'POST', 'conversations', { kind: 'ELSE' }, 'kind'],
      [me, 'POST', `conversations/${a.groupId}/members`, { participantIds: [] }, 'participantIds'],
      [me, 'PUT', `conversations/${a.conversationId}/read`, { seq: -1 }, 'seq'],
      [me, 'PUT', `conversations/${a.conversationId}/read`, { seq: 'x' }, 'seq'],
      [me, 'POST', `messages/${a.reportId}/report`, { reason: '' }, 'reason'],
      [me, 'POST', `messages/${a.reportId}/report`, { reason: 'r'.repeat(501) }, 'reason'],
      [admin, 'PATCH', 'settings', { groupMemberCap: 1 }, 'groupMemberCap'],
      [admin, 'PATCH', 'settings', { enabled: 'yes' }, 'enabled'],
      [admin, 'POST', `reports/${a.reportId}/resolve`, { action: 'DELETE' }, 'action'],
    ];
    for (const [token, method, path, body, field] of bad) {
      const res = await call(token, method, path, body);
      expect(
        res.statusCode,
        `${method} ${path} ${JSON.stringify(body).slice(0, 80)} ${res.body.slice(0, 200)}`,
      ).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), res.body.slice(0, 200)).toContain(field);
    }
    for (const q of ['after=-1', 'after=x', 'before=0', 'limit=0', 'limit=1000', 'after=99999999999']) {
      const res = await call(me, 'GET', `conversations/${a.conversationId}/messages?${q}`);
      expect(res.statusCode, `${q} ${res.body}`).toBe(400);
    }
    for (const path of ['conversations/nope', 'conversations/nope/messages', 'messages/nope/report']) {
      const res = await call(
        me,
        path.endsWith('report') ? 'POST' : 'GET',
        path,
        path.endsWith('report') ? { reason: 'x' } : undefined,
      );
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await call(me, 'GET', 'conversations?page=0')).statusCode).toBe(400);
  });
});
