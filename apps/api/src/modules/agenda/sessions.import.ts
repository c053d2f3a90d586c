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
import { eventClock } from './sessions.repo.js';
import type { ImportContext, ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { textOf, type Cell } from '../../platform/import-tables/cells.js';
import { column, errorsOf, tooLong } from '../../platform/import-tables/cells.js';
import {
  dateText,
  idsByName,
  listOf,
  notifyDepsOf,
  participantsByEmail,
  PENDING,
  timeText,
  yesNo,
  yesNoError,
} from './import-cells.js';
import {
  agendaNamesChangedSince,
  assignNewSessionIds,
  auditImportedSessions,
  insertStagedSessions,
  lockEventZoneMoved,
  lockStagedSeats,
  matchStagedByNameAndStart,
  refuseSeatConflicts,
  refuseSessionNamedTwice,
  replaceStagedCollections,
  replaceStagedSpeakers,
  sessionIdsOfEvent,
  sessionsWithWaitlisted,
  updateStagedSessions,
} from './sessions-import.repo.js';
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
    return agendaNamesChangedSince(db, eventId, verifiedAt);
  },
  async checker(ctx) {
    const event = await eventClock(ctx.db, ctx.eventId);
    const days = eventDays(event);
    const [locations, collections, breakouts, participants] = await Promise.all([
      idsByName(ctx.db, 'locations', ctx.eventId),
      idsByName(ctx.db, 'collections', ctx.eventId),
      idsByName(ctx.db, 'breakouts', ctx.eventId),
      participantsByEmail(ctx.db, ctx.eventId),
    ]);
    const sessionIds = new Set(await sessionIdsOfEvent(ctx.db, ctx.eventId));
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
    await matchStagedByNameAndStart(db, ctx.eventId, ctx.importId);
    await refuseSessionNamedTwice(db, ctx.importId);
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
    await assignNewSessionIds(tx, ctx.importId);
    const updated = await updateStagedSessions(tx, ctx.eventId, ctx.importId, actor);
    const created = await insertStagedSessions(tx, ctx.eventId, ctx.importId, actor);
    await replaceStagedCollections(tx, ctx.importId);
    await replaceStagedSpeakers(tx, ctx.importId);
    await auditImportedSessions(
      tx,
      ctx.actor,
      updated.map((r) => r.id),
      created.map((r) => r.id),
    );
    const { promotions, seatsChanged } = await promoteAfterUpdate(
      tx,
      updated.map((r) => r.id),
      capacityBefore,
    );
    await queuePromotionMails(tx, ctx.actor.host ?? '', promotions);
    const shown = [
      ...updated.filter((r) => shownToParticipants(statusBefore.get(r.id), r.status)),
      ...created.filter((r) => shownToParticipants(undefined, r.status)),
    ];
    return {
      created: created.length,
      updated: updated.length,
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

/**
 * The staged instants are wall-clock times read in the event's zone at verify: when the zone is
 * another now, the commit is refused (FAILED with the message; verify again). The event row's share
 * lock, taken before the sessions' (one order: event → sessions → breakouts), keeps a zone change
 * (events.repo lockEventTimes) from moving the sessions under the commit.
 */
async function refuseMovedZone(tx: Db, ctx: ImportContext): Promise<void> {
  if (await lockEventZoneMoved(tx, ctx.eventId, ctx.importId))
    throw badRequest(AGENDA_IMPORT_MESSAGES.zoneChangedSinceVerify);
}

/**
 * Locks as enrolling takes them: the sessions the import changes (id order), then the enrollable
 * breakouts they are in or move to (id order). Answers each session's effective capacity and status before.
 */
async function lockSeats(
  tx: Db,
  ctx: ImportContext,
): Promise<{ capacityBefore: Map<string, number | null>; statusBefore: Map<string, Status> }> {
  const rows = await lockStagedSeats(tx, ctx.eventId, ctx.importId);
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
  const waiting = await sessionsWithWaitlisted(tx, sessionIds);
  for (const { id } of waiting) promotions.push(...(await promoteWaitlisted(tx, id)));
  const promoted = new Set(promotions.map((p) => p.sessionId));
  const seats = await seatCounts(tx, sessionIds);
  const seatsChanged = seats
    .filter((x) => promoted.has(x.sessionId) || x.capacity !== capacityBefore.get(x.sessionId))
    .map((x) => x.sessionId);
  return { promotions, seatsChanged };
}
