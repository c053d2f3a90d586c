import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ATTENDEE_MESSAGES,
  availableFieldSchema,
  availableFieldsDataQuerySchema,
  availableFieldsDataSchema,
  bulkUpdateParticipantsSchema,
  bulkUpdateResultSchema,
  checkUserQuerySchema,
  checkUserResultSchema,
  createParticipantSchema,
  extraReportsSchema,
  impersonationCandidateSchema,
  listResponse,
  mapParticipantSchema,
  mapUserSchema,
  participantFilterOptionsSchema,
  participantListQuerySchema,
  participantInvitedSchema,
  participantSchema,
  publicParticipantSchema,
  updateOptionsSchema,
  updateParticipantSchema,
  updateUserProfileSchema,
  userProfileSchema,
  type CustomFieldDef,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { listRoute, PAGE_ROWS_MAX, registerExport, sendList, type ZodApp } from '../../platform/list.js';
import { storageFor } from '../../platform/storage.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { eventAccessWithFields } from './participants.access.js';
import { errors, eventParams, noContent, participantParams, TAG, userParams } from './attendees.http.js';
import { fieldsError, parseOr400, rawQuery } from '../../platform/http.js';
import { asDefs, listFields } from './custom-fields.repo.js';
import {
  directoryList,
  exportFields,
  impersonationList,
  participantExportList,
  participantList,
  STANDARD_EXPORT_COLUMNS,
  unknownCustomKeys,
  type ExportScope,
} from './participants.list.js';
import * as service from './participants.service.js';
import { forget } from './photos.service.js';

const BASE = '/events/:eventId/participants';

/** The query with the event's own schema (its custom-field filters); unknown `cf_` keys are a 400. */
function parseQuery<T extends z.ZodType>(
  schema: T,
  raw: Record<string, string | string[]>,
  fields: readonly CustomFieldDef[],
): z.output<T> {
  const unknown = unknownCustomKeys(raw, fields);
  if (unknown.length > 0)
    throw fieldsError(Object.fromEntries(unknown.map((k) => [k, ATTENDEE_MESSAGES.unknownField])));
  return parseOr400(schema, raw);
}

const LIST_DESCRIPTION =
  'Search (`search`: first and last name, company, e-mail), sort (`sort=field:asc|desc` by firstName, lastName, email, jobTitle, company, createdAt, updatedAt ' +
  'or a custom field key `cf_<32 hex digits of its id>`; default lastName:asc, ties by id) and pages (`page`, `limit` 20 | 300 | 1000 | 1000000 = View All, ' +
  `streamed above ${PAGE_ROWS_MAX}). Filters: \`labelId\` (comma-separated: members of any), \`hasPhoto\`, \`verified\` (true|false), ` +
  '`cf_<hex>=a,b` (equals any of the values; ENUM: the selection includes any; BOOLEAN: true|false), `cf_<hex>From` / `cf_<hex>To` ' +
  '(inclusive range for NUMBER, CURRENCY, DATE YYYY-MM-DD, TIME hh:mm AM/PM), and `rules`: a JSON array of label rules ' +
  '`[{"field":"company","operator":"EQUAL","value":"Acme"}]`, all of which must match. `customFields` of a record maps custom field ids to values. ' +
  'Admins and moderators of the event.';

/**
 * `events/{eventId}/participants` and everything under it (spec part 7), plus the export.
 * Access: admins manage; moderators read; participants only `/view`, `/{userId}/profile` and `/user-profile`.
 */
