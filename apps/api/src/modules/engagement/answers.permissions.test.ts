import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  at,
  eventAccess,
  eventUrl as ev,
  itEachPermission,
  type MatrixCase,
  type Role,
} from '../../../test/permission-matrix.js';
import { toolFixture, type Fixture, type Tenant } from './answers.test-utils.js';

/**
 * Who may call the answers, results, quiz and reports routes (test/permission-matrix.ts), every
 * role × own / other tenant. Participant routes: the event's participants who see the session
 * (staff who do not take part: 404, as `participantInstance` answers). Session-staff routes:
 * admins; the tenant's moderator is listed on no session, so 403 (listed moderators:
 * answers.test.ts). Quiz state and leaderboard: session staff or participants.
 */
interface Target {
  tenant: Tenant;
  poll: Fixture;
  quiz: Fixture;
  /** A quiz left in its lobby: answers are refused with 409 there. */
  lobby: Fixture;
}

let t: TestContext;
let a: Target;
let b: Target;

async function target(tenant: Tenant): Promise<Target> {
  const poll = await toolFixture(t, tenant, {
    type: 'POLL',
    questions: [{ type: 'RADIOBOX', options: ['A', 'B'] }],
  });
  const quizSpec = {
    type: 'QUIZ' as const,
    questions: [{ type: 'RADIOBOX' as const, options: ['A', 'B'], correct: ['A'] }],
  };
  const quiz = await toolFixture(t, tenant, quizSpec);
  const lobby = await toolFixture(t, tenant, quizSpec);
  // The participant has voted, so the participant results route answers them.
  const res = await t.as(tenant.tokens.participant, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/engagement/instances/${poll.instanceId}/answers`,
    payload: { answers: [{ questionId: poll.questions[0]!.id, optionIds: [poll.option(0, 'A')] }] },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return { tenant, poll, quiz, lobby };
}

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

const ADMINS: readonly Role[] = ['superadmin', 'orgAdmin', 'hubAdmin', 'eventAdmin'];

/** Participant routes: `ok` for the participant; staff who do not take part and another tenant 404. */
const participantOnly =
  (ok: number) =>
  (role: Role, own: boolean): number =>
    role === 'anonymous' ? 401 : role === 'participant' && own ? ok : 404;
/** Session staff: admins (super admins in any tenant); unlisted moderators and participants 403. */
const sessionStaff = (role: Role, own: boolean): number => {
  if (role === 'anonymous') return 401;
  if (!own) return role === 'superadmin' ? 200 : 404;
  return ADMINS.includes(role) ? 200 : 403;
};
/** Session staff or participants (quiz state, leaderboard). */
const staffOrParticipant = (role: Role, own: boolean): number => {
  if (role === 'anonymous') return 401;
  if (!own) return role === 'superadmin' ? 200 : 404;
  return ADMINS.includes(role) || role === 'participant' ? 200 : 404;
};

const mod = (x: Target, f: Fixture, rest: string) =>
  ev(x, `moderation/engagement-tools/${f.toolId}/instances/${f.instanceId}/${rest}`);

const CASES: MatrixCase<Target>[] = [
  {
    name: 'vote',
    method: 'POST',
    request: at(
      (x) => ev(x, `engagement/instances/${x.poll.instanceId}/answers`),
      (x) => ({ answers: [{ questionId: x.poll.questions[0]!.id, optionIds: [x.poll.option(0, 'B')] }] }),
    ),
    expected: participantOnly(200),
  },
  {
    name: 'participant results',
    method: 'GET',
    request: at((x) => ev(x, `engagement/instances/${x.poll.instanceId}/results`)),
    expected: participantOnly(200),
  },
  {
    name: 'staff results',
    method: 'GET',
    request: at((x) => mod(x, x.poll, 'answers/results')),
    expected: sessionStaff,
  },
  {
    name: 'text answers',
    method: 'GET',
    request: at((x) => `${mod(x, x.poll, 'text-answers')}?questionId=${x.poll.questions[0]!.id}`),
    expected: sessionStaff,
  },
  {
    name: 'tool results',
    method: 'GET',
    request: at((x) => ev(x, `engagement-tools/${x.poll.toolId}/results`)),
    expected: eventAccess('read', 200),
  },
  {
    name: 'report',
    method: 'GET',
    request: at((x) => ev(x, `engagement-tools/${x.poll.toolId}/reports/poll-results?format=csv`)),
    expected: eventAccess('read', 200),
  },
  {
    name: 'quiz state',
    method: 'GET',
    request: at((x) => ev(x, `engagement/instances/${x.quiz.instanceId}/quiz`)),
    expected: staffOrParticipant,
  },
  {
    name: 'quiz leaderboard',
    method: 'GET',
    request: at((x) => ev(x, `engagement/instances/${x.quiz.instanceId}/quiz/leaderboard`)),
    expected: staffOrParticipant,
  },
  {
    name: 'move a quiz (FINISH, repeatable)',
    method: 'PUT',
    request: at(
      (x) => mod(x, x.quiz, 'quiz'),
      () => ({ action: 'FINISH' }),
    ),
    expected: sessionStaff,
  },
  {
    name: 'answer a quiz (in its lobby: 409 for participants)',
    method: 'POST',
    request: at(
      (x) => ev(x, `engagement/instances/${x.lobby.instanceId}/quiz/answers`),
      (x) => ({ questionId: x.lobby.questions[0]!.id, optionIds: [x.lobby.option(0, 'A')] }),
    ),
    expected: participantOnly(409),
  },
];

describe('answers, results, quiz and reports: who may call', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
