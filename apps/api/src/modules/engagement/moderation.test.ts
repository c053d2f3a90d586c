import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_MESSAGES, ENGAGEMENT_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participantToken, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { qaInstance } from './qa.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let eventId: string;
let sessionId: string;
/** The tenant's moderator, listed on `sessionId`. */
let listed: Client;
/** Another moderator of the event, not listed on `sessionId`. */
let unlisted: Client;
let unlistedUserId: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
  const mod2 = await t.f.user({ firstName: 'Una', lastName: 'Listed' });
  await t.f.grant(mod2.id, 'event', eventId, 'moderator');
  unlistedUserId = mod2.id;
  unlisted = client(t, await t.f.token(mod2.id), eventId);
  listed = client(t, ten.tokens.moderator, eventId);
  sessionId = (
    await session(admin, {
      name: 'Moderated keynote',
      startTime: '09:00 AM',
      endTime: '10:30 AM',
      moderatorUserIds: [ten.users.moderator.id],
    })
  ).id;
});
afterAll(() => t.close());

async function participant() {
  const p = await participantToken(t, eventId);
  return { ...p, c: client(t, p.token, eventId) };
}
const ask = async (c: Client, instanceId: string, text: string, anonymous = false) => {
  const res = await c.post(`engagement/instances/${instanceId}/questions`, { text, anonymous });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
};
const moderate = (c: Client, id: string, body: Record<string, unknown>) =>
  c.post(`moderation/answers/${id}/moderate`, body);
