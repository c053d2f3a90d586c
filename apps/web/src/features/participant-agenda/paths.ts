/**
 * Participant-app paths of the agenda (spec part 2 participant pages sit at `/event/{eventId}/{pageId}`:
 * 'agenda', 'my-agenda', 'maps', 'materials' and 'scan' are taken as page ids).
 */
const event = (eventId: string) => `/event/${encodeURIComponent(eventId)}`;

export const agendaPath = (eventId: string, day?: string) =>
  `${event(eventId)}/agenda${day ? `?day=${encodeURIComponent(day)}` : ''}`;
export const sessionPath = (eventId: string, sessionId: string) =>
  `${event(eventId)}/agenda/${encodeURIComponent(sessionId)}`;
export const myAgendaPath = (eventId: string) => `${event(eventId)}/my-agenda`;
export const mapsPath = (eventId: string) => `${event(eventId)}/maps`;
export const mapPath = (eventId: string, mapId: string, pinId?: string) =>
  `${event(eventId)}/maps/${encodeURIComponent(mapId)}${pinId ? `?pin=${encodeURIComponent(pinId)}` : ''}`;
export const materialsPath = (eventId: string) => `${event(eventId)}/materials`;
export const materialPath = (eventId: string, materialId: string) =>
  `${event(eventId)}/materials/${encodeURIComponent(materialId)}`;
export const scanPath = (eventId: string) => `${event(eventId)}/scan`;
