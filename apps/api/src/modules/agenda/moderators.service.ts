import {
  ACCOUNT_MESSAGES,
  AGENDA_MESSAGES,
  CMS_HOST_PREFIX,
  isCmsHost,
  type SessionRecord,
  type SignInResponse,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import { hashSecret, newOneTimeSecret } from '../../platform/auth.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { EMAILS, eventEmailBrand, renderEmail, type EmailBrand } from '../../platform/email/index.js';
import type { MailMessage } from '../../platform/mail.js';
import { forbidden, HttpError, notFound } from '../../platform/errors.js';
import { finishSignIn, loginTypeFor, TOKEN_LIFETIME_MS, type RequestMeta } from '../accounts/index.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import type { EventAccess } from '../../platform/event-access.js';
import { createUser, findUserByEmail, findUserById } from '../../platform/users.repo.js';
import * as repo from './moderators.repo.js';
import { addModerator, idsInEvent } from './sessions.repo.js';
import { getSession } from './sessions.service.js';

export { MODERATOR_LINK_PURPOSE } from './moderators.repo.js';

/**
 * Moderators work in the console: the link's origin is the console's (`cms.` host) whatever host
 * the admin called from. The host must be ours or approved for `organizationId` (accounts'
 * linkOrigin: the invited person moderates one of its events), else PUBLIC_URL's console twin.
 */
export async function consoleOrigin(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands'>,
  host: string,
  organizationId: string,
): Promise<string> {
  const origin = new URL(
    await linkOrigin(deps, isCmsHost(host) ? host : `${CMS_HOST_PREFIX}${host}`, { organizationId }),
  );
  if (!isCmsHost(origin.hostname)) origin.hostname = `${CMS_HOST_PREFIX}${origin.hostname}`;
  return origin.origin;
}

function moderatorMail(
  to: string,
  brand: EmailBrand,
  o: { firstName: string; session: string; event: string; link: string },
): MailMessage {
  return renderEmail(to, brand, EMAILS.moderator(o));
}

/**
 * POST sessions/{sessionId}/invite-moderator: finds the account by e-mail or creates one (no
 * password: it signs in by the link), gives it the event's moderator role unless it holds a role
 * in the event's memberships already, adds it to the session's moderators and e-mails a one-time
 * link. One transaction; earlier unused moderator links of the person for this event stop working.
 */
export async function inviteModerator(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config' | 'brands'>,
  { ctx, event }: EventAccess,
  sessionId: string,
  body: { email: string; firstName: string; lastName: string },
): Promise<SessionRecord> {
  const { db } = deps;
  if (!(await idsInEvent(db, 'sessions', event.id, [sessionId])).has(sessionId)) throw notFound();
  const session = await repo.sessionName(db, sessionId);
  const origin = await consoleOrigin(deps, ctx.host, event.organizationId);
  const brand = await eventEmailBrand(deps, event.id, origin);
  const { secret, hash } = newOneTimeSecret();
  const email = body.email.trim().toLowerCase();
  await db.transaction().execute(async (tx: Db) => {
    let user: { id: string; firstName: string } | undefined = await findUserByEmail(tx, email);
    if (!user) {
      const { id } = await createUser(tx, ctx, { email, firstName: body.firstName, lastName: body.lastName });
      if (!id) throw new Error('the e-mail address was taken while the moderator was invited');
      user = { id, firstName: body.firstName };
    }
    if (!(await repo.hasEventRole(tx, event.id, user.id))) {
      await repo.insertModeratorMembership(tx, event.id, user.id);
      await audit(tx, ctx, 'create', 'membership', user.id);
    }
    await addModerator(tx, sessionId, user.id);
    await repo.endOpenLinks(tx, event.id, user.id);
    await repo.insertLink(tx, {
      eventId: event.id,
      userId: user.id,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS['moderator-link']),
    });
    await audit(tx, ctx, 'update', 'session', sessionId);
    await deps.mail.enqueue(tx, {
      eventId: event.id,
      ...moderatorMail(email, brand, {
        firstName: user.firstName || body.firstName,
        session: session.name,
        event: event.name,
        link: `${origin}/moderate/${sessionId}/${secret}`,
      }),
    });
  });
  deps.mail.wake();
  return getSession(db, event.id, sessionId);
}

