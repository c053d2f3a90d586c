import type { RouteObject } from 'react-router';

/** The front-of-room leaderboard `/:eventId/leader-board/:gamificationId`; filled in by issue 15's leaderboards part. */
export const leaderboardScreenRoutes: RouteObject[] = [];
