import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';
import { qaInstance } from './qa.test-utils.js';

/**
 * Who may call the Q&A and moderation routes (test/permission-matrix.ts). Participant routes: the
 * event's participants; staff who do not take part get 404 like another tenant ('self'). Session
 * staff routes: admins, or moderators listed on the session — the tenant's moderator is listed on
 * none, so 403 like the participant ('admin'; listed moderators: moderation.test.ts).
 */
interface Target {
  tenant: Tenant;
  sessionId: string;
  toolId: string;
  instanceId: string;
  questionId: string;
  /** A moderator listed on the session (not the tenant's moderator). */
  listedUserId: string;
}

let t: TestContext;
let a: Target;
let b: Target;

async function target(tenant: Tenant): Promise<Target> {
  const listed = await t.f.user();
  await t.f.grant(listed.id, 'event', tenant.event.id, 'moderator');
  const created = await t.as(tenant.tokens.eventAdmin, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/sessions`,
    payload: {
      name: 'Q&A session',
      startDate: '2030-06-01',
      startTime: '10:00 AM',
      endDate: '2030-06-01',
      endTime: '11:00 AM',
      moderatorUserIds: [listed.id],
    },
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const sessionId = created.json().id as string;
  const { toolId, instanceId } = await qaInstance(t, tenant.event.id, sessionId);
  const asked = await t.as(tenant.tokens.participant, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/engagement/instances/${instanceId}/questions`,
    payload: { text: 'Setup question' },
  });
  if (asked.statusCode !== 201) throw new Error(asked.body);
  return { tenant, sessionId, toolId, instanceId, questionId: asked.json().id, listedUserId: listed.id };
}

const instancePath = (x: Target, rest: string) =>
  ev(x, `moderation/engagement-tools/${x.toolId}/instances/${x.instanceId}/${rest}`);

const CASES = eventCases<Target>([
  {
    name: 'the Q&A board',
    method: 'GET',
    kind: 'self',
    ok: 200,
    request: at((x) => ev(x, `engagement/instances/${x.instanceId}/questions`)),
  },
  {
    name: 'ask a question',
    method: 'POST',
    kind: 'self',
    ok: 201,
    request: at(
      (x) => ev(x, `engagement/instances/${x.instanceId}/questions`),
      () => ({ text: 'Matrix question' }),
    ),
  },
  {
    name: 'upvote',
    method: 'PUT',
    kind: 'self',
    ok: 200,
    request: at((x) => ev(x, `engagement/questions/${x.questionId}/upvote`)),
  },
  {
    name: 'take back an upvote',
    method: 'DELETE',
    kind: 'self',
    ok: 200,
    request: at((x) => ev(x, `engagement/questions/${x.questionId}/upvote`)),
  },
  {
    name: 'moderation sessions',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'moderation/sessions')),
  },
  {
    name: "a session's instances",
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `moderation/sessions/${x.sessionId}/instances`)),
  },
  {
    name: 'a moderator magic link',
    method: 'POST',
    kind: 'admin',
    ok: 204,
    request: at(
      (x) => ev(x, `moderation/sessions/${x.sessionId}/magic-link-token`),
      (x) => ({ userId: x.listedUserId }),
    ),
  },
  {
    name: 'the moderation queue',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => instancePath(x, 'answers')),
  },
  {
    name: 'open or close (moderation)',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => instancePath(x, 'status'),
      () => ({ status: 'OPEN' }),
    ),
  },
  {
    name: 'the decisions log',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => instancePath(x, 'decisions')),
  },
  {
    name: 'moderate a question',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `moderation/answers/${x.questionId}/moderate`),
      () => ({ action: 'STAR' }),
    ),
  },
  {
    name: 'reply to a question',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `moderation/reply/${x.questionId}`),
      () => ({ text: 'A reply' }),
    ),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('Q&A and moderation: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
