/**
 * The agenda area's public face for other features (the rule is checked by `npm run lint:architecture`).
 * Everything else in this folder is private.
 */
export { sessionDetailRoute, SESSIONS_ROUTE } from './api';
