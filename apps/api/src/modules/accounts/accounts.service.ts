import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  ACCOUNT_MESSAGES,
  isCmsHost,
  MAGIC_LINK_TTL_HOURS,
  MAILBOX_LIMIT,
  MESSAGES,
  parseSort,
  TENANCY_MESSAGES,
  USER_EVENT_SORT_FIELDS,
  type AccountUser,
  type ListQuery,
  type MailboxMessage,
  type RegisterBody,
  type SessionLoginType,
  type SignInBody,
  type SignInResponse,
  type UserEvent,
} from '@plenary/domain';
import { isConsoleUser, isSuperAdmin, loadPrincipal } from '../../platform/access.js';
import {
  hashSecret,
  issueToken,
  newOneTimeSecret,
  revokeSession,
  type AuthContext,
} from '../../platform/auth.js';
import type { Db } from '../../platform/db/index.js';
import type { OneTimeTokenPurpose, User } from '../../platform/db/schema.js';
import type { AppDeps } from '../../platform/deps.js';
import { emailBrand } from '../../platform/email/index.js';
import { badRequest, conflict, forbidden, HttpError, notFound, unauthorized } from '../../platform/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/passwords.js';
import { enforce, ThrottledError, type Throttle } from '../../platform/throttle.js';
import * as repo from './accounts.repo.js';
import { organizationsOfUser } from '../../platform/link-hosts.repo.js';
import {
  alreadyRegisteredMail,
  createPasswordMail,
  resetPasswordMail,
  verifyEmailMail,
} from './accounts.emails.js';
import {
  isPlatformHost,
  linkOrigin,
  normHost,
  type LinkDeps,
  ssoCallbackOrigin,
} from '../../platform/link-hosts.js';
import { ssoProviderForHost } from './sso-hosts.js';
import {
  assertEgressAllowed,
  authorizationUrl,
  clientConfig,
  exchangeCode,
  isLoopbackHost,
  ssoFailed,
  ssoUnreachable,
} from './accounts.sso.js';

/**
 * Rate limits. Every sign-in attempt first takes a slot from two counters, atomically:
 *  - per IP (30 per 15 min): bounds what one address can try across all accounts;
 *  - per (account, IP) pair (5 per 15 min): bounds guessing one account from one address.
 * A successful attempt gives its slots back (undo / reset), so only failures accumulate.
 * The account counter is deliberately per (account, IP) and not per account: a per-account
 * counter would let anyone lock a victim out by failing on purpose, while here the victim, signing
 * in from an address that has not itself failed, still gets in. The price: an attacker with many
 * addresses gets 5 guesses per address per 15 minutes; the password rule (spec part 5) and argon2
 * keep that slow. See docs/SECURITY-accounts.md.
 */
export const LIMITS = {
  signInPerIp: { limit: 30, windowSec: 15 * 60 },
  signInPerAccountAndIp: { limit: 5, windowSec: 15 * 60 },
  /** Registration and reset e-mails to one address from one IP (mail bombing). */
  mailPerAddressAndIp: { limit: 3, windowSec: 15 * 60 },
  mailPerIp: { limit: 20, windowSec: 15 * 60 },
} as const;

export const TOKEN_LIFETIME_MS: Record<Exclude<OneTimeTokenPurpose, 'magic-link'>, number> = {
  'verify-email': 48 * 60 * 60 * 1000,
  'reset-password': 60 * 60 * 1000,
  'create-password': 7 * 24 * 60 * 60 * 1000,
  /** The agenda's moderator invitations (moderators.service.ts), like participants' magic links. */
  'moderator-link': MAGIC_LINK_TTL_HOURS * 60 * 60 * 1000,
};

/** An SSO attempt must come back within this time. */
export const SSO_STATE_TTL_MS = 10 * 60 * 1000;
export const SSO_COOKIE = 'plenary_sso';

