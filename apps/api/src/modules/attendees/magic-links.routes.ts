import {
  magicLinkSchema,
  magicLinkSignInResponseSchema,
  magicLinkSignInSchema,
  MAGIC_LINK_PATH,
  MAGIC_LINK_TTL_HOURS,
  sendMagicLinksResultSchema,
  sendMagicLinksSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { createThrottle, enforce, installRetryAfter } from '../../platform/throttle.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams, TAG } from './attendees.http.js';
import { magicLinkList } from './magic-links.repo.js';
import * as service from './magic-links.service.js';

/** Sign-in attempts with a magic link per IP and window (tokens are 256-bit; this bounds the load). */
export const MAGIC_LINK_SIGN_IN_LIMIT = { limit: 60, windowSec: 15 * 60 };

export function magicLinkRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const throttle = createThrottle(deps.config, db, {
    onError: (err) => app.log.warn({ err }, 'Redis throttle unavailable, using the database'),
  });
  installRetryAfter(app);
  app.addHook('onClose', () => throttle.close());

  app.post(
    '/events/:eventId/participants/magic-links',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Send sign-in links by e-mail',
        description:
          `\`{ participantIds }\` (up to 10,000) or \`{ filter: { search, labelId, hasPhoto, verified, rules } }\` (the list's filters). Each participant gets ` +
          `\`<origin>${MAGIC_LINK_PATH}?magic=<token>\`: single use, valid ${MAGIC_LINK_TTL_HOURS} hours; earlier unused links of the same person for this event stop ` +
          'working. The origin is the participant app\'s: `host` if given, else the request\'s host without "cms."; unknown hosts fall back to PUBLIC_URL. ' +
          'The app posts the token to POST auth/magic-link. Admins only.',
        params: eventParams,
        body: sendMagicLinksSchema,
        response: { 200: sendMagicLinksResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.sendMagicLinks(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.body,
      ),
  );

  listRoute(app, '/events/:eventId/participants/magic-links', {
    db,
    list: magicLinkList,
    scope: async (request) => (await eventAccess(db, request, eventIdOf(request), 'admin')).event.id,
    record: magicLinkSchema,
    tags: [TAG],
    summary:
      'The magic-links report: who was sent which link (to which address, by whom, when), until when it works and when it was used (status ACTIVE, USED or EXPIRED). Filters status, participantId. Admins only.',
  });

  app.post(
    '/auth/magic-link',
    {
      schema: {
        tags: [TAG],
        summary: 'Sign in with a magic link',
        description:
          "Uses the token from the link (once) and answers like POST auth (login type event), plus the eventId the link is for. The account's e-mail address counts as " +
          'confirmed. 410 when the link is unknown, used or expired (the message says which) or its participant left the event; 403 on a cms host for participants.',
        security: [],
        body: magicLinkSignInSchema,
        response: { 200: magicLinkSignInResponseSchema, ...errors(400, 403, 410, 429) },
      },
    },
    async (request) => {
      const key = `magic-link:ip:${request.ip}`;
      await enforce(throttle, key, MAGIC_LINK_SIGN_IN_LIMIT.limit, MAGIC_LINK_SIGN_IN_LIMIT.windowSec);
      const answer = await service.signInWithMagicLink(deps, request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        requestId: request.id,
      });
      await throttle.undo(key);
      return answer;
    },
  );
}
