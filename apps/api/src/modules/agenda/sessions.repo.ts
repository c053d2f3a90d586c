import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import {
  instantToWallClock,
  sessionListQuerySchema,
  timeSlotText,
  type ModeratorOption,
  type SessionRecord,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AudienceJson, SessionsTable } from '../../platform/db/schema.js';
import { containsPattern, defineList, type CellValue } from '../../platform/list.js';
import { FILES_PATH } from '../../platform/storage.js';
import type { StoredAudience } from './audience.js';

/**
 * The SQL of sessions: the admin list (defineList), the session's links (speakers, moderators,
 * collections, materials) and the references a session may name.
 */

/** The breakout's audience and capacity replace the session's when the breakout is enrollable. */
export const effectiveAudience = sql<AudienceJson>`(CASE WHEN b.enrollable THEN b.audience ELSE s.audience END)`;
export const effectiveCapacity = sql<
  number | null
>`(CASE WHEN b.enrollable THEN b.capacity ELSE s.capacity END)`;
export const effectiveEnrollable = sql<boolean>`(s.enrollable OR coalesce(b.enrollable, false))`;

/** JSON of the session's speakers (participants), in their order; `sid` is the session id's SQL. */
export const speakersJson = (sid: string) =>
  sql<
    SessionRecord['speakers']
  >`(SELECT coalesce(jsonb_agg(jsonb_build_object('participantId', p.id, 'userId', p.user_id, 'firstName', p.first_name, 'lastName', p.last_name,
    'jobTitle', p.job_title, 'company', p.company, 'photoUrl', p.photo_url) ORDER BY ss.position, p.id), '[]'::jsonb)
    FROM session_speakers ss JOIN participants p ON p.id = ss.participant_id WHERE ss.session_id = ${sql.raw(sid)})`;
export const collectionsJson = (sid: string) =>
  sql<
    SessionRecord['collections']
  >`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', c.id, 'name', c.name, 'color', c.color) ORDER BY lower(c.name), c.id), '[]'::jsonb)
    FROM session_collections sc JOIN collections c ON c.id = sc.collection_id WHERE sc.session_id = ${sql.raw(sid)})`;
export const materialsJson = (sid: string) =>
  sql<
    SessionRecord['materials']
  >`(SELECT coalesce(jsonb_agg(jsonb_build_object('id', m.id, 'name', m.name, 'fileType', m.file_type, 'url', ${FILES_PATH} || m.file_key) ORDER BY sm.position, m.id), '[]'::jsonb)
    FROM session_materials sm JOIN materials m ON m.id = sm.material_id WHERE sm.session_id = ${sql.raw(sid)})`;
/** Pins pointing at the location (with their map), for the usage-in-map text; `withXy` adds the position. */
export const locationPinsJson = (lid: string, withXy = false) =>
  sql<
    SessionRecord['location'] extends infer L ? (L extends { pins: infer P } ? P : never) : never
  >`(SELECT coalesce(jsonb_agg(jsonb_build_object('mapId', im.id, 'mapName', im.name, 'pinId', mp.id, 'pinName', mp.name${sql.raw(withXy ? ", 'x', mp.x, 'y', mp.y" : '')}) ORDER BY lower(im.name), lower(mp.name), mp.id), '[]'::jsonb)
    FROM map_pins mp JOIN interactive_maps im ON im.id = mp.map_id WHERE mp.location_id = ${sql.raw(lid)})`;
const moderatorsJson = (sid: string) =>
  sql<
    SessionRecord['moderators']
  >`(SELECT coalesce(jsonb_agg(jsonb_build_object('userId', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) ORDER BY lower(u.last_name), lower(u.first_name), u.id), '[]'::jsonb)
    FROM session_moderators sm JOIN users u ON u.id = sm.user_id WHERE sm.session_id = ${sql.raw(sid)})`;
