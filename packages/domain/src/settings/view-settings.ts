import { z } from 'zod';
import { PAGE_SIZE_OPTIONS } from '../list.js';
import { MESSAGES } from '../messages.js';

/** Which table the settings belong to, e.g. `organizations` or `event-attendees`. */
export const TABLE_KEY_PATTERN = /^[a-z0-9-]{1,64}$/;
export const viewSettingsParamsSchema = z.object({
  tableKey: z.string().regex(TABLE_KEY_PATTERN, 'Use 1 to 64 lower-case letters, digits and dashes'),
});

export const VIEW_SETTINGS_COLUMNS_MAX = 200;
const columnIds = z
  .array(z.string().min(1, MESSAGES.required).max(100, MESSAGES.maxLength))
  .max(VIEW_SETTINGS_COLUMNS_MAX, MESSAGES.maxLength);

export const pageSizeSchema = z.literal(PAGE_SIZE_OPTIONS, {
  error: `Page size must be one of ${PAGE_SIZE_OPTIONS.join(', ')}`,
});

/** A user's choices for one table: visible columns, column order, page size. */
export const viewSettingsBodySchema = z.object({
  /** Visible column ids. */
  columns: columnIds,
  /** Every known column id, in display order. */
  order: columnIds,
  pageSize: pageSizeSchema,
});
export type ViewSettingsBody = z.output<typeof viewSettingsBodySchema>;

export const updateViewSettingsSchema = viewSettingsBodySchema.partial();

export const viewSettingsSchema = viewSettingsBodySchema.extend({ tableKey: z.string() });
export type ViewSettingsRecord = z.output<typeof viewSettingsSchema>;
