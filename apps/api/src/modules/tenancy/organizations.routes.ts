import {
  createOrganizationSchema,
  idParamsSchema,
  organizationSchema,
  updateOrganizationSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { organizationList } from './organizations.repo.js';
import * as service from './organizations.service.js';
import { errors, noContent, TAG } from './tenancy.http.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';

/** Super admins manage every organisation; an organisation admin reads and edits their own. */
export function organizationRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const scope = (request: Parameters<typeof gate>[0]) =>
    gate(request, ROLE_GATES.organizationAdmin).principal;
  listRoute(app, '/organizations', {
    db,
    list: organizationList,
    scope,
    record: organizationSchema,
    tags: [TAG],
    summary: 'List organizations',
  });
  registerExport(app, 'organizations', { db, list: organizationList, scope, tags: [TAG] });

  app.post(
    '/organizations',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create an organization (super admin)',
        body: createOrganizationSchema,
        response: { 201: organizationSchema, ...errors(400, 401, 403, 409) },
      },
    },
    async (request, reply) => {
      const ctx = gate(request, ROLE_GATES.superAdmin);
      return reply.status(201).send(await service.createOrganization(deps, ctx, request.body));
    },
  );
  app.get(
    '/organizations/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Get an organization',
        params: idParamsSchema,
        response: { 200: organizationSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.getOrganization(db, gate(request, ROLE_GATES.organizationAdmin), request.params.id),
  );
  app.patch(
    '/organizations/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Update an organization',
        description:
          '`sso: null` removes single sign-on; an sso object without clientSecret keeps the stored secret.',
        params: idParamsSchema,
        body: updateOrganizationSchema,
        response: { 200: organizationSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateOrganization(
        deps,
        gate(request, ROLE_GATES.organizationAdmin),
        request.params.id,
        request.body,
      ),
  );
  app.delete(
    '/organizations/:id',
    {
      schema: {
        tags: [TAG],
        summary: 'Delete an organization with its hubs and events (super admin)',
        params: idParamsSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteOrganization(db, gate(request, ROLE_GATES.superAdmin), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
