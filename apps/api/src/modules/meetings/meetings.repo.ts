import { sql, type SqlBool } from 'kysely';
import {
  availableUserListQuerySchema,
  meetingListQuerySchema,
  meetingTimeSlotText,
  instantToWallClock,
  type AvailableUser,
  type Meeting,
  type MeetingPerson,
  type MeetingStatus,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';

/** The SQL of meetings, slot holds, availability and the people meetings show. */

const personJson = (alias: 'r' | 'i') =>
  sql<MeetingPerson>`jsonb_build_object(
    'participantId', ${sql.ref(`${alias}.id`)},
    'userName', coalesce(nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), ${sql.ref(`${alias}.email`)}),
    'firstName', ${sql.ref(`${alias}.first_name`)}, 'lastName', ${sql.ref(`${alias}.last_name`)},
    'jobTitle', ${sql.ref(`${alias}.job_title`)}, 'company', ${sql.ref(`${alias}.company`)},
    'photoUrl', ${sql.ref(`${alias}.photo_url`)})`;

const nameOf = (alias: 'r' | 'i') =>
  sql<string>`lower(coalesce(nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), ${sql.ref(`${alias}.email`)}))`;

export function meetingSelect(db: Db, eventId: string) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('participants as r', 'r.id', 'm.requesterId')
    .innerJoin('participants as i', 'i.id', 'm.inviteeId')
    .innerJoin('events as e', 'e.id', 'm.eventId')
    .select([
      'm.id',
      'm.eventId',
      'm.windowId',
      personJson('r').as('requester'),
      personJson('i').as('invitee'),
      'm.awaitingId',
      'm.status',
      'm.startsAt',
      'm.endsAt',
      'm.message',
      'm.meetingPoint',
      'm.bookedBy',
      'm.createdAt',
      'm.updatedAt',
      'e.timezone',
    ])
    .where('m.eventId', '=', eventId);
}
type MeetingRow = Awaited<ReturnType<ReturnType<typeof meetingSelect>['executeTakeFirstOrThrow']>>;

