import { z } from 'zod';
import { MESSAGES } from '../messages.js';

export const EMAIL_MAX_LENGTH = 254;

const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
// local@domain with at least one dot in the domain and a letter-only (or punycode) top-level label.
const EMAIL_PATTERN = new RegExp(
  `^[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_\`{|}~-]+)*@(?:${LABEL}\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})$`,
);

/** Spec part 5: a standard address pattern. */
export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(value);
}

/** Trims; empty → 'Required field'; otherwise the pattern. */
export const emailSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, { error: MESSAGES.required, abort: true })
  .refine(isEmail, MESSAGES.invalidEmail);
