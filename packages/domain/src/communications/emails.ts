import { z } from 'zod';
import { dateFromFilter, dateToFilter, multiValueFilter } from '../list-filters.js';
import { listQuerySchema } from '../list.js';

/**
 * The e-mail log (`/communication/emails`, issue 14 deliverable 5): every e-mail the platform
 * queued — system mails (verification, reset, magic links, invitations, enrolment, meetings,
 * moderator links), campaign mails and test sends — with its delivery status. One-time secrets in
 * links are replaced by `…` in the logged copy.
 */
export const EMAIL_CATEGORIES = ['SYSTEM', 'CAMPAIGN', 'TEST'] as const;
export const emailCategorySchema = z.enum(EMAIL_CATEGORIES);
export type EmailCategory = z.output<typeof emailCategorySchema>;

/** QUEUED → SENT; DEFERRED while the transport asks to retry later; FAILED / BOUNCED when given up. */
export const EMAIL_STATUSES = ['QUEUED', 'SENT', 'DEFERRED', 'FAILED', 'BOUNCED'] as const;
export const emailStatusSchema = z.enum(EMAIL_STATUSES);
export type EmailStatus = z.output<typeof emailStatusSchema>;

/** A row of the list (no bodies). */
export const emailLogEntrySchema = z.object({
  id: z.uuid(),
  eventId: z.uuid().nullable(),
  to: z.string(),
  subject: z.string(),
  category: emailCategorySchema,
  status: emailStatusSchema,
  communicationId: z.uuid().nullable(),
  error: z.string().nullable(),
  queuedAt: z.iso.datetime({ offset: true }),
  sentAt: z.iso.datetime({ offset: true }).nullable(),
});
export type EmailLogEntry = z.output<typeof emailLogEntrySchema>;

/** One e-mail with its rendered message (HTML part, if any, and the plain-text part). */
export const emailLogDetailSchema = emailLogEntrySchema.extend({
  text: z.string(),
  html: z.string().nullable(),
});
export type EmailLogDetail = z.output<typeof emailLogDetailSchema>;

/** Search to/subject; filter status, category, queued date range; sort queuedAt (default desc), to, subject, status. */
export const emailLogListQuerySchema = listQuerySchema.extend({
  status: multiValueFilter(emailStatusSchema).optional(),
  category: multiValueFilter(emailCategorySchema).optional(),
  queuedAtFrom: dateFromFilter.optional(),
  queuedAtTo: dateToFilter.optional(),
});
export type EmailLogListQuery = z.input<typeof emailLogListQuerySchema>;
export const EMAIL_LOG_SORTABLE = ['queuedAt', 'sentAt', 'to', 'subject', 'status', 'category'] as const;
export const EMAIL_LOG_DEFAULT_SORT = 'queuedAt:desc';
