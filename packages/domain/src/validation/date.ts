import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * A tiny strict date/time parser for dayjs-style formats (YYYY, YY, MM, M, DD, D, HH, H, hh, h,
 * mm, m, ss, s, A, a; text in [brackets] is literal). Strict: the whole value must match and
 * every part must be in range, so 2026-02-30 fails for YYYY-MM-DD.
 */
const TOKEN = /\[[^\]]*\]|YYYY|YY|MM|M|DD|D|HH|H|hh|h|mm|m|ss|s|A|a/g;

const TOKEN_PATTERN: Record<string, string> = {
  YYYY: '\\d{4}',
  YY: '\\d{2}',
  MM: '\\d{2}',
  M: '\\d{1,2}',
  DD: '\\d{2}',
  D: '\\d{1,2}',
  HH: '\\d{2}',
  H: '\\d{1,2}',
  hh: '\\d{2}',
  h: '\\d{1,2}',
  mm: '\\d{2}',
  m: '\\d{1,2}',
  ss: '\\d{2}',
  s: '\\d{1,2}',
  A: 'AM|PM',
  a: 'am|pm',
};

export interface DateParts {
  year?: number;
  month?: number;
  day?: number;
  /** 0–23 */
  hour?: number;
  minute?: number;
  second?: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

function compile(format: string): { pattern: RegExp; tokens: string[] } {
  const tokens: string[] = [];
  let source = '';
  let last = 0;
  for (const match of format.matchAll(TOKEN)) {
    source += escapeRegExp(format.slice(last, match.index));
    const token = match[0];
    if (token.startsWith('[')) {
      source += escapeRegExp(token.slice(1, -1));
    } else {
      tokens.push(token);
      source += `(${TOKEN_PATTERN[token] ?? ''})`;
    }
    last = match.index + token.length;
  }
  source += escapeRegExp(format.slice(last));
  return { pattern: new RegExp(`^${source}$`), tokens };
}

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Parts of `value` read with `format`, or undefined when it does not match or is out of range. */
export function parseDateParts(value: string, format: string): DateParts | undefined {
  const { pattern, tokens } = compile(format);
  const match = pattern.exec(value);
  if (!match) return undefined;
  const parts: DateParts = {};
  let hour12: number | undefined;
  let pm: boolean | undefined;
  for (const [i, token] of tokens.entries()) {
    const text = match[i + 1] ?? '';
    const n = Number(text);
    switch (token) {
      case 'YYYY':
        parts.year = n;
        break;
      case 'YY':
        parts.year = 2000 + n;
        break;
      case 'MM':
      case 'M':
        parts.month = n;
        break;
      case 'DD':
      case 'D':
        parts.day = n;
        break;
      case 'HH':
      case 'H':
        parts.hour = n;
        break;
      case 'hh':
      case 'h':
        hour12 = n;
        break;
      case 'mm':
      case 'm':
        parts.minute = n;
        break;
      case 'ss':
      case 's':
        parts.second = n;
        break;
      case 'A':
      case 'a':
        pm = text.toLowerCase() === 'pm';
        break;
    }
  }
  if (hour12 !== undefined) {
    if (hour12 < 1 || hour12 > 12) return undefined;
    parts.hour = (hour12 % 12) + (pm ? 12 : 0);
  }
  const { year, month, day, hour, minute, second } = parts;
  if (month !== undefined && (month < 1 || month > 12)) return undefined;
  // Without a year, 29 February is allowed.
  if (day !== undefined && (day < 1 || day > daysInMonth(year ?? 2000, month ?? 1))) return undefined;
  if (hour !== undefined && hour > 23) return undefined;
  if (minute !== undefined && minute > 59) return undefined;
  if (second !== undefined && second > 59) return undefined;
  return parts;
}

/** Spec part 5: the date must be valid for the given format. */
export function isDateForFormat(value: string, format: string): boolean {
  return parseDateParts(value, format) !== undefined;
}

export function dateForFormatSchema(format: string) {
  return z
    .string({ error: MESSAGES.required })
    .refine((v) => isDateForFormat(v, format), MESSAGES.invalidDate);
}

export const TIME_FORMAT = 'hh:mm A';

/** 'hh:mm AM/PM', 12-hour with leading zero, e.g. '09:30 AM'. */
export function isTimeFormat(value: string): boolean {
  return isDateForFormat(value, TIME_FORMAT);
}

/** An empty time is a missing one ('Required field'), not a badly written one. */
export const timeFormatSchema = z
  .string({ error: MESSAGES.required })
  .refine((v) => v.trim() !== '', { message: MESSAGES.required, abort: true })
  .refine(isTimeFormat, MESSAGES.timeFormat);

/** Minutes after midnight of 'hh:mm AM', 'HH:mm' or 'HH:mm:ss' (seconds ignored); undefined otherwise. */
export function timeToMinutes(value: string): number | undefined {
  for (const format of [TIME_FORMAT, 'HH:mm', 'HH:mm:ss']) {
    const parts = parseDateParts(value, format);
    if (parts) return (parts.hour ?? 0) * 60 + (parts.minute ?? 0);
  }
  return undefined;
}