export interface RequestMeta {
  ip: string;
  userAgent: string | undefined;
  requestId: string;
  /** The raw Cookie header (for the SSO browser binding). */
  cookie: string | undefined;
}

export interface AccountsRuntime {
  deps: Pick<AppDeps, 'db' | 'config' | 'brands' | 'mail' | 'mailer' | 'jobs'>;
  throttle: Throttle;
  log: FastifyBaseLogger;
}

/** The reset request's lookup, token and e-mail: a job, so the answer is the same for every address. */
export const RESET_QUEUE = 'accounts.password-reset';
export interface ResetJob {
  email: string;
  host: string;
  requestId: string;
}

// ---------------------------------------------------------------- links and hosts (link-hosts.ts)

async function newToken(db: Db, userId: string, purpose: keyof typeof TOKEN_LIFETIME_MS): Promise<string> {
  const { secret, hash } = newOneTimeSecret();
  await repo.insertOneTimeToken(db, {
    userId,
    purpose,
    tokenHash: hash,
    expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS[purpose]),
  });
  return secret;
}

// ---------------------------------------------------------------- sign-in

export function loginTypeFor(host: string, requested: 'web' | 'demo' | undefined): SessionLoginType {
  return requested ?? (isCmsHost(host) ? 'cms' : 'event');
}

export function signIn(rt: AccountsRuntime, body: SignInBody, meta: RequestMeta): Promise<SignInResponse> {
  return body.sso ? ssoSignIn(rt, body, meta) : passwordSignIn(rt, body, meta);
}

async function passwordSignIn(
  rt: AccountsRuntime,
  body: Extract<SignInBody, { email: string }>,
  meta: RequestMeta,
): Promise<SignInResponse> {
  const { db } = rt.deps;
  const email = body.email.toLowerCase();
  const ipKey = `signin:ip:${meta.ip}`;
  const pairKey = `signin:pair:${email}|${meta.ip}`;
  // Take a slot of each counter before looking at the password: parallel guesses can not overtake.
  const perIp = await rt.throttle.hit(ipKey, LIMITS.signInPerIp.limit, LIMITS.signInPerIp.windowSec);
  const perPair = perIp.allowed
    ? await rt.throttle.hit(
        pairKey,
        LIMITS.signInPerAccountAndIp.limit,
        LIMITS.signInPerAccountAndIp.windowSec,
      )
    : perIp;
  if (!perIp.allowed || !perPair.allowed) {
    await repo.audit(db, {
      actorId: null,
      action: 'sign-in.throttled',
      entity: 'user',
      requestId: meta.requestId,
    });
    throw new ThrottledError(perIp.allowed ? perPair.retryAfterSec : perIp.retryAfterSec);
  }

  const user = await repo.findUserByEmail(db, email);
  // Unknown address: verify against a dummy hash all the same, so timing tells nothing.
  let ok = false;
  if (user?.passwordHash) ok = await verifyPassword(user.passwordHash, body.password);
  else await verifyPassword(await dummyPasswordHash(), body.password);
  if (!user || !ok) {
    await repo.audit(db, {
      actorId: null,
      action: 'sign-in.failed',
      entity: 'user',
      entityId: user?.id ?? null,
      requestId: meta.requestId,
    });
    throw unauthorized(MESSAGES.invalidCredentials);
  }
  // The right password: this attempt was no guess, give the slots back.
  await Promise.all([rt.throttle.reset(pairKey), rt.throttle.undo(ipKey)]);

  if (!user.emailVerifiedAt) {
    await repo.audit(db, {
      actorId: user.id,
      action: 'sign-in.unverified',
      entity: 'user',
      entityId: user.id,
      requestId: meta.requestId,
    });
    throw forbidden(MESSAGES.emailNotVerified);
  }
  return finishSignIn(rt.deps, user, body.host, loginTypeFor(body.host, body.loginType), meta, 'sign-in');
}

