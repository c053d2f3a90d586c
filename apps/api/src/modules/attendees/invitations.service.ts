import {
  ACCOUNT_MESSAGES,
  EVENT_INVITATION_PATH,
  EVENT_INVITATION_TTL_DAYS,
  type CustomFieldValue,
  type InvitationAccepted,
} from '@plenary/domain';
import { hashSecret, newOneTimeSecret } from '../../platform/auth.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventEmailBrand } from '../../platform/email/index.js';
import { HttpError } from '../../platform/errors.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import type { EventRef } from '../../platform/event-access.js';
import { asDefs, listFields } from './custom-fields.repo.js';
import { invitationMail } from './invitations.emails.js';
import * as repo from './invitations.repo.js';
import * as labelsRepo from './labels.repo.js';
import { recomputeRuleLabels } from './labels.service.js';
import { auditMany } from '../../platform/audit.repo.js';
import {
  findUserById,
  insertParticipant,
  markEmailVerified,
  type ProfilePatch,
} from './participants.repo.js';

export type InviteDeps = Pick<AppDeps, 'db' | 'config' | 'brands' | 'mail'>;

/** An account outside the event's organisation that an admin wanted to add, with what the admin entered. */
export interface Invitee {
  userId: string;
  email: string;
  /** The account's first name, for the greeting. */
  firstName: string;
  profile: ProfilePatch;
  customFields: Record<string, CustomFieldValue>;
  labelIds: string[];
}

export interface Inviter {
  actorId: string;
  impersonatedUserId?: string | null;
  requestId?: string | null;
  /** Where the admin works (the participant app's host is this without "cms."). */
  host: string;
}

/**
 * In the caller's transaction: one invitation per invitee (single-use secret stored as a hash,
 * EVENT_INVITATION_TTL_DAYS days; an earlier unused one to the same event stops working), an audit
 * row each and the e-mails, queued so they go out exactly when the transaction commits. The caller
 * wakes the mail worker after the commit. Nothing is added to the event until the person accepts.
 */
export async function inviteInTransaction(
  tx: Db,
  deps: InviteDeps,
  event: Pick<EventRef, 'id' | 'name'>,
  inviter: Inviter,
  invitees: readonly Invitee[],
): Promise<void> {
  if (invitees.length === 0) return;
  const expiresAt = new Date(Date.now() + EVENT_INVITATION_TTL_DAYS * 86_400_000);
  const withSecrets = invitees.map((i) => {
    const { secret, hash } = newOneTimeSecret();
    return { ...i, secret, tokenHash: hash };
  });
  const ids = await repo.insertInvitations(tx, event.id, withSecrets, expiresAt, inviter.actorId);
  await auditMany(tx, inviter, 'create', ids, 'event-invitation');
  const host = inviter.host.replace(/^cms\./i, '');
  // No recipient: the invitee is outside the organisation, so the link never uses an organisation's approved host.
  const origin = await linkOrigin(deps, host);
  // On the transaction's connection (PGlite has only one).
  const brand = await eventEmailBrand({ ...deps, db: tx }, event.id, origin);
  await deps.mail.enqueue(
    tx,
    withSecrets.map((i) => ({
      ...invitationMail(i.email, {
        brand,
        event: event.name,
        firstName: i.firstName,
        link: `${origin}${EVENT_INVITATION_PATH}?token=${i.secret}`,
      }),
      eventId: event.id,
    })),
  );
}

async function refuse(db: Db, tokenHash: string): Promise<never> {
  const row = await repo.findByToken(db, tokenHash);
  throw new HttpError(
    410,
    !row
      ? ACCOUNT_MESSAGES.linkInvalid
      : row.usedAt
        ? ACCOUNT_MESSAGES.linkUsed
        : ACCOUNT_MESSAGES.linkExpired,
  );
}

/**
 * `POST invitations/accept`: uses the invitation (once) and makes its account a participant of the
 * event with the profile the admin entered (names default to the account's), the custom-field
 * values of fields that still exist and the manual labels that still exist. The link reached the
 * address, so the account's e-mail counts as confirmed. 410 for unknown, used or expired links.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  requestId: string,
): Promise<InvitationAccepted> {
  const tokenHash = hashSecret(token);
  const accepted = await db.transaction().execute(async (tx) => {
    const invitation = await repo.consume(tx, tokenHash);
    if (!invitation) return undefined;
    const { eventId, userId } = invitation;
    const [event, user, fields] = await Promise.all([
      repo.eventName(tx, eventId),
      findUserById(tx, userId),
      listFields(tx, eventId),
    ]);
    if (!user) return undefined;
    const known = new Set(asDefs(fields).map((f) => f.id));
    const participantId = await insertParticipant(tx, {
      eventId,
      userId,
      profile: { firstName: user.firstName, lastName: user.lastName, ...invitation.profile },
      photoUrl: user.photoUrl,
      customFields: Object.fromEntries(
        Object.entries(invitation.customFields).filter(([id]) => known.has(id)),
      ),
      updatedBy: userId,
    });
    await markEmailVerified(tx, userId);
    if (participantId) {
      const labels =
        invitation.labelIds.length > 0 ? await labelsRepo.labelsByIds(tx, eventId, invitation.labelIds) : [];
      await labelsRepo.addMembers(
        tx,
        labels.filter((l) => l.type === 'MANUAL').map((l) => l.id),
        [participantId],
      );
      await recomputeRuleLabels(tx, eventId, { participantIds: [participantId] });
      await auditMany(tx, { actorId: userId, requestId }, 'create', [participantId]);
    }
    return { eventId: event.id, eventName: event.name };
  });
  return accepted ?? refuse(db, tokenHash);
}

/** `POST invitations/decline`: the invitation is deleted; the event never held anything of the person. */
export async function declineInvitation(db: Db, token: string): Promise<void> {
  const tokenHash = hashSecret(token);
  if (!(await repo.deleteLive(db, tokenHash))) await refuse(db, tokenHash);
}
