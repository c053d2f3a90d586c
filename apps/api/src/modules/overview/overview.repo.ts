import { sql } from 'kysely';
import {
  DEFAULT_COLORS,
  OVERVIEW_IMPORTS,
  OVERVIEW_REGISTRATION_DAYS,
  OVERVIEW_SESSIONS_TODAY,
  type EventOverview,
  type ImportStatus,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

interface Row {
  today: string;
  timezone: string;
  participantsTotal: number;
  participantsNewToday: number;
  signedIn: number;
  checkInsToday: number;
  perHour: Array<{ hour: number; count: number }>;
  sessionsTotal: number;
  sessionsTodayCount: number;
  sessionsToday: Array<{
    id: string;
    name: string;
    startAt: string;
    endAt: string;
    capacity: number | null;
    enrolled: number;
    waitlisted: number;
    attended: number;
  }>;
  registrations: Array<{ day: string; count: number }>;
  imports: Array<{
    id: string;
    tableName: string;
    fileName: string;
    status: ImportStatus;
    createdCount: number;
    updatedCount: number;
    skippedCount: number;
    errorCount: number;
    createdAt: string;
  }>;
  magicLinksSent: number;
  magicLinksUsed: number;
  hasDetails: boolean;
  hasBranding: boolean;
}

/**
 * Every figure of the event dashboard in one statement. "Today" is the event's calendar day in its
 * own zone (`day_start` to `day_end`), so a check-in at 23:30 local time counts on the right day.
 * Every subquery reads by event id through an index (participants, sessions, check-ins, imports,
 * magic links); "signed in" looks up each participant's account in auth_sessions by user id.
 */
export async function eventOverview(db: Db, eventId: string): Promise<EventOverview | undefined> {
  const { rows } = await sql<Row>`
    WITH e AS (
      SELECT ev.id, ev.timezone, ev.description, ev.address, ev.primary_color, ev.secondary_color,
        (now() AT TIME ZONE ev.timezone)::date AS today,
        date_trunc('day', now() AT TIME ZONE ev.timezone) AT TIME ZONE ev.timezone AS day_start,
        (date_trunc('day', now() AT TIME ZONE ev.timezone) + interval '1 day') AT TIME ZONE ev.timezone AS day_end
      FROM events ev WHERE ev.id = ${eventId}
    ),
    p AS (SELECT pa.user_id, pa.created_at FROM participants pa JOIN e ON pa.event_id = e.id),
    c AS (
      SELECT ci.checked_in_at FROM session_check_ins ci JOIN e ON ci.event_id = e.id
      WHERE ci.checked_in_at >= e.day_start AND ci.checked_in_at < e.day_end
    ),
    s AS (SELECT se.* FROM sessions se JOIN e ON se.event_id = e.id),
    st AS (SELECT s.* FROM s, e WHERE s.start_at < e.day_end AND s.end_at > e.day_start),
    m AS (
      SELECT t.used_at FROM magic_links ml JOIN e ON ml.event_id = e.id
      LEFT JOIN one_time_tokens t ON t.id = ml.token_id
    )
    SELECT
      to_char(e.today, 'YYYY-MM-DD') AS today,
      e.timezone,
      (SELECT count(*) FROM p)::int AS participants_total,
      (SELECT count(*) FROM p WHERE p.created_at >= e.day_start)::int AS participants_new_today,
      (SELECT count(*) FROM p WHERE EXISTS (SELECT 1 FROM auth_sessions a WHERE a.user_id = p.user_id))::int AS signed_in,
      (SELECT count(*) FROM c)::int AS check_ins_today,
      (SELECT json_agg(json_build_object('hour', h.hour, 'count', (
          SELECT count(*) FROM c WHERE extract(hour FROM c.checked_in_at AT TIME ZONE e.timezone) = h.hour
        )) ORDER BY h.hour) FROM generate_series(0, 23) AS h(hour)) AS per_hour,
      (SELECT count(*) FROM s)::int AS sessions_total,
      (SELECT count(*) FROM st)::int AS sessions_today_count,
      (SELECT coalesce(json_agg(json_build_object(
          'id', x.id, 'name', x.name, 'start_at', x.start_at, 'end_at', x.end_at, 'capacity', x.capacity,
          'enrolled', x.enrolled_count, 'waitlisted', x.waitlisted_count, 'attended', x.attended_count
        ) ORDER BY x.start_at, x.name), '[]')
        FROM (SELECT * FROM st ORDER BY st.start_at, st.name LIMIT ${OVERVIEW_SESSIONS_TODAY}) x) AS sessions_today,
      (SELECT json_agg(json_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'count', (
          SELECT count(*) FROM p WHERE (p.created_at AT TIME ZONE e.timezone)::date = d.day
        )) ORDER BY d.day)
        FROM generate_series(0, ${OVERVIEW_REGISTRATION_DAYS - 1}) AS g(n), LATERAL (SELECT e.today - g.n AS day) d) AS registrations,
      (SELECT coalesce(json_agg(json_build_object(
          'id', i.id, 'table_name', i.table_name, 'file_name', i.file_name, 'status', i.status,
          'created_count', i.created_count, 'updated_count', i.updated_count, 'skipped_count', i.skipped_count,
          'error_count', i.error_count, 'created_at', i.created_at
        ) ORDER BY i.created_at DESC), '[]')
        FROM (SELECT * FROM imports im WHERE im.event_id = e.id ORDER BY im.created_at DESC LIMIT ${OVERVIEW_IMPORTS}) i) AS imports,
      (SELECT count(*) FROM m)::int AS magic_links_sent,
      (SELECT count(*) FROM m WHERE m.used_at IS NOT NULL)::int AS magic_links_used,
      (btrim(e.description) <> '' AND btrim(e.address) <> '') AS has_details,
      (lower(e.primary_color) <> lower(${DEFAULT_COLORS.primary}) OR lower(e.secondary_color) <> lower(${DEFAULT_COLORS.secondary})) AS has_branding
    FROM e`.execute(db);
  const row = rows[0];
  if (!row) return undefined;
  return {
    today: row.today,
    timezone: row.timezone,
    participants: {
      total: row.participantsTotal,
      newToday: row.participantsNewToday,
      signedIn: row.signedIn,
    },
    checkIns: { today: row.checkInsToday, perHour: row.perHour },
    sessions: {
      total: row.sessionsTotal,
      todayCount: row.sessionsTodayCount,
      today: row.sessionsToday.map((s) => ({ ...s, startAt: new Date(s.startAt), endAt: new Date(s.endAt) })),
    },
    registrations: row.registrations,
    imports: row.imports.map((i) => ({ ...i, createdAt: new Date(i.createdAt) })),
    magicLinks: { sent: row.magicLinksSent, used: row.magicLinksUsed },
    checklist: {
      details: row.hasDetails,
      sessions: row.sessionsTotal > 0,
      attendees: row.participantsTotal > 0,
      branding: row.hasBranding,
    },
  };
}
