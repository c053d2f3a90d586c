import type { RouteObject } from 'react-router';

/**
 * Profile pages of the participant app (children of its layout). Static segments rank above the
 * designer's `/event/:eventId/:pageId`, so 'edit-profile' and 'profile' are reserved page ids.
 */
export const participantProfileRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/edit-profile',
    lazy: () => import('./EditProfilePage').then((m) => ({ Component: m.EditProfilePage })),
  },
  {
    path: 'event/:eventId/profile/:userId',
    lazy: () => import('./UserProfilePage').then((m) => ({ Component: m.UserProfilePage })),
  },
];
