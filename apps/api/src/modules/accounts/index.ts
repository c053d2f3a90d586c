/** Accounts: registration, sign-in (password, magic link, SSO), password reset, impersonation (see docs/ARCHITECTURE.md). */
export { accountsRoutes } from './accounts.routes.js';
/** For the app's auth hook: the principal seen while a super admin impersonates. */
export { impersonatedPrincipal } from './impersonation.js';
/** For tenancy: admin users get a create-password e-mail; an organisation's SSO provider. */
export {
  enqueueCreatePasswordEmail,
  removeSsoProvider,
  sendCreatePasswordEmail,
  upsertSsoProvider,
} from './accounts.service.js';
/** For the agenda's moderator invitations: accepting one signs the moderator in. */
export { finishSignIn, loginTypeFor, TOKEN_LIFETIME_MS, type RequestMeta } from './accounts.service.js';
