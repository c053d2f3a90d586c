import { sql, type SqlBool } from 'kysely';
import {
  AGENDA_IMPORT_MESSAGES,
  AGENDA_MESSAGES,
  CONTENT_DESCRIPTION_MAX_LENGTH,
  CONTENT_NAME_MAX_LENGTH,
  isEmail,
  isUrl,
  MESSAGES,
  SESSION_CAPACITY_MAX,
  SESSION_STATUSES,
  SESSION_TYPES,
  sessionTimeIssues,
  sessionOutsideEventIssues,
  eventDays,
  sessionTimesShape,
  wallClockToInstant,
  type SessionTimes,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { badRequest } from '../../platform/errors.js';
import { announceAgendaChange, shownToParticipants } from './agenda.notify.js';
import { afterSeatChange, queuePromotionMails } from './enrollment.notify.js';
import { promoteWaitlisted, seatCounts, type Promotion } from './enrollment.repo.js';
import { effectiveCapacity } from './sessions.repo.js';
import type { ImportContext, ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { textOf, type Cell } from '../../platform/import-tables/cells.js';
import { column, errorsOf, tooLong } from '../../platform/import-tables/cells.js';
import {
  dateText,
  idsByName,
  listOf,
  messageWithRow,
  moveToErrors,
  notifyDepsOf,
  participantsByEmail,
  PENDING,
  timeText,
  yesNo,
  yesNoError,
} from './import-cells.js';
import { refuseGoneSessionNames } from './vanished.import.js';

/**
 * The spec's `Session` table (xlsx). Which session a row is: the optional "Session Id" column (a
 * session of this event, else an error), otherwise name (any case) + start: an existing session of
 * that name starting at that instant is updated, else a new one is created. So a re-import of an
 * exported or earlier file updates; a moved start time makes a new session (give the Session Id
 * to move one). Times are wall clock in the event's time zone ('YYYY-MM-DD', 'hh:mm AM/PM'; date and
 * time cells of a spreadsheet too), each cell with the spec part 5 messages, the order messages on
 * the start and end cells. Location, Breakout and Collections are names of this event's (an
 * unknown name is an error, not a new record: a typo would otherwise create one; import locations
 * first with the Location table). Speakers are participants' e-mails. Empty cells leave a value as
 * it is (a new session takes the defaults); a filled Collections or Speakers cell replaces the list.
 * The agenda's seat rules hold (`refuseSeatConflicts`): capacity may not be lowered below the
 * participants enrolled; a session moved into an enrollable breakout must fit its capacity and the
 * one-session-per-breakout rule. The commit locks as enrolling does (sessions, then breakouts);
 * more seats (a higher capacity, another breakout) promote waitlisted participants in their order
 * with the agenda's `promoteWaitlisted`: they get the agenda's e-mail (queued in the commit) and,
 * after it, `enrollment.promoted`; changed sessions broadcast `session.seats`. After the commit one
 * `agenda.changed` names the sessions participants could see before or after (not drafts that stay drafts).
 */
const TYPES = SESSION_TYPES.join(', ');
const COLUMNS = [
  column('sessionId', 'Session Id', {
    description:
      'Optional. The id of a session of this event to update; without it, name + start find the session or a new one is created',
    example: '',
  }),
  column('name', 'Name', { required: true, identifies: true, example: 'Opening keynote' }),
  column('description', 'Description', { example: 'Welcome and the plan of the day' }),
  column('type', 'Type', {
    type: 'ENUM',
    enumValues: [...SESSION_TYPES],
    example: 'KEYNOTE',
    description: `One of: ${TYPES}`,
  }),
  column('status', 'Status', {
    type: 'ENUM',
    enumValues: [...SESSION_STATUSES],
    example: 'PUBLISHED',
    description: 'DRAFT (hidden from participants) or PUBLISHED',
  }),
  column('startDate', 'Start Date', {
    required: true,
    type: 'DATE',
    example: '2027-05-04',
    description: "YYYY-MM-DD, in the event's time zone",
  }),
  column('startTime', 'Start Time', {
    required: true,
    type: 'TIME',
    example: '09:00 AM',
    description: "hh:mm AM/PM, in the event's time zone",
  }),
  column('endDate', 'End Date', {
    required: true,
    type: 'DATE',
    example: '2027-05-04',
    description: "YYYY-MM-DD, in the event's time zone",
  }),
  column('endTime', 'End Time', {
    required: true,
    type: 'TIME',
    example: '10:00 AM',
    description: "hh:mm AM/PM, in the event's time zone",
  }),
  column('location', 'Location', { example: 'Hall A', description: 'The name of a location of this event' }),
  column('collections', 'Collections', {
    example: 'Product, Keynotes',
    description: 'Names of collections of this event, separated by commas',
  }),
  column('speakers', 'Speakers', {
    example: 'jane.doe@example.com, max@example.com',
    description: "Participants' e-mail addresses, separated by commas",
  }),
  column('capacity', 'Capacity', {
    type: 'NUMBER',
    example: '120',
    description: 'Seats, a whole number (empty: no limit for a new session)',
  }),
  column('enrollable', 'Enrollable', { type: 'BOOLEAN', example: 'Yes', description: 'Yes or No' }),
  column('waitlist', 'Waitlist', {
    type: 'BOOLEAN',
    example: 'Yes',
    description: 'Yes or No: a full session lets participants join a waitlist',
  }),
  column('virtualLink', 'Virtual Link', {
    example: 'https://meet.example.com/opening',
    description: 'A URL starting with http:// or https://',
  }),
  column('breakout', 'Breakout', {
    example: 'Afternoon tracks',
    description: 'The name of a breakout of this event',
  }),
];

type Status = 'DRAFT' | 'PUBLISHED';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function capacityOf(cell: Cell | undefined): number | undefined | 'invalid' {
  if (cell === null || cell === undefined) return undefined;
  const text = typeof cell === 'number' ? String(cell) : textOf(cell);
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text)) return 'invalid';
  const n = Number(text);
  return n <= SESSION_CAPACITY_MAX ? n : 'invalid';
}

