import type { RouteObject } from 'react-router';

/** Participant-app pages of this part (children of the participant layout); filled in by its issue-13 part. */
export const participantMeetingsRoutes: RouteObject[] = [];
