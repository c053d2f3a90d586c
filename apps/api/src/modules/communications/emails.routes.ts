import { emailLogDetailSchema, emailLogEntrySchema } from '@plenary/domain';
import { z } from 'zod';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams } from '../../platform/http.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { gate, ROLE_GATES } from '../../platform/role-gates.js';
import { emailLogList, findEmail } from './emails.repo.js';

export const EMAILS_TAG = 'communications';
const EVENT_EMAILS = '/events/:eventId/emails';
const ADMINS = 'Event admins (and the hub, organisation and super admins above).';
const SUPER =
  'Super admins only (system e-mails of no event, e.g. account verification and password reset, are seen only here).';
const emailParams = eventParams.extend({ emailId: z.uuid() });
const globalEmailParams = z.object({ emailId: z.uuid() });

/**
 * The e-mail log (`/communication/emails`): every e-mail the platform queued, with its status and
 * the rendered message (one-time link secrets shown as `…`). An event's e-mails: its admins. Every
 * e-mail of the platform, including those of no event: super admins.
 */
export function emailLogRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const eventScope = async (request: Parameters<typeof eventIdOf>[0]) => ({
    eventId: (await eventAccess(db, request, eventIdOf(request), 'admin')).event.id,
  });
  const globalScope = (request: Parameters<typeof gate>[0]) => {
    gate(request, ROLE_GATES.superAdmin);
    return { eventId: null };
  };

  listRoute(app, EVENT_EMAILS, {
    db,
    list: emailLogList,
    scope: eventScope,
    record: emailLogEntrySchema,
    tags: [EMAILS_TAG],
    summary: `The event's e-mail log: search to and subject; filter status, category, queuedAtFrom/To. ${ADMINS}`,
  });
  registerExport(app, 'emails', {
    db,
    list: emailLogList,
    scope: eventScope,
    tags: [EMAILS_TAG],
    path: `${EVENT_EMAILS}/export`,
  });

  app.get(
    `${EVENT_EMAILS}/:emailId`,
    {
      schema: {
        tags: [EMAILS_TAG],
        summary: 'One e-mail of the event with its rendered message',
        description: `The HTML part (null for a plain-text e-mail) and the plain-text part, one-time link secrets replaced by "…". ${ADMINS}`,
        params: emailParams,
        response: { 200: emailLogDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await eventScope(request);
      const email = await findEmail(db, scope, request.params.emailId);
      if (!email) throw notFound('E-mail not found');
      return email;
    },
  );

  listRoute(app, '/emails', {
    db,
    list: emailLogList,
    scope: globalScope,
    record: emailLogEntrySchema,
    tags: [EMAILS_TAG],
    summary: `Every e-mail of the platform (eventId null: system e-mails of no event). ${SUPER}`,
  });

  app.get(
    '/emails/:emailId',
    {
      schema: {
        tags: [EMAILS_TAG],
        summary: 'One e-mail with its rendered message (super admin)',
        description: `As the event route, for any e-mail. ${SUPER}`,
        params: globalEmailParams,
        response: { 200: emailLogDetailSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const email = await findEmail(db, globalScope(request), request.params.emailId);
      if (!email) throw notFound('E-mail not found');
      return email;
    },
  );
}
