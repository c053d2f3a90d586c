/** Spec part 9 (and 4 for the toast queue). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_MAX_VISIBLE = 10;
export const DOUBLE_CLICK_GUARD_MS = 400;
/** Download link object URLs are revoked after 7 seconds. */
export const OBJECT_URL_REVOKE_MS = 7000;
export const DROPDOWN_DEFAULT_WIDTH = 262;
export const DROPDOWN_MAX_MENU_HEIGHT = 200;

/** Spec part 9: default colours. */
export const DEFAULT_COLORS = {
  primary: '#000000',
  secondary: '#000000',
  background: '#ffffff',
  font: '#000000',
} as const;
export type ThemeColors = { [K in keyof typeof DEFAULT_COLORS]: string };