/**
 * The cms rule, the token, the audit row (`action`): the same for password and SSO sign-in, and
 * for other modules that verified a one-time link themselves (agenda: moderator links).
 */
export async function finishSignIn(
  deps: Pick<AppDeps, 'db' | 'config'>,
  user: Pick<User, 'id'>,
  host: string,
  loginType: SessionLoginType,
  meta: Pick<RequestMeta, 'ip' | 'userAgent' | 'requestId'>,
  action: string,
): Promise<SignInResponse> {
  const { db, config } = deps;
  const principal = await loadPrincipal(db, user.id);
  if (!principal) throw unauthorized(MESSAGES.invalidCredentials);
  if (isCmsHost(host) && !isConsoleUser(principal)) {
    await repo.audit(db, {
      actorId: user.id,
      action: `${action}.not-cms`,
      entity: 'user',
      entityId: user.id,
      requestId: meta.requestId,
    });
    throw forbidden(MESSAGES.notAuthorizedCms);
  }
  const issued = await issueToken(db, config, principal, {
    loginType,
    ip: meta.ip,
    userAgent: meta.userAgent,
  });
  await repo.audit(db, {
    actorId: user.id,
    action,
    entity: 'auth-session',
    entityId: issued.tokenData.sid,
    requestId: meta.requestId,
  });
  const { iat, exp } = issued.tokenData;
  if (iat === undefined || exp === undefined) throw new Error('issueToken returned no iat/exp');
  return { token: issued.token, tokenData: { ...issued.tokenData, iat, exp } };
}

export async function logout(rt: AccountsRuntime, auth: AuthContext, requestId: string): Promise<void> {
  await revokeSession(rt.deps.db, auth.sid);
  await repo.audit(rt.deps.db, {
    actorId: auth.actor.userId,
    action: 'sign-out',
    entity: 'auth-session',
    entityId: auth.sid,
    requestId,
  });
}

// ---------------------------------------------------------------- registration and e-mail verification

/** Registration and reset e-mails: per (address, IP) and per IP, counted whether or not the address exists. */
async function enforceMailLimits(
  rt: AccountsRuntime,
  kind: string,
  email: string,
  ip: string,
): Promise<void> {
  await enforce(rt.throttle, `${kind}:ip:${ip}`, LIMITS.mailPerIp.limit, LIMITS.mailPerIp.windowSec);
  await enforce(
    rt.throttle,
    `${kind}:pair:${email}|${ip}`,
    LIMITS.mailPerAddressAndIp.limit,
    LIMITS.mailPerAddressAndIp.windowSec,
  );
}

/**
 * A new address gets an unverified account and a verification link. A registered address gets
 * the same answer (201 with an id that is not theirs) and an e-mail saying it already has an
 * account; its password and names stay as they were.
 */
