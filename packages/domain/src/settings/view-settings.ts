import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZE_OPTIONS } from '../list.js';
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

/**
 * The answer of GET/POST/PATCH. `saved: false` = nothing saved for the table yet: `columns` and
 * `order` are empty (the table's own defaults apply) and the first save is a POST.
 */
export const viewSettingsSchema = viewSettingsBodySchema.extend({ tableKey: z.string(), saved: z.boolean() });
export type ViewSettingsRecord = z.output<typeof viewSettingsSchema>;

/** What GET answers for a table the user never saved settings of. */
export const defaultViewSettings = (tableKey: string): ViewSettingsRecord => ({
  tableKey,
  columns: [],
  order: [],
  pageSize: DEFAULT_PAGE_SIZE,
  saved: false,
});