/**
 * A fresh single-use moderator link for someone already listed on the session, e-mailed like an
 * invitation's (engagement's POST moderation/sessions/{sessionId}/magic-link-token): earlier unused
 * links of theirs for the event stop working. False when the user is not a listed moderator of the
 * session (nothing is sent).
 */
export async function mailModeratorLink(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config' | 'brands'>,
  { ctx, event }: EventAccess,
  sessionId: string,
  userId: string,
): Promise<boolean> {
  const { db } = deps;
  if (!(await repo.isSessionModerator(db, sessionId, userId))) return false;
  const [session, user] = await Promise.all([repo.sessionName(db, sessionId), findUserById(db, userId)]);
  if (!user) return false;
  const origin = await consoleOrigin(deps, ctx.host, event.organizationId);
  const brand = await eventEmailBrand(deps, event.id, origin);
  const { secret, hash } = newOneTimeSecret();
  await db.transaction().execute(async (tx: Db) => {
    await repo.endOpenLinks(tx, event.id, userId);
    await repo.insertLink(tx, {
      eventId: event.id,
      userId,
      tokenHash: hash,
      expiresAt: new Date(Date.now() + TOKEN_LIFETIME_MS['moderator-link']),
    });
    await deps.mail.enqueue(tx, {
      eventId: event.id,
      ...moderatorMail(user.email, brand, {
        firstName: user.firstName,
        session: session.name,
        event: event.name,
        link: `${origin}/moderate/${sessionId}/${secret}`,
      }),
    });
  });
  deps.mail.wake();
  return true;
}

/**
 * `POST moderate/{sessionId}/sign-in`: uses the invitation link (once) and signs its person in
 * like POST auth (login type cms on a console host). The link must be live, of the session's event,
 * and the session must still list the person as a moderator; otherwise nothing is used and the
 * answer says why: 410 unknown / used / expired, 403 a link of another event's session, or the person does not moderate this session.
 */
export async function signInWithModeratorLink(
  deps: Pick<AppDeps, 'db' | 'config'>,
  sessionId: string,
  body: { token: string; host: string },
  meta: Pick<RequestMeta, 'ip' | 'userAgent' | 'requestId'>,
): Promise<SignInResponse & { eventId: string }> {
  const { db } = deps;
  const tokenHash = hashSecret(body.token);
  const used = await db.transaction().execute(async (tx) => {
    const row = await repo.consume(tx, tokenHash, sessionId);
    if (row) await repo.markEmailVerified(tx, row.userId);
    return row;
  });
  if (!used) throw await refusal(db, tokenHash, sessionId);
  const answer = await finishSignIn(
    deps,
    { id: used.userId },
    body.host,
    loginTypeFor(body.host, undefined),
    meta,
    'sign-in.moderator-link',
  );
  return { ...answer, eventId: used.eventId };
}

async function refusal(db: Db, tokenHash: string, sessionId: string): Promise<HttpError> {
  const link = await repo.findLink(db, tokenHash);
  if (!link) return new HttpError(410, ACCOUNT_MESSAGES.linkInvalid);
  if (link.usedAt) return new HttpError(410, ACCOUNT_MESSAGES.linkUsed);
  if (link.expiresAt.getTime() <= Date.now()) return new HttpError(410, ACCOUNT_MESSAGES.linkExpired);
  if (link.eventId === null || link.eventId !== (await repo.sessionEventId(db, sessionId)))
    return forbidden(AGENDA_MESSAGES.moderatorLinkOtherSession);
  return (await repo.isSessionModerator(db, sessionId, link.userId))
    ? new HttpError(410, ACCOUNT_MESSAGES.linkUsed)
    : forbidden(AGENDA_MESSAGES.notSessionModerator);
}
