import {
  approvedHostInputSchema,
  approvedHostListSchema,
  approvedHostParamsSchema,
  approvedHostSchema,
  idParamsSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import * as service from './approved-hosts.service.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';
import { errors, noContent, TAG } from './tenancy.http.js';

const ABOUT =
  'Hosts a super admin approved for the organization. Only these may be listed in its single sign-on `hosts`, ' +
  "and e-mail links use them only for the organization's own people (roles in it or participants of its events). " +
  "Platform hosts (brand hosts, PUBLIC_URL's host and its `cms.` twin) can not be approved; a host name belongs to one organization. " +
  'Super admins only: every other role gets 403.';

/** Super admins approve the hosts an organisation may bind (docs/SECURITY.md 3.9). */
export function approvedHostRoutes(app: ZodApp, deps: AppDeps): void {
  app.get(
    '/organizations/:id/approved-hosts',
    {
      schema: {
        tags: [TAG],
        summary: 'List the approved hosts of an organization (super admin)',
        description: ABOUT,
        params: idParamsSchema,
        response: { 200: approvedHostListSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.listApprovedHosts(deps, gate(request, ROLE_GATES.superAdmin), request.params.id),
  );
  app.post(
    '/organizations/:id/approved-hosts',
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Approve a host for an organization (super admin)',
        description: `${ABOUT} \`host\` is \`name\` (any port) or \`name:port\`, without scheme or path; upper case is folded. 409 when the host name is approved already.`,
        params: idParamsSchema,
        body: approvedHostInputSchema,
        response: { 201: approvedHostSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await service.approveHost(
            deps,
            gate(request, ROLE_GATES.superAdmin),
            request.params.id,
            request.body.host,
          ),
        ),
  );
  app.delete(
    '/organizations/:id/approved-hosts/:host',
    {
      schema: {
        tags: [TAG],
        summary: 'Revoke an approved host (super admin)',
        description: `${ABOUT} Revoking also removes the host from the organization's single sign-on hosts.`,
        params: approvedHostParamsSchema,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.revokeHost(
        deps,
        gate(request, ROLE_GATES.superAdmin),
        request.params.id,
        request.params.host,
      );
      return reply.status(204).send(null);
    },
  );
}
