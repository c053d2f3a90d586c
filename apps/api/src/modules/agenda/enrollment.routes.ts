import type { FastifyRequest } from 'fastify';
import {
  addSessionAttendeesResultSchema,
  addSessionAttendeesSchema,
  enrollableUserSchema,
  enrollResultSchema,
  sessionAttendeeSchema,
  sessionCheckInResultSchema,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { asDefs, listFields } from '../attendees/index.js';
import { eventAccess } from '../../platform/event-access.js';
import { attendeeParams, errors, eventParams, noContent, sessionParams, TAG } from './agenda.http.js';
import { parseOr400 } from '../../platform/http.js';
import { attendanceList, attendeeList, enrollableList } from './attendees.list.js';
import { audienceCondition, type StoredAudience } from './audience.js';
import * as service from './enrollment.service.js';
import * as enrollmentRepo from './enrollment.repo.js';

const BASE = '/events/:eventId/sessions';

type SessionRequest = FastifyRequest<{ Params: { eventId: string; sessionId: string } }>;

/** The session (404 unless the event's) and its effective audience. */
async function sessionAudience(db: Db, eventId: string, sessionId: string): Promise<StoredAudience> {
  const audience = await enrollmentRepo.sessionAudience(db, eventId, sessionId);
  if (!audience) throw notFound();
  return audience;
}

async function sessionOf(db: Db, eventId: string, sessionId: string): Promise<void> {
  await sessionAudience(db, eventId, sessionId);
}

/**
 * Enrollment: participants enroll and leave; admins list, add (capacity optional), remove and
 * check in attendees, see who the audience still holds, and export attendance.
 */
export function enrollmentRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const params = (request: FastifyRequest) => parseOr400(sessionParams, request.params);

  app.post(
    `${BASE}/v2/:sessionId/enroll`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Enroll, or join the waitlist',
        description:
          'The caller (a participant of the event) takes a seat while there is one, else a place on the waitlist when the session keeps one (state WAITLISTED, ' +
          '1-based waitlistPosition), else 409 (full). Sessions in an enrollable breakout use its audience and capacity, and a participant holds one session of ' +
          'the breakout (409). Enrolling again answers the place held. Seat counts are broadcast (`session.seats`). 404 for sessions the caller can not see.',
        params: sessionParams,
        response: { 200: enrollResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.enroll(
        deps,
        await service.participantAccess(db, request, request.params.eventId),
        request.params.sessionId,
      ),
  );

  app.delete(
    `${BASE}/v2/:sessionId/enroll`,
    {
      schema: {
        tags: [TAG],
        summary: 'Leave a session (seat or waitlist)',
        description:
          'A freed seat goes to the oldest waitlisted participant in the same transaction; they get an e-mail and `enrollment.promoted` in their user room.',
        params: sessionParams,
        response: { 200: enrollResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.leave(
        deps,
        await service.participantAccess(db, request, request.params.eventId),
        request.params.sessionId,
      ),
  );

  listRoute(app, `${BASE}/v2/:sessionId/attendees`, {
    db,
    list: attendeeList,
    record: sessionAttendeeSchema,
    tags: [TAG],
    summary: "A session's attendees",
    scope: async (request) => {
      const { eventId, sessionId } = params(request);
      const { event } = await eventAccess(db, request, eventId, 'read');
      await sessionOf(db, event.id, sessionId);
      return { eventId: event.id, sessionId };
    },
  });

  app.post(
    `${BASE}/v2/:sessionId/attendees`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Add participants to a session',
        description:
          'In the order given: seats while free (every one with `overrideCapacity`), then the waitlist. Already placed, holding another session of the ' +
          'enrollable breakout, or no seat and no waitlist: skipped. Admins only.',
        params: sessionParams,
        body: addSessionAttendeesSchema,
        response: { 200: addSessionAttendeesResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.addAttendees(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.sessionId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/v2/:sessionId/attendees/:participantId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Remove a participant from a session',
        description: 'Their seat goes to the oldest waitlisted participant (who is told). Admins only.',
        params: attendeeParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.removeAttendee(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.sessionId,
        request.params.participantId,
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    `${BASE}/v2/:sessionId/attendees/:participantId/check-in`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Check a participant in (admin)',
        description:
          'Idempotent: a second call answers the first check-in with alreadyCheckedIn. Admins only.',
        params: attendeeParams,
        response: { 200: sessionCheckInResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.adminCheckIn(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.sessionId,
        request.params.participantId,
      ),
  );

  listRoute(app, `${BASE}/:sessionId/enrollable-users`, {
    db,
    list: enrollableList,
    record: enrollableUserSchema,
    tags: [TAG],
    summary: 'Audience members without a place in the session',
    scope: async (request) => {
      const { eventId, sessionId } = params(request as SessionRequest);
      const { event } = await eventAccess(db, request, eventId, 'admin');
      const audience = await sessionAudience(db, event.id, sessionId);
      const fields = audience.type === 'RULES' ? asDefs(await listFields(db, event.id)) : [];
      return { eventId: event.id, sessionId, inAudience: audienceCondition(audience, fields) };
    },
  });

  registerExport(app, 'sessions-attendance', {
    path: `${BASE}/export-attendance-tracking`,
    db,
    list: attendanceList,
    tags: [TAG],
    filename: 'attendance',
    scope: async (request) =>
      (await eventAccess(db, request, parseOr400(eventParams, request.params).eventId, 'read')).event.id,
  });
}
