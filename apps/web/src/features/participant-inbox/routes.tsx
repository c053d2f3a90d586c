import type { RouteObject } from 'react-router';

/** The participant's inbox `/event/:eventId/inbox` (issue 14, push and inbox part). */
export const participantInboxRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/inbox',
    lazy: () => import('./InboxPage').then((m) => ({ Component: m.InboxPage })),
  },
];
