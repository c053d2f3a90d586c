import type { RouteObject } from 'react-router';

/** Participant-app pages of the activity feed (children of the participant layout; paths in participantPaths). */
export const participantFeedRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/activity-feed',
    lazy: () => import('./FeedPage').then((m) => ({ Component: m.FeedPage })),
  },
  {
    path: 'event/:eventId/activity-feed/:postId',
    lazy: () => import('./PostPage').then((m) => ({ Component: m.PostPage })),
  },
];
