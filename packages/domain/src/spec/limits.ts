/**
 * Spec part 9 lists these values without saying what they limit: the names (and so the uses)
 * are ours.
 */
/** Pagination: 'A second constant, 2, is also used' – we use it as the sibling page count. */
export const PAGINATION_SIBLING_COUNT = 2;
export const ONE_MINUTE_MS = 60_000;
export const SHORT_DELAY_MS = 3_000;
export const SHORT_TEXT_MAX_LENGTH = 300;
export const MAX_IMPORT_ROWS = 100_000;
export const MAX_EXPORT_ROWS = 1_000_000;
export const MAX_UPLOAD_BYTES = 100_000_000;
export const MAX_IMAGE_UPLOAD_BYTES = 10_000_000;
/** 'A file-name-length related value' (also Excel's limit of characters in one cell). */
export const FILE_NAME_LENGTH_LIMIT = 32_767;
