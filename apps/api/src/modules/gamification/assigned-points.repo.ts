import { sql, type SqlBool } from 'kysely';
import { assignedPointsListQuerySchema, type AssignedPoints } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import type { TaskScope } from './tasks.repo.js';

/** The SQL of points assigned by hand or imported: the Assigned points list and its writes. */

const participantName = sql<string>`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email)`;
const authorName = sql<string>`coalesce(nullif(trim(coalesce(cb.first_name, '') || ' ' || coalesce(cb.last_name, '')), ''), cb.email, '')`;

/** `GET …/gamifications/{gameId}/assigned-points`, newest first. */
export const assignedPointsList = defineList({
  query: assignedPointsListQuerySchema,
  select: (db: Db, scope: TaskScope) =>
    db
      .selectFrom('gameAssignedPoints as ap')
      .innerJoin('participants as p', 'p.id', 'ap.participantId')
      .leftJoin('gameTasks as t', 't.id', 'ap.taskId')
      .leftJoin('users as cb', 'cb.id', 'ap.createdBy')
      .select([
        'ap.id',
        'ap.gameId',
        'ap.participantId',
        participantName.as('participantName'),
        'p.email as participantEmail',
        'ap.points',
        'ap.reason',
        'ap.taskId',
        't.name as taskName',
        authorName.as('createdBy'),
        'ap.importId',
        'ap.createdAt',
      ])
      .where('ap.eventId', '=', scope.eventId)
      .where('ap.gameId', '=', scope.gameId),
  record: (row): AssignedPoints => ({
    id: row.id,
    gameId: row.gameId,
    participantId: row.participantId,
    participantName: row.participantName,
    participantEmail: row.participantEmail,
    points: row.points,
    reason: row.reason,
    taskId: row.taskId,
    taskName: row.taskName,
    createdBy: row.createdBy,
    imported: row.importId !== null,
    createdAt: row.createdAt.toISOString(),
  }),
  id: sql.ref('ap.id'),
  fields: {
    participantName: {
      sql: participantName,
      sortable: sql`lower(${participantName})`,
      searchable: true,
      label: 'Participant',
    },
    participantEmail: { sql: sql.ref('p.email'), sortable: true, searchable: true, label: 'E-mail' },
    points: { sql: sql.ref('ap.points'), sortable: true, label: 'Points' },
    reason: { sql: sql.ref('ap.reason'), sortable: sql`lower(ap.reason)`, searchable: true, label: 'Reason' },
    taskName: { sql: sql.ref('t.name'), sortable: sql`lower(t.name)`, label: 'Task' },
    createdBy: { sql: authorName, label: 'Assigned by' },
    imported: { label: 'Imported' },
    createdAt: { sql: sql.ref('ap.createdAt'), sortable: true, label: 'Assigned at' },
  },
  filters: {
    participantId: (id) => sql<SqlBool>`ap.participant_id = ${id}`,
  },
  defaultSort: 'createdAt:desc',
});

export interface AssignedValues {
  gameId: string;
  eventId: string;
  participantId: string;
  taskId: string | null;
  points: number;
  reason: string;
  importId?: string | null;
  createdBy: string | null;
}

/** The assigned row and its ledger row (the ledger is the truth the boards read), in the caller's tx. */
export async function insertAssigned(tx: Db, v: AssignedValues): Promise<{ id: string; createdAt: Date }> {
  const row = await tx
    .insertInto('gameAssignedPoints')
    .values({ ...v, importId: v.importId ?? null })
    .returning(['id', 'createdAt'])
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('gameLedger')
    .values({
      gameId: v.gameId,
      eventId: v.eventId,
      participantId: v.participantId,
      taskId: null,
      assignedId: row.id,
      points: v.points,
      sourceEventId: null,
      awardedAt: row.createdAt,
    })
    .execute();
  return row;
}

/** Deletes the assigned row (its ledger row goes with it, ON DELETE CASCADE); its player, or undefined. */
export async function deleteAssigned(tx: Db, gameId: string, id: string): Promise<string | undefined> {
  const row = await tx
    .deleteFrom('gameAssignedPoints')
    .where('gameId', '=', gameId)
    .where('id', '=', id)
    .returning('participantId')
    .executeTakeFirst();
  return row?.participantId;
}

/** Which of these ids are participants of the event (locked against a concurrent delete). */
export async function participantsOfEvent(
  tx: Db,
  eventId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', ids)
    .forShare()
    .execute();
  return new Set(rows.map((r) => r.id));
}
