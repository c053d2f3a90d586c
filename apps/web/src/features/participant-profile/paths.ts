/**
 * Participant-app paths of profiles. They sit beside the designer's pages
 * (`/event/{eventId}/{pageId}`): 'edit-profile', 'profile' and 'people' are taken as page ids.
 */
export const editProfilePath = (eventId: string) => `/event/${encodeURIComponent(eventId)}/edit-profile`;

/** What other participants see of `userId` in the event (own page included). */
export const userProfilePath = (eventId: string, userId: string) =>
  `/event/${encodeURIComponent(eventId)}/profile/${encodeURIComponent(userId)}`;

/** The event's participant directory; `search` is kept in the URL (back from a profile keeps it). */
export const peoplePath = (eventId: string, search = '') =>
  `/event/${encodeURIComponent(eventId)}/people${search ? `?search=${encodeURIComponent(search)}` : ''}`;
