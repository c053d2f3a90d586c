import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { seedCards } from './cards.js';
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

describe('demo business-card seed', () => {
  it('gives the demo participant contacts with notes and a request to answer, once', async () => {
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
      const res = await t.as(token, {
        method: 'GET',
        url: `/api/v1/events/${event.id}/business-cards/${path}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json();
    };
    const contacts = (await get('contacts')) as { total: number; records: Array<{ note: string }> };
    expect(contacts.total).toBe(4);
    expect(contacts.records.filter((c) => c.note !== '')).toHaveLength(3);
    const requests = (await get('requests')) as { incoming: Array<{ note: string }>; outgoing: unknown[] };
    expect(requests.incoming).toHaveLength(1);
    expect(requests.incoming[0]!.note).not.toBe('');
    expect(requests.outgoing).toHaveLength(1);

    const before = await t.deps.db.selectFrom('businessCardContacts').select('ownerParticipantId').execute();
    await seedCards(t.deps);
    const after = await t.deps.db.selectFrom('businessCardContacts').select('ownerParticipantId').execute();
    expect(after).toHaveLength(before.length);
    expect(before.length).toBeGreaterThan(8);
  });
});
