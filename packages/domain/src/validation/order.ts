import { MESSAGES } from '../messages.js';
import { timeToMinutes } from './date.js';

export interface OrderErrors {
  start?: string;
  end?: string;
}

type DateInput = Date | string | number | null | undefined;

function toTime(value: DateInput): number | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const time = (value instanceof Date ? value : new Date(value)).getTime();
  return Number.isNaN(time) ? undefined : time;
}

/** Spec part 5: start may equal end but not follow it. Missing or invalid values are not compared. */
export function checkDateOrder(start: DateInput, end: DateInput): OrderErrors {
  const s = toTime(start);
  const e = toTime(end);
  if (s === undefined || e === undefined || s <= e) return {};
  return { start: MESSAGES.startDateAfterEndDate, end: MESSAGES.endDateBeforeStartDate };
}

/** Same for times of day ('hh:mm AM', 'HH:mm' or 'HH:mm:ss'). */
export function checkTimeOrder(
  start: string | null | undefined,
  end: string | null | undefined,
): OrderErrors {
  const s = start ? timeToMinutes(start) : undefined;
  const e = end ? timeToMinutes(end) : undefined;
  if (s === undefined || e === undefined || s <= e) return {};
  return { start: MESSAGES.startTimeAfterEndTime, end: MESSAGES.endTimeBeforeStartTime };
}
