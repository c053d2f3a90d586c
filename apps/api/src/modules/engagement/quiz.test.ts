import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ENGAGEMENT_MESSAGES, quizPoints } from '@plenary/domain';
import { sql } from 'kysely';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { players, toolFixture, type Fixture, type Player, type Tenant } from './answers.test-utils.js';

let t: TestContext;
let ten: Tenant;
let people: Player[];
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  people = await players(t, ten.event.id, 6);
  recordEmits(t, emitted);
});
afterAll(() => t.close());

const quizTool = (anonymity: 'ANONYMOUS' | 'NOT_ANONYMOUS' = 'NOT_ANONYMOUS') =>
  toolFixture(t, ten, {
    type: 'QUIZ',
    anonymity,
    questions: [
      { type: 'RADIOBOX', options: ['Paris', 'Rome'], correct: ['Paris'], points: 1000, timeLimitSec: 30 },
      { type: 'CHECKBOX', options: ['2', '3', '4'], correct: ['2', '3'], points: 500, timeLimitSec: 20 },
    ],
  });

const move = (f: Fixture, action: string, token = ten.tokens.eventAdmin) =>
  t.as(token, {
    method: 'PUT',
    url: `/api/v1/events/${f.eventId}/moderation/engagement-tools/${f.toolId}/instances/${f.instanceId}/quiz`,
    payload: { action },
  });
const answer = (f: Fixture, p: Player, q: number, labels: string[]) =>
  t.as(p.token, {
    method: 'POST',
    url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/quiz/answers`,
    payload: { questionId: f.questions[q]!.id, optionIds: labels.map((l) => f.option(q, l)) },
  });
const state = (f: Fixture, token: string) =>
  t.as(token, {
    method: 'GET',
    url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/quiz`,
  });