export function toMeeting(row: MeetingRow): Meeting {
  return {
    id: row.id,
    eventId: row.eventId,
    windowId: row.windowId,
    requester: row.requester,
    invitee: row.invitee,
    awaitingId: row.awaitingId,
    status: row.status,
    startAt: row.startsAt.toISOString(),
    endAt: row.endsAt.toISOString(),
    timeSlot: meetingTimeSlotText(row.startsAt, row.endsAt, row.timezone),
    date: instantToWallClock(row.startsAt, row.timezone).date,
    message: row.message,
    meetingPoint: row.meetingPoint,
    bookedBy: row.bookedBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `GET events/{eventId}/meetings` (staff; scope = the event id); also the meetings report. */
export const meetingList = defineList({
  query: meetingListQuerySchema,
  select: meetingSelect,
  record: toMeeting,
  id: sql.ref('m.id'),
  fields: {
    requester: {
      sql: nameOf('r'),
      sortable: true,
      searchable: true,
      label: 'Requester',
      cell: (m) => m.requester.userName,
    },
    invitee: {
      sql: nameOf('i'),
      sortable: true,
      searchable: true,
      label: 'Invitee',
      cell: (m) => m.invitee.userName,
    },
    date: { label: 'Date' },
    startAt: { sql: sql.ref('m.startsAt'), sortable: true, label: 'Start at' },
    endAt: { sql: sql.ref('m.endsAt'), sortable: true, label: 'End at' },
    timeSlot: { label: 'Time slot' },
    meetingPoint: { label: 'Meeting point' },
    status: { sql: sql.ref('m.status'), sortable: true, label: 'Status' },
    message: { label: 'Message' },
    bookedBy: { label: 'Booked by' },
    createdAt: { sql: sql.ref('m.createdAt'), sortable: true, label: 'Created at' },
  },
  filters: {
    status: (status) => sql<SqlBool>`m.status = ${status}`,
    participantId: (id) => sql<SqlBool>`(m.requester_id = ${id} OR m.invitee_id = ${id})`,
  },
  defaultSort: 'startAt:asc',
});

export function findMeeting(db: Db, eventId: string, id: string) {
  return meetingSelect(db, eventId)
    .where('m.id', '=', id)
    .executeTakeFirst()
    .then((r) => r && toMeeting(r));
}

export async function meetingsOf(db: Db, eventId: string, participantId: string): Promise<Meeting[]> {
  const rows = await meetingSelect(db, eventId)
    .where((eb) => eb.or([eb('m.requesterId', '=', participantId), eb('m.inviteeId', '=', participantId)]))
    .orderBy('m.startsAt')
    .orderBy('m.id')
    .execute();
  return rows.map(toMeeting);
}

/** A meeting's row locked for a change of its state. */
export function lockMeeting(db: Db, eventId: string, id: string) {
  return db
    .selectFrom('meetings')
    .select(['id', 'windowId', 'requesterId', 'inviteeId', 'awaitingId', 'status', 'startsAt', 'endsAt'])
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
}

export async function insertMeeting(
  db: Db,
  v: {
    eventId: string;
    windowId: string;
    requesterId: string;
    inviteeId: string;
    awaitingId: string | null;
    startsAt: Date;
    endsAt: Date;
    message: string;
    status: MeetingStatus;
    bookedBy: 'PARTICIPANT' | 'ADMIN';
    meetingPoint: string | null;
  },
): Promise<string> {
  const row = await db
    .insertInto('meetings')
    .values({ ...v, updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setMeeting(
  db: Db,
  id: string,
  v: Partial<{
    status: MeetingStatus;
    awaitingId: string | null;
    meetingPoint: string | null;
    windowId: string;
    startsAt: Date;
    endsAt: Date;
    message: string;
  }>,
): Promise<void> {
  await db
    .updateTable('meetings')
    .set({ ...v, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/**
 * Holds the slot starting at `startsAt` for both people in one statement: the primary key
 * (event, participant, slot start) refuses a second hold, so of two racing requests for the same
 * person and slot exactly one inserts (the other fails with a unique violation, 23505).
 */
export async function holdSlot(
  db: Db,
  eventId: string,
  meetingId: string,
  startsAt: Date,
  participantIds: readonly [string, string],
): Promise<void> {
  await db
    .insertInto('meetingSlotHolds')
    // In id order: two transactions holding the same two people take their index entries in the same order (no deadlock).
    .values(
      [...participantIds].sort().map((participantId) => ({ eventId, participantId, startsAt, meetingId })),
    )
    .execute();
}

export async function releaseSlot(db: Db, meetingId: string): Promise<void> {
  await db.deleteFrom('meetingSlotHolds').where('meetingId', '=', meetingId).execute();
}

/** Slot starts held for any of `participantIds` (from `from` on). */
export async function heldStarts(
  db: Db,
  eventId: string,
  participantIds: readonly string[],
): Promise<Set<number>> {
  if (participantIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('meetingSlotHolds')
    .select('startsAt')
    .where('eventId', '=', eventId)
    .where('participantId', 'in', [...participantIds])
    .execute();
  return new Set(rows.map((r) => r.startsAt.getTime()));
}

/** Meeting points taken by accepted meetings of the window at that slot. */
export async function takenPoints(db: Db, windowId: string, startsAt: Date): Promise<Set<string>> {
  const rows = await db
    .selectFrom('meetings')
    .select('meetingPoint')
    .where('windowId', '=', windowId)
    .where('startsAt', '=', startsAt)
    .where('status', '=', 'ACCEPTED')
    .where('meetingPoint', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.meetingPoint!));
}

export async function pendingSentCount(db: Db, participantId: string): Promise<number> {
  const row = await db
    .selectFrom('meetings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('requesterId', '=', participantId)
    .where('status', '=', 'PENDING')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A participant of the event as meetings need them; `lock` serialises one person's requests (quota). */
export function participantRow(db: Db, eventId: string, id: string, lock = false) {
  return db
    .selectFrom('participants as p')
    .leftJoin('meetingAvailability as a', (j) =>
      j.onRef('a.participantId', '=', 'p.id').onRef('a.eventId', '=', 'p.eventId'),
    )
    .select([
      'p.id',
      'p.userId',
      'p.email',
      'p.firstName',
      'p.lastName',
      'p.profileHidden',
      sql<boolean>`a.participant_id IS NOT NULL`.as('available'),
    ])
    .where('p.eventId', '=', eventId)
    .where('p.id', '=', id)
    .$if(lock, (qb) => qb.forUpdate(['p']))
    .executeTakeFirst();
}

export async function labelIdsOf(db: Db, participantId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('participantLabels')
    .select('labelId')
    .where('participantId', '=', participantId)
    .execute();
  return new Set(rows.map((r) => r.labelId));
}

export async function isAvailable(db: Db, eventId: string, participantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('meetingAvailability')
    .select('participantId')
    .where('eventId', '=', eventId)
    .where('participantId', '=', participantId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function setAvailable(
  db: Db,
  eventId: string,
  participantId: string,
  available: boolean,
): Promise<void> {
  if (available)
    await db
      .insertInto('meetingAvailability')
      .values({ eventId, participantId })
      .onConflict((oc) => oc.columns(['eventId', 'participantId']).doNothing())
      .execute();
  else
    await db
      .deleteFrom('meetingAvailability')
      .where('eventId', '=', eventId)
      .where('participantId', '=', participantId)
      .execute();
}

const availableName = sql<string>`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email)`;

/** "Available users": opted in, profile not hidden. */
export const availableUserList = defineList({
  query: availableUserListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('meetingAvailability as a')
      .innerJoin('participants as p', 'p.id', 'a.participantId')
      .select([
        'p.id',
        availableName.as('userName'),
        'p.firstName',
        'p.lastName',
        'p.jobTitle',
        'p.company',
        'p.photoUrl',
      ])
      .where('a.eventId', '=', eventId)
      .where('p.profileHidden', '=', false),
  record: (row): AvailableUser => ({
    participantId: row.id,
    userName: row.userName,
    firstName: row.firstName,
    lastName: row.lastName,
    jobTitle: row.jobTitle,
    company: row.company,
    photoUrl: row.photoUrl,
  }),
  id: sql.ref('p.id'),
  fields: {
    userName: {
      sql: sql`lower(${availableName})`,
      sortable: true,
      searchable: availableName,
      label: 'User name',
    },
    jobTitle: { label: 'Job title' },
    company: { sql: sql.ref('p.company'), sortable: true, searchable: true, label: 'Company' },
  },
  filters: {},
  defaultSort: 'userName:asc',
});

/** What the booked e-mail and the .ics need of one meeting. */
export function meetingNotice(db: Db, meetingId: string) {
  return db
    .selectFrom('meetings as m')
    .innerJoin('events as e', 'e.id', 'm.eventId')
    .innerJoin('participants as r', 'r.id', 'm.requesterId')
    .innerJoin('participants as i', 'i.id', 'm.inviteeId')
    .select([
      'm.id',
      'm.eventId',
      'm.startsAt',
      'm.endsAt',
      'm.meetingPoint',
      'm.message',
      'e.name as eventName',
      'e.timezone',
      'r.userId as requesterUserId',
      'r.email as requesterEmail',
      'r.firstName as requesterFirstName',
      availableNameOf('r').as('requesterName'),
      'i.userId as inviteeUserId',
      'i.email as inviteeEmail',
      'i.firstName as inviteeFirstName',
      availableNameOf('i').as('inviteeName'),
    ])
    .where('m.id', '=', meetingId)
    .executeTakeFirstOrThrow();
}

function availableNameOf(alias: 'r' | 'i') {
  return sql<string>`coalesce(nullif(trim(${sql.ref(`${alias}.first_name`)} || ' ' || ${sql.ref(`${alias}.last_name`)}), ''), ${sql.ref(`${alias}.email`)})`;
}

/** User ids of a meeting's two people (realtime). */
export async function partyUserIds(db: Db, meetingId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('meetings as m')
    .innerJoin('participants as p', (j) =>
      j.on((eb) => eb.or([eb('p.id', '=', eb.ref('m.requesterId')), eb('p.id', '=', eb.ref('m.inviteeId'))])),
    )
    .select('p.userId')
    .where('m.id', '=', meetingId)
    .execute();
  return rows.map((r) => r.userId);
}
