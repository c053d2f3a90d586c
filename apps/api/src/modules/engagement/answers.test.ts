import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGAGEMENT_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import {
  addInstance,
  client,
  players,
  setStatus,
  toolFixture,
  vote,
  type Fixture,
  type Player,
  type Tenant,
} from './answers.test-utils.js';
import { ENGAGEMENT_LIMITS } from './rate-limits.js';

let t: TestContext;
let ten: Tenant;
let people: Player[];
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  people = await players(t, ten.event.id, 12);
  recordEmits(t, emitted);
});
afterAll(() => t.close());

const results = (token: string, f: Fixture) =>
  t.as(token, {
    method: 'GET',
    url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/results`,
  });
const staffResults = (f: Fixture, token = ten.tokens.eventAdmin) =>
  t.as(token, {
    method: 'GET',
    url: `/api/v1/events/${f.eventId}/moderation/engagement-tools/${f.toolId}/instances/${f.instanceId}/answers/results`,
  });
const submittedEvents = async (instanceId: string) =>
  (
    await t.deps.db
      .selectFrom('domainEvents')
      .select('payload')
      .where('name', '=', 'answer.submitted')
      .execute()
  ).filter((e) => (e.payload as { instanceId: string }).instanceId === instanceId);

const poll = (
  settings: Record<string, unknown> = {},
  anonymity?: 'ANONYMOUS' | 'NOT_ANONYMOUS' | 'ALLOW_ANONYMOUS',
) =>
  toolFixture(t, ten, {
    type: 'POLL',
    settings,
    ...(anonymity ? { anonymity } : {}),
    questions: [{ type: 'RADIOBOX', options: ['Red', 'Green', 'Blue'] }],
  });

describe('poll votes', () => {
  it('counts votes per option (every option, 0 included), replaces a changed vote and publishes answer.submitted once', async () => {
    const f = await poll();
    const q = f.questions[0]!.id;
    const [a, b, c] = people;
    for (const [p, label] of [
      [a!, 'Red'],
      [b!, 'Red'],
      [c!, 'Green'],
    ] as const) {
      const res = await vote(t, p.token, f, {
        answers: [{ questionId: q, optionIds: [f.option(0, label)] }],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ accepted: true, replaced: false });
    }
    // c changes their mind: still one answer, now Blue.
    const again = await vote(t, c!.token, f, {
      answers: [{ questionId: q, optionIds: [f.option(0, 'Blue')] }],
    });
    expect(again.json()).toEqual({ accepted: true, replaced: true });

    const res = await staffResults(f);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      instanceId: f.instanceId,
      toolId: f.toolId,
      respondents: 3,
      questions: [
        {
          questionId: q,
          responses: 3,
          options: [
            { optionId: f.option(0, 'Red'), count: 2 },
            { optionId: f.option(0, 'Green'), count: 0 },
            { optionId: f.option(0, 'Blue'), count: 1 },
          ],
          scale: [],
          words: [],
        },
      ],
    });
    expect(await submittedEvents(f.instanceId)).toHaveLength(3);
    // The results screens hear of it (coalesced), with the tallies.
    await vi.waitFor(() => {
      const last = emitted
        .filter((e) => e.room === `engagement:${f.instanceId}` && e.event === 'engagement.results')
        .at(-1);
      expect((last?.payload as { respondents: number } | undefined)?.respondents).toBe(3);
    });
  });

  it('publishes answer.submitted once when the same participant sends several votes at once', async () => {
    const f = await poll();
    const body = { answers: [{ questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Green')] }] };
    const res = await Promise.all(Array.from({ length: 5 }, () => vote(t, people[9]!.token, f, body)));
    expect(res.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(res.filter((r) => r.json().replaced === false)).toHaveLength(1);
    expect(await submittedEvents(f.instanceId)).toHaveLength(1);
  });

  it('refuses a second vote with 409 when the tool does not allow changing answers', async () => {
    const f = await poll({ allowChangeAnswer: false });
    const q = f.questions[0]!.id;
    const p = people[0]!;
    expect(
      (await vote(t, p.token, f, { answers: [{ questionId: q, optionIds: [f.option(0, 'Red')] }] }))
        .statusCode,
    ).toBe(200);
    const second = await vote(t, p.token, f, {
      answers: [{ questionId: q, optionIds: [f.option(0, 'Blue')] }],
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(ENGAGEMENT_MESSAGES.alreadyAnswered);
    const rows = await t.deps.db
      .selectFrom('engagementAnswers')
      .select('optionIds')
      .where('instanceId', '=', f.instanceId)
      .execute();
    expect(rows).toEqual([{ optionIds: [f.option(0, 'Red')] }]);
  });

  it('answers 409 unless the instance is OPEN, and 409 for quizzes, Q&A and documents', async () => {
    const f = await poll();
    const body = { answers: [{ questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Red')] }] };
    await setStatus(t, f.instanceId, 'CLOSED');
    const closed = await vote(t, people[0]!.token, f, body);
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(ENGAGEMENT_MESSAGES.notOpen);
    await setStatus(t, f.instanceId, 'OPEN');
    expect((await vote(t, people[0]!.token, f, body)).statusCode).toBe(200);

    for (const type of ['QUIZ', 'QA', 'DOCUMENT'] as const) {
      const other = await toolFixture(t, ten, {
        type,
        questions: [{ type: 'RADIOBOX', options: ['A', 'B'] }],
      });
      const res = await vote(t, people[0]!.token, other, {
        answers: [{ questionId: other.questions[0]!.id, optionIds: [other.option(0, 'A')] }],
      });
      expect(res.statusCode, type).toBe(409);
    }
  });

  it('keeps a close racing votes consistent: every vote is either stored before the close or refused', async () => {
    const f = await poll();
    const q = f.questions[0]!.id;
    const voters = people.slice(0, 10);
    const [answersRes] = await Promise.all([
      Promise.all(
        voters.map((p) =>
          vote(t, p.token, f, { answers: [{ questionId: q, optionIds: [f.option(0, 'Green')] }] }),
        ),
      ),
      t.deps.db
        .updateTable('engagementInstances')
        .set({ status: 'CLOSED' })
        .where('id', '=', f.instanceId)
        .execute(),
    ]);
    const accepted = answersRes.filter((r) => r.statusCode === 200).length;
    expect(answersRes.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const stored = await t.deps.db
      .selectFrom('engagementAnswers')
      .select('id')
      .where('instanceId', '=', f.instanceId)
      .execute();
    expect(stored).toHaveLength(accepted);
  });

  it('applies anonymity: ANONYMOUS always, NOT_ANONYMOUS refuses anonymous, ALLOW as asked', async () => {
    const p = people[1]!;
    const cases = [
      ['ANONYMOUS', false, 200, true],
      ['NOT_ANONYMOUS', true, 400, null],
      ['NOT_ANONYMOUS', false, 200, false],
      ['ALLOW_ANONYMOUS', true, 200, true],
      ['ALLOW_ANONYMOUS', false, 200, false],
    ] as const;
    for (const [anonymity, asked, status, stored] of cases) {
      const f = await poll({}, anonymity);
      const res = await vote(t, p.token, f, {
        anonymous: asked,
        answers: [{ questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Red')] }],
      });
      expect(res.statusCode, `${anonymity} ${asked}`).toBe(status);
      if (status === 400)
        expect(res.json().fields).toEqual({ anonymous: ENGAGEMENT_MESSAGES.anonymousNotAllowed });
      const row = await t.deps.db
        .selectFrom('engagementAnswers')
        .select('anonymous')
        .where('instanceId', '=', f.instanceId)
        .executeTakeFirst();
      expect(row?.anonymous ?? null).toBe(stored);
    }
  });

  it('validates each answer against its question with field messages', async () => {
    const f = await toolFixture(t, ten, {
      type: 'SURVEY',
      questions: [
        { type: 'RADIOBOX', options: ['A', 'B'] },
        { type: 'CHECKBOX', options: ['X', 'Y', 'Z'] },
        { type: 'LINEAR_SCALE', scaleMax: 5 },
        { type: 'TEXT_FIELD' },
        { type: 'TEXTBOX', required: true },
      ],
    });
    const [radio, check, scale, field, box] = f.questions.map((q) => q.id) as [
      string,
      string,
      string,
      string,
      string,
    ];
    const p = people[2]!;
    const bad = await vote(t, p.token, f, {
      answers: [
        { questionId: radio, optionIds: [f.option(0, 'A'), f.option(0, 'B')] },
        { questionId: check, optionIds: ['nope'] },
        { questionId: scale, value: 6 },
        { questionId: field, text: 'x'.repeat(201) },
        { questionId: box, text: '   ' },
        { questionId: '00000000-0000-4000-8000-000000000000', optionIds: [] },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      'answers.0.optionIds': ENGAGEMENT_MESSAGES.unknownOption,
      'answers.1.optionIds': ENGAGEMENT_MESSAGES.unknownOption,
      'answers.2.value': ENGAGEMENT_MESSAGES.scaleOutOfRange,
      'answers.3.text': MESSAGES.maxLength,
      'answers.4.text': MESSAGES.pleaseEnterValue,
      'answers.5.questionId': MESSAGES.notFound,
    });
    const empty = await vote(t, p.token, f, { answers: [{ questionId: check, optionIds: [] }] });
    expect(empty.json().fields).toEqual({ 'answers.0.optionIds': MESSAGES.pleaseSelectValue });
    // The required question left out.
    const missing = await vote(t, p.token, f, {
      answers: [{ questionId: radio, optionIds: [f.option(0, 'A')] }],
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields).toEqual({ [`questions.${box}`]: MESSAGES.required });
    // Malformed bodies: 400, never 500.
    for (const body of [
      {},
      { answers: [] },
      { answers: 'x' },
      { answers: [{ questionId: 'nope' }] },
      { answers: [{ questionId: radio, value: 'x' }] },
    ]) {
      const res = await vote(t, p.token, f, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(
      await t.deps.db
        .selectFrom('engagementAnswers')
        .select('id')
        .where('instanceId', '=', f.instanceId)
        .execute(),
    ).toEqual([]);

    const ok = await vote(t, p.token, f, {
      answers: [
        { questionId: radio, optionIds: [f.option(0, 'B')] },
        { questionId: check, optionIds: [f.option(1, 'Z'), f.option(1, 'X')] },
        { questionId: scale, value: 5 },
        { questionId: box, text: 'Great talk' },
      ],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const res = (await staffResults(f)).json();
    expect(res.respondents).toBe(1);
    expect(res.questions[1].options.map((o: { count: number }) => o.count)).toEqual([1, 0, 1]);
    expect(res.questions[2].scale).toEqual(
      [1, 2, 3, 4, 5].map((value) => ({ value, count: value === 5 ? 1 : 0 })),
    );
    expect(res.questions[3].responses).toBe(0);
  });
});

describe('word clouds', () => {
  it('merges case-folded words, refuses long phrases and never shows profanity', async () => {
    const f = await toolFixture(t, ten, {
      type: 'POLL',
      settings: { wordCloud: true },
      questions: [{ type: 'TEXT_FIELD' }],
    });
    const q = f.questions[0]!.id;
    const words = ['AI', ' ai ', 'Ai', 'Machine  Learning', 'sh1t', 'cloud'];
    for (const [i, text] of words.entries()) {
      const res = await vote(t, people[i]!.token, f, { answers: [{ questionId: q, text }] });
      expect(res.statusCode, res.body).toBe(200);
    }
    const long = await vote(t, people[7]!.token, f, {
      answers: [{ questionId: q, text: 'one two three four' }],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields).toEqual({ 'answers.0.text': ENGAGEMENT_MESSAGES.wordTooLong });

    const res = (await staffResults(f)).json();
    expect(res.questions[0].words).toEqual([
      { text: 'ai', count: 3 },
      { text: 'cloud', count: 1 },
      { text: 'machine learning', count: 1 },
    ]);
    expect(JSON.stringify(res)).not.toContain('sh1t');
    // Kept for the record, with no word.
    const profane = await t.deps.db
      .selectFrom('engagementAnswers')
      .select(['text', 'word'])
      .where('instanceId', '=', f.instanceId)
      .where('text', '=', 'sh1t')
      .executeTakeFirst();
    expect(profane).toEqual({ text: 'sh1t', word: null });
    const texts = await t.as(ten.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/events/${f.eventId}/moderation/engagement-tools/${f.toolId}/instances/${f.instanceId}/text-answers?questionId=${q}`,
    });
    expect(texts.json().total).toBe(5);
    expect(texts.body).not.toContain('sh1t');
  });
});

