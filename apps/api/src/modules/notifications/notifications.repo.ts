import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

export interface NewInboxItem {
  eventId: string;
  participantId: string;
  communicationId?: string | null;
  title: string;
  body: string;
  url: string;
}

// ── push subscriptions ──

/** Upsert by endpoint: a browser's subscription belongs to whoever subscribed it last. */
export async function upsertSubscription(
  db: Db,
  row: { userId: string; eventId: string; endpoint: string; p256dh: string; auth: string; userAgent: string },
): Promise<{ id: string; created: boolean }> {
  const result = await db
    .insertInto('pushSubscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        userId: row.userId,
        eventId: row.eventId,
        p256dh: row.p256dh,
        auth: row.auth,
        userAgent: row.userAgent,
        updatedAt: sql<Date>`now()`,
      }),
    )
    .returning(['id', sql<boolean>`(xmax = 0)`.as('created')])
    .executeTakeFirstOrThrow();
  return result;
}

/** Deletes the caller's subscription with this endpoint; true when there was one. */
export async function deleteSubscriptionOfUser(db: Db, userId: string, endpoint: string): Promise<boolean> {
  const r = await db
    .deleteFrom('pushSubscriptions')
    .where('userId', '=', userId)
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export async function deleteSubscription(db: Db, endpoint: string): Promise<void> {
  await db.deleteFrom('pushSubscriptions').where('endpoint', '=', endpoint).execute();
}

export interface PushTargetRow {
  participantId: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Every device subscription of these participants' users. */
export async function subscriptionsOfParticipants(
  db: Db,
  participantIds: string[],
): Promise<PushTargetRow[]> {
  if (participantIds.length === 0) return [];
  return db
    .selectFrom('participants as p')
    .innerJoin('pushSubscriptions as s', 's.userId', 'p.userId')
    .select(['p.id as participantId', 'p.userId', 's.endpoint', 's.p256dh', 's.auth'])
    .where('p.id', 'in', participantIds)
    .execute();
}

export async function countSubscriptionsOfUser(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('pushSubscriptions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── inbox ──

/** Inserts the items (in chunks of 1,000); their ids in order. */
export async function insertInboxItems(tx: Db, items: NewInboxItem[]): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < items.length; i += 1000) {
    const rows = await tx
      .insertInto('inboxItems')
      .values(
        items.slice(i, i + 1000).map((it) => ({
          eventId: it.eventId,
          participantId: it.participantId,
          communicationId: it.communicationId ?? null,
          title: it.title,
          body: it.body,
          url: it.url,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

export interface InboxRow {
  id: string;
  communicationId: string | null;
  title: string;
  body: string;
  url: string;
  createdAt: Date;
  readAt: Date | null;
}

export async function listInbox(
  db: Db,
  participantId: string,
  limit: number,
  after?: { createdAt: Date; id: string },
): Promise<InboxRow[]> {
  let q = db
    .selectFrom('inboxItems')
    .select(['id', 'communicationId', 'title', 'body', 'url', 'createdAt', 'readAt'])
    .where('participantId', '=', participantId);
  if (after) {
    q = q.where((eb) =>
      eb.or([
        eb('createdAt', '<', after.createdAt),
        eb.and([eb('createdAt', '=', after.createdAt), eb('id', '<', after.id)]),
      ]),
    );
  }
  return q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

export async function unreadCount(db: Db, participantId: string): Promise<number> {
  const row = await db
    .selectFrom('inboxItems')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('participantId', '=', participantId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one item read; undefined when it is not the participant's. */
export async function markRead(db: Db, participantId: string, itemId: string): Promise<InboxRow | undefined> {
  await db
    .updateTable('inboxItems')
    .set({ readAt: sql<Date>`now()` })
    .where('id', '=', itemId)
    .where('participantId', '=', participantId)
    .where('readAt', 'is', null)
    .execute();
  return db
    .selectFrom('inboxItems')
    .select(['id', 'communicationId', 'title', 'body', 'url', 'createdAt', 'readAt'])
    .where('id', '=', itemId)
    .where('participantId', '=', participantId)
    .executeTakeFirst();
}

export async function markAllRead(db: Db, participantId: string): Promise<void> {
  await db
    .updateTable('inboxItems')
    .set({ readAt: sql<Date>`now()` })
    .where('participantId', '=', participantId)
    .where('readAt', 'is', null)
    .execute();
}

export async function userIdsOfParticipants(db: Db, participantIds: string[]): Promise<string[]> {
  if (participantIds.length === 0) return [];
  const rows = await db
    .selectFrom('participants')
    .select('userId')
    .where('id', 'in', participantIds)
    .execute();
  return [...new Set(rows.map((r) => r.userId))];
}

// ── reminders ──

export async function readReminderSettings(
  db: Db,
  eventId: string,
): Promise<{ enabled: boolean; minutesBefore: number } | undefined> {
  return db
    .selectFrom('reminderSettings')
    .select(['enabled', 'minutesBefore'])
    .where('eventId', '=', eventId)
    .executeTakeFirst();
}

export async function writeReminderSettings(
  db: Db,
  eventId: string,
  s: { enabled: boolean; minutesBefore: number },
): Promise<void> {
  await db
    .insertInto('reminderSettings')
    .values({ eventId, enabled: s.enabled, minutesBefore: s.minutesBefore })
    .onConflict((oc) =>
      oc.column('eventId').doUpdateSet({
        enabled: s.enabled,
        minutesBefore: s.minutesBefore,
        updatedAt: sql<Date>`now()`,
      }),
    )
    .execute();
}

export interface SentReminder {
  id: string;
  eventId: string;
  participantId: string;
  userId: string;
  title: string;
  body: string;
  url: string;
  kind: 'SESSION' | 'MEETING';
  itemId: string;
  startsAt: Date;
}

/**
 * Every reminder due now, claimed and written to the inbox in ONE statement: `reminders_sent`
 * takes (kind, item, participant) ON CONFLICT DO NOTHING, and only the rows this statement
 * inserted become inbox items. Two processes ticking together never both send one.
 * Due: a PUBLISHED session (enrolled or bookmarked) or an ACCEPTED meeting that starts within the
 * event's minutes-before (default on, 10 minutes) and has not started yet.
 */
export async function claimDueReminders(db: Db): Promise<SentReminder[]> {
  const { rows } = await sql<SentReminder>`
    WITH settings AS (
      SELECT e.id AS event_id, coalesce(rs.minutes_before, 10) AS minutes
      FROM events e LEFT JOIN reminder_settings rs ON rs.event_id = e.id
      WHERE coalesce(rs.enabled, true)
    ),
    due_sessions AS (
      SELECT s.id, s.event_id, s.name, s.start_at, st.minutes
      FROM sessions s JOIN settings st ON st.event_id = s.event_id
      WHERE s.status = 'PUBLISHED' AND s.start_at > now()
        AND s.start_at <= now() + make_interval(mins => st.minutes)
    ),
    session_people AS (
      SELECT ds.id AS item_id, ds.event_id, en.participant_id, ds.name, ds.start_at, ds.minutes
      FROM due_sessions ds JOIN enrollments en ON en.session_id = ds.id AND en.state = 'ENROLLED'
      UNION
      SELECT ds.id, ds.event_id, p.id, ds.name, ds.start_at, ds.minutes
      FROM due_sessions ds
      JOIN session_bookmarks b ON b.session_id = ds.id
      JOIN participants p ON p.user_id = b.user_id AND p.event_id = ds.event_id
    ),
    meeting_people AS (
      SELECT m.id AS item_id, m.event_id, x.participant_id, m.starts_at AS start_at, st.minutes,
        (SELECT trim(o.first_name || ' ' || o.last_name) FROM participants o
          WHERE o.id = CASE WHEN x.participant_id = m.requester_id THEN m.invitee_id ELSE m.requester_id END) AS other
      FROM meetings m
      JOIN settings st ON st.event_id = m.event_id
      CROSS JOIN LATERAL (VALUES (m.requester_id), (m.invitee_id)) AS x(participant_id)
      WHERE m.status = 'ACCEPTED' AND m.starts_at > now()
        AND m.starts_at <= now() + make_interval(mins => st.minutes)
    ),
    candidates AS (
      SELECT 'SESSION' AS kind, item_id, event_id, participant_id, start_at,
        name AS title,
        'Starts in ' || greatest(1, ceil(extract(epoch FROM start_at - now()) / 60))::int || ' minutes' AS body,
        '/event/' || event_id || '/agenda/' || item_id AS url
      FROM session_people
      UNION ALL
      SELECT 'MEETING', item_id, event_id, participant_id, start_at,
        'Meeting with ' || coalesce(nullif(other, ''), 'a participant'),
        'Starts in ' || greatest(1, ceil(extract(epoch FROM start_at - now()) / 60))::int || ' minutes',
        '/event/' || event_id || '/meetings'
      FROM meeting_people
    ),
    claimed AS (
      INSERT INTO reminders_sent (kind, item_id, participant_id, event_id)
      SELECT kind, item_id, participant_id, event_id FROM candidates
      ON CONFLICT DO NOTHING
      RETURNING kind, item_id, participant_id
    ),
    inserted AS (
      INSERT INTO inbox_items (event_id, participant_id, title, body, url)
      SELECT c.event_id, c.participant_id, c.title, c.body, c.url
      FROM candidates c JOIN claimed k
        ON k.kind = c.kind AND k.item_id = c.item_id AND k.participant_id = c.participant_id
      RETURNING id, event_id, participant_id, title, body, url
    )
    SELECT DISTINCT ON (i.id) i.id, i.event_id AS "eventId", i.participant_id AS "participantId", p.user_id AS "userId",
      i.title, i.body, i.url, c.kind, c.item_id AS "itemId", c.start_at AS "startsAt"
    FROM inserted i
    JOIN participants p ON p.id = i.participant_id
    JOIN candidates c ON c.participant_id = i.participant_id AND c.url = i.url AND c.title = i.title
  `.execute(db);
  return rows;
}
