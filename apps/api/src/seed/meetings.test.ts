import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import { seed } from './index.js';
import { seedMeetings } from './meetings.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
});
afterAll(() => t.close());

describe('demo meetings seed', () => {
  it('gives the demo event windows on its days and the demo participant a booked meeting and a request, once', async () => {
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', DEMO_PARTICIPANT_EMAIL)
      .executeTakeFirstOrThrow();
    const event = await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', DEMO_EVENT_NAME)
      .executeTakeFirstOrThrow();
    const res = await t.as(await t.f.token(user.id), {
      method: 'GET',
      url: `/api/v1/events/${event.id}/meetings/mine`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mine = res.json() as {
      participantId: string;
      meetings: Array<{ status: string; awaitingId: string | null; meetingPoint: string | null }>;
    };
    expect(mine.meetings.filter((m) => m.status === 'ACCEPTED')).toEqual([
      expect.objectContaining({ meetingPoint: 'Table 1' }),
    ]);
    expect(
      mine.meetings.filter((m) => m.status === 'PENDING' && m.awaitingId === mine.participantId),
    ).toHaveLength(1);
    const windows = await t.deps.db
      .selectFrom('meetingWindows')
      .select('id')
      .where('eventId', '=', event.id)
      .execute();
    expect(windows.length).toBeGreaterThanOrEqual(4);
    await seedMeetings(t.deps);
    const again = await t.deps.db
      .selectFrom('meetingWindows')
      .select('id')
      .where('eventId', '=', event.id)
      .execute();
    expect(again).toHaveLength(windows.length);
  });
});
