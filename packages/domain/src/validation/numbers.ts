import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/**
 * Spec part 5: a non-negative whole number. Numbers must be safe integers ≥ 0;
 * strings must be plain digits ('1e3', '1.5', '-1', ' 1' and '' fail).
 */
export function isNonNegativeInteger(value: unknown): boolean {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0;
  if (typeof value === 'string') return /^\d+$/.test(value) && Number.isSafeInteger(Number(value));
  return false;
}

export const nonNegativeIntegerSchema = z
  .number({ error: MESSAGES.invalidInteger })
  .int(MESSAGES.invalidInteger)
  .min(0, MESSAGES.invalidInteger);

export const LINEAR_SCALE_MIN = 2;
export const LINEAR_SCALE_MAX = 10;

/** Spec parts 5 and 9: an integer from 2 to 10. */
export function isLinearScale(value: unknown): boolean {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= LINEAR_SCALE_MIN &&
    value <= LINEAR_SCALE_MAX
  );
}

export const linearScaleSchema = z
  .number({ error: MESSAGES.linearScale })
  .int(MESSAGES.linearScale)
  .min(LINEAR_SCALE_MIN, MESSAGES.linearScale)
  .max(LINEAR_SCALE_MAX, MESSAGES.linearScale);

export const MEETING_INTERVAL_MIN = 5;
export const MEETING_INTERVAL_MAX = 120;
export const MEETING_INTERVAL_STEP = 5;
/** 5, 10, …, 120 minutes. */
export const MEETING_INTERVAL_OPTIONS: readonly number[] = Array.from(
  { length: (MEETING_INTERVAL_MAX - MEETING_INTERVAL_MIN) / MEETING_INTERVAL_STEP + 1 },
  (_, i) => MEETING_INTERVAL_MIN + i * MEETING_INTERVAL_STEP,
);

/** Spec parts 5 and 9: 5 to 120 minutes in steps of 5. */
export function isMeetingInterval(value: unknown): boolean {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= MEETING_INTERVAL_MIN &&
    value <= MEETING_INTERVAL_MAX &&
    value % MEETING_INTERVAL_STEP === 0
  );
}

export const meetingIntervalSchema = z
  .number({ error: MESSAGES.meetingInterval })
  .int(MESSAGES.meetingInterval)
  .min(MEETING_INTERVAL_MIN, MESSAGES.meetingInterval)
  .max(MEETING_INTERVAL_MAX, MESSAGES.meetingInterval)
  .multipleOf(MEETING_INTERVAL_STEP, MESSAGES.meetingInterval);
