import { sql, type SqlBool } from 'kysely';
import { gameListQuerySchema, type Game } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** The SQL of games: the Gamifications list (defineList, counts as page columns) and the writes. */

/** Spec part 3: `createdBy` is the author's name, or the e-mail if there is no name ('' when the account is gone). */
const authorName = sql<string>`coalesce(nullif(trim(coalesce(cb.first_name, '') || ' ' || coalesce(cb.last_name, '')), ''), cb.email, '')`;

const excludedLabelsJson = sql<
  Game['excludedLabels']
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY lower(l.name), l.id), '[]'::jsonb)
    FROM labels l WHERE l.event_id = list_page.event_id AND l.id = ANY(list_page.excluded_label_ids))`;

/** `GET events/{eventId}/gamifications` (admins and moderators; scope = the event id). */
export const gameList = defineList({
  query: gameListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('games as g')
      .leftJoin('users as cb', 'cb.id', 'g.createdBy')
      .select([
        'g.id',
        'g.eventId',
        'g.name',
        'g.description',
        'g.mode',
        'g.scoring',
        'g.teamSource',
        'g.teamAggregate',
        'g.teamTopK',
        'g.startsAt',
        'g.endsAt',
        'g.excludedLabelIds',
        'g.leaderboardSize',
        'g.isPublished',
        authorName.as('createdBy'),
        'g.createdAt',
        'g.updatedAt',
      ])
      .where('g.eventId', '=', eventId),
  pageColumns: {
    excludedLabels: excludedLabelsJson,
    taskCount: sql<number>`(SELECT count(*)::int FROM game_tasks t WHERE t.game_id = list_page.id)`,
    badgeCount: sql<number>`(SELECT count(*)::int FROM game_badges b WHERE b.game_id = list_page.id)`,
    teamCount: sql<number>`(SELECT count(*)::int FROM game_teams tm WHERE tm.game_id = list_page.id)`,
    playerCount: sql<number>`(SELECT count(DISTINCT gl.participant_id)::int FROM game_ledger gl WHERE gl.game_id = list_page.id)`,
  },
  record: (row): Game => ({
    id: row.id,
    eventId: row.eventId,
    name: row.name,
    description: row.description,
    mode: row.mode,
    scoring: row.scoring,
    teamSource: row.teamSource,
    teamAggregate: row.teamAggregate,
    teamTopK: row.teamTopK,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    excludedLabels: row.excludedLabels,
    leaderboardSize: row.leaderboardSize,
    isPublished: row.isPublished,
    taskCount: row.taskCount,
    badgeCount: row.badgeCount,
    teamCount: row.teamCount,
    playerCount: row.playerCount,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('g.id'),
  fields: {
    name: { sql: sql.ref('g.name'), sortable: sql`lower(g.name)`, searchable: true, label: 'Name' },
    mode: { sql: sql.ref('g.mode'), sortable: true, label: 'Mode' },
    scoring: { sql: sql.ref('g.scoring'), sortable: true, label: 'Scoring' },
    startsAt: { label: 'Starts at' },
    endsAt: { label: 'Ends at' },
    isPublished: { sql: sql.ref('g.isPublished'), sortable: true, label: 'Published' },
    taskCount: { label: 'Tasks' },
    badgeCount: { label: 'Badges' },
    playerCount: { label: 'Players' },
    createdBy: { label: 'Created by' },
    createdAt: { sql: sql.ref('g.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('g.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    mode: (modes) => sql<SqlBool>`g.mode = ANY(${modes}::text[])`,
  },
  defaultSort: 'createdAt:desc',
});

export interface GameRow {
  id: string;
  eventId: string;
  name: string;
  startsAt: Date | null;
  endsAt: Date | null;
  description: string;
  mode: Game['mode'];
  scoring: Game['scoring'];
  teamSource: Game['teamSource'];
  teamAggregate: Game['teamAggregate'];
  teamTopK: number;
  excludedLabelIds: string[];
  leaderboardSize: number;
  isPublished: boolean;
}

/** The game of this event (`lock`: FOR UPDATE, serialising writes to its tasks, badges and teams). */
export async function findGame(
  db: Db,
  eventId: string,
  id: string,
  lock = false,
): Promise<GameRow | undefined> {
  return db
    .selectFrom('games')
    .select([
      'id',
      'eventId',
      'name',
      'description',
      'mode',
      'scoring',
      'teamSource',
      'teamAggregate',
      'teamTopK',
      'startsAt',
      'endsAt',
      'excludedLabelIds',
      'leaderboardSize',
      'isPublished',
    ])
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export type GameValues = Omit<GameRow, 'id' | 'eventId'>;

export async function insertGame(tx: Db, eventId: string, v: GameValues, actorId: string): Promise<string> {
  const row = await tx
    .insertInto('games')
    .values({ eventId, ...v, createdBy: actorId, updatedBy: actorId, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGame(
  tx: Db,
  id: string,
  patch: Partial<GameValues>,
  actorId: string,
): Promise<void> {
  await tx
    .updateTable('games')
    .set({ ...patch, updatedBy: actorId, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function deleteGame(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('games').where('id', '=', id).execute();
}

/** Which of `ids` are labels of the event. */
export async function labelIdsOfEvent(db: Db, eventId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('labels')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Copies the tasks (in order) and badges (task ids mapped to the copies) of one game into another. */
export async function copyTasksAndBadges(
  tx: Db,
  fromId: string,
  toId: string,
  actorId: string,
): Promise<void> {
  await sql`
    WITH src AS (
      SELECT t.*, gen_random_uuid() AS new_id FROM game_tasks t WHERE t.game_id = ${fromId}
    ), copied AS (
      INSERT INTO game_tasks (id, game_id, event_id, kind, type, name, description, target, target_ids,
        points, points_per_sub_task, tasks_points_limit, weight_percent, position, created_by, updated_by)
      SELECT new_id, ${toId}, event_id, kind, type, name, description, target, target_ids,
        points, points_per_sub_task, tasks_points_limit, weight_percent, position, ${actorId}, ${actorId}
      FROM src RETURNING id
    )
    INSERT INTO game_badges (game_id, event_id, name, description, icon, color, task_ids, position, created_by, updated_by)
    SELECT ${toId}, b.event_id, b.name, b.description, b.icon, b.color,
      coalesce((SELECT array_agg(src.new_id ORDER BY src.position, src.id) FROM src WHERE src.id = ANY(b.task_ids)), '{}'),
      b.position, ${actorId}, ${actorId}
    FROM game_badges b WHERE b.game_id = ${fromId}`.execute(tx);
}
