import type { RouteObject } from 'react-router';

/** The participant's inbox `/event/:eventId/inbox`; filled in by issue 14's push and inbox part. */
export const participantInboxRoutes: RouteObject[] = [];