export async function register(
  rt: AccountsRuntime,
  body: RegisterBody,
  meta: RequestMeta,
): Promise<{ id: string }> {
  const { db } = rt.deps;
  const email = body.email.toLowerCase();
  await enforceMailLimits(rt, 'register', email, meta.ip);
  // Hash in both cases so the answer takes as long either way.
  const passwordHash = await hashPassword(body.password);
  // A new account belongs to no organisation yet: its link never uses an organisation's host.
  const origin = await linkOrigin(rt.deps, body.host);
  const brand = emailBrand(rt.deps.brands, origin);
  // The account, its token and the e-mail commit together (or not at all).
  const created = await db.transaction().execute(async (tx) => {
    const id = await repo.insertUser(tx, {
      email,
      passwordHash,
      firstName: body.firstName,
      lastName: body.lastName,
      emailVerifiedAt: null,
    });
    if (!id) return undefined;
    const secret = await newToken(tx, id, 'verify-email');
    await rt.deps.mail.enqueue(
      tx,
      verifyEmailMail(email, { brand, firstName: body.firstName, link: `${origin}/verify-email/${secret}` }),
    );
    return { id };
  });
  if (created) {
    rt.deps.mail.wake();
    await repo.audit(db, {
      actorId: created.id,
      action: 'register',
      entity: 'user',
      entityId: created.id,
      requestId: meta.requestId,
    });
    return { id: created.id };
  }
  const existing = await repo.findUserByEmail(db, email);
  if (existing) {
    await db.transaction().execute(async (tx) => {
      const theirOrigin = await linkOrigin({ ...rt.deps, db: tx }, body.host, existing.id);
      let verifyLink: string | undefined;
      if (!existing.emailVerifiedAt) {
        await repo.invalidateTokens(tx, existing.id, ['verify-email']);
        verifyLink = `${theirOrigin}/verify-email/${await newToken(tx, existing.id, 'verify-email')}`;
      }
      await rt.deps.mail.enqueue(
        tx,
        alreadyRegisteredMail(email, {
          brand,
          firstName: existing.firstName,
          resetLink: `${theirOrigin}/forgot-password`,
          ...(verifyLink ? { verifyLink } : {}),
        }),
      );
    });
    rt.deps.mail.wake();
    await repo.audit(db, {
      actorId: null,
      action: 'register.existing',
      entity: 'user',
      entityId: existing.id,
      requestId: meta.requestId,
    });
  }
  return { id: randomUUID() };
}

/** 410 for a token that can not be used, saying why. */
async function unusableToken(db: Db, tokenHash: string, purposes: OneTimeTokenPurpose[]): Promise<HttpError> {
  const row = await repo.findToken(db, tokenHash, purposes);
  const message = !row
    ? ACCOUNT_MESSAGES.linkInvalid
    : row.usedAt
      ? ACCOUNT_MESSAGES.linkUsed
      : ACCOUNT_MESSAGES.linkExpired;
  return new HttpError(410, message);
}

export async function verifyEmail(
  rt: AccountsRuntime,
  body: { token: string },
  meta: RequestMeta,
): Promise<{ verified: true }> {
  const { db } = rt.deps;
  const tokenHash = hashSecret(body.token);
  const used = await db.transaction().execute(async (tx) => {
    const row = await repo.consumeToken(tx, tokenHash, ['verify-email']);
    if (row) {
      await repo.markEmailVerified(tx, row.userId);
      await repo.invalidateTokens(tx, row.userId, ['verify-email']);
    }
    return row;
  });
  if (!used) throw await unusableToken(db, tokenHash, ['verify-email']);
  await repo.audit(db, {
    actorId: used.userId,
    action: 'email-verified',
    entity: 'user',
    entityId: used.userId,
    requestId: meta.requestId,
  });
  return { verified: true };
}

// ---------------------------------------------------------------- password reset and first password

/**
 * Always the same answer, after the same work: one job queued whether or not the address has an
 * account (the lookup, the token and the e-mail happen in the job, `sendPasswordReset`).
 */
export async function requestPasswordReset(
  rt: AccountsRuntime,
  body: { email: string; host: string },
  meta: RequestMeta,
): Promise<{ message: string }> {
  const { db, jobs } = rt.deps;
  const email = body.email.toLowerCase();
  await enforceMailLimits(rt, 'reset', email, meta.ip);
  const job: ResetJob = { email, host: body.host, requestId: meta.requestId };
  await db.transaction().execute((tx) => jobs.enqueue<ResetJob>(tx, RESET_QUEUE, job));
  jobs.wake(RESET_QUEUE);
  return { message: ACCOUNT_MESSAGES.resetRequested };
}

