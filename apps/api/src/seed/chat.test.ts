import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { seedChat } from './chat.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
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

describe('demo chat seed', () => {
  it('gives the demo participant a group chat and a 1:1 with unread messages, once', async () => {
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
    const token = await t.f.token(user.id);
    const get = async (path: string) => {
      const res = await t.as(token, { method: 'GET', url: `/api/v1/events/${event.id}/chat/${path}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const list = await get('conversations');
    expect(list.total).toBe(2);
    const kinds = list.records.map((r: { kind: string; unread: number }) => [r.kind, r.unread]).sort();
    expect(kinds).toEqual([
      ['DIRECT', 1],
      ['GROUP', 3],
    ]);
    expect((await get('me')).unread).toBe(4);
    await seedChat(t.deps);
    expect((await get('conversations')).total).toBe(2);
  });
});