const enumOf = <T extends string>(
  values: readonly T[],
  cell: Cell | undefined,
): T | undefined | 'invalid' => {
  const text = textOf(cell);
  if (text === undefined) return undefined;
  return values.find((v) => v === text.toUpperCase()) ?? 'invalid';
};

/** The first message a time field's schema gives, or undefined. */
function timeFieldError(field: keyof SessionTimes, text: string | undefined): string | undefined {
  if (text === undefined) return MESSAGES.required;
  const parsed = sessionTimesShape[field].safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export const sessionsImport: ImportTableDef = {
  table: 'Session',
  keyColumn: 'name',
  duplicateMessage: AGENDA_IMPORT_MESSAGES.duplicateSession,
  columns: async () => COLUMNS,
  async changedSince(db, eventId, verifiedAt) {
    // Names verify resolved (locations, collections, breakouts) or the event's zone changed since.
    const { rows } = await sql<{ changed: boolean }>`
      SELECT EXISTS (SELECT 1 FROM locations WHERE event_id = ${eventId} AND updated_at > ${verifiedAt})
        OR EXISTS (SELECT 1 FROM collections WHERE event_id = ${eventId} AND updated_at > ${verifiedAt})
        OR EXISTS (SELECT 1 FROM breakouts WHERE event_id = ${eventId} AND updated_at > ${verifiedAt})
        OR EXISTS (SELECT 1 FROM events WHERE id = ${eventId} AND updated_at > ${verifiedAt}) AS changed`.execute(
      db,
    );
    return rows[0]?.changed ?? false;
  },
  async checker(ctx) {
    const event = await ctx.db
      .selectFrom('events')
      .select(['timezone', 'startAt', 'endAt'])
      .where('id', '=', ctx.eventId)
      .executeTakeFirstOrThrow();
    const days = eventDays(event);
    const [locations, collections, breakouts, participants] = await Promise.all([
      idsByName(ctx.db, 'locations', ctx.eventId),
      idsByName(ctx.db, 'collections', ctx.eventId),
      idsByName(ctx.db, 'breakouts', ctx.eventId),
      participantsByEmail(ctx.db, ctx.eventId),
    ]);
    const { rows } = await sql<{
      id: string;
    }>`SELECT id FROM sessions WHERE event_id = ${ctx.eventId}`.execute(ctx.db);
    const sessionIds = new Set(rows.map((r) => r.id));
    return {
      check(cells: ReadonlyMap<string, Cell>): RowCheck {
        const sessionId = textOf(cells.get('sessionId'))?.toLowerCase();
        const name = textOf(cells.get('name'));
        const description = textOf(cells.get('description'));
        const type = enumOf(SESSION_TYPES, cells.get('type'));
        const status = enumOf(SESSION_STATUSES, cells.get('status'));
        const times: Partial<SessionTimes> = {
          startDate: dateText(cells.get('startDate')),
          startTime: timeText(cells.get('startTime')),
          endDate: dateText(cells.get('endDate')),
          endTime: timeText(cells.get('endTime')),
        };
        const timeErrors: Record<string, string | undefined> = {};
        for (const field of ['startDate', 'startTime', 'endDate', 'endTime'] as const)
          timeErrors[field] = timeFieldError(field, times[field]);
        if (Object.values(timeErrors).every((m) => m === undefined))
          for (const issue of sessionTimeIssues(times)) timeErrors[issue.path] = issue.message;
        if (Object.values(timeErrors).every((m) => m === undefined))
          for (const issue of sessionOutsideEventIssues(times, days)) timeErrors[issue.path] = issue.message;

        const locationName = textOf(cells.get('location'));
        const breakoutName = textOf(cells.get('breakout'));
        const collectionNames = listOf(cells.get('collections'));
        const speakerEmails = listOf(cells.get('speakers'))?.map((e) => e.toLowerCase());
        const unknownCollections = collectionNames?.filter((n) => !collections.has(n.toLowerCase())) ?? [];
        const badEmails = speakerEmails?.filter((e) => !isEmail(e)) ?? [];
        const unknownSpeakers = speakerEmails?.filter((e) => isEmail(e) && !participants.has(e)) ?? [];
        const capacity = capacityOf(cells.get('capacity'));
        const enrollable = yesNo(cells.get('enrollable'));
        const waitlist = yesNo(cells.get('waitlist'));
        const virtualLink = textOf(cells.get('virtualLink'));

        const errors = errorsOf({
          sessionId:
            sessionId !== undefined && !(UUID.test(sessionId) && sessionIds.has(sessionId))
              ? AGENDA_IMPORT_MESSAGES.unknownSessionId
              : undefined,
          name: name === undefined ? MESSAGES.required : tooLong(name, CONTENT_NAME_MAX_LENGTH),
          description: tooLong(description, CONTENT_DESCRIPTION_MAX_LENGTH),
          type: type === 'invalid' ? MESSAGES.pleaseSelectValue : undefined,
          status: status === 'invalid' ? MESSAGES.pleaseSelectValue : undefined,
          ...timeErrors,
          location:
            locationName !== undefined && !locations.has(locationName.toLowerCase())
              ? AGENDA_MESSAGES.unknownLocation
              : undefined,
          breakout:
            breakoutName !== undefined && !breakouts.has(breakoutName.toLowerCase())
              ? AGENDA_MESSAGES.unknownBreakout
              : undefined,
          collections:
            unknownCollections.length > 0
              ? AGENDA_IMPORT_MESSAGES.unknownNames(AGENDA_MESSAGES.unknownCollection, unknownCollections)
              : undefined,
          speakers:
            badEmails.length > 0
              ? MESSAGES.invalidEmail
              : unknownSpeakers.length > 0
                ? AGENDA_IMPORT_MESSAGES.unknownNames(AGENDA_MESSAGES.unknownSpeaker, unknownSpeakers)
                : undefined,
          capacity: capacity === 'invalid' ? MESSAGES.invalidInteger : undefined,
          enrollable: yesNoError(enrollable),
          waitlist: yesNoError(waitlist),
          virtualLink: virtualLink !== undefined && !isUrl(virtualLink) ? MESSAGES.invalidUrl : undefined,
        });
        if (Object.keys(errors).length > 0 || name === undefined) return { ok: false, errors };

        const startAt = wallClockToInstant(times.startDate!, times.startTime!, event.timezone).toISOString();
        const endAt = wallClockToInstant(times.endDate!, times.endTime!, event.timezone).toISOString();
        // The zone the instants were read in: the commit refuses them in another (refuseMovedZone).
        const data: Record<string, unknown> = { name, startAt, endAt, timezone: event.timezone };
        if (sessionId !== undefined) data.sessionId = sessionId;
        if (description !== undefined) data.description = description;
        if (type !== undefined) data.type = type;
        if (status !== undefined) data.status = status;
        if (locationName !== undefined) data.locationId = locations.get(locationName.toLowerCase());
        if (breakoutName !== undefined) data.breakoutId = breakouts.get(breakoutName.toLowerCase());
        if (collectionNames !== undefined)
          data.collectionIds = collectionNames.map((n) => collections.get(n.toLowerCase()));
        if (speakerEmails !== undefined) data.speakerIds = speakerEmails.map((e) => participants.get(e));
        if (capacity !== undefined) data.capacity = capacity;
        if (enrollable !== undefined) data.enrollable = enrollable;
        if (waitlist !== undefined) data.waitlist = waitlist;
        if (virtualLink !== undefined) data.virtualLink = virtualLink;
        // Pending checks against the database after staging (afterStaging): the same session twice, the seat rules.
        const createErrors: Record<string, string> = { name: PENDING };
        if (capacity !== undefined) createErrors.capacity = PENDING;
        if (breakoutName !== undefined) createErrors.breakout = PENDING;
        return { ok: true, key: sessionId ?? `${name.toLowerCase()}|${startAt}`, data, createErrors };
      },
    };
  },
  async afterStaging(db, ctx) {
    // Rows without an id take the session of the same name (any case) and start, if there is one.
    await sql`
      UPDATE import_rows r SET data = r.data || jsonb_build_object('sessionId', s.id)
      FROM (
        SELECT DISTINCT ON (lower(name), start_at) id, lower(name) AS lname, start_at FROM sessions
        WHERE event_id = ${ctx.eventId} ORDER BY lower(name), start_at, created_at, id
      ) s
      WHERE r.import_id = ${ctx.importId} AND NOT r.data ? 'sessionId'
        AND s.lname = lower(r.data->>'name') AND s.start_at = (r.data->>'startAt')::timestamptz`.execute(db);
    // One session named twice (by its id and by name + start): the later row is an error.
    const firstRow = sql`(SELECT min(o.row_number) FROM import_rows o WHERE o.import_id = r.import_id AND o.data->>'sessionId' = r.data->>'sessionId')`;
    await moveToErrors(
      db,
      ctx.importId,
      sql`r.data ? 'sessionId' AND r.row_number > ${firstRow}`,
      'name',
      messageWithRow(AGENDA_IMPORT_MESSAGES.duplicateSession, firstRow),
    );
    await refuseSeatConflicts(db, ctx.importId);
  },
  async commit(tx, ctx) {
    const actor = ctx.actor.actorId;
    await refuseMovedZone(tx, ctx);
    const { capacityBefore, statusBefore } = await lockSeats(tx, ctx);
    // What the rows name may be gone since verify: locked now, rows naming what is gone refused with verify's message.
    await refuseGoneSessionNames(tx, ctx);
    // Under the locks again: places may have changed since verify (rows refused now are errors: skipped, or the commit undone).
    await refuseSeatConflicts(tx, ctx.importId);
    // New sessions get their ids first, so collections and speakers can follow in set-based statements.
    await sql`UPDATE import_rows SET data = data || jsonb_build_object('newId', gen_random_uuid()) WHERE import_id = ${ctx.importId} AND NOT data ? 'sessionId'`.execute(
      tx,
    );
    const set = (field: string, columnName: string, cast: string) =>
      sql.raw(
        `${columnName} = CASE WHEN r.data ? '${field}' THEN (r.data->>'${field}')::${cast} ELSE s.${columnName} END`,
      );
    const updated = await sql<{ id: string; status: Status }>`
      UPDATE sessions s SET
        name = r.data->>'name',
        start_at = (r.data->>'startAt')::timestamptz,
        end_at = (r.data->>'endAt')::timestamptz,
        ${set('description', 'description', 'text')}, ${set('type', 'type', 'text')}, ${set('status', 'status', 'text')},
        ${set('locationId', 'location_id', 'uuid')}, ${set('breakoutId', 'breakout_id', 'uuid')}, ${set('capacity', 'capacity', 'int')},
        ${set('enrollable', 'enrollable', 'boolean')}, ${set('waitlist', 'waitlist', 'boolean')}, ${set('virtualLink', 'virtual_link', 'text')},
        updated_by = ${actor}, updated_at = now()
      FROM import_rows r
      WHERE r.import_id = ${ctx.importId} AND s.event_id = ${ctx.eventId} AND s.id = (r.data->>'sessionId')::uuid
      RETURNING s.id, s.status`.execute(tx);
    const created = await sql<{ id: string; status: Status }>`
      INSERT INTO sessions (id, event_id, name, description, type, status, start_at, end_at, location_id, breakout_id, capacity, enrollable, waitlist, virtual_link, created_by, updated_by)
      SELECT (r.data->>'newId')::uuid, ${ctx.eventId}, r.data->>'name', coalesce(r.data->>'description', ''), coalesce(r.data->>'type', 'SESSION'),
        coalesce(r.data->>'status', 'PUBLISHED'), (r.data->>'startAt')::timestamptz, (r.data->>'endAt')::timestamptz,
        (r.data->>'locationId')::uuid, (r.data->>'breakoutId')::uuid, (r.data->>'capacity')::int,
        coalesce((r.data->>'enrollable')::boolean, false), coalesce((r.data->>'waitlist')::boolean, true), r.data->>'virtualLink', ${actor}::uuid, ${actor}::uuid
      FROM import_rows r WHERE r.import_id = ${ctx.importId} AND r.data ? 'newId'
      RETURNING id, status`.execute(tx);

    const target = sql`coalesce(r.data->>'sessionId', r.data->>'newId')::uuid`;
    await sql`DELETE FROM session_collections WHERE session_id IN (SELECT ${target} FROM import_rows r WHERE r.import_id = ${ctx.importId} AND r.data ? 'collectionIds')`.execute(
      tx,
    );
    await sql`
      INSERT INTO session_collections (session_id, collection_id)
      SELECT DISTINCT ${target}, c.value::uuid FROM import_rows r, jsonb_array_elements_text(r.data->'collectionIds') c
      WHERE r.import_id = ${ctx.importId}`.execute(tx);
    await sql`DELETE FROM session_speakers WHERE session_id IN (SELECT ${target} FROM import_rows r WHERE r.import_id = ${ctx.importId} AND r.data ? 'speakerIds')`.execute(
      tx,
    );
    await sql`
      INSERT INTO session_speakers (session_id, participant_id, position)
      SELECT ${target}, sp.value::uuid, sp.ordinality - 1 FROM import_rows r, jsonb_array_elements_text(r.data->'speakerIds') WITH ORDINALITY sp
      WHERE r.import_id = ${ctx.importId} ON CONFLICT DO NOTHING`.execute(tx);
    await sql`
      INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
      SELECT ${actor}::uuid, ${ctx.actor.impersonatedUserId}::uuid, w.action, 'session', w.id, ${ctx.actor.requestId}
      FROM unnest(${updated.rows.map((r) => r.id)}::text[], ${updated.rows.map(() => 'update')}::text[]) AS w(id, action)
      UNION ALL SELECT ${actor}::uuid, ${ctx.actor.impersonatedUserId}::uuid, 'create', 'session', c, ${ctx.actor.requestId}
      FROM unnest(${created.rows.map((r) => r.id)}::text[]) AS c`.execute(tx);
    const { promotions, seatsChanged } = await promoteAfterUpdate(
      tx,
      updated.rows.map((r) => r.id),
      capacityBefore,
    );
    await queuePromotionMails(tx, ctx.actor.host ?? '', promotions);
    const shown = [
      ...updated.rows.filter((r) => shownToParticipants(statusBefore.get(r.id), r.status)),
      ...created.rows.filter((r) => shownToParticipants(undefined, r.status)),
    ];
    return {
      created: created.rows.length,
      updated: updated.rows.length,
      notify: (after) => {
        afterSeatChange(notifyDepsOf(after), after.eventId, seatsChanged);
        announceAgendaChange(
          after,
          after.eventId,
          shown.map((r) => r.id),
        );
      },
    };
  },
};

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
async function refuseSeatConflicts(db: Db, importId: string): Promise<void> {
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

/**
 * The staged instants are wall-clock times read in the event's zone at verify: when the zone is
 * another now, the commit is refused (FAILED with the message; verify again). The event row's share
 * lock, taken before the sessions' (one order: event → sessions → breakouts), keeps a zone change
 * (events.repo lockEventTimes) from moving the sessions under the commit.
 */
async function refuseMovedZone(tx: Db, ctx: ImportContext): Promise<void> {
  const { rows } = await sql<{ moved: boolean }>`
    SELECT EXISTS (SELECT 1 FROM import_rows r WHERE r.import_id = ${ctx.importId} AND r.data->>'timezone' IS DISTINCT FROM e.timezone) AS moved
    FROM events e WHERE e.id = ${ctx.eventId} FOR SHARE OF e`.execute(tx);
  if (rows[0]?.moved) throw badRequest(AGENDA_IMPORT_MESSAGES.zoneChangedSinceVerify);
}

/**
 * Locks as enrolling takes them: the sessions the import changes (id order), then the enrollable
 * breakouts they are in or move to (id order). Answers each session's effective capacity and status before.
 */
async function lockSeats(
  tx: Db,
  ctx: ImportContext,
): Promise<{ capacityBefore: Map<string, number | null>; statusBefore: Map<string, Status> }> {
  const { rows } = await sql<{ id: string; capacity: number | null; status: Status }>`
    SELECT s.id, ${effectiveCapacity} AS capacity, s.status FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${ctx.eventId} AND s.id IN (SELECT ${sessionOf('r')} FROM import_rows r WHERE r.import_id = ${ctx.importId} AND r.data ? 'sessionId')
    ORDER BY s.id FOR UPDATE OF s`.execute(tx);
  await sql`
    SELECT b.id FROM breakouts b WHERE b.event_id = ${ctx.eventId} AND b.enrollable AND b.id IN (
      SELECT s.breakout_id FROM sessions s JOIN import_rows r ON s.id = ${sessionOf('r')} WHERE r.import_id = ${ctx.importId}
      UNION SELECT (r.data->>'breakoutId')::uuid FROM import_rows r WHERE r.import_id = ${ctx.importId} AND r.data ? 'breakoutId')
    ORDER BY b.id FOR UPDATE`.execute(tx);
  return {
    capacityBefore: new Map(rows.map((r) => [r.id, r.capacity])),
    statusBefore: new Map(rows.map((r) => [r.id, r.status])),
  };
}

/**
 * Seats a new capacity (or breakout) frees go to the waitlist in its order — the agenda's
 * `promoteWaitlisted`, per session in id order. Answers who was promoted and the sessions whose
 * seats changed (capacity or promotions), for the broadcast.
 */
async function promoteAfterUpdate(
  tx: Db,
  sessionIds: readonly string[],
  capacityBefore: ReadonlyMap<string, number | null>,
) {
  const promotions: Promotion[] = [];
  if (sessionIds.length === 0) return { promotions, seatsChanged: [] };
  const waiting = await tx
    .selectFrom('sessions')
    .select('id')
    .where('id', 'in', [...sessionIds])
    .where('waitlistedCount', '>', 0)
    .orderBy('id')
    .execute();
  for (const { id } of waiting) promotions.push(...(await promoteWaitlisted(tx, id)));
  const promoted = new Set(promotions.map((p) => p.sessionId));
  const seats = await seatCounts(tx, sessionIds);
  const seatsChanged = seats
    .filter((x) => promoted.has(x.sessionId) || x.capacity !== capacityBefore.get(x.sessionId))
    .map((x) => x.sessionId);
  return { promotions, seatsChanged };
}
