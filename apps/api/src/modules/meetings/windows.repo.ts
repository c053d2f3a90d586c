import { sql, type SqlBool } from 'kysely';
import {
  deriveSlots,
  meetingTimeSlotText,
  meetingWindowListQuerySchema,
  type BookableBy,
  type MeetingWindow,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** The SQL of meeting windows ("Meeting intervals"): the console list and the writes. */

const userName = sql<string>`coalesce(nullif(trim(coalesce(cb.first_name, '') || ' ' || coalesce(cb.last_name, '')), ''), cb.email, '')`;

const labelsJson = sql<
  MeetingWindow['bookableBy']['labels']
>`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY lower(l.name), l.id), '[]'::jsonb)
  FROM labels l WHERE l.event_id = list_page.event_id
    AND l.id::text IN (SELECT jsonb_array_elements_text(list_page.bookable_by->'labelIds')))`;

export function windowSelect(db: Db, eventId: string) {
  return db
    .selectFrom('meetingWindows as w')
    .innerJoin('events as e', 'e.id', 'w.eventId')
    .leftJoin('users as cb', 'cb.id', 'w.createdBy')
    .select([
      'w.id',
      'w.eventId',
      sql<string>`w.day::text`.as('date'),
      'w.startTime',
      'w.endTime',
      'w.startsAt',
      'w.endsAt',
      'w.slotMinutes',
      'w.meetingPoints',
      'w.bookableBy',
      'e.timezone',
      userName.as('userName'),
      'w.createdAt',
      'w.updatedAt',
    ])
    .where('w.eventId', '=', eventId);
}

function slotsOf(row: {
  date: string;
  startTime: string;
  endTime: string;
  slotMinutes: number;
  timezone: string;
}) {
  const slots = deriveSlots(row, row.timezone).map((s) => ({
    ...s,
    timeSlot: meetingTimeSlotText(s.startAt, s.endAt, row.timezone),
  }));
  return { slotCount: slots.length, slots };
}

export const windowList = defineList({
  query: meetingWindowListQuerySchema,
  select: windowSelect,
  pageColumns: {
    labels: labelsJson,
    meetingCount: sql<number>`(SELECT count(*)::int FROM meetings m WHERE m.window_id = list_page.id AND m.status IN ('PENDING', 'ACCEPTED'))`,
  },
  record: (row): MeetingWindow => ({
    id: row.id,
    eventId: row.eventId,
    date: row.date,
    startTime: row.startTime,
    endTime: row.endTime,
    startAt: row.startsAt.toISOString(),
    endAt: row.endsAt.toISOString(),
    slotMinutes: row.slotMinutes,
    timeSlot: meetingTimeSlotText(row.startsAt, row.endsAt, row.timezone),
    meetingPoints: row.meetingPoints,
    bookableBy: { type: row.bookableBy.type, labels: row.labels },
    ...slotsOf(row),
    meetingCount: row.meetingCount,
    userName: row.userName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }),
  id: sql.ref('w.id'),
  fields: {
    userName: { sql: userName, sortable: true, searchable: true, label: 'User name' },
    date: { label: 'Date' },
    startAt: { sql: sql.ref('w.startsAt'), sortable: true, label: 'Start at' },
    endAt: { sql: sql.ref('w.endsAt'), sortable: true, label: 'End at' },
    timeSlot: { label: 'Time slot' },
    slotMinutes: { sql: sql.ref('w.slotMinutes'), sortable: true, label: 'Interval (minutes)' },
    meetingPoints: { label: 'Meeting points', cell: (r) => r.meetingPoints.join(', ') },
    bookableBy: {
      label: 'Who may book',
      cell: (r) =>
        r.bookableBy.type === 'EVERYONE' ? 'Everyone' : r.bookableBy.labels.map((l) => l.name).join(', '),
    },
    meetingCount: { label: 'Meetings' },
    createdAt: { sql: sql.ref('w.createdAt'), sortable: true, label: 'Created at' },
  },
  filters: {
    date: (date) => sql<SqlBool>`w.day::text = ${date}`,
  },
  defaultSort: 'startAt:asc',
});

export type WindowRow = Awaited<ReturnType<ReturnType<typeof windowSelect>['executeTakeFirstOrThrow']>>;

export function findWindow(db: Db, eventId: string, id: string): Promise<WindowRow | undefined> {
  return windowSelect(db, eventId).where('w.id', '=', id).executeTakeFirst();
}

/** The window holding instant `at` (windows of an event never overlap). */
export function windowAt(db: Db, eventId: string, at: Date): Promise<WindowRow | undefined> {
  return windowSelect(db, eventId)
    .where('w.startsAt', '<=', at)
    .where('w.endsAt', '>', at)
    .executeTakeFirst();
}

export function windowsOf(db: Db, eventId: string): Promise<WindowRow[]> {
  return windowSelect(db, eventId).orderBy('w.startsAt').execute();
}

export async function eventTimes(db: Db, eventId: string) {
  return db
    .selectFrom('events')
    .select(['timezone', 'startAt', 'endAt', 'name'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
}

/** Another window of the event sharing time with [startAt, endAt). */
export async function overlapping(
  db: Db,
  eventId: string,
  startAt: Date,
  endAt: Date,
  exceptId?: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('meetingWindows')
    .select('id')
    .where('eventId', '=', eventId)
    .where('startsAt', '<', endAt)
    .where('endsAt', '>', startAt)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

/** Label ids of `ids` that are not the event's. */
export async function foreignLabels(db: Db, eventId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('labels')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...ids])
    .execute();
  const known = new Set(rows.map((r) => r.id));
  return ids.filter((id) => !known.has(id));
}

export interface WindowValues {
  day: string;
  startTime: string;
  endTime: string;
  startsAt: Date;
  endsAt: Date;
  slotMinutes: number;
  meetingPoints: string[];
  bookableBy: BookableBy;
}

export async function insertWindow(
  db: Db,
  eventId: string,
  userId: string | null,
  v: WindowValues,
): Promise<string> {
  const row = await db
    .insertInto('meetingWindows')
    .values({
      eventId,
      ...v,
      meetingPoints: JSON.stringify(v.meetingPoints),
      bookableBy: JSON.stringify(v.bookableBy),
      createdBy: userId,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateWindow(db: Db, id: string, v: WindowValues): Promise<void> {
  await db
    .updateTable('meetingWindows')
    .set({
      ...v,
      meetingPoints: JSON.stringify(v.meetingPoints),
      bookableBy: JSON.stringify(v.bookableBy),
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function lockWindow(db: Db, eventId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('meetingWindows')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
  return row !== undefined;
}

/** Meetings still holding slots (PENDING or ACCEPTED) in the window. */
export async function activeMeetingCount(db: Db, windowId: string): Promise<number> {
  const row = await db
    .selectFrom('meetings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('windowId', '=', windowId)
    .where('status', 'in', ['PENDING', 'ACCEPTED'])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Deletes the window with its meetings and their holds (cascade); the parties of active ones are returned. */
export async function deleteWindow(db: Db, eventId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('meetingWindows')
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

export async function quotaOf(db: Db, eventId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('meetingSettings')
    .select('requestQuota')
    .where('eventId', '=', eventId)
    .executeTakeFirst();
  return row?.requestQuota;
}

export async function saveQuota(db: Db, eventId: string, quota: number, userId: string): Promise<void> {
  await db
    .insertInto('meetingSettings')
    .values({ eventId, requestQuota: quota, updatedBy: userId, updatedAt: new Date() })
    .onConflict((oc) =>
      oc.column('eventId').doUpdateSet({ requestQuota: quota, updatedBy: userId, updatedAt: new Date() }),
    )
    .execute();
}

/** An admin of the event (the demo seed's windows name their creator). */
export async function eventAdminOf(db: Db, eventId: string): Promise<string | null> {
  const row = await db
    .selectFrom('memberships')
    .select('userId')
    .where('scope', '=', 'event')
    .where('scopeId', '=', eventId)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  return row?.userId ?? null;
}
