/** Console paths of the event area (spec part 2: `/{eventId}/overview`, `/event-details`). */
export const overviewPath = (eventId: string) => `/${encodeURIComponent(eventId)}/overview`;
export const EVENT_DETAILS_PATH = '/event-details';

/** The participant app's page of an event (spec part 2: `/event/{eventId}/{pageId}`). */
export const participantEventPath = (eventId: string, pageId = 'home') =>
  `/event/${encodeURIComponent(eventId)}/${encodeURIComponent(pageId)}`;
