import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTENDEE_MESSAGES,
  ENGAGEMENT_MESSAGES,
  MESSAGES,
  type EngagementInstance,
  type EngagementTool,
  type InstanceContext,
  type LiveTool,
} from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { client, participantToken, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { createScheduler } from './scheduler.js';

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

async function tool(body: Record<string, unknown>): Promise<EngagementTool> {
  const res = await admin.post('engagement-tools', {
    type: 'POLL',
    name: 'Poll',
    questions: [{ type: 'RADIOBOX', text: 'Which?', options: [{ label: 'A' }, { label: 'B' }] }],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function instance(
  c: Client,
  toolId: string,
  body: Record<string, unknown>,
  status = 201,
): Promise<EngagementInstance> {
  const res = await c.post(`engagement-tools/${toolId}/instances`, body);
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
}

const instanceEmits = (instanceId: string) =>
  emitted
    .filter(
      (e) =>
        e.event === 'engagement.instance' && (e.payload as { instanceId: string }).instanceId === instanceId,
    )
    .map((e) => ({ room: e.room, payload: e.payload }));

/** A moderator account of the event, listed on `sessionIds`. */
async function listedModerator(sessionIds: string[]): Promise<Client> {
  const user = await t.f.user();
  await t.f.grant(user.id, 'event', eventId, 'moderator');
  for (const sessionId of sessionIds)
    await t.deps.db.insertInto('sessionModerators').values({ sessionId, userId: user.id }).execute();
  return client(t, await t.f.token(user.id), eventId);
}

describe('instances', () => {
  it('creates, opens and closes an instance, announcing each change to the session room after commit', async () => {
    const s = await session(admin);
    const p = await tool({ sessionIds: [s.id] });
    const i = await instance(admin, p.id, { sessionId: s.id });
    expect(i).toMatchObject({
      eventId,
      toolId: p.id,
      toolName: 'Poll',
      toolType: 'POLL',
      session: { id: s.id },
      status: 'CLOSED',
      opensAt: null,
      openedAt: null,
      respondentCount: 0,
    });
    expect(instanceEmits(i.id)).toEqual([]);

    const opened = await admin.call('PUT', `engagement-tools/${p.id}/instances/${i.id}/status`, {
      status: 'OPEN',
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().status).toBe('OPEN');
    expect(opened.json().openedAt).not.toBeNull();
    // The same status again: nothing changes, nothing is sent.
    const again = await admin.call('PUT', `engagement-tools/${p.id}/instances/${i.id}/status`, {
      status: 'OPEN',
    });
    expect(again.statusCode).toBe(200);
    const closed = await admin.call('PUT', `engagement-tools/${p.id}/instances/${i.id}/status`, {
      status: 'CLOSED',
    });
    expect(closed.json()).toMatchObject({ status: 'CLOSED' });
    expect(closed.json().closedAt).not.toBeNull();
    expect(instanceEmits(i.id)).toEqual([
      { room: `session:${s.id}`, payload: { sessionId: s.id, instanceId: i.id, status: 'OPEN' } },
      { room: `session:${s.id}`, payload: { sessionId: s.id, instanceId: i.id, status: 'CLOSED' } },
    ]);

    const list = await admin.get(`engagement-tools/${p.id}/instances`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, records: [{ id: i.id, status: 'CLOSED' }] });
    expect((await admin.get(`engagement-tools/${p.id}`)).json()).toMatchObject({
      instanceCount: 1,
      openCount: 0,
    });

    // The Sessions list and record count the session's instances.
    await instance(admin, p.id, { sessionId: s.id, status: 'OPEN' });
    expect((await admin.get(`sessions/${s.id}`)).json().instances).toBe(2);
    const rows = (await admin.get('sessions?limit=100')).json().records as Array<{
      id: string;
      instances: number;
    }>;
    expect(rows.find((r) => r.id === s.id)?.instances).toBe(2);

    // Delete (admins).
    expect((await admin.delete(`engagement-tools/${p.id}/instances/${i.id}`)).statusCode).toBe(204);
    expect((await admin.get(`sessions/${s.id}`)).json().instances).toBe(1);
    expect((await admin.delete(`engagement-tools/${p.id}/instances/${i.id}`)).statusCode).toBe(404);
  });

  it('needs a session the tool is attached to, of the event', async () => {
    const attached = await session(admin);
    const loose = await session(admin);
    const p = await tool({ sessionIds: [attached.id] });
    const res = await admin.post(`engagement-tools/${p.id}/instances`, { sessionId: loose.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ sessionId: ENGAGEMENT_MESSAGES.sessionNotAttached });
    const foreign = await session(client(t, other.tokens.eventAdmin, other.event.id));
    const res2 = await admin.post(`engagement-tools/${p.id}/instances`, { sessionId: foreign.id });
    expect(res2.statusCode).toBe(400);
    expect(res2.json().fields).toEqual({ sessionId: MESSAGES.pleaseSelectValue });
    const noOpens = await admin.post(`engagement-tools/${p.id}/instances`, {
      sessionId: attached.id,
      status: 'SCHEDULED',
    });
    expect(noOpens.statusCode).toBe(400);
    expect(noOpens.json().fields).toEqual({ opensAt: ENGAGEMENT_MESSAGES.scheduleRequired });
    const backwards = await admin.post(`engagement-tools/${p.id}/instances`, {
      sessionId: attached.id,
      status: 'SCHEDULED',
      opensAt: '2030-06-01T10:00:00Z',
      closesAt: '2030-06-01T09:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().fields).toEqual({ closesAt: ENGAGEMENT_MESSAGES.closesBeforeOpens });
    expect(
      (
        await admin.post(`engagement-tools/00000000-0000-4000-8000-000000000000/instances`, {
          sessionId: attached.id,
        })
      ).statusCode,
    ).toBe(404);
    // Another tool's instance through this tool's path: 404.
    const q = await tool({ sessionIds: [attached.id] });
    const i = await instance(admin, q.id, { sessionId: attached.id });
    expect(
      (await admin.call('PUT', `engagement-tools/${p.id}/instances/${i.id}/status`, { status: 'OPEN' }))
        .statusCode,
    ).toBe(404);
    expect((await admin.delete(`engagement-tools/${p.id}/instances/${i.id}`)).statusCode).toBe(404);
  });

  it("lets the session's listed moderators run its instances, not other moderators", async () => {
    const s = await session(admin);
    const elsewhere = await session(admin);
    const p = await tool({ sessionIds: [s.id, elsewhere.id] });
    const listed = await listedModerator([s.id]);
    const unlisted = await listedModerator([elsewhere.id]);
    const i = await instance(listed, p.id, { sessionId: s.id });
    await instance(unlisted, p.id, { sessionId: s.id }, 403);
    const put = (c: Client, status: string) =>
      c.call('PUT', `engagement-tools/${p.id}/instances/${i.id}/status`, { status });
    expect((await put(listed, 'OPEN')).statusCode).toBe(200);
    expect((await put(unlisted, 'CLOSED')).statusCode).toBe(403);
    const schedule = { opensAt: '2030-06-01T10:00:00Z', closesAt: '2030-06-01T11:00:00Z' };
    expect((await listed.patch(`engagement-tools/${p.id}/instances/${i.id}`, schedule)).statusCode).toBe(200);
    expect((await unlisted.patch(`engagement-tools/${p.id}/instances/${i.id}`, schedule)).statusCode).toBe(
      403,
    );
    // Deleting is for admins; the list is for all staff.
    expect((await listed.delete(`engagement-tools/${p.id}/instances/${i.id}`)).statusCode).toBe(403);
    expect((await unlisted.get(`engagement-tools/${p.id}/instances`)).statusCode).toBe(200);
    // Context: admins and the listed moderator.
    const ctx = await listed.get(`/api/v1/engagement/instances/${i.id}/context`);
    expect(ctx.statusCode, ctx.body).toBe(200);
    expect((await unlisted.get(`/api/v1/engagement/instances/${i.id}/context`)).statusCode).toBe(403);
  });

  it('schedules: an OPEN instance keeps running with a closing time, another becomes SCHEDULED', async () => {
    const s = await session(admin);
    const p = await tool({ sessionIds: [s.id] });
    const closed = await instance(admin, p.id, { sessionId: s.id });
    const res = await admin.patch(`engagement-tools/${p.id}/instances/${closed.id}`, {
      opensAt: '2030-06-01T10:00:00+02:00',
      closesAt: '2030-06-01T11:00:00+02:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'SCHEDULED',
      opensAt: '2030-06-01T08:00:00.000Z',
      closesAt: '2030-06-01T09:00:00.000Z',
    });
    const open = await instance(admin, p.id, { sessionId: s.id, status: 'OPEN' });
    const res2 = await admin.patch(`engagement-tools/${p.id}/instances/${open.id}`, {
      opensAt: '2030-06-01T08:00:00Z',
      closesAt: '2030-06-01T09:00:00Z',
    });
    expect(res2.json()).toMatchObject({ status: 'OPEN', closesAt: '2030-06-01T09:00:00.000Z' });
    const bad = await admin.patch(`engagement-tools/${p.id}/instances/${open.id}`, {
      opensAt: null,
      closesAt: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ opensAt: ENGAGEMENT_MESSAGES.scheduleRequired });
  });

  it('refuses malformed instance input with 400, never 500', async () => {
    const s = await session(admin);
    const p = await tool({ sessionIds: [s.id] });
    const i = await instance(admin, p.id, { sessionId: s.id });
    const base = `engagement-tools/${p.id}/instances`;
    const bad: Array<[string, string, unknown]> = [
      ['POST', base, { sessionId: 'x\u0000' }],
      ['POST', base, { sessionId: s.id, status: 'PAUSED' }],
      ['POST', base, { sessionId: s.id, status: 'SCHEDULED', opensAt: 'tomorrow' }],
      ['POST', base, { sessionId: s.id, status: 'SCHEDULED', opensAt: '\ud800' }],
      ['POST', base, { sessionId: s.id, opensAt: '2030-06-01T10:00:00Z'.repeat(10_000) }],
      ['POST', base, []],
      ['PATCH', `${base}/${i.id}`, { opensAt: 5, closesAt: null }],
      ['PATCH', `${base}/${i.id}`, {}],
      ['PUT', `${base}/${i.id}/status`, { status: 'SCHEDULED' }],
      ['PUT', `${base}/${i.id}/status`, { status: 'open\u0000' }],
      ['PUT', `${base}/${i.id}/status`, {}],
      ['PUT', `${base}/not-a-uuid/status`, { status: 'OPEN' }],
      ['GET', `sessions/not-a-uuid/live-tools`, undefined],
    ];
    for (const [method, path, body] of bad) {
      const res = await admin.call(method as 'POST', path, body as object);
      expect(res.statusCode, `${method} ${path} ${JSON.stringify(body)?.slice(0, 80)} ${res.body}`).toBe(400);
    }
  });
});

describe('the scheduler', () => {
  it('opens a SCHEDULED instance at opensAt and closes it at closesAt, within 5 s, with no operator action', async () => {
    const s = await session(admin);
    const p = await tool({ sessionIds: [s.id] });
    const start = Date.now();
    const opensAt = new Date(start + 1000).toISOString();
    const closesAt = new Date(start + 2500).toISOString();
    const i = await instance(admin, p.id, { sessionId: s.id, status: 'SCHEDULED', opensAt, closesAt });
    expect(i.status).toBe('SCHEDULED');
    const statusOf = async () =>
      ((await admin.get(`engagement-tools/${p.id}/instances`)).json().records as EngagementInstance[]).find(
        (r) => r.id === i.id,
      )!;
    const until = async (status: string) => {
      for (;;) {
        const r = await statusOf();
        if (r.status === status) return { record: r, at: Date.now() };
        if (Date.now() - start > 10_000) throw new Error(`still ${r.status}`);
        await new Promise((res) => setTimeout(res, 100));
      }
    };
    const opened = await until('OPEN');
    expect(opened.at).toBeGreaterThanOrEqual(Date.parse(opensAt));
    expect(opened.at - Date.parse(opensAt)).toBeLessThan(5000);
    expect(opened.record.openedAt).not.toBeNull();
    const closed = await until('CLOSED');
    expect(closed.at).toBeGreaterThanOrEqual(Date.parse(closesAt));
    expect(closed.at - Date.parse(closesAt)).toBeLessThan(5000);
    expect(closed.record.closedAt).not.toBeNull();
    expect(instanceEmits(i.id).map((e) => (e.payload as { status: string }).status)).toEqual([
      'OPEN',
      'CLOSED',
    ]);
  });

  it('moves each due instance once, however many processes tick at the same moment', async () => {
    const s = await session(admin);
    const p = await tool({ sessionIds: [s.id] });
    // Due already, written straight to the table so that no tick of the app's own timer ran yet.
    const ids = await Promise.all(
      [1, 2, 3].map(async () => {
        const row = await t.deps.db
          .insertInto('engagementInstances')
          .values({
            eventId,
            toolId: p.id,
            sessionId: s.id,
            status: 'SCHEDULED',
            opensAt: new Date(Date.now() - 1000),
            updatedAt: new Date(),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      }),
    );
    const log = { error: (obj: unknown) => console.error(obj) };
    const processes = [1, 2, 3].map(() => createScheduler(t.deps, log));
    await Promise.all(processes.map((p) => p.tick()));
    // The app's own scheduler may have won some: every instance is OPEN and was announced exactly once.
    const rows = await t.deps.db
      .selectFrom('engagementInstances')
      .select('status')
      .where('id', 'in', ids)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['OPEN', 'OPEN', 'OPEN']);
    for (const id of ids) expect(instanceEmits(id)).toHaveLength(1);
  });
});

describe('live tools', () => {
  it('lists OPEN instances of the session the participant may see, without correct answers, with their answers', async () => {
    const s = await session(admin);
    const me = await participantToken(t, eventId);
    const outsider = await participantToken(t, eventId);
    const label = await t.deps.db
      .insertInto('labels')
      .values({
        eventId,
        name: 'VIP',
        color: '#ff0000',
        type: 'MANUAL',
        rules: '[]',
        createdBy: null,
        updatedBy: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('participantLabels')
      .values({ participantId: me.participantId, labelId: label.id })
      .execute();
    const quiz = await tool({
      type: 'QUIZ',
      name: 'Quiz',
      sessionIds: [s.id],
      questions: [
        {
          type: 'RADIOBOX',
          text: 'Q1',
          options: [{ label: 'a' }, { label: 'b' }],
          correctOptionIndexes: [1],
        },
      ],
    });
    const vip = await tool({
      name: 'VIP poll',
      sessionIds: [s.id],
      audience: { type: 'LABELS', labelIds: [label.id] },
    });
    const closedTool = await tool({ name: 'Closed', sessionIds: [s.id] });
    const qi = await instance(admin, quiz.id, { sessionId: s.id, status: 'OPEN' });
    const vi = await instance(admin, vip.id, { sessionId: s.id, status: 'OPEN' });
    await instance(admin, closedTool.id, { sessionId: s.id, status: 'CLOSED' });
    const q = quiz.questions[0]!;
    await t.deps.db
      .insertInto('engagementAnswers')
      .values({
        instanceId: qi.id,
        questionId: q.id,
        eventId,
        participantId: me.participantId,
        optionIds: JSON.stringify([q.options[0]!.id]),
        updatedAt: new Date(),
      })
      .execute();

    const mine = client(t, me.token, eventId);
    const res = await mine.get(`sessions/${s.id}/live-tools`);
    expect(res.statusCode, res.body).toBe(200);
    const records: LiveTool[] = res.json().records;
    expect(records.map((r) => r.instanceId).sort()).toEqual([qi.id, vi.id].sort());
    const quizLive = records.find((r) => r.instanceId === qi.id)!;
    expect(quizLive).toMatchObject({
      toolId: quiz.id,
      type: 'QUIZ',
      name: 'Quiz',
      sessionId: s.id,
      material: null,
    });
    expect(JSON.stringify(res.json())).not.toContain('correctOptionIds');
    expect(quizLive.questions[0]).not.toHaveProperty('correctOptionIds');
    expect(quizLive.myAnswers).toEqual({
      [q.id]: { optionIds: [q.options[0]!.id], text: null, value: null },
    });
    expect(records.find((r) => r.instanceId === vi.id)!.myAnswers).toEqual({});

    // Outside the tool's audience: not listed.
    const theirs = await client(t, outsider.token, eventId).get(`sessions/${s.id}/live-tools`);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json().records as LiveTool[]).map((r) => r.instanceId)).toEqual([qi.id]);

    // Closed: no longer listed.
    await admin.call('PUT', `engagement-tools/${quiz.id}/instances/${qi.id}/status`, { status: 'CLOSED' });
    expect(
      ((await mine.get(`sessions/${s.id}/live-tools`)).json().records as LiveTool[]).map((r) => r.instanceId),
    ).toEqual([vi.id]);

    // A session the participant does not see: 404; staff who do not take part: 403; another tenant: 404.
    const draft = await session(admin, { status: 'DRAFT' });
    expect((await mine.get(`sessions/${draft.id}/live-tools`)).statusCode).toBe(404);
    const staff = await admin.get(`sessions/${s.id}/live-tools`);
    expect(staff.statusCode).toBe(403);
    expect(staff.json().message).toBe(ATTENDEE_MESSAGES.notParticipant);
    expect(
      (await client(t, other.tokens.participant, eventId).get(`sessions/${s.id}/live-tools`)).statusCode,
    ).toBe(404);
  });
});

describe('instance context', () => {
  it("answers the instance's event, tool, session and staff questions; 404 for another tenant's staff", async () => {
    const s = await session(admin, { name: 'Room A' });
    const quiz = await tool({
      type: 'QUIZ',
      name: 'Context quiz',
      anonymity: 'ALLOW_ANONYMOUS',
      sessionIds: [s.id],
      questions: [
        {
          type: 'RADIOBOX',
          text: 'Q1',
          options: [{ label: 'a' }, { label: 'b' }],
          correctOptionIndexes: [0],
        },
      ],
    });
    const i = await instance(admin, quiz.id, { sessionId: s.id, status: 'OPEN' });
    const res = await admin.get(`/api/v1/engagement/instances/${i.id}/context`);
    expect(res.statusCode, res.body).toBe(200);
    const ctx: InstanceContext = res.json();
    expect(ctx).toEqual({
      eventId,
      toolId: quiz.id,
      toolType: 'QUIZ',
      toolName: 'Context quiz',
      sessionId: s.id,
      sessionName: 'Room A',
      status: 'OPEN',
      anonymity: 'ALLOW_ANONYMOUS',
      settings: quiz.settings,
      questions: quiz.questions,
    });
    expect(ctx.questions[0]!.correctOptionIds).toEqual([quiz.questions[0]!.options[0]!.id]);
    const get = (token: string | undefined) =>
      t.as(token, { method: 'GET', url: `/api/v1/engagement/instances/${i.id}/context` });
    expect((await get(other.tokens.eventAdmin)).statusCode).toBe(404);
    expect((await get(ten.tokens.participant)).statusCode).toBe(403);
    expect((await get(ten.tokens.moderator)).statusCode).toBe(403);
    expect((await get(ten.tokens.superadmin)).statusCode).toBe(200);
    expect((await get(undefined)).statusCode).toBe(401);
    expect((await get(ten.tokens.eventAdmin)).statusCode).toBe(200);
    expect(
      (
        await t.as(ten.tokens.eventAdmin, {
          method: 'GET',
          url: '/api/v1/engagement/instances/00000000-0000-4000-8000-000000000000/context',
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (await t.as(ten.tokens.eventAdmin, { method: 'GET', url: '/api/v1/engagement/instances/nope/context' }))
        .statusCode,
    ).toBe(400);
  });
});
