/**
 * The engagement console's public face for other features (the rule is checked by `npm run lint:architecture`).
 * Everything else in this folder is private.
 */
export { TOOLS_ROUTE, toolRoute } from './api';
