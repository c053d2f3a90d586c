import type { RouteObject } from 'react-router';

/**
 * Directory pages of the participant app (children of its layout): the directories with the
 * privacy control, one directory's people, and a person opened from a directory (sub-detail).
 */
export const participantDirectoriesRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/directories',
    lazy: () => import('./DirectoriesPage').then((m) => ({ Component: m.DirectoriesPage })),
  },
  {
    path: 'event/:eventId/directories/:directoryId',
    lazy: () => import('./DirectoryPage').then((m) => ({ Component: m.DirectoryPage })),
  },
  {
    path: 'event/:eventId/directory/:directoryId/:itemId',
    lazy: () => import('./DirectoryItemPage').then((m) => ({ Component: m.DirectoryItemPage })),
  },
];
