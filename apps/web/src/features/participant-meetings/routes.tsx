import type { RouteObject } from 'react-router';

/** The participant app's Meetings page (a child of its layout). */
export const participantMeetingsRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/meetings',
    lazy: () => import('./MeetingsPage').then((m) => ({ Component: m.MeetingsPage })),
  },
];
