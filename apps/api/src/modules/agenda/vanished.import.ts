import {
  AGENDA_IMPORT_MESSAGES,
  AGENDA_MESSAGES,
  IMPORT_MESSAGES,
  type ImportCellError,
  type ImportMapping,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { importMappingOf, moveStagedToErrors } from '../../platform/import-tables/staged.repo.js';
import type { ImportContext } from '../../platform/import-tables/registry.js';
import { listOf } from './import-cells.js';
import { forgetStagedSessionIds, lockNamed, rowsNamingGone, type Staged } from './vanished-import.repo.js';

/**
 * What a Session or SessionUser row names (a location, collection, breakout, speaker, participant
 * or session) may be deleted between verify and commit. In the commit, after the table's own locks
 * (sessions, then enrollable breakouts: the enrolling order), these lock the named rows FOR KEY
 * SHARE in id order — a delete racing the commit waits for it (and then finds them in use, or
 * removes them with their links) — and move the rows naming one that is gone to the errors with
 * the message verify would give now. The framework then skips them (`skipInvalidRows`) or undoes
 * the commit and reports them (INVALID). Deleters of locations, collections and breakouts lock no
 * sessions; removing a participant locks their sessions first: taking these after the sessions
 * keeps one order with both.
 */

/** A row's cell of `column` as the file had it (header from the mapping, text from the staged cells). */
function cellOf(
  row: Staged,
  mapping: ImportMapping,
  column: string,
): { header: string | null; value: string | null } {
  const header = mapping[column] ?? null;
  return { header, value: header === null ? null : (row.cells?.find(([h]) => h === header)?.[1] ?? null) };
}

/** The names of a list cell whose ids (same order: verify resolved the list one by one) are gone. */
function goneNames(
  row: Staged,
  mapping: ImportMapping,
  column: string,
  key: string,
  alive: ReadonlySet<string>,
  lower = false,
): string[] {
  const ids = Array.isArray(row.data[key]) ? (row.data[key] as string[]) : [];
  const names = (listOf(cellOf(row, mapping, column).value) ?? []).map((n) => (lower ? n.toLowerCase() : n));
  return ids.flatMap((id, i) => (alive.has(id) ? [] : [names[i] ?? id]));
}

async function refuse(
  tx: Db,
  ctx: ImportContext,
  mapping: ImportMapping,
  refused: Array<{ row: Staged; errors: Record<string, string> }>,
): Promise<void> {
  await moveStagedToErrors(
    tx,
    ctx.importId,
    refused.map(({ row, errors }) => ({
      rowNumber: row.rowNumber,
      cells: row.cells ?? [],
      errors: Object.entries(errors).map(([column, message]): ImportCellError => ({
        column,
        ...cellOf(row, mapping, column),
        message,
      })),
    })),
  );
}

/**
 * Session rows, after `lockSeats`: a location, breakout, collection or speaker gone is the row's
 * error (verify's message: unknown location…, the names listed). A session gone that the row named
 * by its Session Id is `unknownSessionId`; one it found by name + start becomes a new session, as
 * verifying the file again would make it.
 */
export async function refuseGoneSessionNames(tx: Db, ctx: ImportContext): Promise<void> {
  const sessions = await lockNamed(tx, 'sessions', ctx.eventId, ctx.importId, 'sessionId');
  const locations = await lockNamed(tx, 'locations', ctx.eventId, ctx.importId, 'locationId');
  const collections = await lockNamed(tx, 'collections', ctx.eventId, ctx.importId, 'collectionIds');
  const breakouts = await lockNamed(tx, 'breakouts', ctx.eventId, ctx.importId, 'breakoutId');
  const speakers = await lockNamed(tx, 'participants', ctx.eventId, ctx.importId, 'speakerIds');
  const rows = await rowsNamingGone(tx, ctx.eventId, ctx.importId, [
    ['sessionId', 'sessions'],
    ['locationId', 'locations'],
    ['collectionIds', 'collections'],
    ['breakoutId', 'breakouts'],
    ['speakerIds', 'participants'],
  ]);
  if (rows.length === 0) return;
  const mapping = await importMappingOf(tx, ctx.importId);
  const refused: Array<{ row: Staged; errors: Record<string, string> }> = [];
  const unmatched: number[] = [];
  for (const row of rows) {
    const errors: Record<string, string> = {};
    const { data } = row;
    const sessionGone = typeof data.sessionId === 'string' && !sessions.has(data.sessionId);
    if (sessionGone && cellOf(row, mapping, 'sessionId').value)
      errors.sessionId = AGENDA_IMPORT_MESSAGES.unknownSessionId;
    if (typeof data.locationId === 'string' && !locations.has(data.locationId))
      errors.location = AGENDA_MESSAGES.unknownLocation;
    if (typeof data.breakoutId === 'string' && !breakouts.has(data.breakoutId))
      errors.breakout = AGENDA_MESSAGES.unknownBreakout;
    const goneCollections = goneNames(row, mapping, 'collections', 'collectionIds', collections);
    if (goneCollections.length > 0)
      errors.collections = AGENDA_IMPORT_MESSAGES.unknownNames(
        AGENDA_MESSAGES.unknownCollection,
        goneCollections,
      );
    const goneSpeakers = goneNames(row, mapping, 'speakers', 'speakerIds', speakers, true);
    if (goneSpeakers.length > 0)
      errors.speakers = AGENDA_IMPORT_MESSAGES.unknownNames(AGENDA_MESSAGES.unknownSpeaker, goneSpeakers);
    if (Object.keys(errors).length > 0) refused.push({ row, errors });
    else if (sessionGone) unmatched.push(row.rowNumber);
  }
  await refuse(tx, ctx, mapping, refused);
  if (unmatched.length > 0) {
    await forgetStagedSessionIds(tx, ctx.importId, unmatched);
  }
}

/**
 * SessionUser rows, after the sessions and breakouts are locked: a participant gone is
 * `notInEvent` on Email; a session gone is `unknownSessionId` on Session Id when the row gave it,
 * else `unknownSessionName` on Session.
 */
export async function refuseGoneSessionUserNames(tx: Db, ctx: ImportContext): Promise<void> {
  const sessions = await lockNamed(tx, 'sessions', ctx.eventId, ctx.importId, 'sessionId');
  const participants = await lockNamed(tx, 'participants', ctx.eventId, ctx.importId, 'participantId');
  const rows = await rowsNamingGone(tx, ctx.eventId, ctx.importId, [
    ['sessionId', 'sessions'],
    ['participantId', 'participants'],
  ]);
  if (rows.length === 0) return;
  const mapping = await importMappingOf(tx, ctx.importId);
  const refused = rows.map((row) => {
    const errors: Record<string, string> = {};
    if (!participants.has(String(row.data.participantId))) errors.email = IMPORT_MESSAGES.notInEvent;
    if (!sessions.has(String(row.data.sessionId))) {
      if (cellOf(row, mapping, 'sessionId').value) errors.sessionId = AGENDA_IMPORT_MESSAGES.unknownSessionId;
      else errors.session = AGENDA_IMPORT_MESSAGES.unknownSessionName;
    }
    return { row, errors };
  });
  await refuse(tx, ctx, mapping, refused);
}
