import { AGENDA_IMPORT_MESSAGES, IMPORT_MESSAGES, isEmail, MESSAGES } from '@plenary/domain';
import { broadcastSeats } from './enrollment.notify.js';
import type { ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { textOf, type Cell } from '../../platform/import-tables/cells.js';
import { column, errorsOf } from '../../platform/import-tables/cells.js';
import { notifyDepsOf, participantsByEmail, PENDING } from './import-cells.js';
import {
  insertStagedEnrollments,
  lockStagedSessions,
  refuseBeyondFreeSeats,
  refuseBreakoutHeld,
  sessionNames,
} from './session-users-import.repo.js';
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

export const sessionUsersImport: ImportTableDef = {
  table: 'SessionUser',
  keyColumn: 'email',
  duplicateMessage: AGENDA_IMPORT_MESSAGES.duplicateEnrollment,
  columns: async () => COLUMNS,
  async checker(ctx) {
    const participants = await participantsByEmail(ctx.db, ctx.eventId);
    const rows = await sessionNames(ctx.db, ctx.eventId);
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
    await refuseBreakoutHeld(db, ctx.importId);
    await refuseBeyondFreeSeats(db, ctx.importId);
  },
  async commit(tx, ctx) {
    // Sessions, then their enrollable breakouts: enrolling's lock order.
    await lockStagedSessions(tx, ctx.eventId, ctx.importId);
    // Participants or sessions deleted since verify: locked now, rows naming what is gone refused with verify's message.
    await refuseGoneSessionUserNames(tx, ctx);
    const { created, sessionIds } = await insertStagedEnrollments(tx, ctx.eventId, ctx.importId, ctx.actor);
    // After the commit, everyone watching sees the new counts (nobody is promoted: places are only added).
    return {
      created,
      updated: 0,
      notify: (after) => broadcastSeats(notifyDepsOf(after), after.eventId, sessionIds),
    };
  },
};
