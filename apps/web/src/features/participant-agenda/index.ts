/**
 * The participant agenda's public face: what other features may use (checked by
 * `npm run lint:architecture`, docs/guides/linting.md). Everything else in this folder is private.
 */
export { UpcomingSessions } from './UpcomingSessions';
export { useAgendaView, type SessionView } from './api';
export { agendaPath, mapsPath, materialPath, materialsPath, scanPath, sessionPath } from './paths';
export { dayLabel, timeRange } from './times';
/** The QR scanner (camera and photo), for the business-card exchange (participant-contacts). */
export { loadScanner, readQrFromImage } from './qr';
