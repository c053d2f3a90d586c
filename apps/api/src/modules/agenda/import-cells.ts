import { AGENDA_IMPORT_MESSAGES } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { namesInEvent, participantEmails } from './agenda-import.repo.js';
import type { NotifyDeps } from './enrollment.notify.js';
import type { ImportContext } from '../../platform/import-tables/registry.js';
import { textOf, type Cell } from '../../platform/import-tables/cells.js';

/** Cell readers and look-ups shared by the agenda's import tables (Session, SessionUser). */

/** Yes/No (also true/false, 1/0, a boolean cell); undefined for an empty cell; 'invalid' otherwise. */
export function yesNo(cell: Cell | undefined): boolean | undefined | 'invalid' {
  if (typeof cell === 'boolean') return cell;
  const text = textOf(cell)?.toLowerCase();
  if (text === undefined) return undefined;
  if (['yes', 'y', 'true', '1'].includes(text)) return true;
  if (['no', 'n', 'false', '0'].includes(text)) return false;
  return 'invalid';
}

export const yesNoError = (value: ReturnType<typeof yesNo>) =>
  value === 'invalid' ? AGENDA_IMPORT_MESSAGES.yesOrNo : undefined;

/** 'a, b; c' → ['a', 'b', 'c'], repeats (any case) once. */
export function listOf(cell: Cell | undefined): string[] | undefined {
  const text = textOf(cell);
  if (text === undefined) return undefined;
  const seen = new Set<string>();
  return text
    .split(/[,;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '' && !seen.has(s.toLowerCase()) && seen.add(s.toLowerCase()));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A date cell (a spreadsheet date, read as UTC midnight) or text, as 'YYYY-MM-DD' text to check. */
export function dateText(cell: Cell | undefined): string | undefined {
  if (cell instanceof Date)
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  return textOf(cell);
}

/** A time cell (a spreadsheet time, read as a UTC instant) or text, as 'hh:mm AM' text to check. */
export function timeText(cell: Cell | undefined): string | undefined {
  if (cell instanceof Date) {
    const h = cell.getUTCHours();
    return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(cell.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  }
  return textOf(cell);
}

/** Lower-cased name → id of an event's locations, collections or breakouts (names are unique per event, any case). */
export async function idsByName(
  db: Db,
  table: 'locations' | 'collections' | 'breakouts',
  eventId: string,
): Promise<Map<string, string>> {
  const rows = await namesInEvent(db, table, eventId);
  return new Map(rows.map((r) => [r.name.toLowerCase(), r.id]));
}

/** Lower-cased e-mail → participant id of the event. */
export async function participantsByEmail(db: Db, eventId: string): Promise<Map<string, string>> {
  const rows = await participantEmails(db, eventId);
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

/** A row check's create error on a column the database decides after staging (agenda-import.repo moveToErrors). */
export const PENDING = '';

/** What the agenda's promotion e-mails and seat broadcasts need, from the import's context (`db` as given: the transaction or not). */
export function notifyDepsOf(ctx: ImportContext): NotifyDeps {
  return { db: ctx.db, realtime: ctx.realtime, mail: ctx.mail, config: ctx.config, brands: ctx.brands };
}
