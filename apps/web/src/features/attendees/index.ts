/**
 * The attendees area's public face for other features (the rule is checked by `npm run lint:architecture`).
 * Everything else in this folder is private.
 */
export { ATTENDEES_PATH, MAGIC_LINKS_PATH, participantProfilePath } from './paths';
