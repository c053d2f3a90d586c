import { geoTimezoneQuerySchema, geoTimezoneSchema } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { errorResponses } from '../../platform/errors.js';
import type { ZodApp } from '../../platform/list.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';
import { requireTimeZoneOfAddress } from './geo.service.js';

export function geoRoutes(app: ZodApp, { config }: AppDeps): void {
  app.get(
    '/geo/timezone',
    {
      schema: {
        tags: ['geo'],
        summary: "The IANA time zone of an address (the event form fills the event's time zone with it)",
        description:
          'Admins (super, organisation, hub, event). Offline place data, or the hosted maps service when MAPS_API_KEY is set. No match: 422.',
        querystring: geoTimezoneQuerySchema,
        response: { 200: geoTimezoneSchema, ...errorResponses(400, 401, 403, 422) },
      },
    },
    async (request) => {
      gate(request, ROLE_GATES.eventAdmin);
      return requireTimeZoneOfAddress(config, request.query.address, request.log);
    },
  );
}
