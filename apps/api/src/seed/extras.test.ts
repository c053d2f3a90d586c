import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedExtras } from './extras.js';
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
    const versions = await t.deps.db.selectFrom('appVersions').select(['platform', 'isRequired']).execute();
    expect(new Set(versions.map((v) => v.platform))).toEqual(new Set(['iOS', 'Android']));
    expect(versions.some((v) => v.isRequired)).toBe(true);

    await seedExtras(t.deps);
    expect(await links()).toHaveLength(6);
    expect(await t.deps.db.selectFrom('appVersions').select('id').execute()).toHaveLength(versions.length);
  });
});