/** Participants an audience of EVERYONE or LABELS reaches; NULL for RULES (counted by the service). */
const audienceCountSql = sql<number | null>`(CASE list_page.effective_audience->>'type'
    WHEN 'EVERYONE' THEN (SELECT count(*)::int FROM participants x WHERE x.event_id = list_page.event_id)
    WHEN 'LABELS' THEN (SELECT count(DISTINCT pl.participant_id)::int FROM participant_labels pl
      WHERE pl.label_id IN (SELECT jsonb_array_elements_text(list_page.effective_audience->'labelIds')::uuid))
    END)`;

/** The list's rows before the record: audience stays stored (label names are added by the service). */
export type SessionRow = Omit<SessionRecord, 'audience' | 'audienceCount'> & {
  audience: StoredAudience;
  effectiveAudience: StoredAudience;
  audienceCount: number | null;
};

const names = (items: ReadonlyArray<{ name: string }>) => items.map((i) => i.name).join(', ');
const people = (items: ReadonlyArray<{ firstName: string; lastName: string }>) =>
  items.map((i) => `${i.firstName} ${i.lastName}`.trim()).join(', ');
const audienceText = (r: SessionRow): CellValue => r.audience.type;

/** `GET events/{eventId}/sessions` (admins and moderators; scope = the event id). */
export const sessionList = defineList({
  query: sessionListQuerySchema,
  select: (db: Db, eventId: string) =>
    db
      .selectFrom('sessions as s')
      .innerJoin('events as e', 'e.id', 's.eventId')
      .leftJoin('locations as l', 'l.id', 's.locationId')
      .leftJoin('breakouts as b', 'b.id', 's.breakoutId')
      .select([
        's.id',
        's.eventId',
        's.name',
        's.description',
        's.type',
        's.status',
        's.accessControl',
        's.startAt',
        's.endAt',
        'e.timezone',
        's.virtualLink',
        's.locationId',
        'l.name as locationName',
        's.breakoutId',
        'b.name as breakoutName',
        'b.enrollable as breakoutEnrollable',
        's.audience',
        effectiveAudience.as('effectiveAudience'),
        's.capacity',
        's.enrollable',
        's.waitlist',
        's.enrolledCount',
        's.waitlistedCount',
        's.attendedCount',
        's.createdAt',
        's.updatedAt',
      ])
      .where('s.eventId', '=', eventId),
  pageColumns: {
    speakers: speakersJson('list_page.id'),
    moderators: moderatorsJson('list_page.id'),
    collections: collectionsJson('list_page.id'),
    materials: materialsJson('list_page.id'),
    locationPins: locationPinsJson('list_page.location_id'),
    audienceCount: audienceCountSql,
    instances: sql<number>`(SELECT count(*)::int FROM engagement_instances ei WHERE ei.session_id = list_page.id)`,
  },
  record: (row): SessionRow => {
    const start = instantToWallClock(row.startAt, row.timezone);
    const end = instantToWallClock(row.endAt, row.timezone);
    return {
      id: row.id,
      eventId: row.eventId,
      name: row.name,
      description: row.description,
      type: row.type,
      status: row.status,
      accessControl: row.accessControl,
      startAt: row.startAt,
      endAt: row.endAt,
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
      timeSlot: timeSlotText(row.startAt, row.endAt, row.timezone),
      virtualLink: row.virtualLink,
      location:
        row.locationId && row.locationName !== null
          ? { id: row.locationId, name: row.locationName, pins: row.locationPins }
          : null,
      breakout:
        row.breakoutId && row.breakoutName !== null
          ? { id: row.breakoutId, name: row.breakoutName, enrollable: row.breakoutEnrollable === true }
          : null,
      collections: row.collections,
      speakers: row.speakers,
      moderators: row.moderators,
      materials: row.materials,
      audience: row.audience,
      effectiveAudience: row.effectiveAudience,
      audienceCount: row.audienceCount,
      capacity: row.capacity,
      enrollable: row.enrollable,
      waitlist: row.waitlist,
      enrolledCount: row.enrolledCount,
      waitlistedCount: row.waitlistedCount,
      attendedCount: row.attendedCount,
      instances: row.instances,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  },
  id: sql.ref('s.id'),
  fields: {
    name: {
      sql: sql.ref('s.name'),
      sortable: sql`lower(s.name)`,
      searchable: sql<string>`s.name`,
      label: 'Name',
    },
    description: { searchable: sql<string>`s.description`, label: 'Description' },
    speakers: { label: 'Speakers', cell: (r) => people(r.speakers) },
    startAt: {
      sql: sql.ref('s.startAt'),
      sortable: true,
      label: 'Start',
      cell: (r) => `${r.startDate} ${r.startTime}`,
    },
    collections: { label: 'Collections', cell: (r) => names(r.collections) },
    status: { sql: sql.ref('s.status'), sortable: true, label: 'Status' },
    type: { sql: sql.ref('s.type'), sortable: true, label: 'Type' },
    accessControl: { label: 'Access control' },
    timeSlot: { label: 'Time slot' },
    location: { label: 'Location', cell: (r) => r.location?.name ?? '' },
    virtualLink: { label: 'Virtual link' },
    moderators: { label: 'Moderators', cell: (r) => people(r.moderators) },
    audienceCount: { label: 'Audience count' },
    audience: { label: 'Audience', cell: audienceText },
    breakout: { label: 'Breakout', cell: (r) => r.breakout?.name ?? '' },
    capacity: {
      sql: sql.ref('s.capacity'),
      sortable: sql`coalesce(s.capacity, 2147483647)`,
      label: 'Capacity',
    },
    materials: { label: 'Materials', cell: (r) => names(r.materials) },
    instances: { label: 'Instances' },
    enrollable: { label: 'Enrollable' },
    enrolledCount: { sql: sql.ref('s.enrolledCount'), sortable: true, label: 'Enrolled' },
    waitlistedCount: { label: 'Waitlisted' },
    attendedCount: { label: 'Attended' },
    createdAt: { sql: sql.ref('s.createdAt'), sortable: true, label: 'Created at' },
    updatedAt: { sql: sql.ref('s.updatedAt'), sortable: true, label: 'Updated at' },
  },
  filters: {
    status: (v) => sql<SqlBool>`s.status = ANY(${v}::text[])`,
    type: (v) => sql<SqlBool>`s.type = ANY(${v}::text[])`,
    collectionId: (v) =>
      sql<SqlBool>`EXISTS (SELECT 1 FROM session_collections sc WHERE sc.session_id = s.id AND sc.collection_id = ANY(${v}::uuid[]))`,
    locationId: (v) => sql<SqlBool>`s.location_id = ANY(${v}::uuid[])`,
    breakoutId: (v) => sql<SqlBool>`s.breakout_id = ANY(${v}::uuid[])`,
    enrollable: (v) => sql<SqlBool>`${effectiveEnrollable} = ${v}`,
    // A plain date is the event's day: from its 00:00 to the next day's 00:00 in the event's zone.
    startAtFrom: (v) =>
      typeof v === 'string'
        ? sql<SqlBool>`s.start_at >= (${v}::date::timestamp AT TIME ZONE e.timezone)`
        : sql<SqlBool>`s.start_at >= ${v}`,
    startAtTo: (v) =>
      typeof v === 'string'
        ? sql<SqlBool>`s.start_at < ((${v}::date + 1)::timestamp AT TIME ZONE e.timezone)`
        : sql<SqlBool>`s.start_at <= ${v}`,
  },
  defaultSort: 'startAt:asc',
});

// ——— References a session names ———

/** Ids among `ids` that are rows of `table` in the event. */
export async function idsInEvent(
  db: Db,
  table: 'locations' | 'breakouts' | 'collections' | 'materials' | 'participants' | 'sessions',
  eventId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM ${sql.table(table)} WHERE event_id = ${eventId} AND id = ANY(${[...new Set(ids)]}::uuid[])`.execute(
    db,
  );
  return new Set(rows.map((r) => r.id));
}

/** Users among `ids` holding the event's moderator or admin role (event-scope memberships). */
export async function moderatorIds(db: Db, eventId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('memberships')
    .select('userId')
    .where('scope', '=', 'event')
    .where('scopeId', '=', eventId)
    .where('role', 'in', ['moderator', 'admin'])
    .where('userId', 'in', [...new Set(ids)])
    .execute();
  return new Set(rows.map((r) => r.userId));
}

/** The moderator picker: accounts with an event-scope moderator or admin membership, by name (those `moderatorIds` accepts). */
export async function moderatorOptions(
  db: Db,
  eventId: string,
  q: { search?: string | undefined; limit: number },
): Promise<ModeratorOption[]> {
  let qb = db
    .selectFrom('users as u')
    .select(['u.id as userId', 'u.firstName', 'u.lastName', 'u.email'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('memberships as m')
          .select(sql`1`.as('one'))
          .whereRef('m.userId', '=', 'u.id')
          .where('m.scope', '=', 'event')
          .where('m.scopeId', '=', eventId)
          .where('m.role', 'in', ['moderator', 'admin']),
      ),
    );
  if (q.search) {
    const pattern = containsPattern(q.search);
    qb = qb.where((eb) =>
      eb.or([
        sql<SqlBool>`u.first_name ILIKE ${pattern}`,
        sql<SqlBool>`u.last_name ILIKE ${pattern}`,
        sql<SqlBool>`u.email ILIKE ${pattern}`,
      ]),
    );
  }
  return qb
    .orderBy(sql`lower(u.last_name)`)
    .orderBy(sql`lower(u.first_name)`)
    .orderBy('u.id')
    .limit(q.limit)
    .execute();
}

/**
 * The event's zone under a share lock of its row, taken in a session write's transaction before any
 * session row lock (one order: event → sessions → breakouts): a zone change (events.repo
 * lockEventTimes, then the sessions) waits for the write, or the write for it and reads its zone.
 * Enrollment never locks the event row (its foreign keys take FOR KEY SHARE, which neither blocks).
 */
/** What session times are read in and checked against: the event's zone and its start and end. */
export interface EventClock {
  timezone: string;
  startAt: Date;
  endAt: Date;
}

export async function lockEventClock(db: Db, eventId: string): Promise<EventClock> {
  return db
    .selectFrom('events')
    .select(['timezone', 'startAt', 'endAt'])
    .where('id', '=', eventId)
    .forShare()
    .executeTakeFirstOrThrow();
}

export async function eventClock(db: Db, eventId: string): Promise<EventClock> {
  return db
    .selectFrom('events')
    .select(['timezone', 'startAt', 'endAt'])
    .where('id', '=', eventId)
    .executeTakeFirstOrThrow();
}

// ——— Writes ———

export async function insertSession(db: Db, values: Insertable<SessionsTable>): Promise<string> {
  const row = await db.insertInto('sessions').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSession(db: Db, id: string, values: Updateable<SessionsTable>): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ ...values, updatedAt: new Date() })
    .where('id', '=', id)
    .execute();
}

/** Answers the deleted session's status (whether participants saw it), undefined when there was none. */
export async function deleteSession(
  db: Db,
  eventId: string,
  id: string,
): Promise<{ status: 'DRAFT' | 'PUBLISHED' } | undefined> {
  return db
    .deleteFrom('sessions')
    .where('eventId', '=', eventId)
    .where('id', '=', id)
    .returning('status')
    .executeTakeFirst();
}

/** Replaces the session's speakers (in order), moderators, collections or materials (in order). */
export async function setLinks(
  db: Db,
  sessionId: string,
  links: {
    speakerIds?: string[];
    moderatorUserIds?: string[];
    collectionIds?: string[];
    materialIds?: string[];
  },
): Promise<void> {
  if (links.speakerIds) {
    await db.deleteFrom('sessionSpeakers').where('sessionId', '=', sessionId).execute();
    const ids = [...new Set(links.speakerIds)];
    if (ids.length)
      await db
        .insertInto('sessionSpeakers')
        .values(ids.map((participantId, position) => ({ sessionId, participantId, position })))
        .execute();
  }
  if (links.moderatorUserIds) {
    await db.deleteFrom('sessionModerators').where('sessionId', '=', sessionId).execute();
    const ids = [...new Set(links.moderatorUserIds)];
    if (ids.length)
      await db
        .insertInto('sessionModerators')
        .values(ids.map((userId) => ({ sessionId, userId })))
        .execute();
  }
  if (links.collectionIds) {
    await db.deleteFrom('sessionCollections').where('sessionId', '=', sessionId).execute();
    const ids = [...new Set(links.collectionIds)];
    if (ids.length)
      await db
        .insertInto('sessionCollections')
        .values(ids.map((collectionId) => ({ sessionId, collectionId })))
        .execute();
  }
  if (links.materialIds) {
    await db.deleteFrom('sessionMaterials').where('sessionId', '=', sessionId).execute();
    const ids = [...new Set(links.materialIds)];
    if (ids.length)
      await db
        .insertInto('sessionMaterials')
        .values(ids.map((materialId, position) => ({ sessionId, materialId, position })))
        .execute();
  }
}

export async function addModerator(db: Db, sessionId: string, userId: string): Promise<void> {
  await db
    .insertInto('sessionModerators')
    .values({ sessionId, userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** PATCH sessions/update-options: one change to the sessions among `ids` of the event; answers how many. */
export async function bulkUpdate(
  db: Db,
  eventId: string,
  ids: readonly string[],
  change: {
    values: Updateable<SessionsTable>;
    addCollectionIds?: string[] | undefined;
    removeCollectionIds?: string[] | undefined;
  },
): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM sessions WHERE event_id = ${eventId} AND id = ANY(${[...new Set(ids)]}::uuid[]) ORDER BY id FOR UPDATE`.execute(
    db,
  );
  const found = rows.map((r) => r.id);
  if (found.length === 0) return found;
  await db
    .updateTable('sessions')
    .set({ ...change.values, updatedAt: new Date() })
    .where('id', 'in', found)
    .execute();
  if (change.addCollectionIds?.length) {
    await sql`INSERT INTO session_collections (session_id, collection_id)
      SELECT s, c FROM unnest(${found}::uuid[]) s CROSS JOIN unnest(${change.addCollectionIds}::uuid[]) c ON CONFLICT DO NOTHING`.execute(
      db,
    );
  }
  if (change.removeCollectionIds?.length) {
    await sql`DELETE FROM session_collections WHERE session_id = ANY(${found}::uuid[]) AND collection_id = ANY(${change.removeCollectionIds}::uuid[])`.execute(
      db,
    );
  }
  return found;
}

/** GET sessions/filters: what the admin list can filter by. */
export async function filterOptions(db: Db, eventId: string) {
  const ref = (table: 'collections' | 'locations' | 'breakouts') =>
    db
      .selectFrom(table)
      .select(['id', 'name'])
      .where('eventId', '=', eventId)
      .orderBy(sql`lower(name)`)
      .orderBy('id')
      .execute();
  const [collections, locations, breakouts, speakers] = await Promise.all([
    ref('collections'),
    ref('locations'),
    ref('breakouts'),
    sql<{ id: string; name: string }>`
      SELECT p.id, trim(p.first_name || ' ' || p.last_name) AS name FROM participants p
      WHERE p.event_id = ${eventId} AND EXISTS (SELECT 1 FROM session_speakers ss WHERE ss.participant_id = p.id)
      ORDER BY lower(p.last_name), lower(p.first_name), p.id`.execute(db),
  ]);
  return { collections, locations, breakouts, speakers: speakers.rows };
}
