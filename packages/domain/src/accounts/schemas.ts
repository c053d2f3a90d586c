import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { EVENT_ROLES, tokenClaimsSchema, USER_ROLES } from '../roles.js';
import { EMAIL_MAX_LENGTH, emailSchema } from '../validation/email.js';
import { passwordSchema } from '../validation/password.js';
import { requiredString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';
import { ACCOUNT_MESSAGES } from './messages.js';

/** A host as the browser reports it (`location.host`): DNS name or IPv4, optional port. */
export const HOST_MAX_LENGTH = 260;
const HOST_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?(?::\d{1,5})?$/;
export const requestHostSchema = requiredString(HOST_MAX_LENGTH).refine(
  (v) => HOST_PATTERN.test(v),
  ACCOUNT_MESSAGES.invalidHost,
);

/** Long enough for any real password, short enough that hashing it is no denial of service. */
export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
/** One-time secrets are 43 base64url characters; authorization codes and states vary by provider. */
export const ONE_TIME_TOKEN_MAX_LENGTH = 200;
export const SSO_CODE_MAX_LENGTH = 2048;
export const REDIRECT_MAX_LENGTH = 2000;

/** The spec's e-mail rule, with 'Max length exceeded' before the pattern for over-long input. */
export const accountEmailSchema = z
  .string({ error: MESSAGES.required })
  .max(EMAIL_MAX_LENGTH, { error: MESSAGES.maxLength, abort: true })
  .pipe(emailSchema);

/** What sign-in accepts as a password: anything non-empty (old passwords may predate the rule). */
const signInPasswordSchema = z
  .string({ error: MESSAGES.required })
  .min(1, { error: MESSAGES.required, abort: true })
  .max(PASSWORD_MAX_LENGTH, MESSAGES.maxLength);

/** The spec's password rule (part 5) for every new password. */
export const newPasswordSchema = z
  .string({ error: MESSAGES.required })
  .max(PASSWORD_MAX_LENGTH, { error: MESSAGES.maxLength, abort: true })
  .pipe(passwordSchema);

/**
 * Spec part 6 keeps login types apart. The API derives `cms` (host starts with "cms.") or `event`;
 * a client may name `web` (event website) or `demo` instead.
 */
export const SIGN_IN_LOGIN_TYPES = ['web', 'demo'] as const;
export const SESSION_LOGIN_TYPES = ['cms', 'event', ...SIGN_IN_LOGIN_TYPES] as const;
export type SessionLoginType = (typeof SESSION_LOGIN_TYPES)[number];

export const credentialsSignInSchema = z.object({
  sso: z.literal(false).optional(),
  email: accountEmailSchema,
  password: signInPasswordSchema,
  host: requestHostSchema,
  loginType: z.enum(SIGN_IN_LOGIN_TYPES).optional(),
});

export const ssoSignInSchema = z.object({
  sso: z.literal(true),
  /** The authorization code from the provider's redirect to /login/callback. */
  token: requiredString(SSO_CODE_MAX_LENGTH),
  state: requiredString(ONE_TIME_TOKEN_MAX_LENGTH),
  /** The callback's `iss` parameter (RFC 9207), when the provider sent one: forward it. */
  iss: z.string().max(REDIRECT_MAX_LENGTH, MESSAGES.maxLength).optional(),
  host: requestHostSchema,
  loginType: z.enum(SIGN_IN_LOGIN_TYPES).optional(),
});

/** `POST auth`: credentials, or `sso: true` with the authorization code and state. */
export const signInBodySchema = z.discriminatedUnion('sso', [credentialsSignInSchema, ssoSignInSchema]);
export type SignInBody = z.infer<typeof signInBodySchema>;

/** `tokenData` of a sign-in answer: the token's claims (spec part 3) with iat and exp. */
export const tokenDataSchema = tokenClaimsSchema.extend({ iat: z.number().int(), exp: z.number().int() });
export const signInResponseSchema = z.object({ token: z.string(), tokenData: tokenDataSchema });
export type SignInResponse = z.infer<typeof signInResponseSchema>;

export const registerBodySchema = z.object({
  email: accountEmailSchema,
  password: newPasswordSchema,
  firstName: nameString(NAME_MAX_LENGTH),
  lastName: nameString(NAME_MAX_LENGTH),
  host: requestHostSchema,
});
export type RegisterBody = z.infer<typeof registerBodySchema>;
export const registerResponseSchema = z.object({ id: z.uuid() });

export const verifyEmailBodySchema = z.object({
  token: requiredString(ONE_TIME_TOKEN_MAX_LENGTH),
  host: requestHostSchema,
});
export const verifyEmailResponseSchema = z.object({ verified: z.literal(true) });

export const resetPasswordRequestBodySchema = z.object({
  email: accountEmailSchema,
  host: requestHostSchema,
});
/** Always the same answer, whether or not the address has an account. */
export const resetPasswordRequestResponseSchema = z.object({ message: z.string() });

/** Completes a reset (`/reset-password`) or a first password (`/create-password`). */
export const resetPasswordCompleteBodySchema = z.object({
  token: requiredString(ONE_TIME_TOKEN_MAX_LENGTH),
  password: newPasswordSchema,
});

export const accountUserSchema = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  photoUrl: z.string().nullable(),
  userRole: z.enum(USER_ROLES),
  emailVerified: z.boolean(),
  createdAt: z.iso.datetime(),
});
export type AccountUser = z.infer<typeof accountUserSchema>;

/** One row of `GET users/{userId}/events`: the event and the user's strongest role in it. */
export const userEventSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** What the participant event home shows under "About this event", with the venue. */
  description: z.string(),
  address: z.string(),
  startAt: z.iso.datetime(),
  endAt: z.iso.datetime(),
  timezone: z.string(),
  eventHubId: z.uuid(),
  organizationId: z.uuid(),
  primaryColor: z.string(),
  secondaryColor: z.string(),
  role: z.enum(EVENT_ROLES),
});
export type UserEvent = z.infer<typeof userEventSchema>;
/** Sortable fields of `GET users/{userId}/events` (`sort=field:asc|desc`). */
export const USER_EVENT_SORT_FIELDS = ['name', 'startAt', 'endAt'] as const;

export const ssoProvidersQuerySchema = z.object({ host: requestHostSchema.optional() });
export const ssoProvidersResponseSchema = z.object({ enabled: z.boolean(), name: z.string().optional() });
export type SsoProviders = z.infer<typeof ssoProvidersResponseSchema>;

export const ssoStartQuerySchema = z.object({
  host: requestHostSchema.optional(),
  /** Where the app goes after sign-in: a path on the same host ('/…'). */
  redirect: z.string().max(REDIRECT_MAX_LENGTH, MESSAGES.maxLength).optional(),
});

export const mailboxMessageSchema = z.object({
  id: z.uuid(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  createdAt: z.iso.datetime(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;
/** `GET dev/mailbox/status`: whether e-mails are kept (SMTP_URL unset) rather than sent. */
export const mailboxStatusSchema = z.object({ enabled: z.boolean() });
export type MailboxStatus = z.infer<typeof mailboxStatusSchema>;
/** The dev mailbox keeps the latest messages only. */
export const MAILBOX_LIMIT = 200;