const queueOf = async (c: Client, toolId: string, instanceId: string, query = '') => {
  const res = await c.get(`moderation/engagement-tools/${toolId}/instances/${instanceId}/answers${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    records: Array<{
      id: string;
      text: string;
      status: string;
      starred: boolean;
      highlighted: boolean;
      answered: boolean;
      originalText: string | null;
      author: string | null;
      replies: Array<{ text: string; author: string }>;
    }>;
  };
};
const boardTexts = async (c: Client, instanceId: string) => {
  const res = await c.get(`engagement/instances/${instanceId}/questions?sort=NEWEST_LAST`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { records: Array<{ text: string }> }).records.map((r) => r.text);
};

describe('moderation decisions', () => {
  it('approves, rejects, edits keeping the original, stars, highlights one at a time, archives and restores, each logged', async () => {
    const { toolId, instanceId } = await qaInstance(t, eventId, sessionId, { moderated: true });
    const me = await participant();
    const a = await ask(me.c, instanceId, 'Question A');
    const b = await ask(me.c, instanceId, 'Question B with a typo', true);
    const c = await ask(me.c, instanceId, 'Question C rude');

    const queue = await queueOf(listed, toolId, instanceId);
    expect(queue.total).toBe(3);
    expect(queue.records.every((r) => r.status === 'PENDING')).toBe(true);
    // The anonymous asker stays anonymous to moderators too.
    expect(queue.records.find((r) => r.id === b)!.author).toBeNull();
    expect(await boardTexts(me.c, instanceId)).toEqual([]);

    const approved = await moderate(listed, a, { action: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ id: a, status: 'APPROVED' });
    const edited = await moderate(admin, b, { action: 'EDIT_AND_APPROVE', text: 'Question B, corrected' });
    expect(edited.json()).toMatchObject({
      status: 'APPROVED',
      text: 'Question B, corrected',
      originalText: 'Question B with a typo',
    });
    // A second edit keeps the text as asked.
    expect(
      (await moderate(admin, b, { action: 'EDIT_AND_APPROVE', text: 'Question B, final' })).json()
        .originalText,
    ).toBe('Question B with a typo');
    expect((await moderate(listed, c, { action: 'REJECT' })).json().status).toBe('REJECTED');
    expect(await boardTexts(me.c, instanceId)).toEqual(['Question A', 'Question B, final']);

    expect((await moderate(listed, a, { action: 'STAR' })).json().starred).toBe(true);
    expect((await moderate(listed, a, { action: 'UNSTAR' })).json().starred).toBe(false);

    // One highlighted question per instance.
    expect((await moderate(listed, a, { action: 'HIGHLIGHT' })).json().highlighted).toBe(true);
    expect((await moderate(listed, b, { action: 'HIGHLIGHT' })).json().highlighted).toBe(true);
    const highlighted = (await queueOf(listed, toolId, instanceId)).records.filter((r) => r.highlighted);
    expect(highlighted.map((r) => r.id)).toEqual([b]);
    // Rejected or pending questions can not be highlighted nor archived.
    const refused = await moderate(listed, c, { action: 'HIGHLIGHT' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ENGAGEMENT_MESSAGES.notApproved);
    expect((await moderate(listed, c, { action: 'MARK_ANSWERED' })).statusCode).toBe(409);

    const archived = await moderate(listed, b, { action: 'MARK_ANSWERED' });
    expect(archived.json()).toMatchObject({ answered: true, highlighted: false });
    expect((await moderate(listed, b, { action: 'RESTORE' })).json().answered).toBe(false);

    const decisions = await listed.get(
      `moderation/engagement-tools/${toolId}/instances/${instanceId}/decisions`,
    );
    expect(decisions.statusCode, decisions.body).toBe(200);
    const log = decisions.json() as {
      total: number;
      records: Array<{
        action: string;
        questionId: string;
        by: string;
        before: string | null;
        after: string | null;
      }>;
    };
    // The refused ones (409) are not decisions.
    expect(log.total).toBe(10);
    expect(log.records.map((r) => r.action).reverse()).toEqual([
      'APPROVE',
      'EDIT_AND_APPROVE',
      'EDIT_AND_APPROVE',
      'REJECT',
      'STAR',
      'UNSTAR',
      'HIGHLIGHT',
      'HIGHLIGHT',
      'MARK_ANSWERED',
      'RESTORE',
    ]);
    expect(log.records.every((r) => r.by.length > 0)).toBe(true);
    const edits = log.records.filter((r) => r.action === 'EDIT_AND_APPROVE').reverse();
    expect(edits.map((r) => [r.before, r.after])).toEqual([
      ['Question B with a typo', 'Question B, corrected'],
      ['Question B, corrected', 'Question B, final'],
    ]);
    const rows = await t.deps.db
      .selectFrom('moderationDecisions')
      .select(['action', 'byUserId'])
      .where('instanceId', '=', instanceId)
      .orderBy('at')
      .execute();
    expect(rows).toHaveLength(10);
    expect(rows.filter((r) => r.action === 'APPROVE')[0]!.byUserId).toBe(ten.users.moderator.id);
    expect(rows.filter((r) => r.action === 'EDIT_AND_APPROVE')[0]!.byUserId).toBe(ten.users.eventAdmin.id);
    const paged = await listed.get(
      `moderation/engagement-tools/${toolId}/instances/${instanceId}/decisions?limit=2&page=2`,
    );
    expect(paged.json().records).toEqual(log.records.slice(2, 4));
  });

  it('leaves exactly one question highlighted when moderators highlight different ones at once', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId);
    const me = await participant();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await ask(me.c, instanceId, `Concurrent ${i}`));
    const results = await Promise.all(
      ids.map((id, i) => moderate(i % 2 ? admin : listed, id, { action: 'HIGHLIGHT' })),
    );
    expect(results.map((r) => r.statusCode)).toEqual(ids.map(() => 200));
    const highlighted = await t.deps.db
      .selectFrom('qaQuestions')
      .select('id')
      .where('instanceId', '=', instanceId)
      .where('highlighted', '=', true)
      .execute();
    expect(highlighted).toHaveLength(1);
  });

  it('replies under the moderator’s name, shown with approved questions and logged', async () => {
    const { toolId, instanceId } = await qaInstance(t, eventId, sessionId);
    const me = await participant();
    const q = await ask(me.c, instanceId, 'When is lunch?');
    const res = await listed.post(`moderation/reply/${q}`, { text: '  At noon.  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().replies).toEqual([
      {
        id: expect.any(String),
        text: 'At noon.',
        author: expect.stringMatching(/\S/),
        createdAt: expect.any(String),
      },
    ]);
    const board = await me.c.get(`engagement/instances/${instanceId}/questions`);
    expect(board.json().records[0].replies.map((r: { text: string }) => r.text)).toEqual(['At noon.']);
    const log = await admin.get(`moderation/engagement-tools/${toolId}/instances/${instanceId}/decisions`);
    expect(log.json().records).toMatchObject([{ action: 'REPLY', questionId: q, after: 'At noon.' }]);
    for (const body of [{}, { text: '' }, { text: 'x'.repeat(2001) }])
      expect((await listed.post(`moderation/reply/${q}`, body)).statusCode).toBe(400);
  });

  it('refuses malformed decisions with field messages', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId, { moderated: true });
    const me = await participant();
    const q = await ask(me.c, instanceId, 'Malformed?');
    for (const body of [
      {},
      { action: 'DELETE' },
      { action: 'EDIT_AND_APPROVE' },
      { action: 'EDIT_AND_APPROVE', text: '   ' },
      { action: 'EDIT_AND_APPROVE', text: 'x'.repeat(501) },
      { action: 42 },
    ]) {
      const res = await moderate(admin, q, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, res.body).toBeGreaterThan(0);
    }
    expect(
      (await admin.post(`moderation/answers/not-a-uuid/moderate`, { action: 'APPROVE' })).statusCode,
    ).toBe(400);
    const row = await t.deps.db
      .selectFrom('qaQuestions')
      .select('status')
      .where('id', '=', q)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
  });
});

describe('who may moderate', () => {
  it('admins and the session’s listed moderators; other moderators and participants 403; another tenant 404', async () => {
    const { toolId, instanceId } = await qaInstance(t, eventId, sessionId, { moderated: true });
    const me = await participant();
    const q = await ask(me.c, instanceId, 'Who decides?');
    const queuePath = `moderation/engagement-tools/${toolId}/instances/${instanceId}/answers`;
    const decisionsPath = `moderation/engagement-tools/${toolId}/instances/${instanceId}/decisions`;

    expect((await admin.get(queuePath)).statusCode).toBe(200);
    expect((await listed.get(queuePath)).statusCode).toBe(200);
    for (const c of [unlisted, me.c]) {
      expect((await c.get(queuePath)).statusCode).toBe(403);
      expect((await c.get(decisionsPath)).statusCode).toBe(403);
      expect((await moderate(c, q, { action: 'APPROVE' })).statusCode).toBe(403);
      expect((await c.post(`moderation/reply/${q}`, { text: 'Hi' })).statusCode).toBe(403);
    }
    expect((await client(t, undefined, eventId).get(queuePath)).statusCode).toBe(401);

    // Another tenant's staff on my event, and my ids through their event.
    const theirAdmin = client(t, other.tokens.eventAdmin, eventId);
    expect((await theirAdmin.get(queuePath)).statusCode).toBe(404);
    expect((await moderate(theirAdmin, q, { action: 'APPROVE' })).statusCode).toBe(404);
    const viaTheirs = client(t, other.tokens.eventAdmin, other.event.id);
    expect((await viaTheirs.get(queuePath)).statusCode).toBe(404);
    expect((await moderate(viaTheirs, q, { action: 'APPROVE' })).statusCode).toBe(404);
    expect((await viaTheirs.post(`moderation/reply/${q}`, { text: 'x' })).statusCode).toBe(404);
    // The instance through another tool's path.
    const otherTool = await qaInstance(t, eventId, sessionId);
    expect(
      (await admin.get(`moderation/engagement-tools/${otherTool.toolId}/instances/${instanceId}/answers`))
        .statusCode,
    ).toBe(404);
    const row = await t.deps.db
      .selectFrom('qaQuestions')
      .select('status')
      .where('id', '=', q)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('PENDING');
    expect(
      await t.deps.db.selectFrom('qaReplies').select('id').where('questionId', '=', q).execute(),
    ).toEqual([]);
  });
});

describe('instance status on the moderation path', () => {
  it('opens and closes with the instances service’s rules, for the session’s staff only', async () => {
    const { toolId, instanceId } = await qaInstance(t, eventId, sessionId);
    const me = await participant();
    const path = `moderation/engagement-tools/${toolId}/instances/${instanceId}/status`;
    const put = (c: Client, body: unknown) => c.call('PUT', path, body);

    const closed = await put(listed, { status: 'CLOSED' });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ id: instanceId, status: 'CLOSED', closedAt: expect.any(String) });
    const late = await me.c.post(`engagement/instances/${instanceId}/questions`, { text: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect((await put(admin, { status: 'OPEN' })).json().status).toBe('OPEN');
    await ask(me.c, instanceId, 'Open again');

    for (const body of [{}, { status: 'SCHEDULED' }, { status: 'open' }])
      expect((await put(admin, body)).statusCode, JSON.stringify(body)).toBe(400);
    expect((await put(unlisted, { status: 'CLOSED' })).statusCode).toBe(403);
    expect((await put(me.c, { status: 'CLOSED' })).statusCode).toBe(403);
    expect((await put(client(t, other.tokens.eventAdmin, eventId), { status: 'CLOSED' })).statusCode).toBe(
      404,
    );
    const otherTool = await qaInstance(t, eventId, sessionId);
    expect(
      (
        await admin.call(
          'PUT',
          `moderation/engagement-tools/${otherTool.toolId}/instances/${instanceId}/status`,
          { status: 'CLOSED' },
        )
      ).statusCode,
    ).toBe(404);
    const row = await t.deps.db
      .selectFrom('engagementInstances')
      .select('status')
      .where('id', '=', instanceId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('OPEN');
  });
});

describe('moderation sessions', () => {
  it('lists every session to admins and the listed ones to moderators, with counts and the time slot', async () => {
    const ev = await t.f.event({ eventHubId: ten.hub.id, name: 'Sessions event' });
    const evAdmin = await t.f.user();
    await t.f.grant(evAdmin.id, 'event', ev.id);
    await t.f.grant(ten.users.moderator.id, 'event', ev.id, 'moderator');
    const a = client(t, await t.f.token(evAdmin.id), ev.id);
    const mod = client(t, await t.f.token(ten.users.moderator.id), ev.id);
    const morning = await session(a, {
      name: 'Morning Q&A',
      startTime: '09:00 AM',
      endTime: '10:30 AM',
      moderatorUserIds: [ten.users.moderator.id],
    });
    const evening = await session(a, { name: 'Evening panel', startTime: '06:00 PM', endTime: '07:00 PM' });
    const qa = await qaInstance(t, ev.id, morning.id, { moderated: true });
    await qaInstance(t, ev.id, morning.id, { status: 'CLOSED' });
    const p = await participantToken(t, ev.id);
    const pc = client(t, p.token, ev.id);
    await ask(pc, qa.instanceId, 'Pending one');
    await ask(pc, qa.instanceId, 'Pending two');

    const all = await a.get('moderation/sessions');
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().total).toBe(2);
    expect(all.json().records.map((r: { name: string }) => r.name)).toEqual(['Morning Q&A', 'Evening panel']);
    expect(all.json().records[0]).toMatchObject({
      id: morning.id,
      eventId: ev.id,
      timeSlot: '09:00 AM - 10:30 AM',
      instanceCount: 2,
      openCount: 1,
      pendingCount: 2,
    });
    expect(all.json().records[1]).toMatchObject({ instanceCount: 0, openCount: 0, pendingCount: 0 });

    const mine = await mod.get('moderation/sessions');
    expect(mine.json().records.map((r: { id: string }) => r.id)).toEqual([morning.id]);
    expect(
      (await a.get('moderation/sessions?search=evening')).json().records.map((r: { id: string }) => r.id),
    ).toEqual([evening.id]);
    expect((await a.get('moderation/sessions?sort=startAt:desc')).json().records[0].id).toBe(evening.id);
    expect((await a.get('moderation/sessions?sort=bogus:asc')).statusCode).toBe(400);
    expect((await client(t, ten.tokens.eventAdmin, 'not-a-uuid').get('moderation/sessions')).statusCode).toBe(
      400,
    );
    expect((await pc.get('moderation/sessions')).statusCode).toBe(403);
    expect((await client(t, other.tokens.eventAdmin, ev.id).get('moderation/sessions')).statusCode).toBe(404);

    const inst = await mod.get(`moderation/sessions/${morning.id}/instances`);
    expect(inst.statusCode, inst.body).toBe(200);
    expect(inst.json().records).toHaveLength(2);
    expect(inst.json().records).toContainEqual(
      expect.objectContaining({
        id: qa.instanceId,
        toolId: qa.toolId,
        toolType: 'QA',
        status: 'OPEN',
        session: { id: morning.id, name: 'Morning Q&A' },
        respondentCount: 1,
      }),
    );
    expect((await mod.get(`moderation/sessions/${evening.id}/instances`)).statusCode).toBe(403);
    expect((await pc.get(`moderation/sessions/${morning.id}/instances`)).statusCode).toBe(403);
    expect((await admin.get(`moderation/sessions/${morning.id}/instances`)).statusCode).toBe(404);
  });
});

describe('moderator magic link', () => {
  it('e-mails a fresh single-use link to a listed moderator, admins only', async () => {
    const path = `moderation/sessions/${sessionId}/magic-link-token`;
    const res = await admin.post(path, { userId: ten.users.moderator.id });
    expect(res.statusCode, res.body).toBe(204);
    await t.drainJobs();
    const link = t.mail.linkTo(ten.users.moderator.email);
    const [, , linkSession, token] = link.pathname.split('/');
    expect(linkSession).toBe(sessionId);

    // A second link ends the first.
    expect((await admin.post(path, { userId: ten.users.moderator.id })).statusCode).toBe(204);
    await t.drainJobs();
    const second = t.mail.linkTo(ten.users.moderator.email).pathname.split('/').pop();
    expect(second).not.toBe(token);
    const signIn = (tok: string | undefined) =>
      t.as(undefined, {
        method: 'POST',
        url: `/api/v1/moderate/${sessionId}/sign-in`,
        payload: { token: tok, host: 'cms.localhost:3000' },
      });
    expect((await signIn(token)).statusCode).toBe(410);
    expect((await signIn(second)).statusCode).toBe(200);
    expect((await signIn(second)).statusCode).toBe(410);

    const notListed = await admin.post(path, { userId: unlistedUserId });
    expect(notListed.statusCode).toBe(404);
    expect(notListed.json().message).toBe(AGENDA_MESSAGES.notSessionModerator);
    expect((await listed.post(path, { userId: ten.users.moderator.id })).statusCode).toBe(403);
    expect((await admin.post(path, { userId: 'nope' })).statusCode).toBe(400);
    expect((await admin.post(path, {})).statusCode).toBe(400);
    const theirs = client(t, other.tokens.eventAdmin, other.event.id);
    expect(
      (
        await theirs.post(`moderation/sessions/${sessionId}/magic-link-token`, {
          userId: ten.users.moderator.id,
        })
      ).statusCode,
    ).toBe(404);
  });
});
