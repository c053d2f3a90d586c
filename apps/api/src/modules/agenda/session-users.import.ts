import { sql } from 'kysely';
import { AGENDA_IMPORT_MESSAGES, AGENDA_MESSAGES, IMPORT_MESSAGES, isEmail, MESSAGES } from '@plenary/domain';
import { broadcastSeats } from './enrollment.notify.js';
import { effectiveCapacity } from './sessions.repo.js';
import type { ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { textOf, type Cell } from '../../platform/import-tables/cells.js';
import { column, errorsOf } from '../../platform/import-tables/cells.js';
import { moveToErrors, notifyDepsOf, participantsByEmail, PENDING } from './import-cells.js';
import { refuseGoneSessionUserNames } from './vanished.import.js';

/**
 * The spec's `SessionUser` table ("Agenda": who is enrolled in what; xlsx): a participant's e-mail
 * and a session, by its name (any case) or by the optional "Session Id" column (a name several
 * sessions share needs the id). A row gives the participant a place in the session the way
 * enrolling does: a seat while the session's capacity (the breakout's, for a session of an
 * enrollable breakout) has room, in the order of the rows; beyond it a place on the waitlist when
 * the session has one, else the row is an error 'This session is full'. Of an enrollable breakout a
 * participant may hold one session (a second one, in the file or already held, is an error). A
 * participant who already has a place in the session is left as they are (skipped). The session's
 * `enrolled_count` / `waitlisted_count` change in the same transaction; the commit locks the
 * sessions first (as enrolling does) and counts again, so rows that no longer fit then are
 * waitlisted or skipped, never over capacity; after the commit the changed sessions broadcast
 * `session.seats`. Admins import places: the session need not be open
 * for enrollment, and audience rules are not applied.
 */
const COLUMNS = [
  column('email', 'Email', {
    required: true,
    identifies: true,
    type: 'EMAIL',
    example: 'jane.doe@example.com',
    description: 'A participant of this event',
  }),
  column('session', 'Session', {
    example: 'Opening keynote',
    description: 'The name of a session of this event (or fill Session Id)',
  }),
  column('sessionId', 'Session Id', {
    example: '',
    description: 'Optional. The id of the session, needed when several sessions share a name',
  }),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Effective capacity and the enrollable breakout of each session (as enrolling counts them). */
const SESSION_SEATS = sql`
  SELECT s.id, s.waitlist, s.enrolled_count, ${effectiveCapacity} AS cap,
    CASE WHEN b.enrollable THEN b.id END AS breakout_id
  FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id`;

export const sessionUsersImport: ImportTableDef = {
  table: 'SessionUser',
  keyColumn: 'email',
  duplicateMessage: AGENDA_IMPORT_MESSAGES.duplicateEnrollment,
  columns: async () => COLUMNS,
  async checker(ctx) {
    const participants = await participantsByEmail(ctx.db, ctx.eventId);
    const { rows } = await sql<{
      id: string;
      name: string;
    }>`SELECT id, name FROM sessions WHERE event_id = ${ctx.eventId}`.execute(ctx.db);
    const ids = new Set(rows.map((r) => r.id));
    const byName = new Map<string, string[]>();
    for (const r of rows)
      byName.set(r.name.toLowerCase(), [...(byName.get(r.name.toLowerCase()) ?? []), r.id]);
    return {
      check(cells: ReadonlyMap<string, Cell>): RowCheck {
        const email = textOf(cells.get('email'))?.toLowerCase();
        const sessionName = textOf(cells.get('session'));
        const sessionIdText = textOf(cells.get('sessionId'))?.toLowerCase();
        const participantId = email === undefined ? undefined : participants.get(email);
        const named = sessionName === undefined ? undefined : (byName.get(sessionName.toLowerCase()) ?? []);
        let sessionId: string | undefined;
        let sessionError: string | undefined;
        let idError: string | undefined;
        if (sessionIdText !== undefined) {
          if (UUID.test(sessionIdText) && ids.has(sessionIdText)) sessionId = sessionIdText;
          else idError = AGENDA_IMPORT_MESSAGES.unknownSessionId;
        } else if (named === undefined) sessionError = MESSAGES.required;
        else if (named.length === 0) sessionError = AGENDA_IMPORT_MESSAGES.unknownSessionName;
        else if (named.length > 1) sessionError = AGENDA_IMPORT_MESSAGES.ambiguousSessionName;
        else sessionId = named[0];
        const errors = errorsOf({
          email:
            email === undefined
              ? MESSAGES.required
              : !isEmail(email)
                ? MESSAGES.invalidEmail
                : participantId === undefined
                  ? IMPORT_MESSAGES.notInEvent
                  : undefined,
          session: sessionError,
          sessionId: idError,
        });
        if (Object.keys(errors).length > 0 || participantId === undefined || sessionId === undefined)
          return { ok: false, errors };
        // Pending against the database after staging (afterStaging): the breakout rule and capacity.
        return {
          ok: true,
          key: `${participantId}|${sessionId}`,
          data: { participantId, sessionId },
          createErrors: { session: PENDING },
        };
      },
    };
  },
  async afterStaging(db, ctx) {
    const pid = sql`(r.data->>'participantId')::uuid`;
    const sid = sql`(r.data->>'sessionId')::uuid`;
    const holds = sql`EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = ${sid} AND e.participant_id = ${pid})`;
    // Of an enrollable breakout: another session already held, or an earlier row for another session of it.
    await moveToErrors(
      db,
      ctx.importId,
      sql`NOT ${holds} AND EXISTS (
        SELECT 1 FROM (${SESSION_SEATS}) me JOIN sessions other ON other.breakout_id = me.breakout_id AND other.id <> me.id
        WHERE me.id = ${sid} AND me.breakout_id IS NOT NULL AND (
          EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = other.id AND e.participant_id = ${pid})
          OR EXISTS (SELECT 1 FROM import_rows o WHERE o.import_id = r.import_id AND o.row_number < r.row_number
            AND o.data->>'participantId' = r.data->>'participantId' AND o.data->>'sessionId' = other.id::text)))`,
      'session',
      sql`${AGENDA_IMPORT_MESSAGES.breakoutHeld}`,
    );
    // Beyond the free seats of a session without a waitlist, in row order.
    await moveToErrors(
      db,
      ctx.importId,
      sql`r.row_number IN (
        SELECT n.row_number FROM (
          SELECT x.row_number, x.session_id, row_number() OVER (PARTITION BY x.session_id ORDER BY x.row_number) AS rank
          FROM (SELECT q.row_number, (q.data->>'sessionId')::uuid AS session_id, (q.data->>'participantId')::uuid AS participant_id
                FROM import_rows q WHERE q.import_id = ${ctx.importId}) x
          WHERE NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = x.session_id AND e.participant_id = x.participant_id)
        ) n JOIN (${SESSION_SEATS}) s ON s.id = n.session_id
        WHERE NOT s.waitlist AND s.cap IS NOT NULL AND n.rank > s.cap - s.enrolled_count)`,
      'session',
      sql`${AGENDA_MESSAGES.sessionFull}`,
    );
  },
  async commit(tx, ctx) {
    // Lock the sessions (id order, as every import does), then their enrollable breakouts: enrolling locks a session, then its breakout.
    await sql`
      SELECT s.id FROM sessions s WHERE s.event_id = ${ctx.eventId}
        AND s.id IN (SELECT DISTINCT (data->>'sessionId')::uuid FROM import_rows WHERE import_id = ${ctx.importId})
      ORDER BY s.id FOR UPDATE`.execute(tx);
    await sql`
      SELECT b.id FROM breakouts b WHERE b.enrollable
        AND b.id IN (SELECT s.breakout_id FROM sessions s WHERE s.id IN (SELECT DISTINCT (data->>'sessionId')::uuid FROM import_rows WHERE import_id = ${ctx.importId}))
      ORDER BY b.id FOR UPDATE`.execute(tx);
    // Participants or sessions deleted since verify: locked now, rows naming what is gone refused with verify's message.
    await refuseGoneSessionUserNames(tx, ctx);
    const { rows } = await sql<{ created: number; sessionIds: string[] }>`
      WITH seats AS (${SESSION_SEATS} WHERE s.event_id = ${ctx.eventId}),
      src AS (
        SELECT r.row_number, (r.data->>'participantId')::uuid AS pid, (r.data->>'sessionId')::uuid AS sid FROM import_rows r
        WHERE r.import_id = ${ctx.importId}
          AND NOT EXISTS (SELECT 1 FROM enrollments e WHERE e.session_id = (r.data->>'sessionId')::uuid AND e.participant_id = (r.data->>'participantId')::uuid)
      ),
      allowed AS (
        SELECT src.* FROM src JOIN seats me ON me.id = src.sid
        WHERE me.breakout_id IS NULL OR NOT EXISTS (
          SELECT 1 FROM enrollments e JOIN sessions other ON other.id = e.session_id
          WHERE e.participant_id = src.pid AND other.breakout_id = me.breakout_id AND other.id <> me.id)
      ),
      placed AS (
        SELECT a.*, row_number() OVER (PARTITION BY a.sid ORDER BY a.row_number) AS rank FROM allowed a
      ),
      states AS (
        SELECT p.pid, p.sid, p.rank,
          CASE WHEN s.cap IS NULL OR p.rank <= s.cap - s.enrolled_count THEN 'ENROLLED' WHEN s.waitlist THEN 'WAITLISTED' END AS state
        FROM placed p JOIN seats s ON s.id = p.sid
      ),
      ins AS (
        INSERT INTO enrollments (session_id, participant_id, event_id, state, created_at, updated_at, created_by)
        SELECT sid, pid, ${ctx.eventId}, state, clock_timestamp() + rank * interval '1 microsecond', now(), ${ctx.actor.actorId}::uuid
        FROM states WHERE state IS NOT NULL
        ORDER BY sid, rank -- the default queued_seq is taken as rows come: the waitlist keeps the file's order
        RETURNING session_id, participant_id, state
      ),
      counts AS (
        UPDATE sessions SET enrolled_count = enrolled_count + x.enrolled, waitlisted_count = waitlisted_count + x.waitlisted
        FROM (SELECT session_id, count(*) FILTER (WHERE state = 'ENROLLED')::int AS enrolled, count(*) FILTER (WHERE state = 'WAITLISTED')::int AS waitlisted
              FROM ins GROUP BY session_id) x
        WHERE sessions.id = x.session_id
      ),
      a AS (
        INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
        SELECT ${ctx.actor.actorId}::uuid, ${ctx.actor.impersonatedUserId}::uuid, 'create', 'enrollment', ins.session_id || ':' || ins.participant_id, ${ctx.actor.requestId} FROM ins
      )
      SELECT count(*)::int AS created, coalesce(jsonb_agg(DISTINCT ins.session_id), '[]') AS session_ids FROM ins`.execute(
      tx,
    );
    const { created, sessionIds } = rows[0]!;
    // After the commit, everyone watching sees the new counts (nobody is promoted: places are only added).
    return {
      created,
      updated: 0,
      notify: (after) => broadcastSeats(notifyDepsOf(after), after.eventId, sessionIds),
    };
  },
};
