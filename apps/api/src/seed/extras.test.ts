import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedExtras } from './extras.js';
import { seedImports } from './imports.js';
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

const links = () =>
  t.deps.db
    .selectFrom('magicLinks as m')
    .innerJoin('oneTimeTokens as t', 't.id', 'm.tokenId')
    .innerJoin('participants as p', 'p.id', 'm.participantId')
    .select(['m.email', 'p.email as participantEmail', 'm.sentBy', 't.usedAt', 't.purpose'])
    .execute();

describe('demo magic links and app versions seed', () => {
  it('sends magic links to demo participants, some used, and lists app versions of both platforms, once', async () => {
    const rows = await links();
    expect(rows).toHaveLength(6);
    expect(rows.every((r) => r.email === r.participantEmail && r.sentBy && r.purpose === 'magic-link')).toBe(
      true,
    );
    expect(rows.filter((r) => r.usedAt).length).toBe(3);
    // Each used link signed its participant in once (the dashboard's "signed in at least once").
    const signIns = await t.deps.db.selectFrom('authSessions').select(['userId', 'expiresAt']).execute();
    expect(signIns).toHaveLength(3);
    expect(signIns.every((s) => s.expiresAt.getTime() < Date.now())).toBe(true);
    const versions = await t.deps.db.selectFrom('appVersions').select(['platform', 'isRequired']).execute();
    expect(new Set(versions.map((v) => v.platform))).toEqual(new Set(['iOS', 'Android']));
    expect(versions.some((v) => v.isRequired)).toBe(true);

    await seedExtras(t.deps);
    expect(await links()).toHaveLength(6);
    expect(await t.deps.db.selectFrom('appVersions').select('id').execute()).toHaveLength(versions.length);
  });

  it('keeps a completed import of the participants in the history, readable through the API, once', async () => {
    const admin = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'event.admin@northwind.example')
      .executeTakeFirstOrThrow();
    const event = await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', 'Northwind Summit 2026')
      .executeTakeFirstOrThrow();
    const token = await t.f.token(admin.id);
    const history = await t.as(token, { method: 'GET', url: `/api/v1/events/${event.id}/imports` });
    expect(history.statusCode).toBe(200);
    const participants = await t.deps.db
      .selectFrom('participants')
      .select('createdAt')
      .where('eventId', '=', event.id)
      .execute();
    const [imported] = history.json().records;
    expect(imported).toMatchObject({
      table: 'User',
      fileName: 'northwind-summit-attendees.xlsx',
      status: 'COMPLETED',
      counts: { errors: 0 },
    });
    // The file's people were added when it was imported; the others registered later, up to today.
    const importedAt = Date.parse(imported.completedAt);
    const fromFile = participants.filter((p) => p.createdAt.getTime() === importedAt);
    expect(fromFile).toHaveLength(imported.counts.created);
    expect(fromFile.length).toBeGreaterThan(participants.length / 2);
    const today = participants.filter((p) => Date.now() - p.createdAt.getTime() < 24 * 3_600_000);
    expect(today.length).toBeGreaterThan(0);
    await seedImports(t.deps);
    expect(await t.deps.db.selectFrom('imports').select('id').execute()).toHaveLength(1);
  });
});
