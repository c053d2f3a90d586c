import { sql, type SqlBool } from 'kysely';
import { AGENDA_IMPORT_MESSAGES, AGENDA_MESSAGES, type SessionStatus } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { ImportContext } from '../../platform/import-tables/registry.js';
import { messageWithRow, moveToErrors } from './agenda-import.repo.js';
import { effectiveCapacity } from './sessions.repo.js';

/** The statements of the Session import table (sessions.import.ts), over the staged rows (`import_rows`). */

/** Whether names verify resolved (locations, collections, breakouts) or the event's zone changed since `verifiedAt`. */
export async function agendaNamesChangedSince(db: Db, eventId: string, verifiedAt: Date): Promise<boolean> {
  const { rows } = await sql<{ changed: boolean }>`
      SELECT EXISTS (SELECT 1 FROM locations WHERE event_id = ${eventId} AND updated_at > ${verifiedAt})
        OR EXISTS (SELECT 1 FROM collections WHERE event_id = ${eventId} AND updated_at > ${verifiedAt})
        OR EXISTS (SELECT 1 FROM breakouts WHERE event_id = ${eventId} AND updated_at > ${verifiedAt})
        OR EXISTS (SELECT 1 FROM events WHERE id = ${eventId} AND updated_at > ${verifiedAt}) AS changed`.execute(
    db,
  );
  return rows[0]?.changed ?? false;
}

export async function sessionIdsOfEvent(db: Db, eventId: string): Promise<string[]> {
  const { rows } = await sql<{
    id: string;
  }>`SELECT id FROM sessions WHERE event_id = ${eventId}`.execute(db);
  return rows.map((r) => r.id);
}

/** Rows without an id take the session of the same name (any case) and start, if there is one. */
export async function matchStagedByNameAndStart(db: Db, eventId: string, importId: string): Promise<void> {
  await sql`
      UPDATE import_rows r SET data = r.data || jsonb_build_object('sessionId', s.id)
      FROM (
        SELECT DISTINCT ON (lower(name), start_at) id, lower(name) AS lname, start_at FROM sessions
        WHERE event_id = ${eventId} ORDER BY lower(name), start_at, created_at, id
      ) s
      WHERE r.import_id = ${importId} AND NOT r.data ? 'sessionId'
        AND s.lname = lower(r.data->>'name') AND s.start_at = (r.data->>'startAt')::timestamptz`.execute(db);
}

/** One session named twice (by its id and by name + start): the later row is an error. */
export async function refuseSessionNamedTwice(db: Db, importId: string): Promise<void> {
  const firstRow = sql`(SELECT min(o.row_number) FROM import_rows o WHERE o.import_id = r.import_id AND o.data->>'sessionId' = r.data->>'sessionId')`;
  await moveToErrors(
    db,
    importId,
    sql`r.data ? 'sessionId' AND r.row_number > ${firstRow}`,
    'name',
    messageWithRow(AGENDA_IMPORT_MESSAGES.duplicateSession, firstRow),
  );
}

const sessionOf = (r: string) => sql.raw(`(${r}.data->>'sessionId')::uuid`);
/** The breakout a staged row `r` puts its session in, when the row names one other than the session's (`s`) own. */
const movesTo = (r: string) =>
  sql.raw(
    `(CASE WHEN ${r}.data ? 'breakoutId' AND (${r}.data->>'breakoutId')::uuid IS DISTINCT FROM s.breakout_id THEN (${r}.data->>'breakoutId')::uuid END)`,
  );

/**
 * The seat rules of the agenda for rows that change an existing session (run after staging and
 * again in the commit under the locks):
 * - the effective capacity (the breakout's in an enrollable breakout, seats per session) may not
 *   be lowered below the participants enrolled — by the Capacity cell, or by the Breakout cell
 *   moving the session into or out of an enrollable breakout; an unchanged one passes, also when an
 *   admin over-filled the session (the agenda's `checkPlaces` rule, with its messages);
 * - nobody with a place in a session moved into an enrollable breakout may hold another session
 *   of it — one that is in it and stays, or one that an earlier row moves in.
 */
