import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { SessionView } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { containsPattern } from '../../platform/list.js';
import { ruleSetsOf } from './audience.repo.js';
import type { Viewer } from './audience.js';
import {
  collectionsJson,
  effectiveCapacity,
  effectiveEnrollable,
  locationPinsJson,
  materialsJson,
  speakersJson,
} from './sessions.repo.js';
import { visibleTo } from './visibility.repo.js';

/** Who is looking, in one statement: the event's zone, their participant row, labels, and the event's rule sets. */
export interface ViewerContext {
  timezone: string;
  participantId: string | null;
  labelIds: string[];
  ruleSets: Array<{ key: string; rules: unknown }>;
}

export async function viewerContext(
  db: Db,
  eventId: string,
  userId: string,
): Promise<ViewerContext | undefined> {
  const { rows } = await sql<ViewerContext>`
    SELECT e.timezone, p.id AS participant_id,
      coalesce((SELECT array_agg(pl.label_id::text) FROM participant_labels pl WHERE pl.participant_id = p.id), '{}') AS label_ids,
      (SELECT coalesce(jsonb_agg(jsonb_build_object('key', rs.key, 'rules', rs.rules)), '[]'::jsonb) FROM ${ruleSetsOf(eventId)} rs) AS rule_sets
    FROM events e LEFT JOIN participants p ON p.event_id = e.id AND p.user_id = ${userId}
    WHERE e.id = ${eventId}`.execute(db);
  return rows[0];
}

/** What narrows the agenda: all optional. `from`/`to` bound start_at ([from, to)). */
export interface AgendaFilter {
  sessionId?: string;
  from?: Date;
  to?: Date;
  search?: string | undefined;
  collectionId?: string[] | undefined;
  locationId?: string[] | undefined;
  type?: string[] | undefined;
  mine?: boolean | undefined;
}

export type ViewRow = Omit<SessionView, 'day' | 'timeSlot' | 'seatState' | 'virtualLink'> & {
  accessControl: 'OPEN' | 'ENROLLED_ONLY';
  virtualLink: string | null;
  waitlist: boolean;
};

/**
 * A row of the agenda statement. The per-session lists (speakers, collections, materials, the
 * location's pins) come as JSON text: the driver does not parse them and the camel-casing does not
 * walk them, and the agenda answer splices them into its JSON as they are (views.service.ts
 * agendaJson). At 400 sessions that is most of the answer's cost otherwise.
 */
export type AgendaRow = Omit<ViewRow, 'location' | 'breakout' | 'speakers' | 'collections' | 'materials'> & {
  locationId: string | null;
  locationName: string | null;
  locationPins: string;
  breakoutId: string | null;
  breakoutName: string | null;
  breakoutEnrollable: boolean | null;
  speakers: string;
  collections: string;
  materials: string;
};

/**
 * The participant agenda in one statement: the sessions the viewer may see (visibility.ts), with
 * their place, check-in, speakers, collections, materials and location pins. `viewer` 'all' (an
 * admin or moderator who does not take part): every published session, no place.
 */
