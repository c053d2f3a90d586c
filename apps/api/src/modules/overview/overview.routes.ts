import { eventOverviewSchema, participantAgendaSchema } from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams } from '../../platform/http.js';
import type { ZodApp } from '../../platform/list.js';
import { eventOverview } from './overview.repo.js';
import { participantAgenda } from './participant-agenda.repo.js';

const TAG = 'overview';

export function overviewRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get(
    '/events/:eventId/overview',
    {
      schema: {
        tags: [TAG],
        summary: "The event dashboard's figures",
        description:
          'Participants (total, added today, signed in at least once), check-ins today (and per hour), sessions (total, today with seats taken, waitlists and ' +
          'attendance), registrations per day (the last 14 days), the latest imports with their results, magic links sent and used, and the setup checklist ' +
          "(details, sessions, attendees, branding). Today is the event's day in its own time zone. Admins only.",
        params: eventParams,
        response: { 200: eventOverviewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'admin');
      const overview = await eventOverview(db, event.id);
      if (!overview) throw notFound();
      return overview;
    },
  );

  app.get(
    '/events/:eventId/participants/:participantId/agenda',
    {
      schema: {
        tags: [TAG],
        summary: "A participant's sessions, waitlists and check-ins",
        description:
          'Sessions the participant is enrolled in and waitlisted for (with the place in line, 1 = next), in programme order, and their check-ins, newest first. ' +
          'Admins and moderators.',
        params: eventParams.extend({ participantId: z.uuid() }),
        response: { 200: participantAgendaSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      const agenda = await participantAgenda(db, event.id, request.params.participantId);
      if (!agenda) throw notFound();
      return agenda;
    },
  );
}
