import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { deliveryEngineOf } from '../modules/communications/communications.routes.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { seedCommunications } from './communications.js';
import { seed } from './index.js';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await deliveryEngineOf(t.deps)?.stop();
  await seed(t.deps);
});
afterAll(() => t.close());

describe('demo communications seed', () => {
  it('seeds a sent announcement with recipients and inbox items, and a scheduled e-mail, once', async () => {
    const event = await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', DEMO_EVENT_NAME)
      .executeTakeFirstOrThrow();
    const list = await t.deps.db
      .selectFrom('communications')
      .select(['id', 'status', 'recipientCount'])
      .where('eventId', '=', event.id)
      .orderBy('status')
      .execute();
    expect(list.map((c) => c.status)).toEqual(['SCHEDULED', 'SENT']);
    const sent = list[1]!;
    const participants = await t.deps.db
      .selectFrom('participants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('eventId', '=', event.id)
      .executeTakeFirstOrThrow();
    expect(sent.recipientCount).toBe(Number(participants.n));
    const rows = await t.deps.db
      .selectFrom('communicationRecipients')
      .select('status')
      .where('communicationId', '=', sent.id)
      .execute();
    expect(rows).toHaveLength(2 * Number(participants.n));
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    const inbox = await t.deps.db
      .selectFrom('inboxItems')
      .select('title')
      .where('communicationId', '=', sent.id)
      .execute();
    expect(inbox).toHaveLength(Number(participants.n));
    expect(inbox.every((i) => i.title.startsWith(`Welcome to ${DEMO_EVENT_NAME}, `))).toBe(true);
    await seedCommunications(t.deps);
    expect(
      await t.deps.db.selectFrom('communications').select('id').where('eventId', '=', event.id).execute(),
    ).toHaveLength(2);
  });
});
