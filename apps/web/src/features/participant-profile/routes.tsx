import type { RouteObject } from 'react-router';

/**
 * Profile pages of the participant app (children of its layout). Static segments rank above the
 * designer's `/event/:eventId/:pageId`, so 'edit-profile', 'profile' and 'people' are reserved page ids.
 */
export const participantProfileRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/edit-profile',
    lazy: () => import('./EditProfilePage').then((m) => ({ Component: m.EditProfilePage })),
  },
  {
    path: 'event/:eventId/people',
    lazy: () => import('./PeoplePage').then((m) => ({ Component: m.PeoplePage })),
  },
  {
    path: 'event/:eventId/profile/:userId',
    lazy: () => import('./UserProfilePage').then((m) => ({ Component: m.UserProfilePage })),
  },
];
