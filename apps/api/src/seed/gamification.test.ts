import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_GAME_NAME, seedGamification } from './gamification.js';
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

const counts = async () => ({
  games: (await t.deps.db.selectFrom('games').select('id').execute()).length,
  tasks: (await t.deps.db.selectFrom('gameTasks').select('id').execute()).length,
  badges: (await t.deps.db.selectFrom('gameBadges').select('id').execute()).length,
});

describe('demo gamification seed', () => {
  it('seeds a running, published quest with tasks of several kinds and three badges, once', async () => {
    const game = await t.deps.db
      .selectFrom('games')
      .selectAll()
      .where('name', '=', DEMO_GAME_NAME)
      .executeTakeFirstOrThrow();
    expect(game.isPublished).toBe(true);
    expect(game.createdBy).not.toBeNull();
    expect(game.startsAt!.getTime()).toBeLessThan(Date.now());
    expect(game.endsAt!.getTime()).toBeGreaterThan(Date.now());
    const tasks = await t.deps.db
      .selectFrom('gameTasks')
      .select('kind')
      .where('gameId', '=', game.id)
      .execute();
    expect(new Set(tasks.map((x) => x.kind)).size).toBeGreaterThanOrEqual(6);
    const badges = await t.deps.db
      .selectFrom('gameBadges')
      .select('id')
      .where('gameId', '=', game.id)
      .execute();
    expect(badges).toHaveLength(3);
    const before = await counts();
    await seedGamification(t.deps);
    expect(await counts()).toEqual(before);
  });
});
