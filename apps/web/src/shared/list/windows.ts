/**
 * Pure window arithmetic for 'View All': the browser never asks for 1,000,000 rows at once; it
 * asks for the windows (API pages of WINDOW_SIZE rows) that cover what is on screen, plus a margin.
 */

export const WINDOW_SIZE = 1000;
/** Rows fetched ahead of the visible range in each direction. */
export const WINDOW_MARGIN = 200;
/** Rows shown as skeletons before the first window answers. */
export const PLACEHOLDER_ROWS = 20;

/** Window that holds row `index`, and the row's offset inside it. */
export function locate(index: number, windowSize = WINDOW_SIZE): { window: number; offset: number } {
  return { window: Math.floor(index / windowSize), offset: index % windowSize };
}

/** API page and limit of a window (pages are 1-based). */
export function windowQuery(window: number, windowSize = WINDOW_SIZE): { page: number; limit: number } {
  return { page: window + 1, limit: windowSize };
}

export function windowCount(total: number, windowSize = WINDOW_SIZE): number {
  return Math.ceil(Math.max(0, total) / windowSize);
}

/**
 * Windows covering rows `start..end` (inclusive) widened by `margin`, clamped to the rows that
 * exist. With the total still unknown (undefined), only the first window is asked for.
 */
export function windowsForRange(
  start: number,
  end: number,
  total: number | undefined,
  margin = WINDOW_MARGIN,
  windowSize = WINDOW_SIZE,
): number[] {
  if (total === undefined) return [0];
  if (total <= 0) return [0];
  const last = total - 1;
  const lo = Math.min(Math.max(0, Math.min(start, end) - margin), last);
  const hi = Math.min(Math.max(0, Math.max(start, end) + margin), last);
  const first = locate(lo, windowSize).window;
  const final = locate(hi, windowSize).window;
  const out: number[] = [];
  for (let w = first; w <= final; w++) out.push(w);
  return out;
}

/**
 * Which of `windows` (visible rows ± margin) to fetch now: those holding visible rows, and the
 * margin's only once every visible one has answered, so that after a jump the window on screen
 * does not share the server with the margin's.
 */
export function windowsToFetch(
  windows: readonly number[],
  visible: readonly number[],
  answered: (window: number) => boolean,
): number[] {
  const visibleIn = visible.every(answered);
  return windows.filter((w) => visibleIn || visible.includes(w));
}

export function sameWindows(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((w, i) => w === b[i]);
}
