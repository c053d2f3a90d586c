export const UPCOMING_WINDOW_DAYS = 13;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Spec part 5: upcoming = from now up to and including 13 days ahead. */
export function isUpcoming(date: Date | string | number, now: Date | string | number = Date.now()): boolean {
  const diff = new Date(date).getTime() - new Date(now).getTime();
  return diff >= 0 && diff <= UPCOMING_WINDOW_DAYS * DAY_MS;
}
