import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import { eventListQuerySchema, type EventFilters, type EventRecord } from '@plenary/domain';
import { isSuperAdmin, type Principal } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import type { EventsTable } from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';
import { adminEventIds } from '../../platform/role-gates.js';
import { inIds } from './scopes.repo.js';

/** Events the principal administers: through their organisations, hubs or an event admin role. */
export const eventScope = (p: Principal) =>
  sql<SqlBool>`(${inIds('e.organizationId', p.organizationIds)} OR ${inIds('e.eventHubId', p.eventHubIds)} OR ${inIds('e.id', adminEventIds(p))})`;

export const eventList = defineList({
  query: eventListQuerySchema,
  select: (db: Db, p: Principal) =>
    db
      .selectFrom('events as e')
      // Left joins (every event has both): the count query then skips them altogether.
      .leftJoin('eventHubs as h', 'h.id', 'e.eventHubId')
      .leftJoin('organizations as o', 'o.id', 'e.organizationId')
      .select([
        'e.id',
        'e.name',
        'e.description',
        'e.eventHubId',
        'h.name as eventHubName',
        'e.organizationId',
        'o.name as organizationName',
        'e.startAt',
        'e.endAt',
        'e.timezone',
        'e.address',
        'e.primaryColor',
        'e.secondaryColor',
        'e.createdAt',
        'e.updatedAt',
      ])
      .$if(!isSuperAdmin(p), (qb) => qb.where(eventScope(p))),
  record: (row): EventRecord => ({
    ...row,
    eventHubName: row.eventHubName ?? '',
    organizationName: row.organizationName ?? '',
  }),
  id: sql.ref('e.id'),
  fields: {
    name: { sql: sql.ref('e.name'), sortable: sql`lower(e.name)`, searchable: true, label: 'Name' },
    organizationName: { sortable: sql`lower(o.name)`, label: 'Organization' },
    eventHubName: { sortable: sql`lower(h.name)`, label: 'Event hub' },
    startAt: { sql: sql.ref('e.startAt'), sortable: true, label: 'Start' },
    endAt: { sql: sql.ref('e.endAt'), sortable: true, label: 'End' },
    timezone: { label: 'Time zone' },
    address: { label: 'Address' },
    createdAt: { sql: sql.ref('e.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('e.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    organizationId: (ids) => inIds('e.organizationId', ids),
    eventHubId: (ids) => inIds('e.eventHubId', ids),
    startAtFrom: (from) => sql<SqlBool>`e.start_at >= ${from}`,
    startAtTo: (to) => sql<SqlBool>`e.start_at <= ${to}`,
  },
  defaultSort: 'startAt:desc',
});

export function findEventRow(db: Db, id: string) {
  return db
    .selectFrom('events')
    .select(['id', 'eventHubId', 'organizationId', 'startAt', 'endAt'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertEvent(
  db: Db,
  values: Omit<Insertable<EventsTable>, 'updatedAt'>,
): Promise<string> {
  const row = await db
    .insertInto('events')
    .values({ ...values, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvent(
  db: Db,
  id: string,
  values: Omit<Updateable<EventsTable>, 'updatedAt'>,
): Promise<void> {
  await db
    .updateTable('events')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * `column` read as a wall-clock time in `from` and taken as the same wall-clock time in `to`
 * (PostgreSQL: a wall time a DST change skips in `to` moves forward by the gap; an ambiguous one
 * takes the standard-time reading).
 */
const sameWallTime = (column: string, from: string, to: string) =>
  sql<Date>`((${sql.ref(column)} AT TIME ZONE ${from}) AT TIME ZONE ${to})`;

/**
 * The end for a start and end moved to the same wall-clock times: the moved end, unless a DST
 * change made it not follow the moved start (an end in the repeated hour of the old zone): then the
 * start plus the old duration, so the row keeps `start_at < end_at` (sessions) / `<=` (events).
 */
const movedEnd = (start: string, end: string, from: string, to: string) =>
  sql<Date>`CASE WHEN ${sameWallTime(end, from, to)} >= ${sameWallTime(start, from, to)} AND (${sql.ref(end)} = ${sql.ref(start)} OR ${sameWallTime(end, from, to)} > ${sameWallTime(start, from, to)})
    THEN ${sameWallTime(end, from, to)} ELSE ${sameWallTime(start, from, to)} + (${sql.ref(end)} - ${sql.ref(start)}) END`;

/**
 * Locks the event row for a change of its zone and answers what it holds. FOR NO KEY UPDATE (what
 * the UPDATE takes anyway): a second zone change and a session write (`FOR SHARE`, sessions.repo)
 * wait for the commit, while rows that only reference the event (foreign keys: FOR KEY SHARE) do not.
 */
export function lockEventTimes(db: Db, id: string) {
  return db
    .selectFrom('events')
    .select(['timezone', 'startAt', 'endAt'])
    .where('id', '=', id)
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/**
 * Moves every session of the event to the same wall-clock times in zone `to` as in `from`; answers their ids.
 * Locks them first in id order, the order of every other writer of several sessions (bulk update,
 * Session/SessionUser import, releasing a participant's places): an UPDATE alone locks in scan order.
 */
export async function moveSessionsToZone(
  db: Db,
  eventId: string,
  from: string,
  to: string,
  updatedBy: string,
): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM sessions WHERE event_id = ${eventId} ORDER BY id FOR UPDATE`.execute(db);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  await db
    .updateTable('sessions')
    .set({
      startAt: sameWallTime('start_at', from, to),
      endAt: movedEnd('start_at', 'end_at', from, to),
      updatedBy,
      updatedAt: new Date(),
    })
    .where('id', 'in', ids)
    .execute();
  return ids;
}

/**
 * The event's own start and end at the same wall-clock times in zone `to`: each bound alone
 * (`startAt`, `endAt`, for a body that sets the other one) and the end moved with the start
 * (`pairedEndAt`, see movedEnd, when the body sets neither).
 */
export async function eventTimesInZone(
  db: Db,
  id: string,
  from: string,
  to: string,
): Promise<{ startAt: Date; endAt: Date; pairedEndAt: Date }> {
  const { rows } = await sql<{ startAt: Date; endAt: Date; pairedEndAt: Date }>`
    SELECT ${sameWallTime('start_at', from, to)} AS start_at, ${sameWallTime('end_at', from, to)} AS end_at,
      ${movedEnd('start_at', 'end_at', from, to)} AS paired_end_at
    FROM events WHERE id = ${id}`.execute(db);
  return rows[0]!;
}

/** Deletes the event (participants follow by cascade) and the roles held on it. */
export async function deleteEvent(db: Db, id: string): Promise<void> {
  await db.deleteFrom('memberships').where('scope', '=', 'event').where('scopeId', '=', id).execute();
  await db.deleteFrom('events').where('id', '=', id).execute();
}

/** The organisations and hubs of the caller's events list, for its filters. */
export async function filterOptions(db: Db, p: Principal): Promise<EventFilters> {
  const all = isSuperAdmin(p);
  const eventIds = adminEventIds(p);
  const hubs = await db
    .selectFrom('eventHubs as h')
    .select(['h.id', 'h.name', 'h.organizationId'])
    .$if(!all, (qb) =>
      qb.where((eb) =>
        eb.or([
          sql<SqlBool>`${inIds('h.organizationId', p.organizationIds)} OR ${inIds('h.id', p.eventHubIds)}`,
          eb.exists(
            eb
              .selectFrom('events as e')
              .select(sql`1`.as('one'))
              .whereRef('e.eventHubId', '=', 'h.id')
              .where(inIds('e.id', eventIds)),
          ),
        ]),
      ),
    )
    .orderBy(sql`lower(h.name)`)
    .orderBy('h.id')
    .execute();
  const organizations = await db
    .selectFrom('organizations as o')
    .select(['o.id', 'o.name'])
    .$if(!all, (qb) =>
      qb.where(inIds('o.id', [...new Set([...p.organizationIds, ...hubs.map((h) => h.organizationId)])])),
    )
    .orderBy(sql`lower(o.name)`)
    .orderBy('o.id')
    .execute();
  return { organizations, eventHubs: hubs };
}
