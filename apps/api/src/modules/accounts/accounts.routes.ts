import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountUserSchema,
  listQuerySchema,
  listResponse,
  mailboxMessageSchema,
  mailboxStatusSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordCompleteBodySchema,
  resetPasswordRequestBodySchema,
  resetPasswordRequestResponseSchema,
  signInBodySchema,
  signInResponseSchema,
  ssoProvidersQuerySchema,
  ssoProvidersResponseSchema,
  ssoStartQuerySchema,
  userEventSchema,
  verifyEmailBodySchema,
  verifyEmailResponseSchema,
} from '@plenary/domain';
import { requireAuth } from '../../platform/auth.js';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses as errors, noContent } from '../../platform/errors.js';
import { createThrottle, installRetryAfter } from '../../platform/throttle.js';
import * as accounts from './accounts.service.js';

const TAG = 'accounts';
const idParams = z.object({ id: z.string().max(100) });
const userIdParams = z.object({ userId: z.string().max(100) });

const meta = (request: FastifyRequest): accounts.RequestMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'],
  requestId: request.id,
  cookie: request.headers.cookie,
});

/** The SSO browser binding: set by sso/start, read and cleared by POST auth. */
function ssoCookie(request: FastifyRequest, value: string, maxAgeSec: number): string {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  return `${accounts.SSO_COOKIE}=${value}; Path=/api/v1/auth; HttpOnly; SameSite=Lax; Max-Age=${maxAgeSec}${secure}`;
}