/** The job of a reset request: a new link (only the newest works) and its e-mail, if the address has an account. */
export async function sendPasswordReset(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands' | 'mail'>,
  job: ResetJob,
): Promise<void> {
  const { db } = deps;
  const user = await repo.findUserByEmail(db, job.email);
  if (!user) return;
  const origin = await linkOrigin(deps, job.host, user.id);
  await db.transaction().execute(async (tx) => {
    await repo.invalidateTokens(tx, user.id, ['reset-password']);
    const secret = await newToken(tx, user.id, 'reset-password');
    await deps.mail.enqueue(
      tx,
      resetPasswordMail(user.email, {
        brand: emailBrand(deps.brands, origin),
        firstName: user.firstName,
        link: `${origin}/reset-password?token=${secret}`,
      }),
    );
    await repo.audit(tx, {
      actorId: null,
      action: 'password-reset.requested',
      entity: 'user',
      entityId: user.id,
      requestId: job.requestId,
    });
  });
  deps.mail.wake();
}

/** Sets the password from a reset or create-password link and ends every session of the user. */
export async function completePasswordReset(
  rt: AccountsRuntime,
  body: { token: string; password: string },
  meta: RequestMeta,
): Promise<void> {
  const { db } = rt.deps;
  const purposes: OneTimeTokenPurpose[] = ['reset-password', 'create-password'];
  const tokenHash = hashSecret(body.token);
  // Refuse a dead link before spending time on hashing.
  const row = await repo.findToken(db, tokenHash, purposes);
  if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now())
    throw await unusableToken(db, tokenHash, purposes);
  const passwordHash = await hashPassword(body.password);
  const used = await db.transaction().execute(async (tx) => {
    const consumed = await repo.consumeToken(tx, tokenHash, purposes);
    if (!consumed) return undefined;
    await repo.setPassword(tx, consumed.userId, passwordHash);
    await repo.invalidateTokens(tx, consumed.userId, purposes);
    await repo.revokeUserSessions(tx, consumed.userId);
    return consumed;
  });
  if (!used) throw await unusableToken(db, tokenHash, purposes);
  await repo.audit(db, {
    actorId: used.userId,
    action: used.purpose === 'create-password' ? 'password-created' : 'password-reset',
    entity: 'user',
    entityId: used.userId,
    requestId: meta.requestId,
  });
}

type CreatePasswordDeps = Pick<AppDeps, 'db' | 'config' | 'mail' | 'brands'>;

/**
 * For other modules (tenancy: new admin users): queues, inside the caller's transaction `tx`, an
 * e-mail with a link to `/create-password` (single use, 7 days; earlier create-password links stop
 * working). Call `deps.mail.wake()` after the commit.
 */
export async function enqueueCreatePasswordEmail(
  tx: Db,
  deps: CreatePasswordDeps,
  user: { id: string; email: string; firstName?: string | null },
  host: string,
): Promise<void> {
  await repo.invalidateTokens(tx, user.id, ['create-password']);
  const secret = await newToken(tx, user.id, 'create-password');
  // On the transaction's connection (PGlite has only one).
  const origin = await linkOrigin({ ...deps, db: tx }, host, user.id);
  await deps.mail.enqueue(
    tx,
    createPasswordMail(user.email, {
      brand: emailBrand(deps.brands, origin),
      firstName: user.firstName ?? '',
      link: `${origin}/create-password?token=${secret}`,
    }),
  );
}

/** `enqueueCreatePasswordEmail` in a transaction of its own (sending the e-mail again). */
export async function sendCreatePasswordEmail(
  deps: CreatePasswordDeps,
  user: { id: string; email: string; firstName?: string | null },
  host: string,
): Promise<void> {
  await deps.db.transaction().execute((tx) => enqueueCreatePasswordEmail(tx, deps, user, host));
  deps.mail.wake();
}

// ---------------------------------------------------------------- users

function toAccountUser(u: User): AccountUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    photoUrl: u.photoUrl,
    userRole: u.userRole,
    emailVerified: u.emailVerifiedAt !== null,
    createdAt: u.createdAt.toISOString(),
  };
}

