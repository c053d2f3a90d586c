export { participantInboxRoutes } from './routes';
export { InboxBell } from './InboxBell';
