import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveTool } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_MODERATOR_EMAIL, DEMO_PARTICIPANT_EMAIL, seedEngagement } from './engagement.js';
import { seed } from './index.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
});
afterAll(() => t.close());

/** A token of the demo account (the sign-in itself is accounts.test.ts's). */
async function signIn(email: string): Promise<string> {
  const user = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return t.f.token(user.id);
}

describe('demo engagement seed', () => {
  it('gives the demo event a poll, a moderated Q&A, a quiz and a survey, each OPEN now on one session, once', async () => {
    const tools = await t.deps.db
      .selectFrom('engagementTools')
      .select(['id', 'type', 'settings', 'eventId'])
      .orderBy('createdAt')
      .execute();
    expect(tools.map((r) => r.type).sort()).toEqual(['POLL', 'QA', 'QUIZ', 'SURVEY']);
    expect(tools.find((r) => r.type === 'QA')!.settings).toMatchObject({ moderated: true });
    const eventId = tools[0]!.eventId;
    const open = await t.deps.db
      .selectFrom('engagementInstances')
      .select(['sessionId', 'toolId'])
      .where('status', '=', 'OPEN')
      .execute();
    expect(open).toHaveLength(4);
    const sessionId = open[0]!.sessionId;
    expect(open.every((i) => i.sessionId === sessionId)).toBe(true);

    // The participant account sees all four on that session and has answered none.
    const participant = await signIn(DEMO_PARTICIPANT_EMAIL);
    const live = await t.as(participant, {
      method: 'GET',
      url: `/api/v1/events/${eventId}/sessions/${sessionId}/live-tools`,
    });
    expect(live.statusCode, live.body).toBe(200);
    const records: LiveTool[] = live.json().records;
    expect(records.map((r) => r.type).sort()).toEqual(['POLL', 'QA', 'QUIZ', 'SURVEY']);
    expect(records.every((r) => Object.keys(r.myAnswers).length === 0)).toBe(true);

    // The moderator account is listed on the session: it may open and close its instances.
    const moderator = await signIn(DEMO_MODERATOR_EMAIL);
    const poll = tools.find((r) => r.type === 'POLL')!;
    const instance = await t.deps.db
      .selectFrom('engagementInstances')
      .select('id')
      .where('toolId', '=', poll.id)
      .executeTakeFirstOrThrow();
    const ctx = await t.as(moderator, {
      method: 'GET',
      url: `/api/v1/engagement/instances/${instance.id}/context`,
    });
    expect(ctx.statusCode, ctx.body).toBe(200);

    // Demo answers and questions from other participants; the Q&A has one question waiting.
    const answers = await t.deps.db.selectFrom('engagementAnswers').select('id').execute();
    expect(answers.length).toBeGreaterThanOrEqual(5);
    const qa = await t.deps.db.selectFrom('qaQuestions').select('status').execute();
    expect(qa.map((q) => q.status).sort()).toEqual(['APPROVED', 'APPROVED', 'PENDING']);

    await seedEngagement(t.deps);
    expect(await t.deps.db.selectFrom('engagementTools').select('id').execute()).toHaveLength(4);
  });
});
