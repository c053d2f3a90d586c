import { z } from 'zod';
import { ONE_TIME_TOKEN_MAX_LENGTH, requestHostSchema, tokenDataSchema } from '../accounts/schemas.js';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { timestampSchema } from '../tenancy/common.js';
import { requiredString } from '../validation/strings.js';
import { ATTENDEE_MESSAGES } from './messages.js';
import { participantSelectionFilterSchema } from './participants.js';

/** A magic link signs its participant into one event, once, within this time. */
export const MAGIC_LINK_TTL_HOURS = 72;
/** Most participants one send reaches. */
export const MAGIC_LINK_RECIPIENTS_MAX = 10_000;
/** The participant app's route that reads `?magic=<token>` (spec part 2: /event/login). */
export const MAGIC_LINK_PATH = '/event/login';

/** `POST …/participants/magic-links`: to participants by id, or to every participant matching a filter. */
export const sendMagicLinksSchema = z
  .object({
    participantIds: z
      .array(z.uuid())
      .min(1, MESSAGES.required)
      .max(MAGIC_LINK_RECIPIENTS_MAX, MESSAGES.maxLength)
      .optional(),
    filter: participantSelectionFilterSchema.optional(),
    /** The participant app's host for the link; default: the request's host without a leading "cms.". */
    host: requestHostSchema.optional(),
  })
  .refine((v) => (v.participantIds === undefined) !== (v.filter === undefined), {
    message: ATTENDEE_MESSAGES.selectionRequired,
    path: ['participantIds'],
  });
export type SendMagicLinks = z.output<typeof sendMagicLinksSchema>;
export const sendMagicLinksResultSchema = z.object({ sent: z.number().int(), expiresAt: timestampSchema });

export const MAGIC_LINK_STATUSES = ['ACTIVE', 'USED', 'EXPIRED'] as const;
export const magicLinkStatusSchema = z.enum(MAGIC_LINK_STATUSES);

/** One sent link in the magic-links report. */
export const magicLinkSchema = z.object({
  id: z.uuid(),
  participantId: z.uuid(),
  userId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  /** The address the link was sent to. */
  email: z.string(),
  sentAt: timestampSchema,
  /** Full name of the admin who sent it. */
  sentBy: z.string(),
  expiresAt: timestampSchema,
  usedAt: timestampSchema.nullable(),
  status: magicLinkStatusSchema,
});
export type MagicLinkRecord = z.output<typeof magicLinkSchema>;

export const magicLinkListQuerySchema = listQuerySchema.extend({
  status: multiValueFilter(magicLinkStatusSchema).optional(),
  participantId: multiValueFilter(z.uuid()).optional(),
});

/** `POST auth/magic-link`: the token from the link and the app's host. */
export const magicLinkSignInSchema = z.object({
  token: requiredString(ONE_TIME_TOKEN_MAX_LENGTH),
  host: requestHostSchema,
});
/** Like `POST auth`, plus the event the link is for. */
export const magicLinkSignInResponseSchema = z.object({
  token: z.string(),
  tokenData: tokenDataSchema,
  eventId: z.uuid(),
});
