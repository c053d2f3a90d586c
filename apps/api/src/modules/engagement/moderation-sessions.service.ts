import { AGENDA_MESSAGES, MESSAGES } from '@plenary/domain';
import type { FastifyRequest } from 'fastify';
import { canAdminEvent } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, type EventAccess } from '../../platform/event-access.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { mailModeratorLink } from '../agenda/index.js';
import { moderatesSession } from './instance-access.js';
import * as repo from './moderation-sessions.repo.js';

/** GET …/moderation/sessions: admins see every session of the event, moderators the ones listing them. */
export async function moderationScope(
  db: Db,
  request: FastifyRequest,
  eventId: string,
): Promise<repo.ModerationScope> {
  const { ctx, event } = await eventAccess(db, request, eventId, 'read');
  return {
    eventId: event.id,
    moderatorUserId: canAdminEvent(ctx.principal, event) ? null : ctx.principal.userId,
  };
}

/** GET …/moderation/sessions/{sessionId}/instances: the session's instances (staff of the session). */
export async function sessionInstances(db: Db, request: FastifyRequest, eventId: string, sessionId: string) {
  const [access, session] = await Promise.all([
    eventAccess(db, request, eventId, 'read'),
    repo.sessionOfEvent(db, eventId, sessionId),
  ]);
  if (!session) throw notFound();
  if (!(await moderatesSession(db, access.ctx.principal, access.event, sessionId)))
    throw forbidden(MESSAGES.forbidden);
  return { records: await repo.instancesOfSession(db, sessionId) };
}

/**
 * POST …/moderation/sessions/{sessionId}/magic-link-token: e-mails a fresh single-use moderator
 * link (the agenda's invitation machinery) to a listed moderator of the session; 404 for a
 * session of another event or a user who is not listed on it.
 */
export async function sendMagicLink(
  deps: Pick<AppDeps, 'db' | 'mail' | 'config' | 'brands'>,
  access: EventAccess,
  sessionId: string,
  userId: string,
): Promise<void> {
  if (!(await repo.sessionOfEvent(deps.db, access.event.id, sessionId))) throw notFound();
  if (!(await mailModeratorLink(deps, access, sessionId, userId)))
    throw notFound(AGENDA_MESSAGES.notSessionModerator);
}
