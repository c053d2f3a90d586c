import { z } from 'zod';
import { MESSAGES } from '../messages.js';

export const PASSWORD_MIN_LENGTH = 8;

/** Spec part 5: ≥ 8 characters with an uppercase letter, a lowercase letter, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return (
    [...value].length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /\p{Nd}/u.test(value) &&
    // Special: anything that is neither letter, digit nor whitespace.
    /[^\p{L}\p{N}\s]/u.test(value)
  );
}

export const passwordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required, abort: true })
  .refine(isStrongPassword, MESSAGES.invalidPassword);
