import {
  ACCOUNT_MESSAGES,
  ATTENDEE_MESSAGES,
  isCmsHost,
  MAGIC_LINK_PATH,
  MAGIC_LINK_RECIPIENTS_MAX,
  MAGIC_LINK_TTL_HOURS,
  MESSAGES,
  type ParticipantSelectionFilter,
  type SendMagicLinks,
} from '@plenary/domain';
import { isConsoleUser, loadPrincipal } from '../../platform/access.js';
import { hashSecret, issueToken, newOneTimeSecret } from '../../platform/auth.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventEmailBrand } from '../../platform/email/index.js';
import { forbidden, HttpError, unauthorized } from '../../platform/errors.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import type { EventAccess } from '../../platform/event-access.js';
import { fieldsError, parseOr400 } from '../../platform/http.js';
import { asDefs, listFields } from './custom-fields.repo.js';
import { magicLinkMail } from './magic-links.emails.js';
import * as repo from './magic-links.repo.js';
import { participantList } from './participants.list.js';
import { auditMany } from '../../platform/audit.repo.js';
import { markEmailVerified } from './participants.repo.js';

/** Ids of the event's participants matching a filter (the list's filters), at most MAX + 1. */
async function idsMatching(db: Db, eventId: string, filter: ParticipantSelectionFilter): Promise<string[]> {
  const fields = asDefs(await listFields(db, eventId));
  const list = participantList(fields);
  const query = parseOr400(list.query, {
    ...(filter.search ? { search: filter.search } : {}),
    ...(filter.labelId?.length ? { labelId: filter.labelId.join(',') } : {}),
    ...(filter.hasPhoto !== undefined ? { hasPhoto: String(filter.hasPhoto) } : {}),
    ...(filter.verified !== undefined ? { verified: String(filter.verified) } : {}),
    ...(filter.rules?.length ? { rules: JSON.stringify(filter.rules) } : {}),
  });
  const ids: string[] = [];
  for await (const batch of list.rows(db, { eventId, fields }, query, { max: MAGIC_LINK_RECIPIENTS_MAX + 1 }))
    ids.push(...batch.map((p) => p.id));
  return ids;
}

/**
 * Sends each selected participant a sign-in link `<origin>/event/login?magic=<token>` (single use,
 * MAGIC_LINK_TTL_HOURS hours; earlier unused links of the same person for this event stop
 * working). The tokens, the report rows, an audit row per participant and the e-mails are written
 * in one transaction: the e-mails go out (a job each, platform/mail.ts) once it commits. The origin
 * is the participant app's: `host` from the body, else the request's host without a leading
 * "cms."; hosts that are not ours fall back to PUBLIC_URL (see accounts' linkOrigin).
 */
export async function sendMagicLinks(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands' | 'mail'>,
  { ctx, event }: EventAccess,
  body: SendMagicLinks,
): Promise<{ sent: number; expiresAt: Date }> {
  const { db } = deps;
  const ids = body.participantIds ?? (await idsMatching(db, event.id, body.filter ?? {}));
  if (ids.length > MAGIC_LINK_RECIPIENTS_MAX)
    throw fieldsError({
      filter: `${ATTENDEE_MESSAGES.selectionTooLarge} (at most ${MAGIC_LINK_RECIPIENTS_MAX})`,
    });
  const people = await repo.recipients(db, event.id, [...new Set(ids)]);
  const expiresAt = new Date(Date.now() + MAGIC_LINK_TTL_HOURS * 60 * 60 * 1000);
  const links = people.map((p) => {
    const { secret, hash } = newOneTimeSecret();
    return { ...p, secret, tokenHash: hash };
  });
  const host = body.host ?? ctx.host.replace(/^cms\./i, '');
  // Every recipient is a participant of this event, so of its organisation.
  const origin = await linkOrigin(deps, host, { organizationId: event.organizationId });
  const brand = await eventEmailBrand(deps, event.id, origin);
  await db.transaction().execute(async (tx) => {
    await repo.insertLinks(tx, event.id, links, expiresAt, ctx.actorId);
    await auditMany(
      tx,
      ctx,
      'create',
      links.map((l) => l.participantId),
      'magic-link',
    );
    await deps.mail.enqueue(
      tx,
      links.map((link) => ({
        ...magicLinkMail(link.email, {
          brand,
          event: event.name,
          firstName: link.firstName,
          link: `${origin}${MAGIC_LINK_PATH}?magic=${link.secret}`,
        }),
        eventId: event.id,
      })),
    );
  });
  deps.mail.wake();
  return { sent: links.length, expiresAt };
}

export interface SignInMeta {
  ip: string;
  userAgent: string | undefined;
  requestId: string;
}

/**
 * `POST auth/magic-link`: uses the link (once), confirms the account's e-mail address (the link
 * reached it) and signs the participant in like POST auth with login type 'event'. 410 for a link
 * that is unknown, used or expired (saying which), or whose participant left the event. Every
 * check runs in the transaction that uses the link, so a refusal (403 on a `cms.` host) rolls the
 * use back: the link still works where it belongs.
 */
export async function signInWithMagicLink(
  deps: Pick<AppDeps, 'db' | 'config'>,
  body: { token: string; host: string },
  meta: SignInMeta,
) {
  const { db, config } = deps;
  const tokenHash = hashSecret(body.token);
  const signedIn = await db.transaction().execute(async (tx) => {
    const row = await repo.consume(tx, tokenHash);
    if (!row) return undefined;
    if (!(await repo.isParticipant(tx, row.eventId, row.userId))) return 'left' as const;
    const principal = await loadPrincipal(tx, row.userId);
    if (!principal) throw unauthorized(MESSAGES.invalidCredentials);
    if (isCmsHost(body.host) && !isConsoleUser(principal)) throw forbidden(MESSAGES.notAuthorizedCms);
    await markEmailVerified(tx, row.userId);
    const issued = await issueToken(tx, config, principal, {
      loginType: 'event',
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    await repo.auditSignIn(tx, { userId: row.userId, sid: issued.tokenData.sid, requestId: meta.requestId });
    return { issued, eventId: row.eventId };
  });
  if (signedIn === undefined) {
    const row = await repo.findToken(db, tokenHash);
    throw new HttpError(
      410,
      !row
        ? ACCOUNT_MESSAGES.linkInvalid
        : row.usedAt
          ? ACCOUNT_MESSAGES.linkUsed
          : ACCOUNT_MESSAGES.linkExpired,
    );
  }
  if (signedIn === 'left') throw new HttpError(410, ACCOUNT_MESSAGES.linkInvalid);
  const { issued, eventId } = signedIn;
  const { iat, exp } = issued.tokenData;
  if (iat === undefined || exp === undefined) throw new Error('issueToken returned no iat/exp');
  return { token: issued.token, tokenData: { ...issued.tokenData, iat, exp }, eventId };
}