export async function refuseSeatConflicts(db: Db, importId: string): Promise<void> {
  // The effective capacity before (`effectiveCapacity`: s, b) and after the row; `placed`: the row moves it into or out of an enrollable breakout.
  const lowered = (placed: boolean) => sql<SqlBool>`EXISTS (
    SELECT 1 FROM sessions s
      LEFT JOIN breakouts b ON b.id = s.breakout_id
      LEFT JOIN breakouts nb ON nb.id = coalesce(${movesTo('r')}, s.breakout_id)
      CROSS JOIN LATERAL (SELECT ${effectiveCapacity} AS before,
        CASE WHEN nb.enrollable THEN nb.capacity WHEN r.data ? 'capacity' THEN (r.data->>'capacity')::int ELSE s.capacity END AS after,
        (${movesTo('r')} IS NOT NULL AND (coalesce(b.enrollable, false) OR coalesce(nb.enrollable, false))) AS placed) x
    WHERE s.id = ${sessionOf('r')} AND x.placed = ${placed}
      AND x.after IS NOT NULL AND s.enrolled_count > x.after AND (x.before IS NULL OR x.after < x.before))`;
  await moveToErrors(db, importId, lowered(false), 'capacity', sql`${AGENDA_MESSAGES.capacityBelowEnrolled}`);
  await moveToErrors(
    db,
    importId,
    lowered(true),
    'breakout',
    sql`${AGENDA_MESSAGES.breakoutCapacityBelowEnrolled}`,
  );
  await moveToErrors(
    db,
    importId,
    sql`EXISTS (
      SELECT 1 FROM sessions s JOIN breakouts b ON b.id = ${movesTo('r')} AND b.enrollable
        JOIN enrollments mine ON mine.session_id = s.id
        JOIN enrollments theirs ON theirs.participant_id = mine.participant_id AND theirs.session_id <> s.id
        JOIN sessions o ON o.id = theirs.session_id
        LEFT JOIN import_rows q ON q.import_id = r.import_id AND q.data->>'sessionId' = o.id::text
      WHERE s.id = ${sessionOf('r')}
        AND (CASE WHEN q.data ? 'breakoutId' THEN (q.data->>'breakoutId')::uuid ELSE o.breakout_id END) = b.id
        AND (o.breakout_id = b.id OR q.row_number < r.row_number))`,
    'breakout',
    sql`${AGENDA_MESSAGES.breakoutHeldTwice}`,
  );
}

/** Share-locks the event row and answers whether a staged row was read in another zone than the event's now. */
export async function lockEventZoneMoved(tx: Db, eventId: string, importId: string): Promise<boolean> {
  const { rows } = await sql<{ moved: boolean }>`
    SELECT EXISTS (SELECT 1 FROM import_rows r WHERE r.import_id = ${importId} AND r.data->>'timezone' IS DISTINCT FROM e.timezone) AS moved
    FROM events e WHERE e.id = ${eventId} FOR SHARE OF e`.execute(tx);
  return rows[0]?.moved ?? false;
}

/**
 * Locks as enrolling takes them: the sessions the import changes (id order), then the enrollable
 * breakouts they are in or move to (id order). Answers each locked session's effective capacity and status.
 */
export async function lockStagedSeats(
  tx: Db,
  eventId: string,
  importId: string,
): Promise<Array<{ id: string; capacity: number | null; status: SessionStatus }>> {
  const { rows } = await sql<{ id: string; capacity: number | null; status: SessionStatus }>`
    SELECT s.id, ${effectiveCapacity} AS capacity, s.status FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND s.id IN (SELECT ${sessionOf('r')} FROM import_rows r WHERE r.import_id = ${importId} AND r.data ? 'sessionId')
    ORDER BY s.id FOR UPDATE OF s`.execute(tx);
  await sql`
    SELECT b.id FROM breakouts b WHERE b.event_id = ${eventId} AND b.enrollable AND b.id IN (
      SELECT s.breakout_id FROM sessions s JOIN import_rows r ON s.id = ${sessionOf('r')} WHERE r.import_id = ${importId}
      UNION SELECT (r.data->>'breakoutId')::uuid FROM import_rows r WHERE r.import_id = ${importId} AND r.data ? 'breakoutId')
    ORDER BY b.id FOR UPDATE`.execute(tx);
  return rows;
}

/** Staged rows of new sessions get their ids first, so collections and speakers can follow in set-based statements. */
export async function assignNewSessionIds(tx: Db, importId: string): Promise<void> {
  await sql`UPDATE import_rows SET data = data || jsonb_build_object('newId', gen_random_uuid()) WHERE import_id = ${importId} AND NOT data ? 'sessionId'`.execute(
    tx,
  );
}

