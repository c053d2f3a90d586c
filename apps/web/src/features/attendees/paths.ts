/** Console paths of the attendees area (spec part 2) and the API paths behind them. */
export const ATTENDEES_PATH = '/attendees';
/** The magic-links report (our choice: under the attendees area, next to the list). */
export const MAGIC_LINKS_PATH = '/attendees/magic-links';
export const participantProfilePath = (eventId: string, participantId: string) =>
  `/${encodeURIComponent(eventId)}/attendees/${encodeURIComponent(participantId)}`;

export const participantsApi = (eventId: string) => `events/${encodeURIComponent(eventId)}/participants`;
export const participantApi = (eventId: string, participantId: string) =>
  `${participantsApi(eventId)}/${encodeURIComponent(participantId)}`;
