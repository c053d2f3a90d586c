import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGAGEMENT_MESSAGES, MESSAGES, type EngagementTool } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
});
afterAll(() => t.close());

const poll = (extra: Record<string, unknown> = {}) => ({
  type: 'POLL',
  name: 'Favourite colour',
  questions: [{ type: 'RADIOBOX', text: 'Which one?', options: [{ label: 'Red' }, { label: 'Blue' }] }],
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<EngagementTool> {
  const res = await admin.post('engagement-tools', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('engagement tools', () => {
  it('creates a tool with sessions, questions and option ids, and reads it back', async () => {
    const s = await session(admin, { name: 'Keynote' });
    const tool = await create(
      poll({ sessionIds: [s.id], description: 'Warm-up', settings: { wordCloud: false, bogus: 1 } }),
    );
    expect(tool).toMatchObject({
      eventId,
      type: 'POLL',
      name: 'Favourite colour',
      description: 'Warm-up',
      anonymity: 'NOT_ANONYMOUS',
      sessions: [{ id: s.id, name: 'Keynote' }],
      material: null,
      questionCount: 1,
      instanceCount: 0,
      openCount: 0,
      audience: { type: 'EVERYONE', labels: [], rules: [] },
    });
    expect(tool.settings).toEqual({
      wordCloud: false,
      allowChangeAnswer: true,
      showResultsToParticipants: true,
      moderated: false,
      qaSort: 'MOST_VOTED',
    });
    const [q] = tool.questions;
    expect(q!.options.map((o) => o.label)).toEqual(['Red', 'Blue']);
    expect(q!.options.every((o) => /^[a-z0-9-]{1,40}$/i.test(o.id))).toBe(true);
    expect(new Set(q!.options.map((o) => o.id)).size).toBe(2);
    // createdBy: the author's name, else their e-mail.
    const u = await t.deps.db
      .selectFrom('users')
      .select(['firstName', 'lastName', 'email'])
      .where('id', '=', ten.users.eventAdmin.id)
      .executeTakeFirstOrThrow();
    expect(tool.createdBy).toBe(`${u.firstName} ${u.lastName}`.trim() || u.email);

    const got = await admin.get(`engagement-tools/${tool.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual(tool);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action'])
      .where('entity', '=', 'engagementTool')
      .where('entityId', '=', tool.id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it('saves questions as a whole list: kept ids keep their answers, new ones are added, missing ones go', async () => {
    const s = await session(admin);
    const tool = await create({
      type: 'SURVEY',
      name: 'Feedback',
      sessionIds: [s.id],
      questions: [
        { type: 'TEXTBOX', text: 'Comments?' },
        { type: 'LINEAR_SCALE', text: 'Rate it', scaleMax: 5, scaleMinLabel: 'Bad', scaleMaxLabel: 'Good' },
        { type: 'CHECKBOX', text: 'Topics', options: [{ label: 'A' }, { label: 'B' }] },
      ],
    });
    const [comments, rate, topics] = tool.questions;
    expect(rate).toMatchObject({ scaleMax: 5, scaleMinLabel: 'Bad', scaleMaxLabel: 'Good', position: 1 });
    // An answer on the kept question stays.
    const instance = await t.deps.db
      .insertInto('engagementInstances')
      .values({ eventId, toolId: tool.id, sessionId: s.id, updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const participantId = (
      await t.deps.db
        .selectFrom('participants')
        .select('id')
        .where('eventId', '=', eventId)
        .where('userId', '=', ten.users.participant.id)
        .executeTakeFirstOrThrow()
    ).id;
    await t.deps.db
      .insertInto('engagementAnswers')
      .values({
        instanceId: instance.id,
        questionId: rate!.id,
        eventId,
        participantId,
        value: 4,
        updatedAt: new Date(),
      })
      .execute();

    const res = await admin.patch(`engagement-tools/${tool.id}`, {
      name: 'Feedback 2',
      questions: [
        { id: rate!.id, type: 'LINEAR_SCALE', text: 'Rate it again', scaleMax: 10 },
        {
          id: topics!.id,
          type: 'CHECKBOX',
          text: 'Topics',
          options: [{ id: topics!.options[1]!.id, label: 'B' }, { label: 'C' }],
        },
        { type: 'TEXT_FIELD', text: 'Name' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated: EngagementTool = res.json();
    expect(updated.name).toBe('Feedback 2');
    expect(updated.questions.map((q) => [q.id === rate!.id, q.text, q.position])).toEqual([
      [true, 'Rate it again', 0],
      [false, 'Topics', 1],
      [false, 'Name', 2],
    ]);
    expect(updated.questions[1]!.id).toBe(topics!.id);
    expect(updated.questions[1]!.options[0]).toEqual(topics!.options[1]);
    expect(updated.questions[1]!.options[1]!.label).toBe('C');
    expect(updated.questions.some((q) => q.id === comments!.id)).toBe(false);
    const answers = await t.deps.db
      .selectFrom('engagementAnswers')
      .select('questionId')
      .where('instanceId', '=', instance.id)
      .execute();
    expect(answers).toEqual([{ questionId: rate!.id }]);

    // An id that is not one of the tool's questions is refused.
    const bad = await admin.patch(`engagement-tools/${tool.id}`, {
      questions: [{ id: comments!.id, type: 'TEXTBOX', text: 'Back?' }],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ 'questions.0.id': MESSAGES.pleaseSelectValue });
  });

  it('stores quiz correct answers by option id and refuses quiz questions without one', async () => {
    const tool = await create({
      type: 'QUIZ',
      name: 'Trivia',
      questions: [
        {
          type: 'CHECKBOX',
          text: 'Primes',
          options: [{ label: '2' }, { label: '4' }, { label: '5' }],
          correctOptionIndexes: [2, 0],
          points: 500,
          timeLimitSec: 20,
        },
      ],
    });
    const q = tool.questions[0]!;
    expect(q.correctOptionIds.sort()).toEqual([q.options[0]!.id, q.options[2]!.id].sort());
    expect(q).toMatchObject({ points: 500, timeLimitSec: 20 });

    const noCorrect = await admin.post('engagement-tools', {
      type: 'QUIZ',
      name: 'Bad quiz',
      questions: [{ type: 'RADIOBOX', text: 'Q', options: [{ label: 'a' }, { label: 'b' }] }],
    });
    expect(noCorrect.statusCode).toBe(400);
    expect(noCorrect.json().fields).toEqual({
      'questions.0.correctOptionIndexes': ENGAGEMENT_MESSAGES.invalidCorrectAnswer,
    });
    const textQuestion = await admin.post('engagement-tools', {
      type: 'QUIZ',
      name: 'Bad quiz',
      questions: [{ type: 'TEXTBOX', text: 'Q' }],
    });
    expect(textQuestion.statusCode).toBe(400);
    expect(textQuestion.json().fields).toEqual({
      'questions.0.type': ENGAGEMENT_MESSAGES.invalidCorrectAnswer,
    });
    const outOfRange = await admin.post('engagement-tools', {
      type: 'QUIZ',
      name: 'Bad quiz',
      questions: [
        { type: 'RADIOBOX', text: 'Q', options: [{ label: 'a' }, { label: 'b' }], correctOptionIndexes: [5] },
      ],
    });
    expect(outOfRange.statusCode).toBe(400);
    expect(outOfRange.json().fields['questions.0.correctOptionIndexes']).toBe(
      ENGAGEMENT_MESSAGES.invalidCorrectAnswer,
    );
    // A PATCH is checked against the stored type.
    const patch = await admin.patch(`engagement-tools/${tool.id}`, {
      questions: [{ type: 'LINEAR_SCALE', text: 'Q', scaleMax: 5 }],
    });
    expect(patch.statusCode).toBe(400);
    expect(patch.json().fields).toEqual({ 'questions.0.type': ENGAGEMENT_MESSAGES.invalidCorrectAnswer });
  });

  it("refuses another event's sessions and materials, a document without material and a poll without questions", async () => {
    const foreign = await session(client(t, other.tokens.eventAdmin, other.event.id));
    const own = await session(admin);
    const res = await admin.post('engagement-tools', poll({ sessionIds: [own.id, foreign.id] }));
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ 'sessionIds.1': MESSAGES.pleaseSelectValue });

    const doc = await admin.post('engagement-tools', {
      type: 'DOCUMENT',
      name: 'Slides',
      materialId: '00000000-0000-4000-8000-000000000000',
    });
    expect(doc.statusCode).toBe(400);
    expect(doc.json().fields).toEqual({ materialId: MESSAGES.pleaseSelectValue });
    const noMaterial = await admin.post('engagement-tools', { type: 'DOCUMENT', name: 'Slides' });
    expect(noMaterial.statusCode).toBe(400);
    expect(noMaterial.json().fields).toEqual({ materialId: MESSAGES.pleaseSelectValue });

    const emptyPoll = await admin.post('engagement-tools', { type: 'POLL', name: 'Empty', questions: [] });
    expect(emptyPoll.statusCode).toBe(400);
    expect(emptyPoll.json().fields).toEqual({ questions: MESSAGES.required });
    const tool = await create(poll());
    const emptied = await admin.patch(`engagement-tools/${tool.id}`, { questions: [] });
    expect(emptied.statusCode).toBe(400);
    expect(emptied.json().fields).toEqual({ questions: MESSAGES.required });

    const label = await admin.post(
      'engagement-tools',
      poll({ audience: { type: 'LABELS', labelIds: ['00000000-0000-4000-8000-000000000000'] } }),
    );
    expect(label.statusCode).toBe(400);
    expect(Object.keys(label.json().fields)).toEqual(['audience.labelIds']);
  });

  it('copies a tool as "<name> (copy)" with new question ids and no instances', async () => {
    const s = await session(admin);
    const tool = await create(poll({ name: 'Copy me', sessionIds: [s.id], anonymity: 'ANONYMOUS' }));
    await t.deps.db
      .insertInto('engagementInstances')
      .values({ eventId, toolId: tool.id, sessionId: s.id, updatedAt: new Date() })
      .execute();
    const res = await admin.post(`engagement-tools/${tool.id}/copy`);
    expect(res.statusCode, res.body).toBe(201);
    const copy: EngagementTool = res.json();
    expect(copy.id).not.toBe(tool.id);
    expect(copy).toMatchObject({
      name: 'Copy me (copy)',
      type: 'POLL',
      anonymity: 'ANONYMOUS',
      sessions: tool.sessions,
      settings: tool.settings,
      instanceCount: 0,
    });
    expect(copy.questions.map((q) => ({ ...q, id: '' }))).toEqual(
      tool.questions.map((q) => ({ ...q, id: '' })),
    );
    expect(copy.questions[0]!.id).not.toBe(tool.questions[0]!.id);

    const long = await create(poll({ name: 'x'.repeat(200) }));
    const longCopy = await admin.post(`engagement-tools/${long.id}/copy`);
    expect(longCopy.statusCode).toBe(201);
    expect(longCopy.json().name).toBe(`${'x'.repeat(193)} (copy)`);

    expect((await admin.post('engagement-tools/00000000-0000-4000-8000-000000000000/copy')).statusCode).toBe(
      404,
    );
  });

  it('lists with search, type and session filters and sorts', async () => {
    const tn = await t.f.tenant();
    const c = client(t, tn.tokens.eventAdmin, tn.event.id);
    const s = await session(c);
    const mk = async (body: Record<string, unknown>) => {
      const res = await c.post('engagement-tools', body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as EngagementTool;
    };
    const a = await mk(poll({ name: 'Alpha poll', sessionIds: [s.id] }));
    const b = await mk({ type: 'QA', name: 'beta Q&A' });
    const g = await mk({ type: 'SURVEY', name: 'Gamma survey', sessionIds: [s.id] });
    const names = async (q: string) => {
      const res = await c.get(`engagement-tools?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json() as { records: EngagementTool[]; total: number };
      expect(body.total).toBe(body.records.length);
      return body.records.map((r) => r.name);
    };
    expect(await names('sort=name:asc')).toEqual(['Alpha poll', 'beta Q&A', 'Gamma survey']);
    expect(await names('sort=name:desc')).toEqual(['Gamma survey', 'beta Q&A', 'Alpha poll']);
    expect(await names('search=POLL')).toEqual([a.name]);
    expect(await names('type=QA,SURVEY&sort=name:asc')).toEqual([b.name, g.name]);
    expect(await names(`sessionId=${s.id}&sort=name:asc`)).toEqual([a.name, g.name]);
    expect(await names('sort=type:asc')).toEqual([a.name, b.name, g.name]);
    expect((await c.get('engagement-tools?sort=bogus:asc')).statusCode).toBe(400);
    expect((await c.get('engagement-tools?type=NOPE')).statusCode).toBe(400);
    // Moderators read the list.
    const mod = client(t, tn.tokens.moderator, tn.event.id);
    expect((await mod.get('engagement-tools')).json().total).toBe(3);
  });

  it('deletes a tool with its instances, telling sessions where one was open', async () => {
    const s = await session(admin);
    const tool = await create(poll({ sessionIds: [s.id] }));
    const open = await admin.post(`engagement-tools/${tool.id}/instances`, {
      sessionId: s.id,
      status: 'OPEN',
    });
    expect(open.statusCode, open.body).toBe(201);
    const res = await admin.delete(`engagement-tools/${tool.id}`);
    expect(res.statusCode).toBe(204);
    expect((await admin.get(`engagement-tools/${tool.id}`)).statusCode).toBe(404);
    const left = await t.deps.db
      .selectFrom('engagementInstances')
      .select('id')
      .where('toolId', '=', tool.id)
      .execute();
    expect(left).toEqual([]);
    expect((await admin.delete(`engagement-tools/${tool.id}`)).statusCode).toBe(404);
  });

  it('refuses malformed input with 400, never 500', async () => {
    const bad: unknown[] = [
      poll({ name: 'a\u0000b' }),
      poll({ name: 'a\ud800b' }),
      poll({ name: 'x'.repeat(100_000) }),
      poll({ description: 'y'.repeat(1_000_000) }),
      poll({ questions: [{ type: 'RADIOBOX', text: 'q\u0000', options: [{ label: 'a' }, { label: 'b' }] }] }),
      poll({
        questions: [
          { type: 'RADIOBOX', text: 'q', options: [{ label: 'a', id: 'bad id!' }, { label: 'b' }] },
        ],
      }),
      poll({
        questions: [
          {
            type: 'RADIOBOX',
            text: 'q',
            options: [
              { label: 'a', id: 'x' },
              { label: 'b', id: 'x' },
            ],
          },
        ],
      }),
      poll({ sessionIds: ['not-a-uuid'] }),
      poll({ type: 'NOPE' }),
      poll({ questions: Array.from({ length: 101 }, () => ({ type: 'TEXTBOX', text: 'q' })) }),
      poll({ audience: { type: 'RULES', rules: [{ field: 'nope', operator: 'EQUALS', value: 'x' }] } }),
      { ...poll(), questions: 'nope' },
      [],
    ];
    for (const body of bad) {
      const res = await admin.call('POST', 'engagement-tools', body as object);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200) + res.body).toBe(400);
    }
    // Not JSON at all: 415.
    expect((await admin.call('POST', 'engagement-tools', 'text' as never)).statusCode).toBe(415);
    const tool = await create(poll());
    const patchBad: unknown[] = [
      { name: '\u0000' },
      { name: '' },
      { settings: { qaSort: 'SIDEWAYS' } },
      { materialId: 'x' },
    ];
    for (const body of patchBad) {
      const res = await admin.patch(`engagement-tools/${tool.id}`, body);
      expect(res.statusCode, JSON.stringify(body) + res.body).toBe(400);
    }
    expect((await admin.get('engagement-tools/not-a-uuid')).statusCode).toBe(400);
  });
});
