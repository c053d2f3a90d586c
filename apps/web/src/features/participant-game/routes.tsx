import type { RouteObject } from 'react-router';

/** The participant's game page `/event/:eventId/game/:gameId?` (issue 15). */
export const participantGameRoutes: RouteObject[] = [
  {
    path: 'event/:eventId/game',
    lazy: () => import('./GamesPage').then((m) => ({ Component: m.GamesPage })),
  },
  {
    path: 'event/:eventId/game/:gameId',
    lazy: () => import('./GamePage').then((m) => ({ Component: m.GamePage })),
  },
];
