import { sql, type SqlBool } from 'kysely';
import type { CardRequestStatus } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

/** Business-card exchange: requests (one per ordered pair) and mutual contact rows. */

export interface CardPersonRow {
  participantId: string;
  userId: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  photoUrl: string | null;
  email: string;
  phone: string;
  profileHidden: boolean;
}

const personColumns = [
  'p.id as participantId',
  'p.userId',
  'p.firstName',
  'p.lastName',
  'p.jobTitle',
  'p.company',
  'p.photoUrl',
  'p.email',
  'p.phone',
  'p.profileHidden',
] as const;

/** A participant of the event (hidden or not), or undefined. */
export function personInEvent(
  db: Db,
  eventId: string,
  participantId: string,
): Promise<CardPersonRow | undefined> {
  return db
    .selectFrom('participants as p')
    .select(personColumns)
    .where('p.eventId', '=', eventId)
    .where('p.id', '=', participantId)
    .executeTakeFirst();
}

/** Requests between two people are decided one at a time (two people scanning each other at once). */
export async function lockPair(tx: Db, a: string, b: string): Promise<void> {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`business-card:${key}`}))`.execute(tx);
}

export interface RequestRow {
  id: string;
  eventId: string;
  fromParticipantId: string;
  toParticipantId: string;
  note: string;
  status: CardRequestStatus;
  createdAt: Date;
}

const requestColumns = [
  'r.id',
  'r.eventId',
  'r.fromParticipantId',
  'r.toParticipantId',
  'r.note',
  'r.status',
  'r.createdAt',
] as const;

export function requestBetween(
  tx: Db,
  eventId: string,
  from: string,
  to: string,
): Promise<RequestRow | undefined> {
  return tx
    .selectFrom('businessCardRequests as r')
    .select(requestColumns)
    .where('r.eventId', '=', eventId)
    .where('r.fromParticipantId', '=', from)
    .where('r.toParticipantId', '=', to)
    .executeTakeFirst();
}

/** The request, locked, when it is in the event. */
export function lockRequest(tx: Db, eventId: string, requestId: string): Promise<RequestRow | undefined> {
  return tx
    .selectFrom('businessCardRequests as r')
    .select(requestColumns)
    .where('r.eventId', '=', eventId)
    .where('r.id', '=', requestId)
    .forUpdate()
    .executeTakeFirst();
}

export function insertRequest(
  tx: Db,
  values: { eventId: string; fromParticipantId: string; toParticipantId: string; note: string },
): Promise<RequestRow> {
  return tx
    .insertInto('businessCardRequests')
    .values(values)
    .returning(['id', 'eventId', 'fromParticipantId', 'toParticipantId', 'note', 'status', 'createdAt'])
    .executeTakeFirstOrThrow();
}

/** A declined request sent again: pending anew, with the new note and time. */
export function reopenRequest(tx: Db, id: string, note: string): Promise<RequestRow> {
  return tx
    .updateTable('businessCardRequests as r')
    .set({ status: 'PENDING', note, createdAt: sql<Date>`now()` as never, respondedAt: null })
    .where('r.id', '=', id)
    .returning(requestColumns)
    .executeTakeFirstOrThrow();
}

export async function setStatus(tx: Db, id: string, status: CardRequestStatus): Promise<void> {
  await tx
    .updateTable('businessCardRequests')
    .set({ status, respondedAt: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Both rows of an exchange; answers how many were new (0 when they already were contacts). */
export async function insertContacts(
  tx: Db,
  eventId: string,
  a: string,
  b: string,
  requestId: string,
): Promise<number> {
  const rows = await tx
    .insertInto('businessCardContacts')
    .values([
      { eventId, ownerParticipantId: a, contactParticipantId: b, requestId },
      { eventId, ownerParticipantId: b, contactParticipantId: a, requestId },
    ])
    .onConflict((oc) => oc.columns(['ownerParticipantId', 'contactParticipantId']).doNothing())
    .returning('ownerParticipantId')
    .execute();
  return rows.length;
}

export async function isContact(db: Db, owner: string, contact: string): Promise<boolean> {
  const row = await db
    .selectFrom('businessCardContacts')
    .select('ownerParticipantId')
    .where('ownerParticipantId', '=', owner)
    .where('contactParticipantId', '=', contact)
    .executeTakeFirst();
  return row !== undefined;
}

export interface RequestWithPerson extends RequestRow {
  person: CardPersonRow;
}

/** Pending requests to (`incoming`) or from the participant, newest first, with the other person. */
export async function pendingRequests(
  db: Db,
  eventId: string,
  participantId: string,
  direction: 'incoming' | 'outgoing',
  limit: number,
): Promise<RequestWithPerson[]> {
  const [mine, other] =
    direction === 'incoming'
      ? (['r.toParticipantId', 'r.fromParticipantId'] as const)
      : (['r.fromParticipantId', 'r.toParticipantId'] as const);
  const rows = await db
    .selectFrom('businessCardRequests as r')
    .innerJoin('participants as p', 'p.id', other)
    .select([...requestColumns, ...personColumns])
    .where('r.eventId', '=', eventId)
    .where(mine, '=', participantId)
    .where('r.status', '=', 'PENDING')
    .orderBy('r.createdAt', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    eventId: r.eventId,
    fromParticipantId: r.fromParticipantId,
    toParticipantId: r.toParticipantId,
    note: r.note,
    status: r.status,
    createdAt: r.createdAt,
    person: {
      participantId: r.participantId,
      userId: r.userId,
      firstName: r.firstName,
      lastName: r.lastName,
      jobTitle: r.jobTitle,
      company: r.company,
      photoUrl: r.photoUrl,
      email: r.email,
      phone: r.phone,
      profileHidden: r.profileHidden,
    },
  }));
}

export interface ContactRow extends CardPersonRow {
  note: string;
  createdAt: Date;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The owner's contacts, newest first; `search` matches name, e-mail, company, job title or the note. */
export function contactsOf(
  db: Db,
  eventId: string,
  owner: string,
  search: string | undefined,
  limit: number,
): Promise<ContactRow[]> {
  let q = db
    .selectFrom('businessCardContacts as c')
    .innerJoin('participants as p', 'p.id', 'c.contactParticipantId')
    .select([...personColumns, 'c.note', 'c.createdAt'])
    .where('c.eventId', '=', eventId)
    .where('c.ownerParticipantId', '=', owner);
  if (search) {
    const like = `%${escapeLike(search.toLowerCase())}%`;
    q = q.where(
      sql<SqlBool>`lower(p.first_name || ' ' || p.last_name || ' ' || p.email || ' ' || p.company || ' ' || p.job_title || ' ' || c.note) LIKE ${like}`,
    );
  }
  return q.orderBy('c.createdAt', 'desc').orderBy('p.id').limit(limit).execute();
}

export async function countContacts(db: Db, eventId: string, owner: string): Promise<number> {
  const row = await db
    .selectFrom('businessCardContacts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('eventId', '=', eventId)
    .where('ownerParticipantId', '=', owner)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Sets the owner's note on a contact; false when they are not contacts. */
export async function updateNote(
  tx: Db,
  eventId: string,
  owner: string,
  contact: string,
  note: string,
): Promise<boolean> {
  const row = await tx
    .updateTable('businessCardContacts')
    .set({ note, updatedAt: sql<Date>`now()` })
    .where('eventId', '=', eventId)
    .where('ownerParticipantId', '=', owner)
    .where('contactParticipantId', '=', contact)
    .returning('ownerParticipantId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Organisers: exchanges (pairs), pending requests and participants with at least one contact. */
export async function cardStats(
  db: Db,
  eventId: string,
): Promise<{ exchanges: number; pending: number; participantsWithContacts: number }> {
  const [contacts, pending] = await Promise.all([
    db
      .selectFrom('businessCardContacts')
      .select((eb) => [
        eb.fn.countAll<string>().as('rows'),
        eb.fn.count<string>('ownerParticipantId').distinct().as('owners'),
      ])
      .where('eventId', '=', eventId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('businessCardRequests')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('eventId', '=', eventId)
      .where('status', '=', 'PENDING')
      .executeTakeFirstOrThrow(),
  ]);
  return {
    exchanges: Number(contacts.rows) / 2,
    pending: Number(pending.n),
    participantsWithContacts: Number(contacts.owners),
  };
}