/** Oneself, or a user inside the caller's admin scope; anyone else is 'not found'. */
export async function getUser(rt: AccountsRuntime, auth: AuthContext, id: string): Promise<AccountUser> {
  const p = auth.principal;
  const user = await repo.findUserById(rt.deps.db, id);
  if (!user) throw notFound();
  const visible =
    user.id === p.userId || isSuperAdmin(p) || (await repo.isUserInAdminScope(rt.deps.db, p, user.id));
  if (!visible) throw notFound();
  return toAccountUser(user);
}

/** The events of a user (oneself, or anyone for a super admin) with the user's role in each. */
export async function listEventsOfUser(
  rt: AccountsRuntime,
  auth: AuthContext,
  userId: string,
  query: ListQuery,
): Promise<{ records: UserEvent[]; total: number }> {
  const p = auth.principal;
  if (userId !== p.userId && !isSuperAdmin(p)) throw notFound();
  const user = await repo.findUserById(rt.deps.db, userId);
  if (!user) throw notFound();
  const sort = parseSort(query.sort) ?? { field: 'startAt', direction: 'desc' as const };
  const field = USER_EVENT_SORT_FIELDS.find((f) => f === sort.field);
  if (!field)
    throw badRequest(`sort: Unknown sort field ${sort.field}`, {
      sort: `Sort by one of: ${USER_EVENT_SORT_FIELDS.join(', ')}`,
    });
  const { records, total } = await repo.listUserEvents(rt.deps.db, user.id, {
    allEvents: user.userRole === 'superadmin',
    onlyEventIds: auth.impersonating ? [...p.eventRoles.keys()] : undefined,
    search: query.search,
    sort: { field, direction: sort.direction },
    offset: (query.page - 1) * query.limit,
    limit: query.limit,
  });
  return {
    records: records.map((e) => ({ ...e, startAt: e.startAt.toISOString(), endAt: e.endAt.toISOString() })),
    total,
  };
}

/** The dev mailbox: only while e-mails are kept instead of sent, and only for super admins. */
export async function devMailbox(
  rt: AccountsRuntime,
  auth: AuthContext,
): Promise<{ records: MailboxMessage[]; total: number }> {
  if (!rt.deps.mailer.devMailbox || !isSuperAdmin(auth.principal)) throw notFound();
  const { records, total } = await repo.listMailbox(rt.deps.db, MAILBOX_LIMIT);
  return { records: records.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })), total };
}

/** Whether the dev mailbox exists: the super admin's menu offers it only then. */
export function devMailboxStatus(rt: AccountsRuntime, auth: AuthContext): { enabled: boolean } {
  if (!isSuperAdmin(auth.principal)) throw notFound();
  return { enabled: rt.deps.mailer.devMailbox };
}

// ---------------------------------------------------------------- single sign-on

export async function ssoProviders(
  rt: AccountsRuntime,
  host: string,
): Promise<{ enabled: boolean; name?: string }> {
  const provider = await ssoProviderForHost(rt.deps, host);
  return provider ? { enabled: true, name: provider.name } : { enabled: false };
}

/** Only a path on the same host: '/x', not '//evil' or 'https://evil'. */
const safeRedirect = (r: string | undefined) => (r && /^\/(?![/\\])/.test(r) ? r : null);