/** Sign-in, sign-out, registration, e-mail verification, password reset, users, SSO, dev mailbox. */
export const accountsRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    const throttle = createThrottle(deps.config, deps.db, {
      onError: (err) => app.log.warn({ err }, 'Redis throttle unavailable, using the database'),
    });
    const rt: accounts.AccountsRuntime = { deps, throttle, log: app.log };
    deps.jobs.define<accounts.ResetJob>(
      accounts.RESET_QUEUE,
      (job) => accounts.sendPasswordReset(deps, job),
      { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
    );
    installRetryAfter(app);
    app.addHook('onClose', () => throttle.close());

    app.post(
      '/auth',
      {
        schema: {
          tags: [TAG],
          summary:
            'Sign in with e-mail and password, or finish single sign-on (sso: true, token = authorization code, state)',
          description:
            'Answers the token and its claims. loginType is cms on a host starting with "cms." and event otherwise, unless the body names web or demo. ' +
            'A participant signing in on a cms host gets 403 "You are not authorized to access cms". Attempts are limited per IP and per (account, IP) with 429 and Retry-After.',
          security: [],
          body: signInBodySchema,
          response: { 200: signInResponseSchema, ...errors(400, 401, 403, 429, 502) },
        },
      },
      async (request, reply) => {
        const answer = await accounts.signIn(rt, request.body, meta(request));
        if (request.body.sso) reply.header('set-cookie', ssoCookie(request, '', 0));
        return answer;
      },
    );

    app.post(
      '/auth/logout',
      {
        schema: {
          tags: [TAG],
          summary: 'Sign out: the token is revoked at once',
          response: { 204: noContent, ...errors(401) },
        },
      },
      async (request, reply) => {
        await accounts.logout(rt, requireAuth(request), request.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/users/register',
      {
        schema: {
          tags: [TAG],
          summary: 'Create an account and send a verification e-mail',
          description:
            'An already registered address gets the same answer and an e-mail saying so (no account enumeration).',
          security: [],
          body: registerBodySchema,
          response: { 201: registerResponseSchema, ...errors(400, 429) },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await accounts.register(rt, request.body, meta(request))),
    );

    app.post(
      '/users/verify-email',
      {
        schema: {
          tags: [TAG],
          summary: 'Confirm an e-mail address with the token from the verification e-mail',
          security: [],
          body: verifyEmailBodySchema,
          response: { 200: verifyEmailResponseSchema, ...errors(400, 410) },
        },
      },
      async (request) => accounts.verifyEmail(rt, request.body, meta(request)),
    );

    app.post(
      '/auth/reset-password/request',
      {
        schema: {
          tags: [TAG],
          summary: 'Send a password-reset link (single use, 1 hour)',
          description: 'Always 202 with the same body, whether or not the address has an account.',
          security: [],
          body: resetPasswordRequestBodySchema,
          response: { 202: resetPasswordRequestResponseSchema, ...errors(400, 429) },
        },
      },
      async (request, reply) =>
        reply.status(202).send(await accounts.requestPasswordReset(rt, request.body, meta(request))),
    );

    app.post(
      '/auth/reset-password/complete',
      {
        schema: {
          tags: [TAG],
          summary: 'Set a new password with a reset or create-password token; ends every session of the user',
          security: [],
          body: resetPasswordCompleteBodySchema,
          response: { 204: noContent, ...errors(400, 410) },
        },
      },
      async (request, reply) => {
        await accounts.completePasswordReset(rt, request.body, meta(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/users/:id',
      {
        schema: {
          tags: [TAG],
          summary: 'A user: oneself, or a user inside the caller’s admin scope',
          params: idParams,
          response: { 200: accountUserSchema, ...errors(401, 404) },
        },
      },
      async (request) => accounts.getUser(rt, requireAuth(request), request.params.id),
    );

    app.get(
      '/users/:userId/events',
      {
        schema: {
          tags: [TAG],
          summary:
            'The events in which the user has a role, with that role (oneself, or any user for a super admin)',
          description:
            'Organisation and hub admins get every event of their scope; super admins every event. sort: name, startAt or endAt (default startAt:desc).',
          params: userIdParams,
          querystring: listQuerySchema,
          response: { 200: listResponse(userEventSchema), ...errors(400, 401, 404) },
        },
      },
      async (request) =>
        accounts.listEventsOfUser(rt, requireAuth(request), request.params.userId, request.query),
    );

    app.get(
      '/dev/mailbox',
      {
        schema: {
          tags: [TAG],
          summary: 'The latest 200 e-mails kept while SMTP_URL is unset (super admins only)',
          response: { 200: listResponse(mailboxMessageSchema), ...errors(401, 404) },
        },
      },
      async (request) => accounts.devMailbox(rt, requireAuth(request)),
    );

    app.get(
      '/dev/mailbox/status',
      {
        schema: {
          tags: [TAG],
          summary: 'Whether e-mails are kept in the dev mailbox (SMTP_URL unset), for the super admin’s menu',
          response: { 200: mailboxStatusSchema, ...errors(401, 404) },
        },
      },
      async (request) => accounts.devMailboxStatus(rt, requireAuth(request)),
    );

    app.get(
      '/auth/sso/providers',
      {
        schema: {
          tags: [TAG],
          summary: 'Whether the host has a single sign-on provider',
          security: [],
          querystring: ssoProvidersQuerySchema,
          response: { 200: ssoProvidersResponseSchema, ...errors(400) },
        },
      },
      async (request) => accounts.ssoProviders(rt, request.query.host ?? request.headers.host ?? ''),
    );

    app.get(
      '/auth/sso/start',
      {
        schema: {
          tags: [TAG],
          summary: 'Start single sign-on: redirects to the provider (authorization code + PKCE)',
          description:
            'The provider sends the browser back to <origin of host>/login/callback with code and state, which the app posts to POST auth.',
          security: [],
          querystring: ssoStartQuerySchema,
          response: { 302: noContent, ...errors(400, 404, 502) },
        },
      },
      async (request, reply) => {
        const host = request.query.host ?? request.headers.host ?? '';
        const { location, state } = await accounts.ssoStart(rt, host, request.query.redirect);
        return reply
          .header('set-cookie', ssoCookie(request, state, Math.floor(accounts.SSO_STATE_TTL_MS / 1000)))
          .header('cache-control', 'no-store')
          .redirect(location, 302);
      },
    );
  };
