import {
  adminUserSchema,
  createAdminUserSchema,
  idParamsSchema,
  updateAdminUserSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { adminUserList } from './admin-users.repo.js';
import * as service from './admin-users.service.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';
import { errors, noContent, TAG } from './tenancy.http.js';

/**
 * Admins and moderators within the caller's scope (super admin: all; organisation admin: their
 * organisation, its hubs and events; hub admin: their hub and its events). Serves both
 * /admin-users (super admin) and /administration/admin-users (organisation admin).
 */
export function adminUserRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const scope = (request: Parameters<typeof gate>[0]) => gate(request, ROLE_GATES.hubAdmin).principal;
  listRoute(app, '/admin-users', {
    db,
    list: adminUserList,
    scope,
    record: adminUserSchema,
    tags: [TAG],
    summary: 'List admin users',
  });
  registerExport(app, 'admin-users', { db, list: adminUserList, scope, tags: [TAG] });

  app.post(
    '/admin-users',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Give a person admin or moderator roles',
        description:
          "Creates the user when the e-mail address is new and e-mails a link to create a password. Every scopeId must lie in the caller's scope (else 404 on roles.N.scopeId). 409 when the person already has a role in the caller's scope.",
        body: createAdminUserSchema,
        response: { 201: adminUserSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createAdminUser(deps, gate(request, ROLE_GATES.hubAdmin), request.body)),
  );
  app.get(
    '/admin-users/:id',
    {
      schema: {
        tags: [TAG],
        summary: "Get an admin user (roles within the caller's scope)",
        params: idParamsSchema,
        response: { 200: adminUserSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.getAdminUser(db, gate(request, ROLE_GATES.hubAdmin), request.params.id),
  );
  app.patch(
    '/admin-users/:id',
    {
      schema: {
        tags: [TAG],
        summary: "Rename an admin user or replace their roles within the caller's scope",
        description:
          "Roles outside the caller's scope stay. Renaming someone who also has roles elsewhere takes a super admin (403).",
        params: idParamsSchema,
        body: updateAdminUserSchema,
        response: { 200: adminUserSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const updated = await service.updateAdminUser(
        db,
        gate(request, ROLE_GATES.hubAdmin),
        request.params.id,
        request.body,
      );
      await deps.realtime.accessChanged(request.params.id);
      return updated;
    },
  );
  app.post(
    '/admin-users/:id/create-password-email',
    {
      schema: {
        tags: [TAG],
        summary: 'Send the first-time password e-mail again',
        description: '409 when the person has already created a password (they can reset it themselves).',
        params: idParamsSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.resendCreatePasswordEmail(deps, gate(request, ROLE_GATES.hubAdmin), request.params.id);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/admin-users/:id',
    {
      schema: {
        tags: [TAG],
        summary: "Remove an admin user's roles within the caller's scope",
        description: 'The account and any roles elsewhere stay.',
        params: idParamsSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteAdminUser(db, gate(request, ROLE_GATES.hubAdmin), request.params.id);
      await deps.realtime.accessChanged(request.params.id);
      return reply.status(204).send(null);
    },
  );
}
