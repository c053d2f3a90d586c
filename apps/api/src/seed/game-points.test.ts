import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import { seedGamePoints } from './game-points.js';
import { DEMO_GAME_NAME } from './gamification.js';
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

const ledgerCount = async () => (await t.deps.db.selectFrom('gameLedger').select('id').execute()).length;

describe('demo game points seed', () => {
  it('gives ≥ 15 players of the quest points with ties, 3 assigned points, the demo participant a badge but not all, once', async () => {
    const db = t.deps.db;
    const game = await db
      .selectFrom('games')
      .select(['id', 'eventId'])
      .where('name', '=', DEMO_GAME_NAME)
      .executeTakeFirstOrThrow();
    const rows = await db
      .selectFrom('gameLedger')
      .select(['participantId', 'points'])
      .where('gameId', '=', game.id)
      .execute();
    const scores = new Map<string, number>();
    for (const r of rows) scores.set(r.participantId, (scores.get(r.participantId) ?? 0) + r.points);
    expect(scores.size).toBeGreaterThanOrEqual(15);
    const values = [...scores.values()];
    expect(new Set(values).size).toBeGreaterThan(3);
    expect(new Set(values).size).toBeLessThan(values.length);

    const assigned = await db
      .selectFrom('gameAssignedPoints')
      .select(['reason'])
      .where('gameId', '=', game.id)
      .execute();
    expect(assigned).toHaveLength(3);
    expect(assigned.every((a) => a.reason.length > 0)).toBe(true);

    const demo = await db
      .selectFrom('participants')
      .select('id')
      .where('eventId', '=', game.eventId)
      .where('email', '=', DEMO_PARTICIPANT_EMAIL)
      .executeTakeFirstOrThrow();
    expect(scores.get(demo.id) ?? 0).toBeGreaterThan(0);
    const badges = await db.selectFrom('gameBadges').select('id').where('gameId', '=', game.id).execute();
    const earned = await db
      .selectFrom('gameBadgeAwards')
      .select('badgeId')
      .where('gameId', '=', game.id)
      .where('participantId', '=', demo.id)
      .execute();
    expect(earned.length).toBeGreaterThanOrEqual(1);
    expect(earned.length).toBeLessThan(badges.length);

    const before = await ledgerCount();
    await seedGamePoints(t.deps);
    expect(await ledgerCount()).toBe(before);
  });
});
