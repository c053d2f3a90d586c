import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { seedEmailLog } from './email-log.js';
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

describe('demo e-mail log seed', () => {
  it("fills the demo event's log with every status, the sign-in secret redacted, once", async () => {
    const event = await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', DEMO_EVENT_NAME)
      .executeTakeFirstOrThrow();
    const rows = () =>
      t.deps.db
        .selectFrom('emailLog')
        .select(['status', 'text', 'subject'])
        .where('eventId', '=', event.id)
        .where('to', 'in', [
          'amara.okafor@example.com',
          'late.reader@example.com',
          'no.such.person@example.com',
        ])
        .execute();
    const seeded = await rows();
    expect(new Set(seeded.map((r) => r.status))).toEqual(new Set(['SENT', 'DEFERRED', 'BOUNCED']));
    const signIn = seeded.find((r) => r.subject.startsWith('Your sign-in link'));
    expect(signIn?.text).toContain('magic=…');
    expect(signIn?.text).not.toContain('demo-secret');
    await seedEmailLog(t.deps);
    expect(await rows()).toHaveLength(seeded.length);
  });
});
