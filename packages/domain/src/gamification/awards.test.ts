import { describe, expect, it } from 'vitest';
import {
  assignPointsSchema,
  AWARD_MESSAGES,
  completionDone,
  factsOfEvent,
  gameScore,
  inWindow,
  subTaskPoints,
  taskComplete,
  taskMatches,
  typePointsAward,
} from './awards.js';

const E = '00000000-0000-4000-8000-000000000001';
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const T1 = '00000000-0000-4000-8000-0000000000f1';
const T2 = '00000000-0000-4000-8000-0000000000f2';
const at = '2026-06-01T10:00:00.000Z';

describe('facts of domain events', () => {
  const base = { id: 'ev', occurredAt: at };

  it('a poll vote counts as a survey answered; quiz and Q&A keep their kinds; the key is the tool', () => {
    const answer = (kind: 'POLL' | 'SURVEY' | 'QUIZ' | 'QA') =>
      factsOfEvent({
        ...base,
        name: 'answer.submitted',
        payload: { eventId: E, sessionId: T1, toolId: T2, instanceId: T1, participantId: A, kind },
      });
    expect(answer('POLL')).toEqual([
      { eventId: E, participantId: A, kind: 'SURVEY', targetKey: T2, occurredAt: at, sourceEventId: 'ev' },
    ]);
    expect(answer('SURVEY')[0]!.kind).toBe('SURVEY');
    expect(answer('QUIZ')[0]!.kind).toBe('QUIZ');
    expect(answer('QA')[0]!.kind).toBe('QA');
  });

  it('a card exchange and a meeting pay both people; the card key is the other person', () => {
    const cards = factsOfEvent({
      ...base,
      name: 'card.exchanged',
      payload: { eventId: E, requestId: T1, fromParticipantId: A, toParticipantId: B },
    });
    expect(cards.map((f) => [f.participantId, f.kind, f.targetKey])).toEqual([
      [A, 'BUSINESS_CARD_EXCHANGE', B],
      [B, 'BUSINESS_CARD_EXCHANGE', A],
    ]);
    const meeting = factsOfEvent({
      ...base,
      name: 'meeting.booked',
      payload: { eventId: E, meetingId: T1, requesterId: A, inviteeId: B, startsAt: at, by: 'PARTICIPANT' },
    });
    expect(meeting.map((f) => [f.participantId, f.targetKey])).toEqual([
      [A, T1],
      [B, T1],
    ]);
  });

  it('a waitlist place earns nothing; a seat is a session registered', () => {
    const enrolled = (state: 'ENROLLED' | 'WAITLISTED') =>
      factsOfEvent({
        ...base,
        name: 'session.enrolled',
        payload: { eventId: E, sessionId: T1, participantId: A, state, by: 'PARTICIPANT' },
      });
    expect(enrolled('WAITLISTED')).toEqual([]);
    expect(enrolled('ENROLLED')[0]).toMatchObject({ kind: 'REGISTER_SESSION', targetKey: T1 });
  });

  it('feed posts and comments have distinct keys; boolean kinds have the empty key', () => {
    const post = factsOfEvent({
      ...base,
      name: 'feed.posted',
      payload: { eventId: E, postId: T1, participantId: A },
    });
    const comment = factsOfEvent({
      ...base,
      name: 'feed.commented',
      payload: { eventId: E, postId: T1, commentId: T2, participantId: A },
    });
    expect(post[0]!.targetKey).toBe(`post:${T1}`);
    expect(comment[0]!.targetKey).toBe(`comment:${T2}`);
    const app = factsOfEvent({
      ...base,
      name: 'app.installed',
      payload: { eventId: E, participantId: A, platform: 'ANDROID' },
    });
    expect(app[0]).toMatchObject({ kind: 'DOWNLOAD_APP', targetKey: '' });
  });
});

describe('task matching and completion', () => {
  const specific = {
    kind: 'ATTEND_SESSION',
    type: 'COMPLETION',
    target: 'SPECIFIC',
    targetIds: [T1, T2],
  } as const;
  const any = { ...specific, target: 'ANY', targetIds: [] } as const;

  it('ANY matches every item; SPECIFIC only its targets', () => {
    expect(taskMatches(any, A)).toBe(true);
    expect(taskMatches(specific, T1)).toBe(true);
    expect(taskMatches(specific, A)).toBe(false);
  });

  it('COMPLETION over ANY is done at the first item; over SPECIFIC when every target is done', () => {
    expect(completionDone(any, new Set([A]))).toBe(true);
    expect(completionDone(specific, new Set([T1]))).toBe(false);
    expect(completionDone(specific, new Set([T1, T2]))).toBe(true);
  });
});

