import { sessionDetailRoute, SESSIONS_ROUTE } from '../agenda';
import { ATTENDEES_PATH, MAGIC_LINKS_PATH } from '../attendees';
import { DATA_IMPORT_PATH } from '../data-import';
import { EVENT_DETAILS_PATH } from '../events';

/**
 * Where each figure of the dashboard leads: the list behind it, filtered through the list's own URL
 * parameters where the list has that filter (sessions by start day, magic links by status, newest
 * participants first); otherwise the whole list.
 */
export const dashboardLinks = {
  participants: ATTENDEES_PATH,
  newToday: `${ATTENDEES_PATH}?sort=createdAt:desc`,
  // No sign-in filter on the attendee list: the list itself.
  signedIn: ATTENDEES_PATH,
  sessions: SESSIONS_ROUTE,
  sessionsOn: (day: string) => `${SESSIONS_ROUTE}?startAtFrom=${day}&startAtTo=${day}`,
  session: sessionDetailRoute,
  imports: DATA_IMPORT_PATH,
  magicLinksSent: MAGIC_LINKS_PATH,
  magicLinksUsed: `${MAGIC_LINKS_PATH}?status=USED`,
  checklist: {
    details: EVENT_DETAILS_PATH,
    sessions: SESSIONS_ROUTE,
    attendees: ATTENDEES_PATH,
    branding: EVENT_DETAILS_PATH,
  },
} as const;

export const CHECKLIST_STEPS = ['details', 'sessions', 'attendees', 'branding'] as const;
