import {
  badgeSchema,
  cardRequestResultSchema,
  cardRequestSchema,
  cardRequestsSchema,
  cardStatsSchema,
  contactNoteSchema,
  contactsExportQuerySchema,
  contactsQuerySchema,
  contactsSchema,
  sendCardRequestSchema,
} from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess } from '../../platform/event-access.js';
import { errors, eventParams } from '../../platform/http.js';
import type { ZodApp } from '../../platform/list.js';
import { CARD_LIMITS, cardLimiter } from './cards.limits.js';
import * as service from './cards.service.js';

export const CARDS_TAG = 'business-cards';
const BASE = '/events/:eventId/business-cards';
const requestParams = eventParams.extend({ cardRequestId: z.uuid() });
const contactParams = eventParams.extend({ contactParticipantId: z.uuid() });
const WHO = "The event's participants (staff who are not participants: 403; another tenant's event: 404).";

/** Business-card exchange: badge, requests (scan → request → accept), contacts with notes and export. */
export function cardRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const limiter = cardLimiter(app, deps);
  const access = (request: Parameters<typeof service.cardAccess>[1], eventId: string) =>
    service.cardAccess(db, request, eventId);

  app.get(
    `${BASE}/badge`,
    {
      schema: {
        tags: [CARDS_TAG],
        summary: "The caller's badge (PARTICIPANT_QR_CODE)",
        description: `The payload {"type":"PARTICIPANT_QR_CODE","eventId","participantId"} as text and as an SVG QR code, with the name to show. ${WHO}`,
        params: eventParams,
        response: { 200: badgeSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.badge(db, await access(request, request.params.eventId)),
  );

  app.post(
    `${BASE}/requests`,
    {
      config: { idempotent: true },
      schema: {
        tags: [CARDS_TAG],
        summary: 'Send a card request (scan a badge, or from a profile)',
        description:
          '`{ qr }` (the scanned badge text) or `{ participantId }` (from a profile), with an optional `note`. 400 on `qr` for a code that is not a ' +
          "badge or for one's own badge; 404 for another event's badge, an unknown participant or a hidden profile. 201 with `state: PENDING` " +
          "when sent (the recipient's user room gets `card.request`); 200 with the state when a request is already pending or they are " +
          'contacts already; when the other person had asked the caller, this accepts their request (200, `state: CONTACT`). ' +
          `A declined request is sent anew. At most ${CARD_LIMITS.request.limit} requests a minute per participant (429). ${WHO}`,
        params: eventParams,
        body: sendCardRequestSchema,
        response: {
          200: cardRequestResultSchema,
          201: cardRequestResultSchema,
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const who = await access(request, request.params.eventId);
      await limiter.enforce(who.participantId);
      const { created, result } = await service.sendRequest(deps, who, request.body);
      reply.code(created ? 201 : 200);
      return result;
    },
  );

  app.get(
    `${BASE}/requests`,
    {
      schema: {
        tags: [CARDS_TAG],
        summary: "The caller's pending card requests",
        description: `Incoming (sent to the caller) and outgoing pending requests, newest first, at most ${service.REQUESTS_LIMIT} each. ${WHO}`,
        params: eventParams,
        response: { 200: cardRequestsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => service.requests(db, await access(request, request.params.eventId)),
  );

  const respond = (accept: boolean) => ({
    schema: {
      tags: [CARDS_TAG],
      summary: accept ? 'Accept a card request' : 'Decline a card request',
      description:
        (accept
          ? "Both become each other's contacts and `card.exchanged` is published, in one transaction. "
          : 'The sender is not told more than the new status. ') +
        'Only the recipient (anyone else: 404). Answering the same way again answers the same; ' +
        (accept ? 'a declined request: 409. ' : 'an accepted request: 409. ') +
        `Both users' rooms get \`card.request\`. ${WHO}`,
      params: requestParams,
      response: { 200: cardRequestSchema, ...errors(400, 401, 403, 404, 409) },
    },
  });
  for (const accept of [true, false])
    app.post(
      `${BASE}/requests/:cardRequestId/${accept ? 'accept' : 'decline'}`,
      respond(accept),
      async (request) =>
        service.respond(
          deps,
          await access(request, request.params.eventId),
          request.params.cardRequestId,
          accept,
        ),
    );

  app.get(
    `${BASE}/contacts`,
    {
      schema: {
        tags: [CARDS_TAG],
        summary: "The caller's contacts",
        description: `People the caller exchanged cards with, newest first (at most ${service.CONTACTS_LIMIT}), with the caller's private note; \`search\` matches name, e-mail, company, job title and note. ${WHO}`,
        params: eventParams,
        querystring: contactsQuerySchema,
        response: { 200: contactsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.contacts(db, await access(request, request.params.eventId), request.query.search),
  );

  app.put(
    `${BASE}/contacts/:contactParticipantId/note`,
    {
      schema: {
        tags: [CARDS_TAG],
        summary: 'Set the private note on a contact',
        description: `Only the caller sees it. 404 unless the person is the caller's contact. ${WHO}`,
        params: contactParams,
        body: contactNoteSchema,
        response: { 200: contactNoteSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.setNote(
        db,
        await access(request, request.params.eventId),
        request.params.contactParticipantId,
        request.body.note,
      ),
  );

  app.get(
    `${BASE}/contacts/export`,
    {
      schema: {
        tags: [CARDS_TAG],
        summary: "The caller's contacts as vCard or CSV",
        description: `\`format=vcf\` (default): one vCard 3.0 file with every contact; \`format=csv\`: a CSV (UTF-8 with BOM, formulas neutralised). ${WHO}`,
        params: eventParams,
        querystring: contactsExportQuerySchema,
        response: {
          200: {
            description: 'The file (text/vcard or text/csv)',
            content: { 'text/vcard': { schema: z.string() }, 'text/csv': { schema: z.string() } },
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await service.exportContacts(
        db,
        await access(request, request.params.eventId),
        request.query.format,
      );
      return reply
        .type(file.type)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );

  app.get(
    `${BASE}/stats`,
    {
      schema: {
        tags: [CARDS_TAG],
        summary: 'Card exchanges at the event (organisers)',
        description:
          'Exchanges made, requests pending and participants with a contact. Admins and moderators.',
        params: eventParams,
        response: { 200: cardStatsSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return service.stats(db, event.id);
    },
  );
}