/** The sessions the staged rows name take the rows' values (a value a row lacks stays). */
export async function updateStagedSessions(
  tx: Db,
  eventId: string,
  importId: string,
  actor: string,
): Promise<Array<{ id: string; status: SessionStatus }>> {
  const set = (field: string, columnName: string, cast: string) =>
    sql.raw(
      `${columnName} = CASE WHEN r.data ? '${field}' THEN (r.data->>'${field}')::${cast} ELSE s.${columnName} END`,
    );
  const { rows } = await sql<{ id: string; status: SessionStatus }>`
      UPDATE sessions s SET
        name = r.data->>'name',
        start_at = (r.data->>'startAt')::timestamptz,
        end_at = (r.data->>'endAt')::timestamptz,
        ${set('description', 'description', 'text')}, ${set('type', 'type', 'text')}, ${set('status', 'status', 'text')},
        ${set('locationId', 'location_id', 'uuid')}, ${set('breakoutId', 'breakout_id', 'uuid')}, ${set('capacity', 'capacity', 'int')},
        ${set('enrollable', 'enrollable', 'boolean')}, ${set('waitlist', 'waitlist', 'boolean')}, ${set('virtualLink', 'virtual_link', 'text')},
        updated_by = ${actor}, updated_at = now()
      FROM import_rows r
      WHERE r.import_id = ${importId} AND s.event_id = ${eventId} AND s.id = (r.data->>'sessionId')::uuid
      RETURNING s.id, s.status`.execute(tx);
  return rows;
}

/** The staged rows with a `newId` become sessions (a value a row lacks takes the default). */
export async function insertStagedSessions(
  tx: Db,
  eventId: string,
  importId: string,
  actor: string,
): Promise<Array<{ id: string; status: SessionStatus }>> {
  const { rows } = await sql<{ id: string; status: SessionStatus }>`
      INSERT INTO sessions (id, event_id, name, description, type, status, start_at, end_at, location_id, breakout_id, capacity, enrollable, waitlist, virtual_link, created_by, updated_by)
      SELECT (r.data->>'newId')::uuid, ${eventId}, r.data->>'name', coalesce(r.data->>'description', ''), coalesce(r.data->>'type', 'SESSION'),
        coalesce(r.data->>'status', 'PUBLISHED'), (r.data->>'startAt')::timestamptz, (r.data->>'endAt')::timestamptz,
        (r.data->>'locationId')::uuid, (r.data->>'breakoutId')::uuid, (r.data->>'capacity')::int,
        coalesce((r.data->>'enrollable')::boolean, false), coalesce((r.data->>'waitlist')::boolean, true), r.data->>'virtualLink', ${actor}::uuid, ${actor}::uuid
      FROM import_rows r WHERE r.import_id = ${importId} AND r.data ? 'newId'
      RETURNING id, status`.execute(tx);
  return rows;
}

const target = sql`coalesce(r.data->>'sessionId', r.data->>'newId')::uuid`;

/** A staged row with a Collections cell replaces its session's collections. */
export async function replaceStagedCollections(tx: Db, importId: string): Promise<void> {
  await sql`DELETE FROM session_collections WHERE session_id IN (SELECT ${target} FROM import_rows r WHERE r.import_id = ${importId} AND r.data ? 'collectionIds')`.execute(
    tx,
  );
  await sql`
      INSERT INTO session_collections (session_id, collection_id)
      SELECT DISTINCT ${target}, c.value::uuid FROM import_rows r, jsonb_array_elements_text(r.data->'collectionIds') c
      WHERE r.import_id = ${importId}`.execute(tx);
}

/** A staged row with a Speakers cell replaces its session's speakers (in the cell's order). */
export async function replaceStagedSpeakers(tx: Db, importId: string): Promise<void> {
  await sql`DELETE FROM session_speakers WHERE session_id IN (SELECT ${target} FROM import_rows r WHERE r.import_id = ${importId} AND r.data ? 'speakerIds')`.execute(
    tx,
  );
  await sql`
      INSERT INTO session_speakers (session_id, participant_id, position)
      SELECT ${target}, sp.value::uuid, sp.ordinality - 1 FROM import_rows r, jsonb_array_elements_text(r.data->'speakerIds') WITH ORDINALITY sp
      WHERE r.import_id = ${importId} ON CONFLICT DO NOTHING`.execute(tx);
}

/** audit_log rows for the updated and created sessions, in one statement. */
export async function auditImportedSessions(
  tx: Db,
  actor: ImportContext['actor'],
  updatedIds: readonly string[],
  createdIds: readonly string[],
): Promise<void> {
  await sql`
      INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
      SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, w.action, 'session', w.id, ${actor.requestId}
      FROM unnest(${[...updatedIds]}::text[], ${updatedIds.map(() => 'update')}::text[]) AS w(id, action)
      UNION ALL SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, 'create', 'session', c, ${actor.requestId}
      FROM unnest(${[...createdIds]}::text[]) AS c`.execute(tx);
}

/** Of `sessionIds`, those with someone on the waitlist, in id order. */
export async function sessionsWithWaitlisted(
  tx: Db,
  sessionIds: readonly string[],
): Promise<Array<{ id: string }>> {
  return tx
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', [...sessionIds])
    .where('waitlistedCount', '>', 0)
    .orderBy('id')
    .execute();
}
