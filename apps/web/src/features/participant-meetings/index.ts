/**
 * The participant meetings feature's public face: its route and My Agenda's Meetings section
 * (checked by `npm run lint:architecture`). Everything else in this folder is private.
 */
export { participantMeetingsRoutes } from './routes';
export { MyAgendaMeetings } from './MyAgendaMeetings';
