import type { TestContext } from '../../../test/harness.js';
import { person } from '../meetings/meetings.test-utils.js';
import { afterAwards } from './standings.js';

/**
 * Leaderboard fixtures written straight into the tables (test code may use the database): games,
 * tasks and ledger rows with chosen times, then `afterAwards` as the award function calls it.
 */
export { person };

export interface GameOptions {
  mode?: 'INDIVIDUAL' | 'TEAM';
  scoring?: 'TOTAL_POINTS' | 'WEIGHTED_POINTS';
  teamSource?: 'LABELS' | 'MANUAL';
  teamAggregate?: 'SUM' | 'MEAN' | 'TOP_K';
  teamTopK?: number;
  leaderboardSize?: number;
  isPublished?: boolean;
}

export async function createGame(t: TestContext, eventId: string, o: GameOptions = {}): Promise<string> {
  const row = await t.deps.db
    .insertInto('games')
    .values({ eventId, name: 'Quest', ...o })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createTask(
  t: TestContext,
  eventId: string,
  gameId: string,
  o: { name?: string; weightPercent?: number; points?: number } = {},
): Promise<string> {
  const row = await t.deps.db
    .insertInto('gameTasks')
    .values({
      gameId,
      eventId,
      kind: 'SCAN_QR',
      type: 'TYPE_POINTS',
      name: o.name ?? 'Scan',
      points: o.points ?? 10,
      weightPercent: o.weightPercent ?? 100,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let key = 0;

/** A ledger row for a task (a new target key each time) at `at`, then afterAwards. */
export async function award(
  t: TestContext,
  x: { eventId: string; gameId: string; taskId: string; participantId: string; points: number; at: Date },
): Promise<void> {
  await t.deps.db
    .insertInto('gameLedger')
    .values({
      gameId: x.gameId,
      eventId: x.eventId,
      participantId: x.participantId,
      taskId: x.taskId,
      targetKey: `k${++key}`,
      points: x.points,
      awardedAt: x.at,
    })
    .execute();
  await afterAwards(t.deps, [
    {
      eventId: x.eventId,
      gameId: x.gameId,
      participantId: x.participantId,
      points: x.points,
      awardedAt: x.at,
    },
  ]);
}

/** Assigned points by hand (their own row and the ledger row), optionally under a task's weight. */
export async function assign(
  t: TestContext,
  x: { eventId: string; gameId: string; participantId: string; points: number; at: Date; taskId?: string },
): Promise<void> {
  const a = await t.deps.db
    .insertInto('gameAssignedPoints')
    .values({
      gameId: x.gameId,
      eventId: x.eventId,
      participantId: x.participantId,
      taskId: x.taskId ?? null,
      points: x.points,
      reason: 'Best question',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.db
    .insertInto('gameLedger')
    .values({
      gameId: x.gameId,
      eventId: x.eventId,
      participantId: x.participantId,
      assignedId: a.id,
      points: x.points,
      awardedAt: x.at,
    })
    .execute();
  await afterAwards(t.deps, [
    {
      eventId: x.eventId,
      gameId: x.gameId,
      participantId: x.participantId,
      points: x.points,
      awardedAt: x.at,
    },
  ]);
}

export const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 9, minute));
