import {
  CAMPAIGN_BODY_MAX_LENGTH,
  CAMPAIGN_MESSAGES,
  CAMPAIGN_SUBJECT_MAX_LENGTH,
  isDateForFormat,
  isTimeFormat,
  MESSAGES,
  placeholderIssues,
  SESSION_DATE_FORMAT,
  wallClockToInstant,
} from '@plenary/domain';
import { linkOrigin } from '../../platform/link-hosts.js';
import type { ImportTableDef, RowCheck } from '../../platform/import-tables/registry.js';
import { column, errorsOf, textOf, tooLong, type Cell } from '../../platform/import-tables/cells.js';
import { importContextOf, insertStagedCommunications } from './communications-import.repo.js';

/**
 * The spec's `Communication` import table (xlsx): one SCHEDULED communication per row — Type
 * (NOTIFICATION, EMAIL or BOTH), Subject, Body (placeholders as in the editor; {sessionName} is not
 * available: imported communications have no link), Audience (EVERYONE, or label names separated
 * by commas), Date ('YYYY-MM-DD') and Time ('hh:mm AM') in the event's time zone, in the future.
 * Rows are keyed by subject: a subject twice in a file is an error on the second row.
 */
const COLUMNS = [
  column('type', 'Type', {
    required: true,
    type: 'ENUM',
    enumValues: ['NOTIFICATION', 'EMAIL', 'BOTH'],
    example: 'BOTH',
    description: 'NOTIFICATION (push and inbox), EMAIL, or BOTH',
  }),
  column('subject', 'Subject', {
    required: true,
    identifies: true,
    example: 'Welcome, {firstName}',
    description: 'The e-mail subject and push title; placeholders {firstName}, {lastName}, {eventName}',
  }),
  column('body', 'Body', { required: true, example: 'Doors open at 9.', description: 'The message' }),
  column('audience', 'Audience', {
    example: 'EVERYONE',
    description: 'EVERYONE (default), or label names separated by commas',
  }),
  column('date', 'Date', {
    required: true,
    example: '2030-06-01',
    description: 'YYYY-MM-DD, in the event time zone',
  }),
  column('time', 'Time', {
    required: true,
    example: '09:00 AM',
    description: 'hh:mm AM/PM, in the event time zone',
  }),
];

const CHANNELS: Record<string, string[]> = {
  NOTIFICATION: ['NOTIFICATION'],
  EMAIL: ['EMAIL'],
  BOTH: ['EMAIL', 'NOTIFICATION'],
};

const pad = (n: number) => String(n).padStart(2, '0');
/** A date cell: text as typed, or a spreadsheet date (its calendar day). */
function dateText(cell: Cell | undefined): string | undefined {
  if (cell instanceof Date)
    return `${cell.getUTCFullYear()}-${pad(cell.getUTCMonth() + 1)}-${pad(cell.getUTCDate())}`;
  return textOf(cell);
}
/** A time cell: 'hh:mm AM' as typed, or a spreadsheet time. */
function timeText(cell: Cell | undefined): string | undefined {
  if (cell instanceof Date) {
    const h = cell.getUTCHours();
    return `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(cell.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`;
  }
  return textOf(cell)?.toUpperCase();
}

export const communicationsImport: ImportTableDef = {
  table: 'Communication',
  keyColumn: 'subject',
  duplicateMessage: (firstRow) => `This subject already appears in row ${firstRow}`,
  columns: async () => COLUMNS,
  async checker(ctx) {
    const { labels, timezone } = await importContextOf(ctx.db, ctx.eventId);
    return {
      check(cells): RowCheck {
        const type = textOf(cells.get('type'))?.toUpperCase();
        const subject = textOf(cells.get('subject'));
        const body = textOf(cells.get('body'));
        const audienceText = textOf(cells.get('audience'));
        const date = dateText(cells.get('date'));
        const time = timeText(cells.get('time'));
        const names = (audienceText ?? 'EVERYONE')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean);
        const everyone = names.length === 0 || (names.length === 1 && names[0]!.toUpperCase() === 'EVERYONE');
        const unknown = everyone ? [] : names.filter((n) => !labels.has(n.toLowerCase()));
        const placeholder = (text: string | undefined) =>
          text === undefined ? MESSAGES.required : placeholderIssues(text, 'NONE')[0];
        let when: Date | undefined;
        let whenError: string | undefined;
        if (
          date !== undefined &&
          time !== undefined &&
          isDateForFormat(date, SESSION_DATE_FORMAT) &&
          isTimeFormat(time)
        ) {
          when = wallClockToInstant(date, time, timezone);
          if (when.getTime() <= Date.now()) whenError = CAMPAIGN_MESSAGES.scheduleInPast;
        }
        const errors = errorsOf({
          type:
            type === undefined ? MESSAGES.required : CHANNELS[type] ? undefined : MESSAGES.pleaseSelectValue,
          subject: tooLong(subject, CAMPAIGN_SUBJECT_MAX_LENGTH) ?? placeholder(subject),
          body: tooLong(body, CAMPAIGN_BODY_MAX_LENGTH) ?? placeholder(body),
          audience: unknown.length > 0 ? `Unknown labels: ${unknown.join(', ')}` : undefined,
          date:
            date === undefined
              ? MESSAGES.required
              : isDateForFormat(date, SESSION_DATE_FORMAT)
                ? undefined
                : MESSAGES.invalidDate,
          time: time === undefined ? MESSAGES.required : isTimeFormat(time) ? whenError : MESSAGES.timeFormat,
        });
        if (Object.keys(errors).length > 0 || !when || !type || !subject || !body)
          return { ok: false, errors };
        return {
          ok: true,
          key: subject.toLowerCase(),
          data: {
            channels: CHANNELS[type],
            subject,
            body,
            audienceType: everyone ? 'EVERYONE' : 'LABELS',
            labelIds: everyone ? [] : [...new Set(names.map((n) => labels.get(n.toLowerCase())!))],
            sendDate: date,
            sendTime: time,
            scheduledAt: when.toISOString(),
          },
        };
      },
    };
  },
  async commit(tx, ctx) {
    const { organizationId } = await importContextOf(tx, ctx.eventId);
    const origin = await linkOrigin({ ...ctx, db: tx }, (ctx.actor.host ?? '').replace(/^cms\./i, ''), {
      organizationId,
    });
    const created = await insertStagedCommunications(
      tx,
      ctx.eventId,
      ctx.importId,
      ctx.actor.actorId,
      origin,
    );
    return { created, updated: 0 };
  },
};
