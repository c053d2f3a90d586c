import { magicLinkSignInResponseSchema, magicLinkSignInSchema, MAGIC_LINK_TTL_HOURS } from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { createThrottle, enforce, installRetryAfter } from '../../platform/throttle.js';
import { errors, TAG } from './agenda.http.js';
import { signInWithModeratorLink } from './moderators.service.js';

/** Sign-in attempts with a moderator link per IP and window (tokens are 256-bit; this bounds the load). */
export const MODERATOR_SIGN_IN_LIMIT = { limit: 60, windowSec: 15 * 60 };

export function moderatorRoutes(app: ZodApp, deps: AppDeps): void {
  const throttle = createThrottle(deps.config, deps.db, {
    onError: (err) => app.log.warn({ err }, 'Redis throttle unavailable, using the database'),
  });
  installRetryAfter(app);
  app.addHook('onClose', () => throttle.close());

  app.post(
    '/moderate/:sessionId/sign-in',
    {
      schema: {
        tags: [TAG],
        summary: 'Sign in with a moderator invitation link',
        description:
          `The console page \`/moderate/{sessionId}/{token}\` (from the invite-moderator e-mail; single use, valid ${MAGIC_LINK_TTL_HOURS} hours) posts the token here. ` +
          'Answers like POST auth (login type cms on a cms host), plus the eventId. 410 when the link is unknown, used or expired (the message says which); ' +
          "403 when it is for another event's session or the session no longer lists the person as a moderator (the link stays unused).",
        security: [],
        params: z.object({ sessionId: z.uuid() }),
        body: magicLinkSignInSchema,
        response: { 200: magicLinkSignInResponseSchema, ...errors(400, 403, 410, 429) },
      },
    },
    async (request) => {
      const key = `moderator-link:ip:${request.ip}`;
      await enforce(throttle, key, MODERATOR_SIGN_IN_LIMIT.limit, MODERATOR_SIGN_IN_LIMIT.windowSec);
      const answer = await signInWithModeratorLink(deps, request.params.sessionId, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        requestId: request.id,
      });
      await throttle.undo(key);
      return answer;
    },
  );
}
