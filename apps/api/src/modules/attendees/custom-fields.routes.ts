import type { FastifyRequest } from 'fastify';
import {
  createCustomFieldSchema,
  customFieldSchema,
  listResponse,
  reorderCustomFieldsSchema,
  updateCustomFieldSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import type { ZodApp } from '../../platform/list.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { customFieldParams, errors, eventParams, noContent, TAG } from './attendees.http.js';
import * as service from './custom-fields.service.js';

const BASE = '/events/:eventId/custom-fields';

/** `events/{eventId}/custom-fields`: CRUD and reorder. Admins manage; moderators and admins read. */
export function customFieldRoutes(app: ZodApp, { db }: AppDeps): void {
  const access = (request: FastifyRequest, need: 'admin' | 'read') =>
    eventAccess(db, request, eventIdOf(request), need);

  app.get(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: "An event's custom fields, in their order",
        description:
          'All of them (an event has at most 200). `key` (`cf_<hex>`) names the field in the participants list (sort, columns, filters). Admins and moderators.',
        params: eventParams,
        response: { 200: listResponse(customFieldSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const records = await service.listCustomFields(db, (await access(request, 'read')).event.id);
      return { records, total: records.length };
    },
  );

  app.post(
    BASE,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Create a custom field',
        description:
          'dataType: STRING (Free Text), BOOLEAN (Y/N), DATE (YYYY-MM-DD), NUMBER, CURRENCY (an amount with at most 2 decimals; `currencyCode`, default USD), ' +
          'TIME (hh:mm AM/PM), PROFILE_LINK (an http(s) URL), ENUM (settings.enumValues; settings.isEnumMultiple for multiple select). settings: required, ' +
          'isCustomField, isEnumMultiple, enumValues, special (built in: can not be deleted). editableByParticipant: the participant edits it in their profile; ' +
          'showInProfile: other participants see it. Names are unique per event (409). Added last. Admins only.',
        params: eventParams,
        body: createCustomFieldSchema,
        response: { 201: customFieldSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await service.createCustomField(db, await access(request, 'admin'), request.body)),
  );

  app.post(
    `${BASE}/reorder`,
    {
      schema: {
        tags: [TAG],
        summary: 'Put the custom fields in a new order',
        description:
          '`ids`: every custom field of the event, once each, in the new order. Answers the fields in that order. Admins only.',
        params: eventParams,
        body: reorderCustomFieldsSchema,
        response: { 200: listResponse(customFieldSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const records = await service.reorderCustomFields(db, await access(request, 'admin'), request.body.ids);
      return { records, total: records.length };
    },
  );

  app.get(
    `${BASE}/:customFieldId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A custom field',
        description: 'Admins and moderators.',
        params: customFieldParams,
        response: { 200: customFieldSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.getCustomField(db, (await access(request, 'read')).event.id, request.params.customFieldId),
  );

  app.patch(
    `${BASE}/:customFieldId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a custom field',
        description:
          'Partial; settings keys given replace the stored ones. A new dataType is refused (409) while participants hold values for the field or label rules use it. ' +
          'ENUM values that participants hold or rules name can not be removed (409). Switching isEnumMultiple converts the stored values ' +
          '(to single select only while nobody holds more than one, else 409). Making a field required does not touch existing participants. Admins only.',
        params: customFieldParams,
        body: updateCustomFieldSchema,
        response: { 200: customFieldSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      service.updateCustomField(
        db,
        await access(request, 'admin'),
        request.params.customFieldId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:customFieldId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a custom field and its values',
        description:
          'Refused (409) for built-in fields (settings.special) and for fields that label rules use. Admins only.',
        params: customFieldParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.deleteCustomField(db, await access(request, 'admin'), request.params.customFieldId);
      return reply.status(204).send(null);
    },
  );
}
