/**
 * Participant-app paths of profiles. They sit beside the designer's pages
 * (`/event/{eventId}/{pageId}`): 'edit-profile' and 'profile' are taken as page ids.
 */
export const editProfilePath = (eventId: string) => `/event/${encodeURIComponent(eventId)}/edit-profile`;

/** What other participants see of `userId` in the event (own page included). */
export const userProfilePath = (eventId: string, userId: string) =>
  `/event/${encodeURIComponent(eventId)}/profile/${encodeURIComponent(userId)}`;
