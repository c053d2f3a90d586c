import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { client, participantToken, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { qaInstance } from './qa.test-utils.js';
import { ENGAGEMENT_LIMITS } from './rate-limits.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let eventId: string;
let sessionId: string;
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
  sessionId = (await session(admin, { name: 'Keynote' })).id;
  recordEmits(t, emitted);
});
afterAll(() => t.close());

async function participant() {
  const p = await participantToken(t, eventId);
  return { ...p, c: client(t, p.token, eventId) };
}
const ask = (c: Client, instanceId: string, body: unknown) =>
  c.post(`engagement/instances/${instanceId}/questions`, body);
const boardOf = async (c: Client, instanceId: string, sort?: string) => {
  const res = await c.get(`engagement/instances/${instanceId}/questions${sort ? `?sort=${sort}` : ''}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    records: Array<{
      id: string;
      text: string;
      author: string | null;
      upvotes: number;
      highlighted: boolean;
    }>;
    myUpvotes: string[];
    myPending: Array<{ id: string; text: string }>;
  };
};
const upvote = (c: Client, questionId: string) => c.call('PUT', `engagement/questions/${questionId}/upvote`);
const unvote = (c: Client, questionId: string) => c.delete(`engagement/questions/${questionId}/upvote`);
/** Waits until the coalescer has sent what it owes (its window is 250 ms at 4 a second). */
const settle = () => new Promise((r) => setTimeout(r, 600));

describe('asking', () => {
  it('stores an unmoderated question as approved, with the asker’s name, an answer.submitted event and a board frame', async () => {
    const { instanceId, toolId } = await qaInstance(t, eventId, sessionId);
    const me = await participant();
    const res = await ask(me.c, instanceId, { text: '  What comes next?  ' });
    expect(res.statusCode, res.body).toBe(201);
    const asked = res.json();
    expect(asked).toMatchObject({
      instanceId,
      text: 'What comes next?',
      anonymous: false,
      status: 'APPROVED',
    });

    const board = await boardOf(me.c, instanceId);
    expect(board.records.map((r) => [r.text, r.author])).toEqual([['What comes next?', expect.any(String)]]);
    expect(board.records[0]!.author).not.toBeNull();

    const events = await t.deps.db
      .selectFrom('domainEvents')
      .select('payload')
      .where('name', '=', 'answer.submitted')
      .execute();
    expect(events.map((e) => e.payload)).toContainEqual({
      eventId,
      sessionId,
      toolId,
      instanceId,
      participantId: me.participantId,
      kind: 'QA',
      questionId: asked.id,
    });
    await settle();
    const frames = emitted.filter((e) => e.room === `engagement:${instanceId}` && e.event === 'qa.board');
    expect(JSON.stringify(frames.at(-1)?.payload)).toContain('What comes next?');
    expect(emitted.some((e) => e.room === `moderatorQueue:${instanceId}` && e.event === 'qa.queue')).toBe(
      true,
    );
  });

  it('keeps a moderated question pending: only its asker sees it (myPending), no board frame carries it', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId, { moderated: true });
    const me = await participant();
    const someoneElse = await participant();
    const res = await ask(me.c, instanceId, { text: 'Secret pending question' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().status).toBe('PENDING');
    const mine = await boardOf(me.c, instanceId);
    expect(mine.records).toEqual([]);
    expect(mine.myPending.map((p) => p.text)).toEqual(['Secret pending question']);
    const theirs = await boardOf(someoneElse.c, instanceId);
    expect(theirs.records).toEqual([]);
    expect(theirs.myPending).toEqual([]);
    await settle();
    const toRoom = emitted.filter((e) => e.room === `engagement:${instanceId}`);
    expect(JSON.stringify(toRoom)).not.toContain('Secret pending question');
    const toModerators = emitted.filter(
      (e) => e.room === `moderatorQueue:${instanceId}` && e.event === 'qa.queue',
    );
    expect(JSON.stringify(toModerators.at(-1)?.payload)).toContain('Secret pending question');
  });

  it('applies the tool’s anonymity: ANONYMOUS always, NOT_ANONYMOUS refuses, ALLOW as asked', async () => {
    const me = await participant();
    const always = await qaInstance(t, eventId, sessionId, { anonymity: 'ANONYMOUS' });
    const res = await ask(me.c, always.instanceId, { text: 'Who am I?' });
    expect(res.json()).toMatchObject({ anonymous: true });
    expect((await boardOf(me.c, always.instanceId)).records[0]!.author).toBeNull();

    const never = await qaInstance(t, eventId, sessionId, { anonymity: 'NOT_ANONYMOUS' });
    const refused = await ask(me.c, never.instanceId, { text: 'Hidden?', anonymous: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ anonymous: ENGAGEMENT_MESSAGES.anonymousNotAllowed });
    expect((await ask(me.c, never.instanceId, { text: 'Named' })).json().anonymous).toBe(false);

    const allowed = await qaInstance(t, eventId, sessionId, { anonymity: 'ALLOW_ANONYMOUS' });
    await ask(me.c, allowed.instanceId, { text: 'Anon', anonymous: true });
    await ask(me.c, allowed.instanceId, { text: 'Named too', anonymous: false });
    const board = await boardOf(me.c, allowed.instanceId, 'NEWEST_LAST');
    expect(board.records.map((r) => [r.text, r.author === null])).toEqual([
      ['Anon', true],
      ['Named too', false],
    ]);
    // The anonymous asker's name is nowhere in the answer.
    expect(JSON.stringify(board.records[0])).not.toContain(me.email);
  });

  it('answers 409 unless the instance is OPEN and a Q&A, 400 with field messages for bad input', async () => {
    const me = await participant();
    const closed = await qaInstance(t, eventId, sessionId, { status: 'CLOSED' });
    const notOpen = await ask(me.c, closed.instanceId, { text: 'Late' });
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json().message).toBe(ENGAGEMENT_MESSAGES.notOpen);
    const poll = await qaInstance(t, eventId, sessionId, { type: 'POLL' });
    expect((await ask(me.c, poll.instanceId, { text: 'Here?' })).statusCode).toBe(409);
    expect((await me.c.get(`engagement/instances/${poll.instanceId}/questions`)).statusCode).toBe(409);

    const open = await qaInstance(t, eventId, sessionId);
    for (const body of [
      {},
      { text: '' },
      { text: '   ' },
      { text: 'x'.repeat(501) },
      { text: 5 },
      { text: 'ok', anonymous: 'yes' },
    ]) {
      const res = await ask(me.c, open.instanceId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, res.body).toBeGreaterThan(0);
    }
    expect((await ask(me.c, open.instanceId, { text: 'x'.repeat(500) })).statusCode).toBe(201);
    expect(
      (await me.c.get(`engagement/instances/${open.instanceId}/questions?sort=SIDEWAYS`)).statusCode,
    ).toBe(400);
    expect((await me.c.get(`engagement/instances/not-a-uuid/questions`)).statusCode).toBe(400);
    const rows = await t.deps.db
      .selectFrom('qaQuestions')
      .select('id')
      .where('instanceId', '=', open.instanceId)
      .execute();
    expect(rows).toHaveLength(1);
  });
});

describe('the board', () => {
  it('sorts newest first, newest last and most voted, the highlighted one first and answered ones last', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId, { qaSort: 'NEWEST_FIRST' });
    const asker = await participant();
    const ids: string[] = [];
    for (const text of ['First', 'Second', 'Third', 'Fourth']) {
      ids.push((await ask(asker.c, instanceId, { text })).json().id);
      await new Promise((r) => setTimeout(r, 5));
    }
    const voters = [await participant(), await participant()];
    for (const v of voters) expect((await upvote(v.c, ids[1]!)).statusCode).toBe(200);
    expect((await upvote(voters[0]!.c, ids[2]!)).statusCode).toBe(200);

    const texts = async (sort?: string) =>
      (await boardOf(asker.c, instanceId, sort)).records.map((r) => r.text);
    expect(await texts()).toEqual(['Fourth', 'Third', 'Second', 'First']); // the tool's default
    expect(await texts('NEWEST_LAST')).toEqual(['First', 'Second', 'Third', 'Fourth']);
    expect(await texts('MOST_VOTED')).toEqual(['Second', 'Third', 'Fourth', 'First']);

    const mod = (id: string, action: string) => admin.post(`moderation/answers/${id}/moderate`, { action });
    expect((await mod(ids[0]!, 'HIGHLIGHT')).statusCode).toBe(200);
    expect((await mod(ids[3]!, 'MARK_ANSWERED')).statusCode).toBe(200);
    expect(await texts('MOST_VOTED')).toEqual(['First', 'Second', 'Third', 'Fourth']);
    const board = await boardOf(voters[0]!.c, instanceId);
    expect(board.myUpvotes.sort()).toEqual([ids[1], ids[2]].sort());
  });
});

describe('upvotes', () => {
  it('toggles one upvote per participant, counts it in SQL, and answers the state either way', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId);
    const asker = await participant();
    const voter = await participant();
    const q = (await ask(asker.c, instanceId, { text: 'Vote me' })).json().id as string;

    const first = await upvote(voter.c, q);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ questionId: q, upvoted: true, upvotes: 1 });
    expect((await upvote(voter.c, q)).json()).toEqual({ questionId: q, upvoted: true, upvotes: 1 });
    // Askers may upvote their own question (as Slido allows).
    expect((await upvote(asker.c, q)).json()).toEqual({ questionId: q, upvoted: true, upvotes: 2 });
    expect((await unvote(voter.c, q)).json()).toEqual({ questionId: q, upvoted: false, upvotes: 1 });
    expect((await unvote(voter.c, q)).json()).toEqual({ questionId: q, upvoted: false, upvotes: 1 });

    // Concurrent upvotes of many participants: exact.
    const many = await Promise.all(Array.from({ length: 8 }, () => participant()));
    await Promise.all(many.flatMap((p) => [upvote(p.c, q), upvote(p.c, q)]));
    const row = await t.deps.db
      .selectFrom('qaQuestions')
      .select('upvoteCount')
      .where('id', '=', q)
      .executeTakeFirstOrThrow();
    const stored = await t.deps.db
      .selectFrom('qaUpvotes')
      .select('participantId')
      .where('questionId', '=', q)
      .execute();
    expect(row.upvoteCount).toBe(9);
    expect(stored).toHaveLength(9);
  });

  it('only approved questions of open instances: pending and rejected ones are 404, a closed instance 409', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId, { moderated: true });
    const asker = await participant();
    const voter = await participant();
    const pending = (await ask(asker.c, instanceId, { text: 'Pending' })).json().id as string;
    expect((await upvote(voter.c, pending)).statusCode).toBe(404);
    expect(
      (await admin.post(`moderation/answers/${pending}/moderate`, { action: 'REJECT' })).statusCode,
    ).toBe(200);
    expect((await upvote(voter.c, pending)).statusCode).toBe(404);
    expect(
      (await admin.post(`moderation/answers/${pending}/moderate`, { action: 'APPROVE' })).statusCode,
    ).toBe(200);
    expect((await upvote(voter.c, pending)).statusCode).toBe(200);
    await t.deps.db
      .updateTable('engagementInstances')
      .set({ status: 'CLOSED' })
      .where('id', '=', instanceId)
      .execute();
    const closed = await unvote(voter.c, pending);
    expect(closed.statusCode).toBe(409);
    expect((await voter.c.call('PUT', `engagement/questions/not-a-uuid/upvote`)).statusCode).toBe(400);
    expect((await upvote(voter.c, crypto.randomUUID())).statusCode).toBe(404);
  });
});

describe('who may take part', () => {
  it('staff who do not take part, another tenant and sessions the participant can not see are 404; no token 401', async () => {
    const draft = await session(admin, { name: 'Draft', status: 'DRAFT' });
    const hidden = await qaInstance(t, eventId, draft.id);
    const { instanceId } = await qaInstance(t, eventId, sessionId);
    const me = await participant();
    const q = (await ask(me.c, instanceId, { text: 'Mine' })).json().id as string;

    expect((await ask(me.c, hidden.instanceId, { text: 'Hidden' })).statusCode).toBe(404);
    expect((await ask(admin, instanceId, { text: 'Admin' })).statusCode).toBe(404);
    expect(
      (await ask(client(t, ten.tokens.moderator, eventId), instanceId, { text: 'Mod' })).statusCode,
    ).toBe(404);
    expect((await ask(client(t, undefined, eventId), instanceId, { text: 'Anon' })).statusCode).toBe(401);

    // Another tenant: their participant on my event, and my ids through their event.
    const them = client(t, other.tokens.participant, eventId);
    expect((await ask(them, instanceId, { text: 'Intruder' })).statusCode).toBe(404);
    expect((await them.get(`engagement/instances/${instanceId}/questions`)).statusCode).toBe(404);
    expect((await upvote(them, q)).statusCode).toBe(404);
    const theirSession = (
      await session(client(t, other.tokens.eventAdmin, other.event.id), { name: 'Theirs' })
    ).id;
    const theirs = await qaInstance(t, other.event.id, theirSession);
    expect((await ask(me.c, theirs.instanceId, { text: 'Cross' })).statusCode).toBe(404);
    const theirQ = (
      await ask(client(t, other.tokens.participant, other.event.id), theirs.instanceId, { text: 'Theirs' })
    ).json().id as string;
    expect((await upvote(me.c, theirQ)).statusCode).toBe(404);
    const stored = await t.deps.db
      .selectFrom('qaQuestions')
      .select('text')
      .where('instanceId', '=', instanceId)
      .execute();
    expect(stored.map((r) => r.text)).toEqual(['Mine']);
  });
});

describe('rate limits', () => {
  it('refuses a participant’s questions beyond the limit with 429 and Retry-After; others may still ask', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId);
    const me = await participant();
    for (let i = 0; i < ENGAGEMENT_LIMITS.question.limit; i++)
      expect((await ask(me.c, instanceId, { text: `Question ${i}` })).statusCode).toBe(201);
    const refused = await ask(me.c, instanceId, { text: 'One too many' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await ask((await participant()).c, instanceId, { text: 'Someone else' })).statusCode).toBe(201);
    const stored = await t.deps.db
      .selectFrom('qaQuestions')
      .select('text')
      .where('participantId', '=', me.participantId)
      .execute();
    expect(stored).toHaveLength(ENGAGEMENT_LIMITS.question.limit);
  });

  it('limits upvote changes per participant', async () => {
    const { instanceId } = await qaInstance(t, eventId, sessionId);
    const asker = await participant();
    const voter = await participant();
    const q = (await ask(asker.c, instanceId, { text: 'Toggle me' })).json().id as string;
    for (let i = 0; i < ENGAGEMENT_LIMITS.upvote.limit; i++)
      expect((await (i % 2 ? unvote(voter.c, q) : upvote(voter.c, q))).statusCode).toBe(200);
    expect((await upvote(voter.c, q)).statusCode).toBe(429);
  });
});