const board = (f: Fixture, token: string) =>
  t.as(token, {
    method: 'GET',
    url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/quiz/leaderboard`,
  });
/** The question started `ago` ms before the database's now, with `limitSec` to answer from its start. */
const startedAgo = (f: Fixture, ago: number, limitSec = 30) =>
  sql`UPDATE engagement_instances SET quiz_started_at = clock_timestamp() - make_interval(secs => ${ago / 1000}),
        quiz_deadline = clock_timestamp() - make_interval(secs => ${ago / 1000}) + make_interval(secs => ${limitSec})
      WHERE id = ${f.instanceId}`.execute(t.deps.db);
const stored = (f: Fixture, p: Player) =>
  t.deps.db
    .selectFrom('engagementAnswers')
    .select(['points', 'elapsedMs', 'correct'])
    .where('instanceId', '=', f.instanceId)
    .where('participantId', '=', p.participantId)
    .orderBy('createdAt')
    .execute();

describe('quiz', () => {
  it('moves through its phases by the database clock and tells the engagement room', async () => {
    const f = await quizTool();
    const lobby = await state(f, people[0]!.token);
    expect(lobby.statusCode, lobby.body).toBe(200);
    expect(lobby.json()).toMatchObject({
      phase: 'LOBBY',
      questionIndex: null,
      questionId: null,
      questionCount: 2,
    });
    expect((await move(f, 'SHOW_LEADERBOARD')).statusCode).toBe(409);

    const first = await move(f, 'NEXT_QUESTION');
    expect(first.statusCode, first.body).toBe(200);
    const s = first.json();
    expect(s).toMatchObject({ phase: 'QUESTION', questionIndex: 0, questionId: f.questions[0]!.id });
    expect(Date.parse(s.deadline) - Date.parse(s.startedAt)).toBe(30_000);
    expect(
      emitted.filter((e) => e.room === `engagement:${f.instanceId}` && e.event === 'quiz.state').at(-1)
        ?.payload,
    ).toEqual(s);

    expect((await move(f, 'SHOW_LEADERBOARD')).json().phase).toBe('LEADERBOARD');
    const second = (await move(f, 'NEXT_QUESTION')).json();
    expect(second).toMatchObject({ phase: 'QUESTION', questionIndex: 1 });
    expect(Date.parse(second.deadline) - Date.parse(second.startedAt)).toBe(20_000);
    const none = await move(f, 'NEXT_QUESTION');
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe(ENGAGEMENT_MESSAGES.invalidTransition);
    expect((await move(f, 'FINISH')).json().phase).toBe('FINISHED');
    expect((await move(f, 'NEXT_QUESTION')).statusCode).toBe(409);
    // Malformed actions: 400.
    expect((await move(f, 'JUMP')).statusCode).toBe(400);
  });

  it('scores answers by the time the database measured: t = 2 s of 30 → 967, under 0.5 s → full points, wrong → 0', async () => {
    const f = await quizTool();
    await move(f, 'NEXT_QUESTION');
    const [fast, slow, wrong] = people;

    await startedAgo(f, 300);
    expect((await answer(f, fast!, 0, ['Paris'])).statusCode).toBe(200);
    await startedAgo(f, 2000);
    const res = await answer(f, slow!, 0, ['Paris']);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ accepted: true });
    expect((await answer(f, wrong!, 0, ['Rome'])).statusCode).toBe(200);

    const [a] = await stored(f, fast!);
    expect(a).toMatchObject({ points: 1000, correct: true });
    expect(a!.elapsedMs).toBeGreaterThanOrEqual(300);
    const [b] = await stored(f, slow!);
    expect(b!.elapsedMs).toBeGreaterThanOrEqual(2000);
    // The domain's formula on the elapsed time the database measured (967 at exactly 2 s).
    expect(b!.points).toBe(quizPoints(true, b!.elapsedMs!, 30_000, 1000));
    expect(b!.points).toBeLessThanOrEqual(967);
    expect(b!.points).toBeGreaterThan(950);
    expect(await stored(f, wrong!)).toEqual([expect.objectContaining({ points: 0, correct: false })]);

    // A second answer to the same question: 409.
    const again = await answer(f, fast!, 0, ['Rome']);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ENGAGEMENT_MESSAGES.alreadyAnswered);
    // Not the question being asked: 409.
    const notNow = await answer(f, fast!, 1, ['2', '3']);
    expect(notNow.statusCode).toBe(409);
    expect(notNow.json().message).toBe(ENGAGEMENT_MESSAGES.notCurrentQuestion);
    // An unknown option: 400.
    const bad = await t.as(fast!.token, {
      method: 'POST',
      url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/quiz/answers`,
      payload: { questionId: f.questions[0]!.id, optionIds: ['nope'] },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('refuses an answer after the deadline, whatever the client says', async () => {
    const f = await quizTool();
    await move(f, 'NEXT_QUESTION');
    // Started 30.001 s ago with a 30 s limit: the deadline passed 1 ms ago.
    await startedAgo(f, 30_001, 30);
    const late = await t.as(people[3]!.token, {
      method: 'POST',
      url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/quiz/answers`,
      headers: { date: new Date(Date.now() - 60_000).toUTCString() },
      payload: { questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Paris')] },
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(ENGAGEMENT_MESSAGES.tooLate);
    expect(await stored(f, people[3]!)).toEqual([]);
    // On the leaderboard phase, answers are refused too.
    await startedAgo(f, 0);
    await move(f, 'SHOW_LEADERBOARD');
    expect((await answer(f, people[3]!, 0, ['Paris'])).statusCode).toBe(409);
  });

  it('ranks the leaderboard by points (ties share a rank) and names anonymous players Player n', async () => {
    for (const anonymity of ['NOT_ANONYMOUS', 'ANONYMOUS'] as const) {
      const f = await quizTool(anonymity);
      await move(f, 'NEXT_QUESTION');
      const [a, b, c] = people;
      // Each within half a second of the start: full points, a tie.
      for (const [p, label] of [
        [a!, 'Paris'],
        [b!, 'Paris'],
        [c!, 'Rome'],
      ] as const) {
        await startedAgo(f, 50);
        expect((await answer(f, p, 0, [label])).statusCode).toBe(200);
      }
      const res = await board(f, ten.tokens.eventAdmin);
      expect(res.statusCode, res.body).toBe(200);
      const entries = res.json().entries as {
        rank: number;
        name: string;
        points: number;
        participantId: string;
      }[];
      expect(entries.map((e) => [e.rank, e.points])).toEqual([
        [1, 1000],
        [1, 1000],
        [3, 0],
      ]);
      if (anonymity === 'ANONYMOUS') {
        expect(entries.map((e) => e.name)).toEqual(['Player 1', 'Player 2', 'Player 3']);
        expect(res.body).not.toContain(a!.name);
      } else expect(entries.map((e) => e.name)).toEqual([a!.name, b!.name, c!.name]);
      // Participants read it too; the coalesced leaderboard reached the room.
      expect((await board(f, a!.token)).json()).toEqual(res.json());
      await vi.waitFor(() => {
        const last = emitted
          .filter((e) => e.room === `engagement:${f.instanceId}` && e.event === 'quiz.leaderboard')
          .at(-1);
        expect((last?.payload as { entries: unknown[] } | undefined)?.entries).toHaveLength(3);
      });
    }
  });

  it('allows staff moves only to the session’s staff; answers only to participants; 409 for a tool that is not a quiz', async () => {
    const f = await quizTool();
    const other = await t.f.tenant();
    expect((await move(f, 'NEXT_QUESTION', ten.tokens.participant)).statusCode).toBe(403);
    expect((await move(f, 'NEXT_QUESTION', ten.tokens.moderator)).statusCode).toBe(403);
    expect((await move(f, 'NEXT_QUESTION', other.tokens.eventAdmin)).statusCode).toBe(404);
    expect((await state(f, other.tokens.participant)).statusCode).toBe(404);
    expect((await state(f, ten.tokens.eventAdmin)).statusCode).toBe(200);
    await move(f, 'NEXT_QUESTION');
    const staffAnswer = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/quiz/answers`,
      payload: { questionId: f.questions[0]!.id, optionIds: [f.option(0, 'Paris')] },
    });
    expect(staffAnswer.statusCode).toBe(404);
    const poll = await toolFixture(t, ten, {
      type: 'POLL',
      questions: [{ type: 'RADIOBOX', options: ['A', 'B'] }],
    });
    expect((await state(poll, people[0]!.token)).statusCode).toBe(409);
    expect((await move(poll, 'NEXT_QUESTION')).statusCode).toBe(409);
    // A closed instance does not move.
    await t.deps.db
      .updateTable('engagementInstances')
      .set({ status: 'CLOSED' })
      .where('id', '=', f.instanceId)
      .execute();
    const closed = await move(f, 'SHOW_LEADERBOARD');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(ENGAGEMENT_MESSAGES.notOpen);
  });
});
