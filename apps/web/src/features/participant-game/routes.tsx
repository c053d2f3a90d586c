import type { RouteObject } from 'react-router';

/** The participant's game page `/event/:eventId/game/:gameId?`; filled in by issue 15's participant part. */
export const participantGameRoutes: RouteObject[] = [];
