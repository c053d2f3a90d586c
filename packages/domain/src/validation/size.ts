import { z } from 'zod';
import { MESSAGES } from '../messages.js';

const SIZE_TOKEN = /^\d+(?:\.\d+)?px$/;

/** Spec part 5: 1 to 4 space-separated values, each like '10px' (CSS margin/padding shorthand). */
export function isSizeValue(value: string): boolean {
  const parts = value.trim().split(/\s+/);
  return value.trim() !== '' && parts.length <= 4 && parts.every((p) => SIZE_TOKEN.test(p));
}

export const sizeValueSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .refine(isSizeValue, MESSAGES.invalidSizeValue);
