import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seed } from './index.js';

let t: TestContext;
let eventId: string;
let token: string;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
  eventId = (
    await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', 'Northwind Summit 2026')
      .executeTakeFirstOrThrow()
  ).id;
  const admin = await t.deps.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'event.admin@northwind.example')
    .executeTakeFirstOrThrow();
  token = await t.f.token(admin.id);
  // The whole demo (accounts, people with photos, agenda) is seeded here.
}, 180_000);
afterAll(() => t.close());

const get = async (path: string) => {
  const res = await t.as(token, { method: 'GET', url: `/api/v1/events/${eventId}/${path}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('demo people seed', () => {
  it('24 participants, each with a job title, a company and a photo the API serves', async () => {
    const list = await get('participants?limit=100');
    expect(list.total).toBe(24);
    for (const p of list.records) {
      expect(p.jobTitle, p.email).not.toBe('');
      expect(p.company, p.email).not.toBe('');
      expect(p.photoUrl, p.email).toEqual(expect.any(String));
    }
    const amara = list.records.find((p: { email: string }) => p.email === 'amara.okafor@example.com');
    expect(amara).toMatchObject({ jobTitle: 'Head of Events', company: 'Lagos Creative Hub' });
    const photo = await t.app.inject({ method: 'GET', url: amara.photoUrl });
    expect(photo.statusCode).toBe(200);
    expect(await sharp(photo.rawPayload).metadata()).toMatchObject({ format: 'png', width: 160 });
  });

  it('two custom fields everyone answered, a manual label on the speakers and a rule label with its members', async () => {
    const fields = await get('custom-fields');
    const custom = fields.records.filter(
      (f: { settings: { isCustomField: boolean } }) => f.settings.isCustomField,
    );
    expect(custom.map((f: { name: string }) => f.name)).toEqual(['Dietary needs', 'T-shirt size']);
    const list = await get('participants?limit=100');
    for (const f of custom)
      for (const p of list.records)
        expect(p.customFields[f.id], `${p.email} ${f.name}`).toEqual(expect.any(String));

    const labels = await get('labels');
    const byName = (name: string) => labels.records.find((l: { name: string }) => l.name === name);
    expect(byName('Speaker')).toMatchObject({ type: 'MANUAL', memberCount: 11 });
    expect(byName('Plant-based meals')).toMatchObject({ type: 'RULE', memberCount: 9 });
  });

  it('leaves a second start alone', async () => {
    expect((await seed(t.deps)).created).toBe(false);
    expect((await get('participants?limit=100')).total).toBe(24);
  });
});
