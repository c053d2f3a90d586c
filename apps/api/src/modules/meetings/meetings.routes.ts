import {
  availabilitySchema,
  availableUserSchema,
  bookMeetingSchema,
  createMeetingWindowSchema,
  meetingSchema,
  meetingSettingsSchema,
  meetingSlotsQuerySchema,
  meetingWindowSchema,
  myMeetingsSchema,
  offeredSlotsSchema,
  proposeMeetingSchema,
  requestMeetingSchema,
  staffSlotsQuerySchema,
  updateMeetingSettingsSchema,
  updateMeetingWindowSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { fileResponse } from '../../platform/http.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import {
  ADMINS,
  errors,
  eventParams,
  intervalParams,
  meetingParams,
  noContent,
  PARTICIPANTS,
  STAFF,
  TAG,
} from './meetings.http.js';
import { availableUserList, meetingList } from './meetings.repo.js';
import { meetingCalendar } from './meetings.calendar.js';
import * as service from './meetings.service.js';
import { windowList } from './windows.repo.js';

const MEETINGS = '/events/:eventId/meetings';
const INTERVALS = '/events/:eventId/meeting-intervals';
const PARTIES = 'The two people of the meeting (anyone else of the event: 404).';

/** Meetings: windows ("intervals"), settings, availability, requests and answers, staff bookings, the report. */
export function meetingRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const staffScope = async (request: Parameters<typeof eventIdOf>[0]) =>
    (await eventAccess(db, request, eventIdOf(request), 'read')).event.id;

  // ── windows ("Meeting intervals") ──
  listRoute(app, INTERVALS, {
    db,
    list: windowList,
    scope: staffScope,
    record: meetingWindowSchema,
    tags: [TAG],
    summary: `Meeting windows ("Meeting intervals"): userName is the creator's full name, else e-mail; timeSlot in the event's zone. ${STAFF}`,
  });

  app.post(
    INTERVALS,
    {
      schema: {
        tags: [TAG],
        summary: 'Create a meeting window',
        description: `On one of the event's days, wall-clock times in the event's zone; slotMinutes 5–120 in steps of 5; windows of an event may not overlap. ${ADMINS}`,
        params: eventParams,
        body: createMeetingWindowSchema,
        response: { 201: meetingWindowSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.createWindow(db, access, request.body));
    },
  );

  app.patch(
    `${INTERVALS}/:intervalId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a meeting window',
        description: `Any subset of the fields. Its times can not change while pending or accepted meetings are in it (409). ${ADMINS}`,
        params: intervalParams,
        body: updateMeetingWindowSchema,
        response: { 200: meetingWindowSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateWindow(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.intervalId,
        request.body,
      ),
  );

  app.delete(
    `${INTERVALS}/:intervalId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a meeting window',
        description: `With its meetings. ${ADMINS}`,
        params: intervalParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteWindow(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.intervalId,
      );
      return reply.status(204).send(null);
    },
  );

  // ── settings ──
  app.get(
    '/events/:eventId/meeting-settings',
    {
      schema: {
        tags: [TAG],
        summary: "The event's meeting settings",
        description: `requestQuota: pending requests one person may have sent (default 10). ${STAFF}`,
        params: eventParams,
        response: { 200: meetingSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return service.settings(db, event.id);
    },
  );

  app.put(
    '/events/:eventId/meeting-settings',
    {
      schema: {
        tags: [TAG],
        summary: "Change the event's meeting settings",
        description: ADMINS,
        params: eventParams,
        body: updateMeetingSettingsSchema,
        response: { 200: meetingSettingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.saveSettings(db, await eventAccess(db, request, request.params.eventId, 'admin'), request.body),
  );

  // ── staff: meetings list, report, bookings ──
  listRoute(app, MEETINGS, {
    db,
    list: meetingList,
    scope: staffScope,
    record: meetingSchema,
    tags: [TAG],
    summary: `Every meeting of the event (filters status, participantId). ${STAFF}`,
  });
  registerExport(app, 'meetings', {
    db,
    list: meetingList,
    scope: staffScope,
    tags: [TAG],
    path: `${MEETINGS}/export`,
  });

  app.post(
    `${MEETINGS}/book`,
    {
      schema: {
        tags: [TAG],
        summary: 'Book a meeting for two participants',
        description: `Accepted at once, in a free slot of a window; both get an e-mail; meeting.booked (by ADMIN). ${ADMINS}`,
        params: eventParams,
        body: bookMeetingSchema,
        response: { 201: meetingSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.bookMeeting(deps, access, request.body));
    },
  );

  app.get(
    `${MEETINGS}/staff-slots`,
    {
      schema: {
        tags: [TAG],
        summary: 'Slots for a staff booking',
        description: `Every slot of the event's windows; free when none of the participantId (repeat it; at most two) holds it and it has not started. ${ADMINS}`,
        params: eventParams,
        querystring: staffSlotsQuerySchema,
        response: { 200: offeredSlotsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.staffSlots(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.query.participantId,
      ),
  );

  app.delete(
    `${MEETINGS}/:meetingId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Cancel a meeting for its participants',
        description: `Kept as CANCELLED; the slot is free again for both. ${ADMINS}`,
        params: meetingParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.cancelByStaff(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.meetingId,
      );
      return reply.status(204).send(null);
    },
  );

  // ── participants ──
  listRoute(app, `${MEETINGS}/available-users`, {
    db,
    list: availableUserList,
    scope: async (request) => (await eventAccess(db, request, eventIdOf(request), 'member')).event.id,
    record: availableUserSchema,
    tags: [TAG],
    summary:
      'Available users: participants who are available for meetings (hidden profiles never). Anyone with a role in the event.',
  });

  app.get(
    `${MEETINGS}/availability`,
    {
      schema: {
        tags: [TAG],
        summary: 'Whether the caller is available for meetings',
        description: PARTICIPANTS,
        params: eventParams,
        response: { 200: availabilitySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.availability(db, await eventAccess(db, request, request.params.eventId, 'member')),
  );

  app.put(
    `${MEETINGS}/availability`,
    {
      schema: {
        tags: [TAG],
        summary: 'Opt in or out of meetings',
        description: `Others may request meetings with those available. ${PARTICIPANTS}`,
        params: eventParams,
        body: availabilitySchema,
        response: { 200: availabilitySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setAvailability(
        db,
        await eventAccess(db, request, request.params.eventId, 'member'),
        request.body,
      ),
  );

  app.get(
    `${MEETINGS}/slots`,
    {
      schema: {
        tags: [TAG],
        summary: 'Slots the caller may book',
        description: `Every slot of the windows the caller may book in; free when neither the caller nor participantId holds it and it has not started. ${PARTICIPANTS}`,
        params: eventParams,
        querystring: meetingSlotsQuerySchema,
        response: { 200: offeredSlotsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.offeredSlots(
        db,
        await eventAccess(db, request, request.params.eventId, 'member'),
        request.query.participantId,
      ),
  );

  app.get(
    `${MEETINGS}/mine`,
    {
      schema: {
        tags: [TAG],
        summary: "The caller's meetings and requests, sent and received",
        description: PARTICIPANTS,
        params: eventParams,
        response: { 200: myMeetingsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.myMeetings(db, await eventAccess(db, request, request.params.eventId, 'member')),
  );

  app.post(
    MEETINGS,
    {
      schema: {
        tags: [TAG],
        summary: 'Request a meeting',
        description:
          'With an available participant (hidden or unknown: 404; not available: 409), in a free slot (409 when taken — of two racing requests exactly one wins), ' +
          `with a message. 429 over the event's quota of pending requests sent. ${PARTICIPANTS}`,
        params: eventParams,
        body: requestMeetingSchema,
        response: { 201: meetingSchema, ...errors(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'member');
      return reply.status(201).send(await service.requestMeeting(deps, access, request.body));
    },
  );

  for (const kind of ['accept', 'decline', 'cancel'] as const)
    app.post(
      `${MEETINGS}/:meetingId/${kind}`,
      {
        schema: {
          tags: [TAG],
          summary: `${kind[0]!.toUpperCase()}${kind.slice(1)} a meeting request`,
          description:
            kind === 'cancel'
              ? `A pending or accepted meeting; frees the slot. ${PARTICIPANTS} ${PARTIES}`
              : `A pending request awaiting the caller (409 otherwise).${kind === 'accept' ? ' Books it: e-mails to both, meeting.booked, a free meeting point.' : ''} ${PARTICIPANTS} ${PARTIES}`,
          params: meetingParams,
          response: { 200: meetingSchema, ...errors(400, 401, 403, 404, 409) },
        },
      },
      async (request) =>
        service.answerMeeting(
          deps,
          await eventAccess(db, request, request.params.eventId, 'member'),
          request.params.meetingId,
          { kind },
        ),
    );

  app.post(
    `${MEETINGS}/:meetingId/propose`,
    {
      schema: {
        tags: [TAG],
        summary: 'Propose another slot',
        description: `A pending request awaiting the caller moves to the new slot and awaits the other person. ${PARTICIPANTS} ${PARTIES}`,
        params: meetingParams,
        body: proposeMeetingSchema,
        response: { 200: meetingSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.answerMeeting(
        deps,
        await eventAccess(db, request, request.params.eventId, 'member'),
        request.params.meetingId,
        { kind: 'propose', startAt: request.body.startAt, message: request.body.message },
      ),
  );

  app.get(
    `${MEETINGS}/:meetingId/calendar.ics`,
    {
      schema: {
        tags: [TAG],
        summary: 'An accepted meeting as a calendar file',
        description: `text/calendar: UID, DTSTART/DTEND in UTC, SUMMARY (with whom), LOCATION (meeting point). ${PARTIES}`,
        params: meetingParams,
        response: { 200: fileResponse('text/calendar'), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const body = await meetingCalendar(
        deps,
        await eventAccess(db, request, request.params.eventId, 'member'),
        request.params.meetingId,
      );
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="meeting-${request.params.meetingId}.ics"`)
        .send(body);
    },
  );
}
