import { z } from 'zod';
import {
  campaignActionSchema,
  campaignAudienceCountResultSchema,
  campaignAudienceCountSchema,
  campaignDeliverySchema,
  campaignPreviewRequestSchema,
  campaignPreviewSchema,
  campaignRecipientSchema,
  campaignSchema,
  campaignTestResultSchema,
  campaignUpdateOptionsSchema,
  createCampaignSchema,
  updateCampaignSchema,
  CAMPAIGN_AUDIENCE_TYPES,
  CAMPAIGN_CHANNELS,
  CAMPAIGN_LINK_TYPES,
  CAMPAIGN_PLACEHOLDER_DESCRIPTIONS,
  CAMPAIGN_PLACEHOLDERS,
  CAMPAIGN_STATUS_RULES,
  CAMPAIGN_STATUSES,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams, noContent, parseOr400 } from '../../platform/http.js';
import { listRoute, type ZodApp } from '../../platform/list.js';
import { findCommunication, campaignList, eventInfo, recipientList } from './communications.repo.js';
import * as service from './communications.service.js';
import { createDeliveryEngine, deliveryOptionsFromEnv, type DeliveryEngine } from './delivery-engine.js';
import { notFound } from '../../platform/errors.js';

const TAG = 'communications';
const BASE = '/events/:eventId/communications';
const ADMINS = 'Event admins (and the hub, organisation and super admins above).';
const params = eventParams.extend({ communicationId: z.uuid() });

/** The delivery engine of each app (tests stop it and drive their own). */
const engines = new WeakMap<object, DeliveryEngine>();
export const deliveryEngineOf = (deps: AppDeps): DeliveryEngine | undefined => engines.get(deps);

/** `events/{eventId}/communications…`: campaigns (push, e-mail or both), their delivery and recipients. */
export function communicationRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const engine = createDeliveryEngine(deps, app.log, deliveryOptionsFromEnv(process.env));
  engines.set(deps, engine);
  app.addHook('onReady', async () => engine.start());
  app.addHook('preClose', async () => engine.stop());

  listRoute(app, BASE, {
    db,
    list: campaignList,
    scope: async (request) => (await eventAccess(db, request, eventIdOf(request), 'admin')).event.id,
    record: campaignSchema,
    tags: [TAG],
    summary: `An event's communications: filters status, channel, schedule (comma-separated); createdBy is the author's name, else e-mail. ${ADMINS}`,
  });

  app.get(
    `${BASE}/update-options`,
    {
      schema: {
        tags: [TAG],
        summary: 'What each status allows, and what the editor offers',
        description: ADMINS,
        params: eventParams,
        response: { 200: campaignUpdateOptionsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'admin');
      return {
        statuses: CAMPAIGN_STATUSES.map((status) => ({ status, ...CAMPAIGN_STATUS_RULES[status] })),
        channels: [...CAMPAIGN_CHANNELS],
        linkTypes: [...CAMPAIGN_LINK_TYPES],
        audienceTypes: [...CAMPAIGN_AUDIENCE_TYPES],
        placeholders: CAMPAIGN_PLACEHOLDERS.map((name) => ({
          name,
          token: `{${name}}`,
          description: CAMPAIGN_PLACEHOLDER_DESCRIPTIONS[name],
        })),
        timezone: (await eventInfo(db, event.id)).timezone,
      };
    },
  );

  app.post(
    `${BASE}/audience-count`,
    {
      schema: {
        tags: [TAG],
        summary: 'How many participants an audience reaches now',
        description: ADMINS,
        params: eventParams,
        body: campaignAudienceCountSchema,
        response: { 200: campaignAudienceCountResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'admin');
      return { count: await service.audienceCount(db, event.id, request.body.audience) };
    },
  );

  app.post(
    `${BASE}/preview`,
    {
      schema: {
        tags: [TAG],
        summary: 'A draft rendered for a chosen participant, or the first of the audience',
        description: `Placeholders filled, the branded e-mail (HTML and text) and the link. ${ADMINS}`,
        params: eventParams,
        body: campaignPreviewRequestSchema,
        response: { 200: campaignPreviewSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.preview(deps, await eventAccess(db, request, request.params.eventId, 'admin'), request.body),
  );

  app.post(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: 'Create a communication (a draft: PENDING_TO_SCHEDULE)',
        description: `Unknown placeholders → 400 on the field. ${ADMINS}`,
        params: eventParams,
        body: createCampaignSchema,
        response: { 201: campaignSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply.status(201).send(await service.createCampaign(db, access, request.body));
    },
  );

  app.get(
    `${BASE}/:communicationId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A communication',
        description: ADMINS,
        params,
        response: { 200: campaignSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'admin');
      return service.getCampaign(db, event.id, request.params.communicationId);
    },
  );

  app.patch(
    `${BASE}/:communicationId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a communication',
        description: `Any subset; 409 once sending started (SENDING, PAUSED, SENT, FAILED). ${ADMINS}`,
        params,
        body: updateCampaignSchema,
        response: { 200: campaignSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateCampaign(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.communicationId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:communicationId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a communication',
        description: `A draft, a scheduled one, or one sent or failed (with its recipients); 409 while SENDING or PAUSED. ${ADMINS}`,
        params,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteCampaign(
        db,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.communicationId,
      );
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${BASE}/:communicationId/status`,
    {
      schema: {
        tags: [TAG],
        summary: 'Schedule, unschedule, pause or resume',
        description:
          'SCHEDULE (PENDING_TO_SCHEDULE → SCHEDULED; NOW starts sending at once, DATE_AND_TIME at its time, which must be in the future), ' +
          `UNSCHEDULE (SCHEDULED → PENDING_TO_SCHEDULE), PAUSE (SENDING → PAUSED), RESUME (PAUSED → SENDING). Others: 409. ${ADMINS}`,
        params,
        body: campaignActionSchema,
        response: { 200: campaignSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.changeStatus(
        { ...deps, engine: engines.get(deps) ?? null },
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.communicationId,
        request.body.action,
      ),
  );

  app.post(
    `${BASE}/:communicationId/test`,
    {
      schema: {
        tags: [TAG],
        summary: 'Send the communication to yourself',
        description: `E-mail (when it has the EMAIL channel) to the caller's address, logged as TEST; push to the caller's own devices. ${ADMINS}`,
        params,
        response: { 200: campaignTestResultSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.testSend(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.communicationId,
      ),
  );

  app.get(
    `${BASE}/:communicationId/delivery`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delivery figures: counts per channel and status',
        description: ADMINS,
        params,
        response: { 200: campaignDeliverySchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'admin');
      return service.delivery(db, event.id, request.params.communicationId);
    },
  );

  listRoute(app, `${BASE}/:communicationId/recipients`, {
    db,
    list: recipientList,
    scope: async (request) => {
      const p = parseOr400(params, request.params);
      const { event } = await eventAccess(db, request, p.eventId, 'admin');
      if (!(await findCommunication(db, event.id, p.communicationId))) throw notFound();
      return { communicationId: p.communicationId };
    },
    record: campaignRecipientSchema,
    tags: [TAG],
    summary: `A communication's recipients, one row per recipient and channel, with the subject as sent: filters status, channel; search name, e-mail. ${ADMINS}`,
  });
}
