/**
 * The participant chat's public face: what other features may use (checked by `npm run
 * lint:architecture`). Everything else in this folder is private.
 */
export { participantChatRoutes } from './routes';
/** "Session chat" for a session's page (participant-agenda). */
export { SessionChatButton } from './SessionChatButton';
