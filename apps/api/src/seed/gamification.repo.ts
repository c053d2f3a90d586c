import type { AppDeps } from '../platform/deps.js';
import type { Db } from '../platform/db/index.js';
import type { GameTaskKind } from '../platform/db/schema.js';
import { DEMO_EVENT_NAME } from './agenda.js';

export const DEMO_GAME_NAME = 'Northwind Quest';
export const DEMO_TEAM_GAME_NAME = 'Northwind Team Cup';
const DAY = 24 * 60 * 60 * 1000;

interface TaskSeed {
  kind: GameTaskKind;
  type: 'COMPLETION' | 'TYPE_POINTS';
  name: string;
  description: string;
  target?: 'ANY' | 'SPECIFIC';
  targetIds?: string[];
  points?: number;
  pointsPerSubTask?: number;
  tasksPointsLimit?: number;
  weightPercent?: number;
}

async function insertGameWithTasks(
  db: Db,
  game: { eventId: string; name: string; description: string; createdBy: string | null } & Record<
    string,
    unknown
  >,
  tasks: TaskSeed[],
  badges: Array<{ name: string; description: string; icon: string; color: string; tasks: number[] }>,
): Promise<string> {
  return db.transaction().execute(async (tx) => {
    const { id: gameId } = await tx
      .insertInto('games')
      .values({ ...game, updatedBy: game.createdBy, updatedAt: new Date() } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    const taskIds: string[] = [];
    for (const [position, t] of tasks.entries()) {
      const { id } = await tx
        .insertInto('gameTasks')
        .values({
          gameId,
          eventId: game.eventId,
          position,
          kind: t.kind,
          type: t.type,
          name: t.name,
          description: t.description,
          target: t.target ?? 'ANY',
          targetIds: t.targetIds ?? [],
          points: t.points ?? 0,
          pointsPerSubTask: t.pointsPerSubTask ?? null,
          tasksPointsLimit: t.tasksPointsLimit ?? null,
          weightPercent: t.weightPercent ?? 100,
          createdBy: game.createdBy,
          updatedBy: game.createdBy,
          updatedAt: new Date(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      taskIds.push(id);
    }
    for (const [position, b] of badges.entries())
      await tx
        .insertInto('gameBadges')
        .values({
          gameId,
          eventId: game.eventId,
          position,
          name: b.name,
          description: b.description,
          icon: b.icon,
          color: b.color,
          taskIds: b.tasks.map((i) => taskIds[i]!),
          createdBy: game.createdBy,
          updatedBy: game.createdBy,
          updatedAt: new Date(),
        })
        .execute();
    return gameId;
  });
}

/**
 * The demo's running game (issue 15): "Northwind Quest" (INDIVIDUAL, TOTAL_POINTS, from a day before
 * the event until a day after it) with tasks of several kinds and three badges, and a TEAM game by
 * labels with WEIGHTED_POINTS. Runs once: an event that has the quest is left alone. The custom QR
 * codes are seeded before (the scan task counts any code); the points come after (seed/game-points.ts).
 */
export async function seedGamification({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'startAt', 'endAt'])
    .where('name', '=', DEMO_EVENT_NAME)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return;
  const existing = await db
    .selectFrom('games')
    .select('id')
    .where('eventId', '=', event.id)
    .where('name', '=', DEMO_GAME_NAME)
    .executeTakeFirst();
  if (existing) return;

  const tools = await db
    .selectFrom('engagementTools')
    .select(['id', 'type', 'createdBy'])
    .where('eventId', '=', event.id)
    .where('type', 'in', ['POLL', 'SURVEY'])
    .orderBy('createdAt')
    .execute();
  const materials = await db
    .selectFrom('materials')
    .select('id')
    .where('eventId', '=', event.id)
    .orderBy('createdAt')
    .limit(3)
    .execute();
  const labels = await db
    .selectFrom('labels')
    .select(['id', 'name', 'createdBy'])
    .where('eventId', '=', event.id)
    .orderBy('createdAt')
    .limit(3)
    .execute();
  const createdBy = tools[0]?.createdBy ?? labels[0]?.createdBy ?? null;
  const startsAt = new Date(Math.min(event.startAt.getTime(), Date.now()) - DAY);
  const endsAt = new Date(Math.max(event.endAt.getTime(), Date.now()) + DAY);

  const tasks: TaskSeed[] = [
    {
      kind: 'ATTEND_SESSION',
      type: 'TYPE_POINTS',
      name: 'Attend sessions',
      description: '10 points for every session you check in to.',
      pointsPerSubTask: 10,
      tasksPointsLimit: 50,
    },
    tools.length > 0
      ? {
          kind: 'SURVEY',
          type: 'COMPLETION',
          name: 'Have your say',
          description: 'Answer the live polls and surveys.',
          target: 'SPECIFIC',
          targetIds: tools.slice(0, 2).map((t) => t.id),
          points: 30,
        }
      : {
          kind: 'SURVEY',
          type: 'COMPLETION',
          name: 'Have your say',
          description: 'Answer a poll or survey.',
          points: 30,
        },
    {
      kind: 'SCAN_QR',
      type: 'TYPE_POINTS',
      name: 'Scan the booth codes',
      description: 'Find the QR codes around the venue.',
      pointsPerSubTask: 10,
      tasksPointsLimit: 100,
    },
    {
      kind: 'POPULATE_PROFILE',
      type: 'COMPLETION',
      name: 'Complete your profile',
      description: 'Add your photo, job title and company.',
      points: 20,
    },
    {
      kind: 'BUSINESS_CARD_EXCHANGE',
      type: 'TYPE_POINTS',
      name: 'Swap business cards',
      description: '5 points for every new contact.',
      pointsPerSubTask: 5,
      tasksPointsLimit: 25,
    },
    {
      kind: 'VIEW_DOCUMENT',
      type: 'TYPE_POINTS',
      name: 'Read the handouts',
      description: 'Open the session materials.',
      ...(materials.length > 0 ? { target: 'SPECIFIC' as const, targetIds: materials.map((m) => m.id) } : {}),
      pointsPerSubTask: 5,
      tasksPointsLimit: 15,
    },
    {
      kind: 'DOWNLOAD_APP',
      type: 'COMPLETION',
      name: 'Install the app',
      description: 'Add Northwind Summit to your home screen.',
      points: 10,
    },
  ];
  await insertGameWithTasks(
    db,
    {
      eventId: event.id,
      name: DEMO_GAME_NAME,
      description: 'Earn points across the summit: sessions, polls, booths and networking.',
      mode: 'INDIVIDUAL',
      scoring: 'TOTAL_POINTS',
      startsAt,
      endsAt,
      leaderboardSize: 10,
      isPublished: true,
      createdBy,
    },
    tasks,
    [
      {
        name: 'First steps',
        description: 'Completed your profile.',
        icon: 'rocket',
        color: '#1c7ed6',
        tasks: [3],
      },
      {
        name: 'Voice of the room',
        description: 'Answered the polls and attended sessions.',
        icon: 'star',
        color: '#b45309',
        tasks: [0, 1],
      },
      {
        name: 'Explorer',
        description: 'Scanned codes, swapped cards and read the handouts.',
        icon: 'trophy',
        color: '#2b8a3e',
        tasks: [2, 4, 5],
      },
    ],
  );

  if (labels.length >= 2) {
    const teamGameId = await insertGameWithTasks(
      db,
      {
        eventId: event.id,
        name: DEMO_TEAM_GAME_NAME,
        description: 'Teams by label: sessions count double.',
        mode: 'TEAM',
        scoring: 'WEIGHTED_POINTS',
        teamSource: 'LABELS',
        teamAggregate: 'MEAN',
        startsAt,
        endsAt,
        isPublished: true,
        createdBy,
      },
      [
        {
          kind: 'ATTEND_SESSION',
          type: 'TYPE_POINTS',
          name: 'Attend sessions',
          description: 'Double weight.',
          pointsPerSubTask: 10,
          tasksPointsLimit: 50,
          weightPercent: 200,
        },
        {
          kind: 'SCAN_QR',
          type: 'TYPE_POINTS',
          name: 'Scan codes',
          description: 'Half weight.',
          pointsPerSubTask: 10,
          tasksPointsLimit: 100,
          weightPercent: 50,
        },
      ],
      [
        {
          name: 'Team player',
          description: 'Attended sessions and scanned codes.',
          icon: 'flag',
          color: '#7048e8',
          tasks: [0, 1],
        },
      ],
    );
    await db
      .insertInto('gameTeams')
      .values(labels.map((l, position) => ({ gameId: teamGameId, name: l.name, labelId: l.id, position })))
      .execute();
  }
}
