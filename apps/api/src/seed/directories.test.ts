import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Directory } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { seedDirectories } from './directories.js';
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

describe('demo directories seed', () => {
  it('gives the demo event an Everyone grid and a Speakers list the demo participant can browse, once', async () => {
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
      const res = await t.as(token, { method: 'GET', url: `/api/v1/events/${event.id}/${path}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { total: number; records: Array<Record<string, unknown>> };
    };
    const list = await get('directories');
    const byName = new Map((list.records as unknown as Directory[]).map((d) => [d.name, d]));
    expect(byName.get('Everyone')).toMatchObject({ view: 'GRID', filter: 'ALL_PARTICIPANTS' });
    expect(byName.get('Speakers')).toMatchObject({ view: 'LIST_VIEW', filter: 'ALL_SPEAKERS' });
    const everyone = await get(`directories/${byName.get('Everyone')!.id}/items`);
    const speakers = await get(`directories/${byName.get('Speakers')!.id}/items`);
    expect(everyone.total).toBeGreaterThan(5);
    expect(speakers.total).toBeGreaterThan(0);
    expect(speakers.total).toBeLessThan(everyone.total);
    await seedDirectories(t.deps);
    expect((await get('directories')).total).toBe(list.total);
  });
});