describe('TYPE_POINTS amounts', () => {
  it('pays per sub-task up to the limit, trimming the last award, then nothing', () => {
    // limit 25, 10 a sub-task: 10, 10, then 5 (trimmed), then 0.
    expect(typePointsAward(10, 0, 25)).toBe(10);
    expect(typePointsAward(10, 10, 25)).toBe(10);
    expect(typePointsAward(10, 20, 25)).toBe(5);
    expect(typePointsAward(10, 25, 25)).toBe(0);
    expect(typePointsAward(10, 1000, null)).toBe(10);
  });

  it('a scanned code pays its own points when it has some', () => {
    expect(subTaskPoints(10, 50)).toBe(50);
    expect(subTaskPoints(10, 0)).toBe(10);
    expect(subTaskPoints(null)).toBe(0);
  });

  it('a TYPE_POINTS task is complete at its limit, or after one sub-task without a limit', () => {
    expect(
      taskComplete(
        { type: 'TYPE_POINTS', tasksPointsLimit: 25 },
        { completionPaid: false, earned: 20, subTasks: 2 },
      ),
    ).toBe(false);
    expect(
      taskComplete(
        { type: 'TYPE_POINTS', tasksPointsLimit: 25 },
        { completionPaid: false, earned: 25, subTasks: 3 },
      ),
    ).toBe(true);
    expect(
      taskComplete(
        { type: 'TYPE_POINTS', tasksPointsLimit: null },
        { completionPaid: false, earned: 5, subTasks: 1 },
      ),
    ).toBe(true);
    expect(
      taskComplete(
        { type: 'COMPLETION', tasksPointsLimit: null },
        { completionPaid: true, earned: 0, subTasks: 0 },
      ),
    ).toBe(true);
  });
});

describe('window', () => {
  it('starts_at ≤ occurredAt < ends_at, null bounds open', () => {
    const w = { startsAt: '2026-06-01T09:00:00Z', endsAt: '2026-06-01T10:00:00Z' };
    expect(inWindow(w, '2026-06-01T08:59:59Z')).toBe(false);
    expect(inWindow(w, '2026-06-01T09:00:00Z')).toBe(true);
    expect(inWindow(w, '2026-06-01T10:00:00Z')).toBe(false);
    expect(inWindow({ startsAt: null, endsAt: null }, '1999-01-01T00:00:00Z')).toBe(true);
  });
});

describe('scores', () => {
  it('TOTAL vs WEIGHTED on one worked fixture', () => {
    // 10 points at weight 150% (15), 20 at 33% (6.6), an assigned 7 without a task (×1 = 7).
    const rows = [
      { points: 10, weightPercent: 150 },
      { points: 20, weightPercent: 33 },
      { points: 7, weightPercent: null },
    ];
    expect(gameScore('TOTAL_POINTS', rows)).toBe(37);
    expect(gameScore('WEIGHTED_POINTS', rows)).toBe(28.6);
    // 1 point at 33.3…%: two decimals at most.
    expect(gameScore('WEIGHTED_POINTS', [{ points: 1, weightPercent: 33 }])).toBe(0.33);
  });
});

describe('assigned points input', () => {
  const ok = { participantId: A, points: 5, reason: 'Helped at the desk' };
  it('accepts positive and negative points with a reason', () => {
    expect(assignPointsSchema.parse(ok).points).toBe(5);
    expect(assignPointsSchema.parse({ ...ok, points: -3, taskId: T1 }).taskId).toBe(T1);
  });
  it('refuses 0, fractions, a blank reason', () => {
    const issue = (v: object) => assignPointsSchema.safeParse(v).error?.issues[0]?.message;
    expect(issue({ ...ok, points: 0 })).toBe(AWARD_MESSAGES.pointsZero);
    expect(issue({ ...ok, points: 1.5 })).toBe(AWARD_MESSAGES.pointsInteger);
    expect(issue({ ...ok, reason: '   ' })).toBe(AWARD_MESSAGES.reasonRequired);
    expect(issue({ ...ok, points: 100_001 })).toBe(AWARD_MESSAGES.pointsRange);
  });
});
