import type { FastifyRequest } from 'fastify';
import {
  AGENDA_MESSAGES,
  ATTENDEE_MESSAGES,
  type DomainEventInput,
  type EnrollmentState,
  type EnrollResult,
} from '@plenary/domain';
import { audit, writeContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { prepareKeyed, publish, publishAll } from '../../platform/domain-events.js';
import { conflict, forbidden, notFound } from '../../platform/errors.js';
import { eventAccess, type EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { viewerOf, type Viewer } from './audience.js';
import * as repo from './enrollment.repo.js';
import { afterSeatChange, queuePromotionMails, type NotifyDeps } from './enrollment.notify.js';
import { idsInEvent } from './sessions.repo.js';
import { isVisible } from './visibility.repo.js';

/** The caller as a participant of the event (403 for admins and moderators who do not take part). */
export interface ParticipantAccess extends EventAccess {
  participantId: string;
}

export async function participantAccess(
  db: Db,
  request: FastifyRequest,
  eventId: string,
): Promise<ParticipantAccess> {
  // Both reads at once (one round trip): the access check still decides first what the caller learns.
  const [access, participantId] = await Promise.all([
    eventAccess(db, request, eventId, 'member'),
    repo.participantOf(db, eventId, writeContext(request).principal.userId),
  ]);
  if (!participantId) throw forbidden(ATTENDEE_MESSAGES.notParticipant);
  return { ...access, participantId };
}

/** 404 unless the participant may see the session (published, in its audience); answers the viewer. */
export async function visibleSessionFor(
  db: Db,
  eventId: string,
  sessionId: string,
  participantId: string,
): Promise<Viewer> {
  const viewer = await viewerOf(db, eventId, participantId);
  if (!(await isVisible(db, eventId, sessionId, viewer))) throw notFound();
  return viewer;
}

async function resultOf(
  db: Db,
  session: repo.LockedSession,
  participantId: string,
  enrolledCount: number,
): Promise<EnrollResult> {
  const state = (await repo.stateOf(db, session.id, participantId)) ?? null;
  return {
    state,
    waitlistPosition:
      state === 'WAITLISTED' ? await repo.waitlistPosition(db, session.id, participantId) : null,
    enrolledCount,
    capacity: session.capacity,
  };
}

/**
 * POST sessions/v2/{sessionId}/enroll: a seat while there is one, else a place on the waitlist
 * (when the session keeps one), else 409. Enrolling again answers the place already held.
 *
 * The common case is one statement on its own (`repo.enrolOne`: lock, decide, place, count, audit,
 * publish — atomic as any statement), so the session lock is never held across a round trip to
 * this process: at a hundred enrolments a second in one session, those round trips were the queue.
 * Everything else (a place held already, the event left, a full session, an enrollable breakout,
 * whose one-of rule needs the breakout lock) is decided again from scratch in a transaction.
 */
export async function enroll(
  deps: NotifyDeps,
  access: ParticipantAccess,
  sessionId: string,
): Promise<EnrollResult> {
  const { db } = deps;
  const { event, participantId, ctx } = access;
  // Whether they may see the session is part of the one statement (one round trip less).
  const viewer = await viewerOf(db, event.id, participantId);
  const enrolled = (state: EnrollmentState): DomainEventInput => ({
    name: 'session.enrolled',
    payload: { eventId: event.id, sessionId, participantId, state, by: 'PARTICIPANT', originHost: ctx.host },
  });
  const outcome = await repo.enrolOne(db, {
    eventId: event.id,
    sessionId,
    participantId,
    viewer,
    now: new Date(),
    actor: ctx,
    event: prepareKeyed({ ENROLLED: enrolled('ENROLLED'), WAITLISTED: enrolled('WAITLISTED') }),
  });
  if (!outcome) throw notFound();
  const result = outcome.placed
    ? {
        state: outcome.placed.state,
        // The new place is the last in the queue: its position is the waitlist's length.
        waitlistPosition: outcome.placed.state === 'WAITLISTED' ? outcome.placed.waitlistedCount : null,
        enrolledCount: outcome.placed.enrolledCount,
        capacity: outcome.capacity,
      }
    : await db.transaction().execute((tx) => enrolLocked(tx, access, sessionId, enrolled));
  afterSeatChange(deps, event.id, [sessionId]);
  return result;
}

/** Every rule of enrolling, step by step under the session lock (and the breakout's, in that order). */
async function enrolLocked(
  tx: Db,
  { event, participantId, ctx }: ParticipantAccess,
  sessionId: string,
  enrolled: (state: EnrollmentState) => DomainEventInput,
): Promise<EnrollResult> {
  const s = await repo.lockSession(tx, event.id, sessionId);
  if (!s) throw notFound();
  if (!s.enrollable) throw conflict(AGENDA_MESSAGES.notEnrollable);
  if (s.endAt.getTime() < Date.now()) throw conflict(AGENDA_MESSAGES.sessionEnded);
  if (await repo.stateOf(tx, s.id, participantId)) return resultOf(tx, s, participantId, s.enrolledCount);
  if (s.breakoutEnrollable && s.breakoutId) {
    await repo.lockBreakout(tx, s.breakoutId);
    if ((await repo.holdersInBreakout(tx, s.breakoutId, s.id, [participantId])).size > 0)
      throw conflict(AGENDA_MESSAGES.breakoutTaken);
  }
  // Removed from the event meanwhile (places.service.ts removeWithPlaces): refused, not a foreign-key failure.
  if (!(await repo.lockParticipantsToPlace(tx, event.id, [participantId])).has(participantId))
    throw forbidden(ATTENDEE_MESSAGES.notParticipant);
  const free = s.capacity === null ? null : s.capacity - s.enrolledCount;
  if (free !== null && free <= 0 && !s.waitlist) throw conflict(AGENDA_MESSAGES.sessionFull);
  const placed = await repo.insertPlaces(tx, s, [participantId], free, s.waitlist, ctx.actorId);
  await repo.auditPlaces(tx, ctx, 'create', s.id, [participantId]);
  await publish(tx, enrolled(placed.enrolled.length > 0 ? 'ENROLLED' : 'WAITLISTED'));
  return resultOf(tx, s, participantId, s.enrolledCount + placed.enrolled.length);
}

/** Leaves a seat or the waitlist; a freed seat goes to the oldest waitlisted, in the same transaction. */
async function release(
  deps: NotifyDeps,
  { event, ctx }: EventAccess,
  sessionId: string,
  participantId: string,
  missing: 'ok' | '404',
): Promise<EnrollResult> {
  const { db } = deps;
  const { result } = await db.transaction().execute(async (tx) => {
    const s = await repo.lockSession(tx, event.id, sessionId);
    if (!s) throw notFound();
    const state = await repo.removePlace(tx, s.id, participantId);
    if (!state && missing === '404') throw notFound();
    const promotions = state === 'ENROLLED' ? await repo.promoteWaitlisted(tx, s.id) : [];
    await queuePromotionMails(tx, ctx.host, promotions);
    if (state) await repo.auditPlaces(tx, ctx, 'delete', s.id, [participantId]);
    if (state)
      await publish(tx, {
        name: 'session.left',
        payload: {
          eventId: event.id,
          sessionId: s.id,
          participantId,
          state,
          by: missing === 'ok' ? 'PARTICIPANT' : 'ADMIN',
        },
      });
    const enrolledCount = s.enrolledCount - (state === 'ENROLLED' ? 1 : 0) + promotions.length;
    return {
      result: { state: null, waitlistPosition: null, enrolledCount, capacity: s.capacity },
      promotions,
    };
  });
  afterSeatChange(deps, event.id, [sessionId]);
  return result;
}

/** DELETE sessions/v2/{sessionId}/enroll (idempotent: leaving a session one does not hold answers the counts). */
export async function leave(
  deps: NotifyDeps,
  access: ParticipantAccess,
  sessionId: string,
): Promise<EnrollResult> {
  return release(deps, access, sessionId, access.participantId, 'ok');
}

/** DELETE sessions/v2/{sessionId}/attendees/{participantId} (admins): 404 when the participant holds no place. */
export async function removeAttendee(
  deps: NotifyDeps,
  access: EventAccess,
  sessionId: string,
  participantId: string,
): Promise<void> {
  await release(deps, access, sessionId, participantId, '404');
}

/**
 * POST sessions/v2/{sessionId}/attendees (admins): places for the given participants in the
 * given order — seats while free (all of them with `overrideCapacity`), then the waitlist.
 * Already placed, holding another session of the enrollable breakout, or no seat and no waitlist:
 * skipped. The audience does not limit admins.
 */
export async function addAttendees(
  deps: NotifyDeps,
  { event, ctx }: EventAccess,
  sessionId: string,
  body: { participantIds: string[]; overrideCapacity: boolean },
) {
  const { db } = deps;
  const ids = [...new Set(body.participantIds)];
  const known = await idsInEvent(db, 'participants', event.id, ids);
  const unknown = body.participantIds.findIndex((id) => !known.has(id));
  if (unknown >= 0) throw fieldsError({ [`participantIds.${unknown}`]: AGENDA_MESSAGES.unknownSpeaker });
  const result = await db.transaction().execute(async (tx) => {
    const s = await repo.lockSession(tx, event.id, sessionId);
    if (!s) throw notFound();
    const placed = await repo.placedAmong(tx, s.id, ids);
    let candidates = ids.filter((id) => !placed.has(id));
    if (s.breakoutEnrollable && s.breakoutId && candidates.length) {
      await repo.lockBreakout(tx, s.breakoutId);
      const holders = await repo.holdersInBreakout(tx, s.breakoutId, s.id, candidates);
      candidates = candidates.filter((id) => !holders.has(id));
    }
    const alive = await repo.lockParticipantsToPlace(tx, event.id, candidates);
    candidates = candidates.filter((id) => alive.has(id));
    const free = body.overrideCapacity || s.capacity === null ? null : s.capacity - s.enrolledCount;
    const done = await repo.insertPlaces(tx, s, candidates, free, s.waitlist, ctx.actorId);
    await repo.auditPlaces(tx, ctx, 'create', s.id, [...done.enrolled, ...done.waitlisted]);
    await publishAll(
      tx,
      [
        ...done.enrolled.map((id) => ['ENROLLED', id] as const),
        ...done.waitlisted.map((id) => ['WAITLISTED', id] as const),
      ].map(([state, participantId]) => ({
        name: 'session.enrolled',
        payload: {
          eventId: event.id,
          sessionId: s.id,
          participantId,
          state,
          by: 'ADMIN',
          originHost: ctx.host,
        },
      })),
    );
    return {
      enrolled: done.enrolled.length,
      waitlisted: done.waitlisted.length,
      skipped: body.participantIds.length - done.enrolled.length - done.waitlisted.length,
    };
  });
  afterSeatChange(deps, event.id, [sessionId]);
  return result;
}

/** POST sessions/v2/{sessionId}/attendees/{participantId}/check-in (admins): idempotent. */
export async function adminCheckIn(
  db: Db,
  { event, ctx }: EventAccess,
  sessionId: string,
  participantId: string,
) {
  if (!(await idsInEvent(db, 'participants', event.id, [participantId])).has(participantId)) throw notFound();
  return db.transaction().execute(async (tx) => {
    const s = await repo.lockSession(tx, event.id, sessionId);
    if (!s) throw notFound();
    if (!(await repo.lockParticipantsToPlace(tx, event.id, [participantId])).has(participantId))
      throw notFound();
    const done = await repo.checkIn(tx, s, participantId, 'ADMIN', ctx.actorId);
    if (!done.already) await audit(tx, ctx, 'create', 'session-check-in', `${s.id}:${participantId}`);
    if (!done.already)
      await publish(tx, {
        name: 'session.checkedIn',
        payload: { eventId: event.id, sessionId: s.id, participantId, method: 'ADMIN' },
      });
    return {
      sessionId: s.id,
      sessionName: s.name,
      checkedInAt: done.checkedInAt,
      alreadyCheckedIn: done.already,
    };
  });
}
