import { sql, type SqlBool } from 'kysely';
import { breakoutListQuerySchema, type BreakoutRecord } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AudienceJson } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';
import { audienceRecord } from '../agenda/index.js';
import { audienceLabels, authorColumns, authors, nameTakenIn, type ContentScope } from './content.repo.js';

interface BreakoutSessionRow {
  id: string;
  name: string;
  startAt: string;
  enrolledCount: number;
}

/** `GET events/{eventId}/breakouts`: scope = the event and whether the reader is an admin (ContentScope). */
export const breakoutList = defineList({
  query: breakoutListQuerySchema,
  select: (db: Db, scope: ContentScope) =>
    db
      .selectFrom('breakouts as b')
      .leftJoin('users as cb', 'cb.id', 'b.createdBy')
      .leftJoin('users as ub', 'ub.id', 'b.updatedBy')
      .select([
        'b.id',
        'b.eventId',
        'b.name',
        'b.description',
        'b.enrollable',
        'b.capacity',
        'b.audience',
        'b.createdAt',
        'b.updatedAt',
        ...authorColumns(scope.admin),
      ])
      .where('b.eventId', '=', scope.eventId),
  pageColumns: {
    audienceLabels: audienceLabels(),
    sessions: sql<
      BreakoutSessionRow[]
    >`(SELECT coalesce(json_agg(json_build_object('id', s.id, 'name', s.name, 'startAt', s.start_at, 'enrolledCount', s.enrolled_count) ORDER BY s.start_at, s.id), '[]'::json)
      FROM sessions s WHERE s.breakout_id = list_page.id)`,
  },
  record: (row): BreakoutRecord => {
    const audience = audienceRecord(
      row.audience as AudienceJson,
      new Map(row.audienceLabels.map((l) => [l.id, l])),
    );
    return {
      id: row.id,
      eventId: row.eventId,
      name: row.name,
      description: row.description,
      enrollable: row.enrollable,
      capacity: row.capacity,
      audience,
      rulesLength: audience.rules.length,
      sessions: row.sessions.map((s) => ({
        id: s.id,
        name: s.name,
        startAt: new Date(s.startAt),
        enrolledCount: s.enrolledCount,
      })),
      createdBy: authors(row).createdBy,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
  id: sql.ref('b.id'),
  fields: {
    name: { sql: sql.ref('b.name'), sortable: sql`lower(b.name)`, searchable: true, label: 'Name' },
    description: { label: 'Description' },
    enrollable: { label: 'Enrollable', cell: (r) => (r.enrollable ? 'Yes' : 'No') },
    capacity: { label: 'Capacity' },
    rulesLength: { label: 'Rules' },
    sessions: { label: 'Sessions', cell: (r) => r.sessions.map((s) => s.name).join(', ') },
    createdAt: { sql: sql.ref('b.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('b.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    enrollable: (value) => sql<SqlBool>`b.enrollable = ${value}`,
  },
  defaultSort: 'name:asc',
});

export async function findBreakout(db: Db, eventId: string, id: string, lock = false) {
  return db
    .selectFrom('breakouts')
    .selectAll()
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export const nameTaken = (db: Db, eventId: string, name: string, exceptId?: string): Promise<boolean> =>
  nameTakenIn(db, 'breakouts', eventId, name, exceptId);

export interface BreakoutValues {
  name: string;
  description: string;
  enrollable: boolean;
  capacity: number | null;
  audience: AudienceJson;
}

export async function insertBreakout(
  tx: Db,
  eventId: string,
  values: BreakoutValues,
  actorId: string,
): Promise<string> {
  const row = await tx
    .insertInto('breakouts')
    .values({
      ...values,
      eventId,
      audience: JSON.stringify(values.audience),
      createdBy: actorId,
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateBreakout(
  tx: Db,
  id: string,
  patch: Partial<BreakoutValues>,
  actorId: string,
): Promise<void> {
  const { audience, ...rest } = patch;
  await tx
    .updateTable('breakouts')
    .set({
      ...rest,
      ...(audience ? { audience: JSON.stringify(audience) } : {}),
      updatedBy: actorId,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Sessions of the breakout and the most seats any of them has taken. */
export async function sessionStats(db: Db, id: string): Promise<{ sessions: number; maxEnrolled: number }> {
  const row = await db
    .selectFrom('sessions')
    .select([
      sql<number>`count(*)::int`.as('sessions'),
      sql<number>`coalesce(max(enrolled_count), 0)::int`.as('maxEnrolled'),
    ])
    .where('breakoutId', '=', id)
    .executeTakeFirstOrThrow();
  return row;
}

/** Locks the breakout's sessions (FOR UPDATE, in id order) and answers their ids. */
export async function lockSessions(tx: Db, id: string): Promise<string[]> {
  const rows = await tx
    .selectFrom('sessions')
    .select('id')
    .where('breakoutId', '=', id)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

export async function deleteBreakout(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('breakouts').where('id', '=', id).execute();
}
