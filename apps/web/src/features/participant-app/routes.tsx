import type { RouteObject } from 'react-router';

/**
 * The participant app's More page (children of its layout). Static segments rank
 * above the designer's `/event/:eventId/:pageId`, so 'more' is a reserved page id.
 */
export const participantAppRoutes: RouteObject[] = [
  { path: 'event/:eventId/more', lazy: () => import('./MorePage').then((m) => ({ Component: m.MorePage })) },
];
