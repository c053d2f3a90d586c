/**
 * The events area's public face: what other features may use (the rule is checked by
 * `npm run lint:architecture`, docs/guides/linting.md). Everything else in this folder is private.
 */
export { EVENT_DETAILS_PATH, overviewPath, participantEventPath } from './paths';
export { useConsoleEvent, useListTotal, useUserEvents } from './useEvents';
export { EventGrid } from './EventGrid';
export { EventFields } from './EventFields';
export {
  EVENT_SERVER_FIELDS,
  eventFieldsBody,
  eventFieldValues,
  refreshEventQueries,
  validateEventFields,
  type EventFieldsBody,
  type EventFieldValues,
} from './eventFields.schema';
export { useSessionTimesChoice } from './useSessionTimesChoice';