export function participantRoutes(app: ZodApp, deps: AppDeps): void {
  const { db, config } = deps;
  const access = (request: FastifyRequest, need: 'admin' | 'read' | 'member') =>
    eventAccess(db, request, eventIdOf(request), need);

  app.get(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: "List an event's participants",
        description: LIST_DESCRIPTION,
        params: eventParams,
        querystring: participantListQuerySchema,
        response: { 200: listResponse(participantSchema), ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { event, fields } = await eventAccessWithFields(db, request, eventIdOf(request), 'read');
      const list = participantList(fields);
      const query = parseQuery(list.query, rawQuery(request), fields);
      // sendList answers the page (checked by the response schema) or a streamed reply (View All).
      return sendList(
        reply,
        await list.page(db, { eventId: event.id, fields }, query),
        participantSchema,
      ) as never;
    },
  );

  registerExport(app, 'participants', {
    db,
    list: participantExportList,
    tags: [TAG],
    filename: 'participants',
    scope: async (request): Promise<ExportScope> => {
      const eventId = parseOr400(z.object({ eventId: z.uuid() }), request.query).eventId;
      const { event } = await eventAccess(db, request, eventId, 'read');
      const records = await listFields(db, event.id);
      const fields = asDefs(records);
      const list = participantList(fields);
      const query = parseQuery(list.exportQuery, rawQuery(request), fields);
      for (const f of records) {
        exportFields[f.key] = list.fields[f.key]!;
      }
      // registerExport reads the columns after the scope: the event's own default includes its custom fields.
      (request.query as { columns?: string[] }).columns = query.columns?.length
        ? query.columns
        : [...STANDARD_EXPORT_COLUMNS, ...records.map((f) => f.key)];
      return { list, scope: { eventId: event.id, fields }, query };
    },
  });

  app.post(
    BASE,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'Add a participant',
        description:
          "By e-mail: an existing account of the event's organisation (a participant of one of its events, or a member of it) joins as it is (no second account; " +
          'its password, names and other events are untouched); a new address gets an account without a password (sign-in by magic link or password reset). ' +
          'An account outside the organisation is not added: it is sent an invitation holding this profile and joins when the person accepts (202 ' +
          '`{ invited: true, email }`; super admins add any account). The profile in this event comes from the body. `customFields` maps custom ' +
          'field ids to values (required ones must be given); `labelIds` adds manual labels. 409 when the address already participates. Admins only.',
        params: eventParams,
        body: createParticipantSchema,
        response: {
          201: participantSchema,
          202: participantInvitedSchema,
          ...errors(400, 401, 403, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const answer = await service.createParticipant(deps, await access(request, 'admin'), request.body);
      return 'invited' in answer ? reply.status(202).send(answer) : reply.status(201).send(answer);
    },
  );

  app.patch(
    BASE,
    {
      schema: {
        tags: [TAG],
        summary: 'Update many participants at once',
        description:
          '`{ ids, patch }`: up to 10,000 participant ids; `patch` sets jobTitle, company and custom fields (null clears one) and adds or removes manual labels. ' +
          'One transaction; rule labels are recomputed for the participants changed. Ids that are not participants of the event are skipped. Admins only.',
        params: eventParams,
        body: bulkUpdateParticipantsSchema,
        response: { 200: bulkUpdateResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.bulkUpdate(db, await access(request, 'admin'), request.body.ids, request.body.patch),
  );

  app.get(
    `${BASE}/filters`,
    {
      schema: {
        tags: [TAG],
        summary: "Options of the participants list's filters",
        description:
          'Labels (with member counts), custom fields (with their types and ENUM values), and the boolean filters. Admins and moderators.',
        params: eventParams,
        response: { 200: participantFilterOptionsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.filterOptions(db, (await access(request, 'read')).event.id),
  );

  app.get(
    `${BASE}/update-options`,
    {
      schema: {
        tags: [TAG],
        summary: 'What a bulk update may change',
        description:
          'The fields a bulk PATCH may set (jobTitle, company, every custom field with its type and values) and the manual labels it may add or remove. Admins only.',
        params: eventParams,
        response: { 200: updateOptionsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.updateOptions(db, (await access(request, 'admin')).event.id),
  );

  app.get(
    `${BASE}/check-user`,
    {
      schema: {
        tags: [TAG],
        summary: 'Does an e-mail address have an account, and does it participate in this event?',
        description:
          "Before adding a participant. The account's names are not revealed; an account outside the event's organisation is answered like an unknown address (super admins see every account). Admins only.",
        params: eventParams,
        querystring: checkUserQuerySchema,
        response: { 200: checkUserResultSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.checkUser(db, await access(request, 'admin'), request.query.email),
  );

  const joined = {
    200: participantSchema.describe('Already a participant'),
    201: participantSchema.describe('Joined'),
  };
  app.post(
    `${BASE}/map-user`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'An existing account joins the event',
        description:
          '`{ userId }` or `{ email }`: the account becomes a participant (profile from its names and photo), without a second account. 201 when it joined, 200 when it already was a participant; ' +
          "404 when no account matches, and the same 404 for an account outside the event's organisation (super admins map any account). Admins only.",
        params: eventParams,
        body: mapUserSchema,
        response: { ...joined, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { participant, created } = await service.mapUser(
        db,
        await access(request, 'admin'),
        request.body,
      );
      return reply.status(created ? 201 : 200).send(participant);
    },
  );

  app.post(
    `${BASE}/map-participant-to-event`,
    {
      config: { idempotent: true },
      schema: {
        tags: [TAG],
        summary: 'A participant of another event joins this one',
        description:
          '`{ participantId }` of another event the caller administers: its account joins this event with the same profile (names, job title, company, phone, bio, photo; ' +
          'custom fields and labels are per event and not copied). 201 when it joined, 200 when it already was a participant; 404 for a participant the caller can not administer. Admins only.',
        params: eventParams,
        body: mapParticipantSchema,
        response: { ...joined, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { participant, created } = await service.mapParticipantToEvent(
        db,
        await access(request, 'admin'),
        request.body.participantId,
      );
      return reply.status(created ? 201 : 200).send(participant);
    },
  );

  listRoute(app, `${BASE}/view`, {
    db,
    list: directoryList,
    scope: async (request) => service.directoryScope(db, (await access(request, 'member')).event.id),
    record: publicParticipantSchema,
    tags: [TAG],
    summary:
      'The participant directory: what participants see of each other (public profile fields and custom fields marked showInProfile; no e-mail or phone). ' +
      "`customFields`: the values set, each with its field's id, name, dataType and currencyCode, in the event's field order. Hidden profiles are left out. Anyone with a role in the event.",
  });

  listRoute(app, `${BASE}/impersonate-user-list`, {
    db,
    list: impersonationList,
    scope: async (request) => (await access(request, 'admin')).event.id,
    record: impersonationCandidateSchema,
    tags: [TAG],
    summary:
      'Participants an admin may act as (send their userId in the impersonate header), as participants of the events the admin administers only: no super admins and nobody holding an admin or moderator role anywhere. Admins only.',
  });

  // `GET …/chat-participants` (whom one may message) is the chat's: modules/networking/chat.routes.ts.

  app.get(
    `${BASE}/extra-reports`,
    {
      schema: {
        tags: [TAG],
        summary: 'Counts of the attendee reports',
        description:
          'Participants in total, with and without photo, with a confirmed e-mail address and without; magic links sent and used; members per label. Admins and moderators.',
        params: eventParams,
        response: { 200: extraReportsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.extraReports(db, (await access(request, 'read')).event.id),
  );

  app.get(
    `${BASE}/get-available-fields`,
    {
      schema: {
        tags: [TAG],
        summary: 'Every field of a participant: standard and custom, with type, operators and flags',
        description:
          'For column choosers, rule builders, filters and imports. `key` is the name in sort, columns and filters. Admins and moderators.',
        params: eventParams,
        response: { 200: z.object({ fields: z.array(availableFieldSchema) }), ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      fields: service.availableFields(await listFields(db, (await access(request, 'read')).event.id)),
    }),
  );

  app.get(
    `${BASE}/get-available-fields-data`,
    {
      schema: {
        tags: [TAG],
        summary: 'The distinct values of one field among the participants, most frequent first',
        description:
          '`field`: a standard field name, a custom field id or key; `search` narrows (contains); `limit` (default 100). ENUM selections count each value. Admins and moderators.',
        params: eventParams,
        querystring: availableFieldsDataQuerySchema,
        response: { 200: availableFieldsDataSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.availableFieldsData(db, (await access(request, 'read')).event.id, request.query),
  );

  app.get(
    `${BASE}/user-profile`,
    {
      schema: {
        tags: [TAG],
        summary: "The caller's own profile in this event",
        description:
          'Standard fields, photo, and the custom fields marked editableByParticipant or showInProfile (with their definitions, `editable` saying which). 404 when the caller is no participant of the event.',
        params: eventParams,
        response: { 200: userProfileSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.userProfile(db, await access(request, 'member')),
  );

  app.post(
    `${BASE}/user-profile`,
    {
      schema: {
        tags: [TAG],
        summary: "Update the caller's own profile in this event",
        description:
          'Partial: names (not empty), job title, company, phone, bio, and `customFields` among those marked editableByParticipant (others: 400 "This field can not be edited"). ' +
          "The e-mail is the account's and is not changed here. Answers the profile as GET does.",
        params: eventParams,
        body: updateUserProfileSchema,
        response: { 200: userProfileSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.updateUserProfile(db, await access(request, 'member'), request.body),
  );

  app.get(
    `${BASE}/:participantId`,
    {
      schema: {
        tags: [TAG],
        summary: 'A participant: profile, custom fields, labels',
        description: 'Admins and moderators. Sessions and activity will join the profile with their modules.',
        params: participantParams,
        response: { 200: participantSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.getParticipant(db, (await access(request, 'read')).event.id, request.params.participantId),
  );

  app.patch(
    `${BASE}/:participantId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a participant',
        description:
          'Partial: names, job title, company, phone, bio; `customFields` merges (null clears one; required ones can not be cleared); `labelIds` replaces the manual labels. ' +
          "The e-mail is the account's and can not be changed here. Rule labels are recomputed in the same transaction. Admins only.",
        params: participantParams,
        body: updateParticipantSchema,
        response: { 200: participantSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateParticipant(
        db,
        await access(request, 'admin'),
        request.params.participantId,
        request.body,
      ),
  );

  app.delete(
    `${BASE}/:participantId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Remove a participant from the event',
        description:
          'The account stays; the participant row, its labels, magic links and photo go. Admins only.',
        params: participantParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const a = await access(request, 'admin');
      const { photoUrl } = await service.getParticipant(db, a.event.id, request.params.participantId);
      await service.removeParticipant(deps, a, request.params.participantId);
      await forget(db, storageFor(config), photoUrl);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/:userId/profile`,
    {
      schema: {
        tags: [TAG],
        summary: "A participant's public profile, by user id, as other participants see it",
        description:
          'Names, job title, company, bio, photo and the custom fields marked showInProfile; no e-mail, phone or labels. `customFields`: the values set, ' +
          "each with its field's id, name, dataType and currencyCode, in the event's field order. Anyone with a role in the event; " +
          "a hidden profile only its owner and the event's admins and moderators (404 to other participants).",
        params: userParams,
        response: { 200: publicParticipantSchema, ...errors(400, 401, 404) },
      },
    },
    async (request) => service.publicProfile(db, await access(request, 'member'), request.params.userId),
  );
}
