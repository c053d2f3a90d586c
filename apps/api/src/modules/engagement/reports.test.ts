import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { readCsv, readXlsx } from '../../../test/exports.js';
import { players, toolFixture, vote, type Fixture, type Player, type Tenant } from './answers.test-utils.js';

let t: TestContext;
let ten: Tenant;
let people: Player[];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  people = await players(t, ten.event.id, 4);
});
afterAll(() => t.close());

const report = (f: Fixture, name: string, format = 'csv', token = ten.tokens.eventAdmin) =>
  t.as(token, {
    method: 'GET',
    url: `/api/v1/events/${f.eventId}/engagement-tools/${f.toolId}/reports/${name}?format=${format}`,
  });

describe('engagement reports', () => {
  it('survey results: a row per respondent, a column per question, No response where left empty, no name nor e-mail when anonymous', async () => {
    const f = await toolFixture(t, ten, {
      type: 'SURVEY',
      name: 'Feedback',
      anonymity: 'ALLOW_ANONYMOUS',
      questions: [
        { type: 'RADIOBOX', text: 'Useful?', options: ['Yes', 'No'] },
        { type: 'CHECKBOX', text: 'Topics', options: ['AI', 'Cloud', 'Data'] },
        { type: 'LINEAR_SCALE', text: 'Rating', scaleMax: 5 },
        { type: 'TEXTBOX', text: 'Comments' },
      ],
    });
    const [radio, check, scale, box] = f.questions.map((q) => q.id);
    const [named, anon] = people;
    expect(
      (
        await vote(t, named!.token, f, {
          answers: [
            { questionId: radio, optionIds: [f.option(0, 'Yes')] },
            { questionId: check, optionIds: [f.option(1, 'Data'), f.option(1, 'AI')] },
            { questionId: scale, value: 4 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await vote(t, anon!.token, f, {
          anonymous: true,
          answers: [
            { questionId: radio, optionIds: [f.option(0, 'No')] },
            { questionId: box, text: '=cmd|calc' },
          ],
        })
      ).statusCode,
    ).toBe(200);

    // Available while the instance is still OPEN.
    const csv = await report(f, 'survey-results');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['content-disposition']).toMatch(
      /attachment; filename="survey-results-Feedback-.*\.csv"/,
    );
    const rows = readCsv(csv.body);
    expect(rows[0]).toEqual([
      'Session',
      'Participant',
      'E-mail',
      'Submitted at',
      'Useful?',
      'Topics',
      'Rating',
      'Comments',
    ]);
    const byName = new Map(rows.slice(1).map((r) => [r[1], r]));
    expect(byName.get(named!.name)?.slice(2, 3)).toEqual([named!.email]);
    expect(byName.get(named!.name)?.slice(4)).toEqual(['Yes', 'AI; Data', '4', MESSAGES.noResponse]);
    expect(byName.get('Anonymous')?.slice(2, 3)).toEqual(['']);
    // Formulas are neutralised by the platform's writer.
    expect(byName.get('Anonymous')?.slice(4)).toEqual([
      'No',
      MESSAGES.noResponse,
      MESSAGES.noResponse,
      "'=cmd|calc",
    ]);
    expect(csv.body).not.toContain(anon!.email);
    expect(csv.body).not.toContain(anon!.name);

    const xlsx = await report(f, 'survey-results', 'xlsx');
    expect(xlsx.statusCode).toBe(200);
    const sheet = await readXlsx(xlsx.rawPayload);
    expect(sheet[0]).toEqual(rows[0]);
    expect(sheet).toHaveLength(3);
    expect(JSON.stringify(sheet)).not.toContain(anon!.email);
  });

  it('poll and quiz results; the report must match the tool', async () => {
    const poll = await toolFixture(t, ten, {
      type: 'POLL',
      anonymity: 'ANONYMOUS',
      questions: [{ type: 'RADIOBOX', text: 'Colour', options: ['Red', 'Blue'] }],
    });
    await vote(t, people[2]!.token, poll, {
      answers: [{ questionId: poll.questions[0]!.id, optionIds: [poll.option(0, 'Blue')] }],
    });
    const rows = readCsv((await report(poll, 'poll-results')).body);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[4]])).toEqual([['Anonymous', '', 'Blue']]);
    const wrong = await report(poll, 'quiz-results');
    expect(wrong.statusCode).toBe(400);
    expect(Object.keys(wrong.json().fields)).toEqual(['report']);
    expect((await report(poll, 'nope')).statusCode).toBe(400);
    expect((await report(poll, 'poll-results', 'pdf')).statusCode).toBe(400);

    const quiz = await toolFixture(t, ten, {
      type: 'QUIZ',
      anonymity: 'ANONYMOUS',
      questions: [
        { type: 'RADIOBOX', text: 'Capital', options: ['Paris', 'Rome'], correct: ['Paris'] },
        { type: 'RADIOBOX', text: 'Second', options: ['A', 'B'], correct: ['A'] },
      ],
    });
    const admin = ten.tokens.eventAdmin;
    await t.as(admin, {
      method: 'PUT',
      url: `/api/v1/events/${quiz.eventId}/moderation/engagement-tools/${quiz.toolId}/instances/${quiz.instanceId}/quiz`,
      payload: { action: 'NEXT_QUESTION' },
    });
    const ok = await t.as(people[3]!.token, {
      method: 'POST',
      url: `/api/v1/events/${quiz.eventId}/engagement/instances/${quiz.instanceId}/quiz/answers`,
      payload: { questionId: quiz.questions[0]!.id, optionIds: [quiz.option(0, 'Rome')] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const q = readCsv((await report(quiz, 'quiz-results')).body);
    expect(q[0]).toEqual([
      'Session',
      'Rank',
      'Participant',
      'E-mail',
      'Points',
      'Correct answers',
      'Capital',
      'Second',
    ]);
    expect(q.slice(1).map((r) => r.slice(1))).toEqual([
      ['1', 'Player 1', '', '0', '0', '0', MESSAGES.noResponse],
    ]);
  });

  it('Q&A: every question with its status and replies, anonymous askers unnamed', async () => {
    const qa = await toolFixture(t, ten, { type: 'QA', anonymity: 'ALLOW_ANONYMOUS' });
    const [a, b] = people;
    const db = t.deps.db;
    const question = await db
      .insertInto('qaQuestions')
      .values({
        instanceId: qa.instanceId,
        eventId: qa.eventId,
        participantId: a!.participantId,
        text: 'Named question',
        status: 'APPROVED',
        upvoteCount: 2,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('qaQuestions')
      .values({
        instanceId: qa.instanceId,
        eventId: qa.eventId,
        participantId: b!.participantId,
        text: 'Hidden asker',
        anonymous: true,
        status: 'PENDING',
        updatedAt: new Date(),
      })
      .execute();
    await db
      .insertInto('qaReplies')
      .values({
        questionId: question.id,
        eventId: qa.eventId,
        authorUserId: ten.users.eventAdmin.id,
        text: 'Thanks!',
      })
      .execute();
    const res = await report(qa, 'qa', 'csv', ten.tokens.moderator);
    expect(res.statusCode, res.body).toBe(200);
    const rows = readCsv(res.body);
    expect(rows[0]).toEqual([
      'Session',
      'Question',
      'Asked by',
      'E-mail',
      'Status',
      'Upvotes',
      'Answered',
      'Highlighted',
      'Asked at',
      'Replies',
    ]);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[3], r[4], r[5], r[9]])).toEqual([
      ['Named question', a!.name, a!.email, 'APPROVED', '2', 'Thanks!'],
      ['Hidden asker', 'Anonymous', '', 'PENDING', '0', ''],
    ]);
    expect(res.body).not.toContain(b!.email);
  });

  it('is for event admins and moderators; participants 403; another tenant 404', async () => {
    const f = await toolFixture(t, ten, {
      type: 'POLL',
      questions: [{ type: 'RADIOBOX', options: ['A', 'B'] }],
    });
    const other = await t.f.tenant();
    expect((await report(f, 'poll-results', 'csv', ten.tokens.participant)).statusCode).toBe(403);
    expect((await report(f, 'poll-results', 'csv', ten.tokens.moderator)).statusCode).toBe(200);
    expect((await report(f, 'poll-results', 'csv', other.tokens.eventAdmin)).statusCode).toBe(404);
    const wrongEvent = await t.as(other.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/events/${other.event.id}/engagement-tools/${f.toolId}/reports/poll-results`,
    });
    expect(wrongEvent.statusCode).toBe(404);
  });
});
