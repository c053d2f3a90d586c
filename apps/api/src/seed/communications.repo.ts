import { sql } from 'kysely';
import type { Db } from '../platform/db/index.js';

/** The demo event, its admin and its zone, unless it has communications already. */
export async function communicationsSeedTarget(
  db: Db,
  eventName: string,
  adminEmail: string,
): Promise<{ eventId: string; eventName: string; timezone: string; adminId: string | null } | undefined> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'name', 'timezone'])
    .where('name', '=', eventName)
    .executeTakeFirst();
  if (!event) return undefined;
  const existing = await db
    .selectFrom('communications')
    .select('id')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (existing) return undefined;
  const admin = await db.selectFrom('users').select('id').where('email', '=', adminEmail).executeTakeFirst();
  return { eventId: event.id, eventName: event.name, timezone: event.timezone, adminId: admin?.id ?? null };
}

/**
 * A SENT announcement to everyone: the communication, one SENT row per participant and channel
 * (what the engine leaves behind), and an inbox item each with the rendered text (read: the
 * demo participant's unread badge stays the inbox seed's).
 */
export async function insertSentAnnouncement(
  tx: Db,
  c: {
    eventId: string;
    eventName: string;
    adminId: string | null;
    subject: string;
    body: string;
    sentAt: Date;
  },
): Promise<void> {
  const { rows } = await sql<{ id: string }>`
    INSERT INTO communications (event_id, channels, subject, body, link, schedule, scheduled_at, status, origin,
      frozen_vars, started_at, sent_at, created_by, created_at, updated_at)
    VALUES (${c.eventId}, ARRAY['EMAIL', 'NOTIFICATION'], ${c.subject}, ${c.body},
      '{"type":"FEED","sessionId":null,"url":null}', 'NOW', ${c.sentAt}, 'SENT', NULL,
      ${JSON.stringify({ eventName: c.eventName })}::jsonb, ${c.sentAt}, ${c.sentAt}, ${c.adminId}::uuid,
      ${c.sentAt}, ${c.sentAt})
    RETURNING id`.execute(tx);
  const id = rows[0]!.id;
  await sql`
    INSERT INTO communication_recipients (communication_id, event_id, participant_id, channel, status, email, vars,
      attempts, sent_at, created_at, updated_at)
    SELECT ${id}, p.event_id, p.id, ch.channel, 'SENT', p.email,
      jsonb_build_object('firstName', p.first_name, 'lastName', p.last_name), 1, ${c.sentAt}, ${c.sentAt}, ${c.sentAt}
    FROM participants p CROSS JOIN unnest(ARRAY['EMAIL', 'NOTIFICATION']) AS ch(channel)
    WHERE p.event_id = ${c.eventId}`.execute(tx);
  await sql`
    UPDATE communications SET recipient_count = (SELECT count(*) FROM participants WHERE event_id = ${c.eventId})
    WHERE id = ${id}`.execute(tx);
  await sql`
    INSERT INTO inbox_items (event_id, participant_id, communication_id, title, body, url, created_at, read_at)
    SELECT p.event_id, p.id, ${id},
      replace(replace(${c.subject}, '{firstName}', p.first_name), '{eventName}', ${c.eventName}),
      replace(replace(${c.body}, '{firstName}', p.first_name), '{eventName}', ${c.eventName}),
      ${`/event/${c.eventId}/activity-feed`}, ${c.sentAt}, ${c.sentAt}::timestamptz + interval '5 minutes'
    FROM participants p WHERE p.event_id = ${c.eventId}`.execute(tx);
}

/** A SCHEDULED e-mail to everyone. */
export async function insertScheduled(
  tx: Db,
  c: {
    eventId: string;
    adminId: string | null;
    subject: string;
    body: string;
    at: Date;
    sendDate: string;
    sendTime: string;
  },
): Promise<void> {
  await sql`
    INSERT INTO communications (event_id, channels, subject, body, schedule, send_date, send_time, scheduled_at,
      status, created_by)
    VALUES (${c.eventId}, ARRAY['EMAIL'], ${c.subject}, ${c.body}, 'DATE_AND_TIME', ${c.sendDate}, ${c.sendTime},
      ${c.at}, 'SCHEDULED', ${c.adminId}::uuid)`.execute(tx);
}