export function agendaQuery(eventId: string, viewer: Viewer | 'all', f: AgendaFilter): RawBuilder<AgendaRow> {
  const me = viewer === 'all' ? null : viewer.participantId;
  const where: RawBuilder<SqlBool>[] = [
    sql<SqlBool>`s.event_id = ${eventId}`,
    viewer === 'all' ? sql<SqlBool>`s.status = 'PUBLISHED'` : visibleTo(viewer),
  ];
  if (f.sessionId) where.push(sql<SqlBool>`s.id = ${f.sessionId}`);
  if (f.from) where.push(sql<SqlBool>`s.start_at >= ${f.from}`);
  if (f.to) where.push(sql<SqlBool>`s.start_at < ${f.to}`);
  if (f.search)
    where.push(
      sql<SqlBool>`(s.name ILIKE ${containsPattern(f.search)} OR s.description ILIKE ${containsPattern(f.search)})`,
    );
  if (f.collectionId?.length)
    where.push(
      sql<SqlBool>`EXISTS (SELECT 1 FROM session_collections fc WHERE fc.session_id = s.id AND fc.collection_id = ANY(${f.collectionId}::uuid[]))`,
    );
  if (f.locationId?.length) where.push(sql<SqlBool>`s.location_id = ANY(${f.locationId}::uuid[])`);
  if (f.type?.length) where.push(sql<SqlBool>`s.type = ANY(${f.type}::text[])`);
  if (f.mine) where.push(me ? sql<SqlBool>`e.participant_id IS NOT NULL` : sql<SqlBool>`false`);
  return sql<AgendaRow>`
    SELECT s.id, s.name, s.description, s.type, s.start_at, s.end_at, s.access_control, s.virtual_link, s.waitlist, s.enrolled_count,
      s.location_id, l.name AS location_name, ${locationPinsJson('s.location_id', true)}::text AS location_pins,
      s.breakout_id, b.name AS breakout_name, b.enrollable AS breakout_enrollable,
      ${effectiveEnrollable} AS enrollable, ${effectiveCapacity} AS capacity,
      ${speakersJson('s.id')}::text AS speakers, ${collectionsJson('s.id')}::text AS collections, ${materialsJson('s.id')}::text AS materials,
      e.state AS my_state,
      CASE WHEN e.state = 'WAITLISTED' THEN (SELECT count(*)::int FROM enrollments w WHERE w.session_id = s.id AND w.state = 'WAITLISTED'
        AND w.queued_seq <= e.queued_seq) END AS waitlist_position,
      (ci.participant_id IS NOT NULL) AS checked_in
    FROM sessions s
    LEFT JOIN breakouts b ON b.id = s.breakout_id
    LEFT JOIN locations l ON l.id = s.location_id
    LEFT JOIN enrollments e ON e.session_id = s.id AND e.participant_id = ${me}
    LEFT JOIN session_check_ins ci ON ci.session_id = s.id AND ci.participant_id = ${me}
    WHERE ${sql.join(where, sql` AND `)}
    ORDER BY s.start_at, s.end_at, lower(s.name), s.id`;
}

export async function agendaRowsRaw(
  db: Db,
  eventId: string,
  viewer: Viewer | 'all',
  f: AgendaFilter,
): Promise<AgendaRow[]> {
  return (await agendaQuery(eventId, viewer, f).execute(db)).rows;
}

/** The rows with their lists parsed (one session, calendars). */
export async function agendaRows(
  db: Db,
  eventId: string,
  viewer: Viewer | 'all',
  f: AgendaFilter,
): Promise<ViewRow[]> {
  const rows = await agendaRowsRaw(db, eventId, viewer, f);
  return rows.map(
    ({
      locationId,
      locationName,
      locationPins,
      breakoutId,
      breakoutName,
      breakoutEnrollable,
      speakers,
      collections,
      materials,
      ...r
    }) => ({
      ...r,
      speakers: JSON.parse(speakers) as ViewRow['speakers'],
      collections: JSON.parse(collections) as ViewRow['collections'],
      materials: JSON.parse(materials) as ViewRow['materials'],
      location:
        locationId && locationName !== null
          ? {
              id: locationId,
              name: locationName,
              pins: JSON.parse(locationPins) as NonNullable<ViewRow['location']>['pins'],
            }
          : null,
      breakout:
        breakoutId && breakoutName !== null
          ? { id: breakoutId, name: breakoutName, enrollable: breakoutEnrollable === true }
          : null,
    }),
  );
}

/** The filter options a viewer gets: over the sessions they see. */
export async function visibleFacets(db: Db, eventId: string, viewer: Viewer | 'all') {
  const visible = viewer === 'all' ? sql<SqlBool>`s.status = 'PUBLISHED'` : visibleTo(viewer);
  const { rows } = await sql<{
    kind: string;
    id: string | null;
    name: string | null;
    color: string | null;
    startAt: Date | null;
  }>`
    WITH v AS (SELECT s.id, s.start_at, s.type, s.location_id FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id WHERE s.event_id = ${eventId} AND ${visible})
    SELECT 'start' AS kind, NULL::uuid AS id, NULL AS name, NULL AS color, v.start_at FROM v
    UNION ALL SELECT DISTINCT 'type', NULL::uuid, v.type, NULL, NULL::timestamptz FROM v
    UNION ALL SELECT DISTINCT 'location', l.id, l.name, NULL, NULL::timestamptz FROM v JOIN locations l ON l.id = v.location_id
    UNION ALL SELECT DISTINCT 'collection', c.id, c.name, c.color, NULL::timestamptz FROM v JOIN session_collections sc ON sc.session_id = v.id JOIN collections c ON c.id = sc.collection_id`.execute(
    db,
  );
  return rows;
}
