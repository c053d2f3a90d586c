import {
  appVersionSchema,
  createAppVersionSchema,
  idParamsSchema,
  updateAppVersionSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { appVersionList } from './app-versions.repo.js';
import * as service from './app-versions.service.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';
import { errors, noContent, TAG } from './tenancy.http.js';

/** The mobile app versions (spec "mobile versions"): super admins only. */
export function appVersionRoutes(app: ZodApp, { db }: AppDeps): void {
  // App versions belong to no tenant: the scope is nothing once the caller is a super admin.
  const scope = (request: Parameters<typeof gate>[0]) => {
    gate(request, ROLE_GATES.superAdmin);
    return null;
  };
  listRoute(app, '/app-versions', {
    db,
    list: appVersionList,
    scope,
    record: appVersionSchema,
    tags: [TAG],
    summary: 'List app versions (super admin)',
  });
  registerExport(app, 'app-versions', { db, list: appVersionList, scope, tags: [TAG] });

  app.post(
    '/app-versions',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Add an app version (super admin)',
        body: createAppVersionSchema,
        response: { 201: appVersionSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createAppVersion(db, gate(request, ROLE_GATES.superAdmin), request.body)),
  );
  app.get(
    '/app-versions/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Get an app version (super admin)',
        params: idParamsSchema,
        response: { 200: appVersionSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      gate(request, ROLE_GATES.superAdmin);
      return service.getAppVersion(db, request.params.id);
    },
  );
  app.patch(
    '/app-versions/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Update an app version (super admin)',
        params: idParamsSchema,
        body: updateAppVersionSchema,
        response: { 200: appVersionSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateAppVersion(db, gate(request, ROLE_GATES.superAdmin), request.params.id, request.body),
  );
  app.delete(
    '/app-versions/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Delete an app version (super admin)',
        params: idParamsSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteAppVersion(db, gate(request, ROLE_GATES.superAdmin), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
