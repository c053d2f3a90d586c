import { ATTENDEE_MESSAGES, liveToolListSchema, toolSettingsSchema, type LiveTool } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import { participantIdOfUser } from '../attendees/index.js';
import { viewerOf } from '../agenda/index.js';
import { errors, sessionParams, TAG } from './engagement.http.js';
import * as repo from './live-tools.repo.js';

/** `GET events/{eventId}/sessions/{sessionId}/live-tools`: what a participant may answer now in a session. */
export function liveToolRoutes(app: ZodApp, { db }: AppDeps): void {
  app.get(
    '/events/:eventId/sessions/:sessionId/live-tools',
    {
      schema: {
        tags: [TAG],
        summary: "A session's live engagement tools for the participant",
        description:
          "OPEN instances in the session of tools whose audience includes the caller, without correct answers, with the caller's answers so far (myAnswers by question id) and, for a document, its material. " +
          'A session the participant does not see is 404. Participants of the event (403 for staff who do not take part).',
        params: sessionParams,
        response: { 200: liveToolListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, sessionId } = request.params;
      const access = await eventAccess(db, request, eventId, 'member');
      const participantId = await participantIdOfUser(db, eventId, access.ctx.principal.userId);
      if (!participantId) throw forbidden(ATTENDEE_MESSAGES.notParticipant);
      const viewer = await viewerOf(db, eventId, participantId);
      if (!(await repo.sessionVisible(db, eventId, sessionId, viewer))) throw notFound();
      const rows = await repo.liveTools(db, eventId, sessionId, viewer);
      return {
        records: rows.map((r): LiveTool => ({
          ...r,
          settings: toolSettingsSchema.parse(r.settings),
          questions: r.questions.map(({ correctOptionIds: _hidden, ...q }) => q),
        })),
      };
    },
  );
}
