import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { RequireAuth } from '../../shared/session/RequireAuth';

const LeaderboardScreen = lazy(() =>
  import('./LeaderboardScreen').then((m) => ({ default: m.LeaderboardScreen })),
);

/**
 * Spec part 2: the front-of-room leaderboard `/:eventId/leader-board/:gamificationId`, full screen on
 * the console host (no console chrome). Signed in with any role: the API answers the event's staff
 * and, for a published game, its participants; anyone else sees "not available".
 */
export const leaderboardScreenRoutes: RouteObject[] = [
  {
    path: '/:eventId/leader-board/:gamificationId',
    element: (
      <RequireAuth>
        <Suspense fallback={<div style={{ position: 'fixed', inset: 0, background: '#0b1020' }} />}>
          <LeaderboardScreen />
        </Suspense>
      </RequireAuth>
    ),
  },
];
