/**
 * The contacts feature's public face (business-card exchange): what other features may use
 * (checked by `npm run lint:architecture`). Everything else in this folder is private.
 */
export { participantContactsRoutes } from './routes';
/** A "Exchange business cards" button for a person's profile (directories). */
export { SendCardButton } from './SendCardButton';
