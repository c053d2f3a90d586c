import { bulkActionResultSchema, bulkActionSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import { errors, eventParams, TAG } from './attendees.http.js';
import { runBulkAction } from './bulk-actions.service.js';

/** `POST …/participants/bulk-actions`: the attendee list's actions on selected rows. */
export function bulkActionRoutes(app: ZodApp, deps: AppDeps): void {
  app.post(
    '/events/:eventId/participants/bulk-actions',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'One action on selected participants',
        description:
          '`action`: ADD_LABELS or REMOVE_LABELS (manual `labelIds`), SEND_MAGIC_LINKS (optional `host` as for magic-links), REMOVE (from the event; the ' +
          'accounts stay). Answers `done` and each skipped participant with its reason: NOT_IN_EVENT, ALREADY_LABELLED (had every label), NOT_LABELLED ' +
          '(had none). Send an Idempotency-Key: a retry answers the first result and does nothing twice. Admins only.',
        params: eventParams,
        body: bulkActionSchema,
        response: { 200: bulkActionResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      runBulkAction(deps, await eventAccess(deps.db, request, request.params.eventId, 'admin'), request.body),
  );
}