/** Stores state, nonce and PKCE verifier, and answers the provider URL to send the browser to. */
export async function ssoStart(
  rt: AccountsRuntime,
  host: string,
  redirect: string | undefined,
): Promise<{ location: string; state: string }> {
  const { db, config } = rt.deps;
  const provider = await ssoProviderForHost(rt.deps, host);
  if (!provider) throw notFound(ACCOUNT_MESSAGES.ssoNotConfigured);
  const client = await clientConfig(provider, config).catch((err: unknown) => {
    rt.log.warn({ err, issuer: provider.issuer }, 'SSO discovery failed');
    throw ssoUnreachable();
  });
  const redirectUri = `${ssoCallbackOrigin(rt.deps, host)}/login/callback`;
  const start = await authorizationUrl(client, redirectUri);
  await repo.deleteStaleSsoStates(db, new Date(Date.now() - SSO_STATE_TTL_MS));
  await repo.insertSsoState(db, {
    state: start.state,
    providerId: provider.id,
    codeVerifier: start.codeVerifier,
    nonce: start.nonce,
    host: normHost(host),
    redirect: safeRedirect(redirect),
  });
  return { location: start.url.toString(), state: start.state };
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

async function ssoSignIn(
  rt: AccountsRuntime,
  body: Extract<SignInBody, { sso: true }>,
  meta: RequestMeta,
): Promise<SignInResponse> {
  const { db, config } = rt.deps;
  const ipKey = `signin:ip:${meta.ip}`;
  await enforce(rt.throttle, ipKey, LIMITS.signInPerIp.limit, LIMITS.signInPerIp.windowSec);
  const invalid = () => unauthorized(ACCOUNT_MESSAGES.ssoStateInvalid);

  // Single use: the row is gone whatever happens next.
  const state = await repo.takeSsoState(db, body.state);
  if (!state) throw invalid();
  // Bound to the browser that started the attempt (login CSRF): the cookie set by sso/start.
  if (cookieValue(meta.cookie, SSO_COOKIE) !== body.state) throw invalid();
  if (state.createdAt.getTime() < Date.now() - SSO_STATE_TTL_MS) throw invalid();
  if (state.host !== normHost(body.host)) throw invalid();
  const provider = await repo.findSsoProviderById(db, state.providerId);
  if (!provider) throw invalid();

  const client = await clientConfig(provider, config).catch((err: unknown) => {
    rt.log.warn({ err, issuer: provider.issuer }, 'SSO discovery failed');
    throw ssoUnreachable();
  });
  const redirectUri = `${ssoCallbackOrigin(rt.deps, state.host)}/login/callback`;
  const identity = await exchangeCode(client, {
    redirectUri,
    code: body.token,
    state: body.state,
    iss: body.iss,
    codeVerifier: state.codeVerifier,
    nonce: state.nonce,
  }).catch((err: unknown) => {
    rt.log.warn({ err, issuer: provider.issuer }, 'SSO code exchange failed');
    throw ssoFailed();
  });
  if (!identity.email || !identity.emailVerified) throw forbidden(ACCOUNT_MESSAGES.ssoEmailNotVerified);

  let user = await repo.findUserByEmail(db, identity.email);
  if (user && provider.organizationId) {
    // A provider of one organisation may only vouch for accounts that live in that organisation:
    // otherwise its admin could assert a super admin's address and become them.
    const orgs = await organizationsOfUser(db, user.id);
    if (user.userRole === 'superadmin' || orgs.some((o) => o !== provider.organizationId)) {
      await repo.audit(db, {
        actorId: null,
        action: 'sign-in.sso-refused',
        entity: 'user',
        entityId: user.id,
        requestId: meta.requestId,
      });
      throw forbidden(ACCOUNT_MESSAGES.ssoAccountElsewhere);
    }
  }
  if (!user) {
    const id = await repo.insertUser(db, {
      email: identity.email,
      passwordHash: null,
      firstName: identity.firstName,
      lastName: identity.lastName,
      emailVerifiedAt: new Date(),
    });
    user = await (id ? repo.findUserById(db, id) : repo.findUserByEmail(db, identity.email));
    if (!user) throw ssoFailed();
  } else if (!user.emailVerifiedAt) {
    await repo.adoptUnverifiedUser(db, user.id);
    await repo.revokeUserSessions(db, user.id);
  }
  await rt.throttle.undo(ipKey);
  return finishSignIn(rt.deps, user, body.host, loginTypeFor(body.host, body.loginType), meta, 'sign-in.sso');
}

// ---------------------------------------------------------------- SSO providers (for the tenancy module)

export interface SsoProviderInput {
  organizationId: string | null;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  hosts: string[];
}

/**
 * Creates or updates the provider of an organisation (one per organisation; `organizationId: null`
 * is an operator-wide provider, matched by issuer and client id). Throws 400 for an issuer that is
 * not https (http only on loopback), for an organisation's host that is the platform's or that no
 * super admin approved for it (link-hosts.ts), and 409 when another provider already serves one of
 * the hosts. Does not contact the provider.
 */
export async function upsertSsoProvider(deps: LinkDeps, input: SsoProviderInput): Promise<{ id: string }> {
  const { db } = deps;
  let issuer: URL;
  try {
    issuer = new URL(input.issuer);
  } catch {
    throw badRequest('issuer: Please enter a valid URL', { issuer: MESSAGES.invalidUrl });
  }
  if (
    !(issuer.protocol === 'https:' || (issuer.protocol === 'http:' && isLoopbackHost(issuer.hostname))) ||
    issuer.search ||
    issuer.hash
  ) {
    throw badRequest('issuer: must be an https URL', { issuer: MESSAGES.invalidUrl });
  }
  const hosts = [...new Set(input.hosts.map(normHost).filter((h) => h !== ''))];
  const bad = hosts.find((h) => !/^[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?(:\d{1,5})?$/.test(h));
  if (bad !== undefined)
    throw badRequest(`hosts: ${ACCOUNT_MESSAGES.invalidHost}`, { hosts: ACCOUNT_MESSAGES.invalidHost });
  if (input.organizationId !== null) await assertHostsApproved(deps, input.organizationId, hosts);
  const existing = input.organizationId
    ? await repo.findSsoProviderByOrganization(db, input.organizationId)
    : await repo.findGlobalSsoProvider(db, input.issuer.trim(), input.clientId);
  const taken = await repo.hostsClaimedByOthers(db, hosts, existing?.id);
  if (taken.length > 0)
    throw conflict(`hosts: ${taken.join(', ')} already use another sign-in provider`, {
      hosts: `${taken.join(', ')} already use another sign-in provider`,
    });
  const id = await repo.saveSsoProvider(db, existing?.id, {
    organizationId: input.organizationId,
    name: input.name.trim(),
    // As given: openid-client compares it with the provider's own issuer identifier, byte for byte.
    issuer: input.issuer.trim(),
    clientId: input.clientId,
    clientSecret: input.clientSecret,
    hosts,
  });
  return { id };
}

/** An organisation binds only hosts a super admin approved for it, never the platform's own. */
async function assertHostsApproved(deps: LinkDeps, organizationId: string, hosts: string[]): Promise<void> {
  const refuse = (list: string[], message: string) => {
    const text = `${list.join(', ')}: ${message}`;
    return badRequest(`hosts: ${text}`, { hosts: text });
  };
  const platform = hosts.filter((h) => isPlatformHost(deps, h));
  if (platform.length > 0) throw refuse(platform, TENANCY_MESSAGES.approvedHostPlatform);
  const unapproved = await repo.hostsNotApprovedFor(deps.db, organizationId, hosts);
  if (unapproved.length > 0) throw refuse(unapproved, TENANCY_MESSAGES.ssoHostNotApproved);
}

/** The organisation's provider without its secret (for the organisation form), or undefined. */
export async function ssoProviderOf(
  db: Db,
  organizationId: string,
): Promise<(Omit<SsoProviderInput, 'clientSecret'> & { id: string }) | undefined> {
  const row = await repo.findSsoProviderByOrganization(db, organizationId);
  if (!row) return undefined;
  const { clientSecret: _secret, ...rest } = row;
  return rest;
}

export const removeSsoProvider = (db: Db, organizationId: string) =>
  repo.deleteSsoProvider(db, organizationId);

/** Checks that the API may reach the issuer (public address, or allowed in EGRESS_ALLOW_HOSTS). */
export const checkIssuerReachable = (issuer: string, config: AppDeps['config']) =>
  assertEgressAllowed(new URL(issuer), config);
