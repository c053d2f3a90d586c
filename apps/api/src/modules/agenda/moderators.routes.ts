import {
  inviteModeratorSchema,
  magicLinkSignInResponseSchema,
  magicLinkSignInSchema,
  MAGIC_LINK_TTL_HOURS,
  sessionSchema,
} from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import type { ZodApp } from '../../platform/list.js';
import { createThrottle, enforce, installRetryAfter } from '../../platform/throttle.js';
import { errors, sessionParams, TAG } from './agenda.http.js';
import { inviteModerator, signInWithModeratorLink } from './moderators.service.js';

/** Sign-in attempts with a moderator link per IP and window (tokens are 256-bit; this bounds the load). */
export const MODERATOR_SIGN_IN_LIMIT = { limit: 60, windowSec: 15 * 60 };

/** Moderator invitations: an admin invites to a session; the invitee signs in with the e-mailed link. */
export function moderatorRoutes(app: ZodApp, deps: AppDeps): void {
  app.post(
    '/events/:eventId/sessions/:sessionId/invite-moderator',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Invite a moderator to a session',
        description:
          "Finds the account by e-mail or creates one (without a password), gives it the event's moderator role unless it has a role in the event, adds it to the " +
          "session's moderators and e-mails a single-use link `<origin>/moderate/{sessionId}/{token}` (valid 72 hours; earlier unused ones stop working). " +
          'Answers the session. Admins only.',
        params: sessionParams,
        body: inviteModeratorSchema,
        response: { 200: sessionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      inviteModerator(
        deps,
        await eventAccess(deps.db, request, request.params.eventId, 'admin'),
        request.params.sessionId,
        request.body,
      ),
  );

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
