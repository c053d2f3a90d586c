import { sql, type SqlBool } from 'kysely';
import { taskListQuerySchema, tasksPointsCount, type GameTask, type TaskTargetSource } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { GameTasksTable } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

/** The SQL of a game's tasks: the Tasks list (in the game's order), the target pickers and the writes. */

export interface TaskScope {
  eventId: string;
  gameId: string;
}

/** Items of the event by id, whatever their kind (a task's targets are of one kind). */
const namedItems = sql`(
    SELECT id, name, event_id FROM engagement_tools
    UNION ALL SELECT id, name, event_id FROM materials
    UNION ALL SELECT id, name, event_id FROM sessions
    UNION ALL SELECT id, name, event_id FROM custom_qr_codes)`;

const targetsJson = sql<
  GameTask['targets']
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', i.id, 'name', i.name) ORDER BY array_position(list_page.target_ids, i.id)), '[]'::jsonb)
    FROM ${namedItems} i WHERE i.event_id = list_page.event_id AND i.id = ANY(list_page.target_ids))`;

/** `GET …/gamifications/{gameId}/tasks`: the game's tasks, by position by default. */
export const taskList = defineList({
  query: taskListQuerySchema,
  select: (db: Db, scope: TaskScope) =>
    db
      .selectFrom('gameTasks as t')
      .select([
        't.id',
        't.gameId',
        't.eventId',
        't.kind',
        't.type',
        't.name',
        't.description',
        't.target',
        't.targetIds',
        't.points',
        't.pointsPerSubTask',
        't.tasksPointsLimit',
        't.weightPercent',
        't.position',
        't.createdAt',
        't.updatedAt',
      ])
      .where('t.eventId', '=', scope.eventId)
      .where('t.gameId', '=', scope.gameId),
  pageColumns: { targets: targetsJson },
  record: (row): GameTask => ({
    id: row.id,
    gameId: row.gameId,
    kind: row.kind,
    type: row.type,
    name: row.name,
    description: row.description,
    target: row.target,
    targetIds: row.targetIds,
    targets: row.targets,
    points: row.points,
    pointsPerSubTask: row.pointsPerSubTask,
    tasksPointsLimit: row.tasksPointsLimit,
    tasksPointsCount: tasksPointsCount(row.tasksPointsLimit, row.pointsPerSubTask) ?? null,
    weight: row.weightPercent / 100,
    position: row.position,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('t.id'),
  fields: {
    position: { sql: sql.ref('t.position'), sortable: true, label: 'Order' },
    name: { sql: sql.ref('t.name'), sortable: sql`lower(t.name)`, searchable: true, label: 'Name' },
    kind: { sql: sql.ref('t.kind'), sortable: true, label: 'Kind' },
    type: { sql: sql.ref('t.type'), sortable: true, label: 'Type' },
    target: { label: 'Target' },
    targets: { label: 'Items', cell: (r) => r.targets.map((t) => t.name).join(', ') },
    points: { sql: sql.ref('t.points'), sortable: true, label: 'Points' },
    pointsPerSubTask: { label: 'Points per sub-task' },
    tasksPointsLimit: { label: 'Points limit' },
    tasksPointsCount: { label: 'Sub-tasks counted' },
    weight: { label: 'Weight' },
    createdAt: { sql: sql.ref('t.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('t.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    kind: (kinds) => sql<SqlBool>`t.kind = ANY(${kinds}::text[])`,
  },
  defaultSort: 'position:asc',
});

export type TaskRow = Pick<
  GameTasksTable,
  'kind' | 'type' | 'name' | 'pointsPerSubTask' | 'tasksPointsLimit'
> & {
  id: string;
  description: string;
  target: 'ANY' | 'SPECIFIC';
  targetIds: string[];
  points: number;
  weightPercent: number;
};

export async function findTask(
  db: Db,
  gameId: string,
  id: string,
  lock = false,
): Promise<TaskRow | undefined> {
  return db
    .selectFrom('gameTasks')
    .select([
      'id',
      'kind',
      'type',
      'name',
      'description',
      'target',
      'targetIds',
      'points',
      'pointsPerSubTask',
      'tasksPointsLimit',
      'weightPercent',
    ])
    .where('gameId', '=', gameId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export type TaskValues = Omit<TaskRow, 'id'>;

/** A new task at the end of the game's order. */
export async function insertTask(tx: Db, scope: TaskScope, v: TaskValues, actorId: string): Promise<string> {
  const row = await tx
    .insertInto('gameTasks')
    .values({
      gameId: scope.gameId,
      eventId: scope.eventId,
      ...v,
      position: sql<number>`(SELECT coalesce(max(position) + 1, 0) FROM game_tasks WHERE game_id = ${scope.gameId})`,
      createdBy: actorId,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTask(
  tx: Db,
  id: string,
  patch: Partial<TaskValues>,
  actorId: string,
): Promise<void> {
  await tx
    .updateTable('gameTasks')
    .set({ ...patch, updatedBy: actorId, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Deletes the task and takes it out of the game's badges (a badge left without tasks goes too). */
export async function deleteTask(tx: Db, gameId: string, id: string): Promise<void> {
  await tx.deleteFrom('gameTasks').where('id', '=', id).execute();
  await sql`UPDATE game_badges SET task_ids = array_remove(task_ids, ${id}::uuid), updated_at = now()
    WHERE game_id = ${gameId} AND ${id}::uuid = ANY(task_ids)`.execute(tx);
  await sql`DELETE FROM game_badges WHERE game_id = ${gameId} AND cardinality(task_ids) = 0`.execute(tx);
}

export async function taskIdsOfGame(db: Db, gameId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('gameTasks')
    .select('id')
    .where('gameId', '=', gameId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function countTasks(db: Db, gameId: string): Promise<number> {
  const row = await db
    .selectFrom('gameTasks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('gameId', '=', gameId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Positions 0..n-1 in the order given (one statement). */
export async function setTaskPositions(tx: Db, gameId: string, ids: readonly string[]): Promise<void> {
  await sql`UPDATE game_tasks t SET position = o.ord - 1
    FROM unnest(${ids}::uuid[]) WITH ORDINALITY AS o(id, ord)
    WHERE t.id = o.id AND t.game_id = ${gameId}`.execute(tx);
}

/** The SQL of the items of the event a task kind can target: `SELECT id, name FROM … WHERE …`. */
function targetItems(eventId: string, source: NonNullable<TaskTargetSource>) {
  switch (source.table) {
    case 'tools':
      return sql`SELECT id, name FROM engagement_tools WHERE event_id = ${eventId} AND type = ANY(${[...source.toolTypes]}::text[])`;
    case 'materials':
      return sql`SELECT id, name FROM materials WHERE event_id = ${eventId}`;
    case 'sessions':
      return sql`SELECT id, name FROM sessions WHERE event_id = ${eventId}`;
    case 'qrCodes':
      return sql`SELECT id, name FROM custom_qr_codes WHERE event_id = ${eventId}`;
    case 'forms':
      // Registration forms come with a later issue: nothing to pick yet.
      return sql`SELECT NULL::uuid AS id, ''::text AS name WHERE false`;
  }
}

/** The items of the event a task kind can target, by name (at most `limit`). */
export async function targetOptions(
  db: Db,
  eventId: string,
  source: NonNullable<TaskTargetSource>,
  limit = 1000,
): Promise<{ id: string; name: string }[]> {
  const { rows } = await sql<{
    id: string;
    name: string;
  }>`SELECT i.id, i.name FROM (${targetItems(eventId, source)}) i
    ORDER BY lower(i.name), i.id LIMIT ${limit}`.execute(db);
  return rows;
}

/** Which of `ids` are items of the event of the source's kind. */
export async function targetIdsOfEvent(
  db: Db,
  eventId: string,
  source: NonNullable<TaskTargetSource>,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{ id: string }>`SELECT i.id FROM (${targetItems(eventId, source)}) i
    WHERE i.id = ANY(${[...new Set(ids)]}::uuid[])`.execute(db);
  return new Set(rows.map((r) => r.id));
}
