import { describe, expect, it } from 'vitest';
import {
  updateViewSettingsSchema,
  viewSettingsBodySchema,
  viewSettingsParamsSchema,
} from './view-settings.js';

describe('view settings', () => {
  it('accepts the page sizes of spec part 9 only', () => {
    for (const pageSize of [20, 300, 1000, 1_000_000])
      expect(viewSettingsBodySchema.safeParse({ columns: [], order: [], pageSize }).success).toBe(true);
    const bad = viewSettingsBodySchema.safeParse({ columns: [], order: [], pageSize: 50 });
    expect(bad.error?.issues[0]?.message).toBe('Page size must be one of 20, 300, 1000, 1000000');
  });
  it('checks table keys', () => {
    expect(viewSettingsParamsSchema.safeParse({ tableKey: 'event-attendees-2' }).success).toBe(true);
    for (const tableKey of ['', 'Events', 'a/b', 'x'.repeat(65), 'a b'])
      expect(viewSettingsParamsSchema.safeParse({ tableKey }).success).toBe(false);
  });
  it('bounds the column lists and allows partial updates', () => {
    expect(
      viewSettingsBodySchema.safeParse({ columns: Array(201).fill('a'), order: [], pageSize: 20 }).success,
    ).toBe(false);
    expect(
      viewSettingsBodySchema.safeParse({ columns: ['x'.repeat(101)], order: [], pageSize: 20 }).success,
    ).toBe(false);
    expect(updateViewSettingsSchema.parse({ pageSize: 300 })).toEqual({ pageSize: 300 });
  });
});
