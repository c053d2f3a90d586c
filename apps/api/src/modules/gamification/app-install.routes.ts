import { appInstalledBodySchema, appInstalledResultSchema, MESSAGES } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { publish } from '../../platform/domain-events.js';
import { forbidden } from '../../platform/errors.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams } from '../../platform/http.js';
import type { ZodApp } from '../../platform/list.js';
import { participantIdOfUser } from '../attendees/index.js';
import { insertAppInstall } from './app-install.repo.js';

/** The participant app reports it runs installed: app_installs (first time only) and `app.installed` in one transaction. */
export function appInstallRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  app.post(
    '/events/:eventId/me/app-installed',
    {
      schema: {
        tags: ['gamification'],
        summary: 'The app runs installed (DOWNLOAD_APP tasks)',
        description:
          "Recorded once per event; the first report publishes app.installed. The event's participants (others with a role: 403).",
        params: eventParams,
        body: appInstalledBodySchema,
        response: { 200: appInstalledResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const access = await eventAccess(db, request, request.params.eventId, 'member');
      const eventId = access.event.id;
      const participantId = await participantIdOfUser(db, eventId, access.ctx.principal.userId);
      if (!participantId) throw forbidden(MESSAGES.forbidden);
      const { platform } = request.body;
      const firstTime = await db.transaction().execute(async (tx) => {
        const first = await insertAppInstall(tx, { eventId, participantId, platform });
        if (first)
          await publish(tx, { name: 'app.installed', payload: { eventId, participantId, platform } });
        return first;
      });
      return { firstTime };
    },
  );
}
