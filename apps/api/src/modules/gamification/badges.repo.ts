import { sql } from 'kysely';
import { badgeListQuerySchema, type GameBadge } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import type { TaskScope } from './tasks.repo.js';

/** The SQL of a game's badges: the Badges list (gameTasks reduced to a count) and the writes. */

const tasksJson = sql<
  GameBadge['tasks']
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', t.id, 'name', t.name) ORDER BY t.position, t.id), '[]'::jsonb)
    FROM game_tasks t WHERE t.game_id = list_page.game_id AND t.id = ANY(list_page.task_ids))`;

/** `GET …/gamifications/{gameId}/badges`. */
export const badgeList = defineList({
  query: badgeListQuerySchema,
  select: (db: Db, scope: TaskScope) =>
    db
      .selectFrom('gameBadges as b')
      .select([
        'b.id',
        'b.gameId',
        'b.name',
        'b.description',
        'b.icon',
        'b.color',
        'b.taskIds',
        'b.position',
        'b.createdAt',
        'b.updatedAt',
      ])
      .where('b.eventId', '=', scope.eventId)
      .where('b.gameId', '=', scope.gameId),
  pageColumns: {
    tasks: tasksJson,
    earnedCount: sql<number>`(SELECT count(*)::int FROM game_badge_awards a WHERE a.badge_id = list_page.id)`,
  },
  record: (row): GameBadge => ({
    id: row.id,
    gameId: row.gameId,
    name: row.name,
    description: row.description,
    icon: row.icon as GameBadge['icon'],
    color: row.color,
    taskIds: row.taskIds,
    tasks: row.tasks,
    gameTasks: row.tasks.length,
    earnedCount: row.earnedCount,
    position: row.position,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('b.id'),
  fields: {
    position: { sql: sql.ref('b.position'), sortable: true },
    name: { sql: sql.ref('b.name'), sortable: sql`lower(b.name)`, searchable: true, label: 'Name' },
    description: { label: 'Description' },
    icon: { label: 'Icon' },
    gameTasks: { label: 'Tasks' },
    earnedCount: { label: 'Earned' },
    createdAt: { sql: sql.ref('b.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('b.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {},
  defaultSort: 'position:asc',
});

export interface BadgeValues {
  name: string;
  description: string;
  icon: string;
  color: string;
  taskIds: string[];
}

export async function badgeExists(db: Db, gameId: string, id: string, lock = false): Promise<boolean> {
  const row = await db
    .selectFrom('gameBadges')
    .select('id')
    .where('gameId', '=', gameId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
  return row !== undefined;
}

/** A new badge at the end of the game's badges. */
export async function insertBadge(
  tx: Db,
  scope: TaskScope,
  v: BadgeValues,
  actorId: string,
): Promise<string> {
  const row = await tx
    .insertInto('gameBadges')
    .values({
      gameId: scope.gameId,
      eventId: scope.eventId,
      ...v,
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM game_badges WHERE game_id = ${scope.gameId})`,
      createdBy: actorId,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBadge(
  tx: Db,
  id: string,
  patch: Partial<BadgeValues>,
  actorId: string,
): Promise<void> {
  await tx
    .updateTable('gameBadges')
    .set({ ...patch, updatedBy: actorId, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteBadge(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('gameBadges').where('id', '=', id).execute();
}
