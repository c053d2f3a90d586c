/**
 * The event dashboard's public face: the events area's overview page shows it (the rule is checked
 * by `npm run lint:architecture`). Everything else in this folder is private.
 */
export { EventDashboard } from './EventDashboard';
