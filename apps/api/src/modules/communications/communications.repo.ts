import { sql, type SqlBool } from 'kysely';
import {
  campaignListQuerySchema,
  campaignRecipientListQuerySchema,
  CAMPAIGN_STATUS_RULES,
  renderPlaceholders,
  type Campaign,
  type CampaignRecipient,
  type ChannelDelivery,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type {
  CommunicationAudienceJson,
  CommunicationLinkJson,
  CommunicationsTable,
} from '../../platform/db/schema.js';
import { defineList } from '../../platform/list.js';

/** The SQL of communications (campaigns): the console list, the writes, delivery figures, recipients. */

const audienceJson = sql<Campaign['audience']>`jsonb_build_object(
    'type', list_page.audience->>'type',
    'labels', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY lower(l.name), l.id), '[]'::jsonb)
      FROM labels l WHERE l.event_id = list_page.event_id
        AND l.id::text IN (SELECT jsonb_array_elements_text(list_page.audience->'labelIds'))),
    'rules', coalesce(list_page.audience->'rules', '[]'::jsonb),
    'sessions', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', s.id, 'name', s.name) ORDER BY s.start_at, lower(s.name), s.id), '[]'::jsonb)
      FROM sessions s WHERE s.event_id = list_page.event_id
        AND s.id::text IN (SELECT jsonb_array_elements_text(list_page.audience->'sessionIds'))),
    'people', (SELECT coalesce(jsonb_agg(jsonb_build_object('id', p.id, 'name', trim(p.first_name || ' ' || p.last_name)) ORDER BY lower(p.last_name), lower(p.first_name), p.id), '[]'::jsonb)
      FROM participants p WHERE p.event_id = list_page.event_id
        AND p.id::text IN (SELECT jsonb_array_elements_text(list_page.audience->'participantIds'))))`;

const linkJson = sql<Campaign['link']>`jsonb_build_object(
    'type', list_page.link->>'type',
    'session', (SELECT jsonb_build_object('id', s.id, 'name', s.name) FROM sessions s
      WHERE s.event_id = list_page.event_id AND s.id::text = list_page.link->>'sessionId'),
    'url', list_page.link->'url')`;

const authorName = sql<string>`coalesce(nullif(trim(coalesce(cb.first_name, '') || ' ' || coalesce(cb.last_name, '')), ''), cb.email, '')`;

/** `GET events/{eventId}/communications` (admins; scope = the event id). */
export const campaignList = defineList({
  query: campaignListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('communications as c')
      .leftJoin('users as cb', 'cb.id', 'c.createdBy')
      .select([
        'c.id',
        'c.eventId',
        'c.channels',
        'c.subject',
        'c.body',
        'c.link',
        'c.audience',
        'c.schedule',
        'c.sendDate',
        'c.sendTime',
        'c.scheduledAt',
        'c.status',
        'c.statusReason',
        'c.recipientCount',
        'c.startedAt',
        'c.sentAt',
        authorName.as('createdBy'),
        'c.createdAt',
        'c.updatedAt',
      ])
      .where('c.eventId', '=', eventId),
  pageColumns: { audienceRecord: audienceJson, linkRecord: linkJson },
  record: (row): Campaign => ({
    id: row.id,
    eventId: row.eventId,
    channels: row.channels as Campaign['channels'],
    subject: row.subject,
    body: row.body,
    link: { ...row.linkRecord, session: row.linkRecord.session ?? null, url: row.linkRecord.url ?? null },
    audience: row.audienceRecord,
    schedule: row.schedule,
    sendDate: row.sendDate,
    sendTime: row.sendTime,
    scheduledAt: row.scheduledAt,
    status: row.status,
    statusReason: row.statusReason,
    recipientCount: row.recipientCount,
    startedAt: row.startedAt,
    sentAt: row.sentAt,
    editable: CAMPAIGN_STATUS_RULES[row.status].editable,
    createdBy: row.createdBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('c.id'),
  fields: {
    subject: {
      sql: sql.ref('c.subject'),
      sortable: sql`lower(c.subject)`,
      searchable: true,
      label: 'Subject',
    },
    channels: { label: 'Channels', cell: (r) => r.channels.join(', ') },
    status: { sql: sql.ref('c.status'), sortable: true, label: 'Status' },
    schedule: { sql: sql.ref('c.schedule'), sortable: true, label: 'Schedule' },
    scheduledAt: { sql: sql.ref('c.scheduledAt'), sortable: true, label: 'Scheduled at' },
    recipientCount: { label: 'Recipients' },
    createdBy: { label: 'Created by' },
    createdAt: { sql: sql.ref('c.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('c.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    status: (v) => sql<SqlBool>`c.status = ANY(${v}::text[])`,
    channel: (v) => sql<SqlBool>`c.channels && ${v}::text[]`,
    schedule: (v) => sql<SqlBool>`c.schedule = ANY(${v}::text[])`,
  },
  defaultSort: 'createdAt:desc',
});

export type CommunicationRow = Pick<
  CommunicationsTable,
  | 'eventId'
  | 'subject'
  | 'body'
  | 'sendDate'
  | 'sendTime'
  | 'scheduledAt'
  | 'statusReason'
  | 'origin'
  | 'recipientCount'
  | 'startedAt'
  | 'sentAt'
> & {
  id: string;
  channels: string[];
  link: CommunicationLinkJson;
  audience: CommunicationAudienceJson;
  schedule: 'NOW' | 'DATE_AND_TIME';
  status: Campaign['status'];
  frozenVars: Record<string, string> | null;
  errorBaseline: number;
  doneBaseline: number;
};

export async function findCommunication(
  db: Db,
  eventId: string,
  id: string,
  lock = false,
): Promise<CommunicationRow | undefined> {
  let q = db
    .selectFrom('communications')
    .select([
      'id',
      'eventId',
      'channels',
      'subject',
      'body',
      'link',
      'audience',
      'schedule',
      'sendDate',
      'sendTime',
      'scheduledAt',
      'status',
      'statusReason',
      'origin',
      'frozenVars',
      'recipientCount',
      'errorBaseline',
      'doneBaseline',
      'startedAt',
      'sentAt',
    ])
    .where('eventId', '=', eventId)
    .where('id', '=', id);
  if (lock) q = q.forUpdate();
  return q.executeTakeFirst();
}

export interface CommunicationWrite {
  channels: string[];
  subject: string;
  body: string;
  link: CommunicationLinkJson;
  audience: CommunicationAudienceJson;
  schedule: 'NOW' | 'DATE_AND_TIME';
  sendDate: string | null;
  sendTime: string | null;
}

export async function insertCommunication(
  db: Db,
  eventId: string,
  createdBy: string,
  w: CommunicationWrite,
  extra: {
    status?: 'PENDING_TO_SCHEDULE' | 'SCHEDULED';
    scheduledAt?: Date | null;
    origin?: string | null;
  } = {},
): Promise<string> {
  const row = await db
    .insertInto('communications')
    .values({
      eventId,
      createdBy,
      channels: w.channels,
      subject: w.subject,
      body: w.body,
      link: JSON.stringify(w.link),
      audience: JSON.stringify(w.audience),
      schedule: w.schedule,
      sendDate: w.sendDate,
      sendTime: w.sendTime,
      status: extra.status ?? 'PENDING_TO_SCHEDULE',
      scheduledAt: extra.scheduledAt ?? null,
      origin: extra.origin ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCommunication(
  db: Db,
  id: string,
  w: CommunicationWrite,
  scheduledAt: Date | null,
) {
  await db
    .updateTable('communications')
    .set({
      channels: w.channels,
      subject: w.subject,
      body: w.body,
      link: JSON.stringify(w.link),
      audience: JSON.stringify(w.audience),
      schedule: w.schedule,
      sendDate: w.sendDate,
      sendTime: w.sendTime,
      scheduledAt,
      updatedAt: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

export async function deleteCommunication(db: Db, id: string): Promise<void> {
  await db.deleteFrom('communications').where('id', '=', id).execute();
}

/** A status change guarded by the expected current statuses: false when somebody else changed it first. */
export async function setStatus(
  db: Db,
  id: string,
  from: readonly Campaign['status'][],
  set: {
    status: Campaign['status'];
    statusReason?: string | null;
    scheduledAt?: Date | null;
    origin?: string | null;
  },
): Promise<boolean> {
  const res = await db
    .updateTable('communications')
    .set({ ...set, updatedAt: new Date() })
    .where('id', '=', id)
    .where('status', 'in', [...from])
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** Resume: SENDING again, with the error threshold counted from now on. */
export async function resumeCommunication(db: Db, id: string): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    UPDATE communications c SET status = 'SENDING', status_reason = NULL, updated_at = now(),
      error_baseline = (SELECT count(*) FROM communication_recipients r WHERE r.communication_id = c.id AND r.status IN ('FAILED', 'BOUNCED')),
      done_baseline = (SELECT count(*) FROM communication_recipients r WHERE r.communication_id = c.id AND r.status IN ('SENT', 'FAILED', 'BOUNCED'))
    WHERE c.id = ${id} AND c.status = 'PAUSED' RETURNING c.id`.execute(db);
  return rows.length > 0;
}

export async function deliveryCounts(db: Db, communicationId: string): Promise<ChannelDelivery[]> {
  const { rows } = await sql<ChannelDelivery>`
    SELECT channel,
      count(*)::int AS total,
      (count(*) FILTER (WHERE status = 'QUEUED'))::int AS queued,
      (count(*) FILTER (WHERE status = 'SENDING'))::int AS sending,
      (count(*) FILTER (WHERE status = 'SENT'))::int AS sent,
      (count(*) FILTER (WHERE status = 'DEFERRED'))::int AS deferred,
      (count(*) FILTER (WHERE status = 'FAILED'))::int AS failed,
      (count(*) FILTER (WHERE status = 'BOUNCED'))::int AS bounced
    FROM communication_recipients WHERE communication_id = ${communicationId}
    GROUP BY channel ORDER BY channel`.execute(db);
  return rows;
}

/** `GET …/communications/{communicationId}/recipients` (scope = the communication, already checked to be the event's). */
export const recipientList = defineList({
  query: campaignRecipientListQuerySchema,
  select: (db: Db, scope: { communicationId: string }) =>
    db
      .selectFrom('communicationRecipients as r')
      .innerJoin('participants as p', 'p.id', 'r.participantId')
      .innerJoin('communications as c', 'c.id', 'r.communicationId')
      .select([
        'r.id',
        'r.participantId',
        'p.firstName',
        'p.lastName',
        'r.email',
        'r.channel',
        'r.status',
        'r.attempts',
        'r.lastError',
        'r.vars',
        'c.subject',
        'c.frozenVars',
        'r.sentAt',
        'r.updatedAt',
      ])
      .where('r.communicationId', '=', scope.communicationId),
  record: (row): CampaignRecipient => ({
    id: row.id,
    participantId: row.participantId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    email: row.email,
    channel: row.channel,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    subject: renderSubject(row.subject, { ...(row.frozenVars ?? {}), ...row.vars }),
    sentAt: row.sentAt,
    updatedAt: row.updatedAt,
  }),
  id: sql.ref('r.id'),
  fields: {
    name: {
      sql: sql`p.first_name || ' ' || p.last_name`,
      sortable: sql`lower(p.last_name || ' ' || p.first_name)`,
      searchable: true,
      label: 'Name',
    },
    email: { sql: sql.ref('r.email'), sortable: true, searchable: true, label: 'E-mail' },
    channel: { sql: sql.ref('r.channel'), sortable: true, label: 'Channel' },
    status: { sql: sql.ref('r.status'), sortable: true, label: 'Status' },
    attempts: { sql: sql.ref('r.attempts'), sortable: true, label: 'Attempts' },
    lastError: { label: 'Last error' },
    sentAt: { sql: sql.ref('r.sentAt'), sortable: true, label: 'Sent at' },
    updatedAt: { sql: sql.ref('r.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    status: (v) => sql<SqlBool>`r.status = ANY(${v}::text[])`,
    channel: (v) => sql<SqlBool>`r.channel = ANY(${v}::text[])`,
  },
  defaultSort: 'name:asc',
});

/** The list record renders the subject as it was sent (template + frozen and per-recipient substitutions). */
const renderSubject = (subject: string, vars: Record<string, string>) => renderPlaceholders(subject, vars);

/** The event's name and zone (placeholders, schedule). */
export async function eventInfo(db: Db, eventId: string): Promise<{ name: string; timezone: string }> {
  return db
    .selectFrom('events')
    .select(['name', 'timezone'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
}

export async function sessionName(db: Db, eventId: string, sessionId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('name')
    .where('eventId', '=', eventId)
    .where('id', '=', sessionId)
    .executeTakeFirst();
  return row?.name;
}

/** The caller's name and address for a test send: their participant record in the event, else their account. */
export async function caller(
  db: Db,
  eventId: string,
  userId: string,
): Promise<{ participantId: string | null; firstName: string; lastName: string; email: string } | undefined> {
  const { rows } = await sql<{
    participantId: string | null;
    firstName: string;
    lastName: string;
    email: string;
  }>`
    SELECT p.id AS "participantId", coalesce(p.first_name, u.first_name, '') AS "firstName",
      coalesce(p.last_name, u.last_name, '') AS "lastName", coalesce(nullif(p.email, ''), u.email, '') AS email
    FROM users u LEFT JOIN participants p ON p.user_id = u.id AND p.event_id = ${eventId}
    WHERE u.id = ${userId}`.execute(db);
  return rows[0];
}
