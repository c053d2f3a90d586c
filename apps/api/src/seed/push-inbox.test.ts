import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import { seed } from './index.js';
import { seedInbox } from './push-inbox.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
});
afterAll(() => t.close());

describe('demo inbox seed', () => {
  it('gives the demo participant an inbox with one unread item, once', async () => {
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
    await seedInbox(t.deps);
    const token = await t.f.token(user.id);
    const res = await t.as(token, { method: 'GET', url: `/api/v1/events/${event.id}/inbox` });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as {
      items: Array<{ title: string; communicationId: string | null }>;
      unread: number;
    };
    const ours = page.items.filter((i) => i.communicationId === null);
    expect(ours.map((i) => i.title)).toEqual([
      'Welcome to Northwind Summit',
      'Meeting with Lukas Becker',
      'Opening keynote',
    ]);
    expect(page.unread).toBeGreaterThanOrEqual(1);
  });
});
