import { describe, expect, it } from 'vitest';
import { updateSessionSchema } from './sessions.js';

describe('updateSessionSchema', () => {
  it('keeps absent fields absent (no create defaults in a PATCH)', () => {
    expect(updateSessionSchema.parse({ name: 'Keynote' })).toEqual({ name: 'Keynote' });
    expect(updateSessionSchema.safeParse({ capacity: -1 }).success).toBe(false);
  });
});
