import { z } from 'zod';
import { MESSAGES } from '../messages.js';

/** Trimmed string; empty or whitespace → 'Required field'; optional max → 'Max length exceeded'. */
export function requiredString(maxLength?: number) {
  const schema = z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, { error: MESSAGES.required, abort: true });
  return maxLength === undefined ? schema : schema.max(maxLength, MESSAGES.maxLength);
}

export function maxLengthString(maxLength: number) {
  return z.string().max(maxLength, MESSAGES.maxLength);
}
