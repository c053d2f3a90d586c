/**
 * The console's last event, per user, in this browser: an event-scoped address opened from a
 * bookmark (`/attendees`, `/agenda`, `/event-details`) works on it after a new sign-in instead of
 * asking to choose an event first. Kept per user id (a shared computer serves several admins),
 * not cleared by signing out, for the last few users only.
 */
import { readJson, writeJson } from './storage';

const MAX_USERS = 20;
type LastEvents = Record<string, string>;

const isLastEvents = (value: unknown): value is LastEvents =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.values(value).every((v) => typeof v === 'string');

export function rememberedEventOf(userId: string): string | null {
  return readJson('lastEvents', isLastEvents)?.[userId] ?? null;
}

export function rememberEvent(userId: string, eventId: string): void {
  const current = readJson('lastEvents', isLastEvents) ?? {};
  if (current[userId] === eventId) return;
  // The most recent user last; the oldest fall out.
  const others = Object.entries(current).filter(([id]) => id !== userId);
  writeJson('lastEvents', Object.fromEntries([...others.slice(-(MAX_USERS - 1)), [userId, eventId]]));
}

/**
 * Which event the console should work on when none is selected: the user's remembered one while
 * they still have it, else their only event; null when they must choose (or the list is loading).
 */
export function eventToSelect(
  remembered: string | null,
  eventIds: readonly string[] | undefined,
): string | null {
  if (!eventIds) return null;
  if (remembered && eventIds.includes(remembered)) return remembered;
  return eventIds.length === 1 ? eventIds[0]! : null;
}