describe('results', () => {
  it('shows participants the results only after they answered, and only when the tool shows them', async () => {
    const f = await poll();
    const hidden = await poll({ showResultsToParticipants: false });
    const [a, b] = [people[3]!, people[4]!];
    expect((await results(a.token, f)).statusCode).toBe(403);
    await vote(t, a.token, f, {
      answers: [{ questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Blue')] }],
    });
    const mine = await results(a.token, f);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().respondents).toBe(1);
    expect((await results(b.token, f)).statusCode).toBe(403);
    await vote(t, a.token, hidden, {
      answers: [{ questionId: hidden.questions[0]!.id, optionIds: [hidden.option(0, 'Blue')] }],
    });
    expect((await results(a.token, hidden)).statusCode).toBe(403);
    // Live: staff (moderator-queue room) get the tallies; the participants' room does not when they are hidden.
    const resultsIn = (room: string) =>
      emitted.filter((e) => e.room === room && e.event === 'engagement.results');
    await vi.waitFor(() => {
      expect(resultsIn(`moderatorQueue:${hidden.instanceId}`).length).toBeGreaterThan(0);
      expect(resultsIn(`moderatorQueue:${f.instanceId}`).length).toBeGreaterThan(0);
      expect(resultsIn(`engagement:${f.instanceId}`).length).toBeGreaterThan(0);
    });
    expect(resultsIn(`engagement:${hidden.instanceId}`)).toEqual([]);
    // Staff see them whatever the setting.
    expect((await staffResults(hidden)).json().respondents).toBe(1);
  });

  it('aggregates a tool over its instances (each participant once) and lists text answers without anonymous authors', async () => {
    const f = await toolFixture(t, ten, {
      type: 'SURVEY',
      anonymity: 'ALLOW_ANONYMOUS',
      questions: [{ type: 'RADIOBOX', options: ['Yes', 'No'] }, { type: 'TEXTBOX' }],
    });
    const second = { ...f, instanceId: await addInstance(t, f) };
    const [radio, box] = [f.questions[0]!.id, f.questions[1]!.id];
    const [a, b] = [people[5]!, people[6]!];
    await vote(t, a.token, f, {
      answers: [
        { questionId: radio, optionIds: [f.option(0, 'Yes')] },
        { questionId: box, text: 'Named' },
      ],
    });
    await vote(t, b.token, f, { anonymous: true, answers: [{ questionId: box, text: 'Secret' }] });
    await vote(t, a.token, second, { answers: [{ questionId: radio, optionIds: [f.option(0, 'No')] }] });

    const agg = await t.as(ten.tokens.moderator, {
      method: 'GET',
      url: `/api/v1/events/${f.eventId}/engagement-tools/${f.toolId}/results`,
    });
    expect(agg.statusCode, agg.body).toBe(200);
    expect(agg.json()).toMatchObject({
      toolId: f.toolId,
      instanceCount: 2,
      respondents: 2,
      questions: [
        { questionId: radio, responses: 2, options: [{ count: 1 }, { count: 1 }] },
        { questionId: box, responses: 2 },
      ],
    });

    const texts = await t.as(ten.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/events/${f.eventId}/moderation/engagement-tools/${f.toolId}/instances/${f.instanceId}/text-answers?questionId=${box}`,
    });
    expect(texts.statusCode, texts.body).toBe(200);
    const list = texts.json() as { total: number; records: { text: string; author: string | null }[] };
    expect(list.total).toBe(2);
    expect(list.records.map((r) => [r.text, r.author]).sort()).toEqual([
      ['Named', a.name],
      ['Secret', null],
    ]);
    const badQuestion = await t.as(ten.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/events/${f.eventId}/moderation/engagement-tools/${f.toolId}/instances/${f.instanceId}/text-answers?questionId=nope`,
    });
    expect(badQuestion.statusCode).toBe(400);
    // The instance under another tool's id: 404.
    const other = await poll();
    const wrongTool = await t.as(ten.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/events/${f.eventId}/moderation/engagement-tools/${other.toolId}/instances/${f.instanceId}/answers/results`,
    });
    expect(wrongTool.statusCode).toBe(404);
  });
});

describe('concurrent votes', () => {
  it('stores exactly 200 votes cast at the same moment, and the results show 200', async () => {
    const f = await poll();
    const crowd = await players(t, ten.event.id, 200);
    const labels = ['Red', 'Green', 'Blue'];
    const res = await Promise.all(
      crowd.map((p, i) =>
        vote(t, p.token, f, {
          answers: [{ questionId: f.questions[0]!.id, optionIds: [f.option(0, labels[i % 3]!)] }],
        }),
      ),
    );
    expect(res.filter((r) => r.statusCode !== 200).map((r) => r.body)).toEqual([]);
    const stored = await t.deps.db
      .selectFrom('engagementAnswers')
      .select('id')
      .where('instanceId', '=', f.instanceId)
      .execute();
    expect(stored).toHaveLength(200);
    const tally = (await staffResults(f)).json();
    expect(tally.respondents).toBe(200);
    expect(tally.questions[0].options.map((o: { count: number }) => o.count)).toEqual([67, 67, 66]);
  }, 120_000);
});

describe('rate limits', () => {
  it(`answers 429 with Retry-After after ${ENGAGEMENT_LIMITS.vote.limit} votes a minute`, async () => {
    const f = await poll();
    const p = (await players(t, ten.event.id, 1))[0]!;
    const body = { answers: [{ questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Red')] }] };
    for (let i = 0; i < ENGAGEMENT_LIMITS.vote.limit; i++)
      expect((await vote(t, p.token, f, body)).statusCode).toBe(200);
    const over = await vote(t, p.token, f, body);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    // Another participant is not affected.
    expect((await vote(t, people[11]!.token, f, body)).statusCode).toBe(200);
  });
});

describe('who may call', () => {
  it('answers 404 to participants outside the session and staff who do not take part; another tenant 404', async () => {
    const f = await poll();
    const other = await t.f.tenant();
    const body = { answers: [{ questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Red')] }] };
    expect((await vote(t, ten.tokens.eventAdmin, f, body)).statusCode).toBe(404);
    expect((await vote(t, other.tokens.participant, f, body)).statusCode).toBe(404);
    expect((await vote(t, undefined as unknown as string, f, body)).statusCode).toBe(401);
    // Staff routes: participants 403, moderators not listed on the session 403, another tenant 404.
    expect((await staffResults(f, ten.tokens.participant)).statusCode).toBe(403);
    expect((await staffResults(f, ten.tokens.moderator)).statusCode).toBe(403);
    expect((await staffResults(f, other.tokens.eventAdmin)).statusCode).toBe(404);
    await t.deps.db
      .insertInto('sessionModerators')
      .values({ sessionId: f.sessionId, userId: ten.users.moderator.id })
      .execute();
    expect((await staffResults(f, ten.tokens.moderator)).statusCode).toBe(200);
    const toolRes = (token: string) =>
      t.as(token, { method: 'GET', url: `/api/v1/events/${f.eventId}/engagement-tools/${f.toolId}/results` });
    expect((await toolRes(ten.tokens.participant)).statusCode).toBe(403);
    expect((await toolRes(other.tokens.eventAdmin)).statusCode).toBe(404);
    void client;
  });
});
