import type { FastifyRequest } from 'fastify';
import { MESSAGES } from '@plenary/domain';
import { canAdminEvent, canModerateEvent, type Principal } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import { writeContext } from '../../platform/audit.js';
import { eventAccess, type EventAccess } from '../../platform/event-access.js';
import { forbidden, notFound } from '../../platform/errors.js';
import type { RoomCheck } from '../../platform/realtime.js';
import { participantIdOfUser } from '../attendees/index.js';
import { viewerOf, type Viewer } from '../agenda/index.js';
import * as repo from './instance-access.repo.js';

export type { InstanceRow } from './instance-access.repo.js';

/**
 * Who may do what with an instance (docs/guides/engagement.md):
 * - staff: the event's admins (every session) and the session's listed moderators;
 * - participants: those who see the session on their agenda and are in the tool's audience.
 * Another event's instance, or one the participant may not see, is 404. Whether it is OPEN is the
 * caller's business (answers outside OPEN are 409, not 404).
 */
export interface StaffInstance extends EventAccess {
  instance: repo.InstanceRow;
}
export interface ParticipantInstance extends EventAccess {
  instance: repo.InstanceRow;
  participantId: string;
  viewer: Viewer;
}

/** May this principal moderate the session? Event admins always; moderators when listed on it. */
export async function moderatesSession(
  db: Db,
  p: Principal,
  event: { id: string; eventHubId: string; organizationId: string },
  sessionId: string,
): Promise<boolean> {
  if (canAdminEvent(p, event)) return true;
  return canModerateEvent(p, event) && repo.isSessionModerator(db, sessionId, p.userId);
}

export async function staffInstance(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  instanceId: string,
): Promise<StaffInstance> {
  const [access, instance] = await Promise.all([
    eventAccess(db, request, eventId, 'read'),
    repo.findInstance(db, eventId, instanceId),
  ]);
  if (!instance) throw notFound();
  if (!(await moderatesSession(db, access.ctx.principal, access.event, instance.sessionId)))
    throw forbidden(MESSAGES.forbidden);
  return { ...access, instance };
}

export async function participantInstance(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  instanceId: string,
): Promise<ParticipantInstance> {
  // The three reads at once (one round trip); the access check still decides first what the caller learns.
  const [access, participantId, instance] = await Promise.all([
    eventAccess(db, request, eventId, 'member'),
    participantIdOfUser(db, eventId, writeContext(request).principal.userId),
    repo.findInstance(db, eventId, instanceId),
  ]);
  if (!participantId || !instance) throw notFound();
  const viewer = await viewerOf(db, eventId, participantId);
  if (!(await repo.participantMaySee(db, instance, viewer))) throw notFound();
  return { ...access, instance, participantId, viewer };
}

/**
 * `engagement:<instanceId>`: staff of the session, and participants who may take part while the
 * instance is OPEN (a closed one's final results are read over HTTP).
 */
export function engagementRoomCheck(db: Db): RoomCheck {
  return async (principal, instanceId) => {
    const instance = await repo.findInstanceScope(db, instanceId);
    if (!instance) return false;
    const event = {
      id: instance.eventId,
      eventHubId: instance.eventHubId,
      organizationId: instance.organizationId,
    };
    if (await moderatesSession(db, principal, event, instance.sessionId)) return true;
    if (instance.status !== 'OPEN') return false;
    const participantId = await participantIdOfUser(db, instance.eventId, principal.userId);
    return (
      participantId !== undefined &&
      repo.participantMaySee(db, instance, await viewerOf(db, instance.eventId, participantId))
    );
  };
}

/** `moderatorQueue:<instanceId>`: the session's staff only. */
export function moderatorQueueRoomCheck(db: Db): RoomCheck {
  return async (principal, instanceId) => {
    const instance = await repo.findInstanceScope(db, instanceId);
    if (!instance) return false;
    const event = {
      id: instance.eventId,
      eventHubId: instance.eventHubId,
      organizationId: instance.organizationId,
    };
    return moderatesSession(db, principal, event, instance.sessionId);
  };
}
