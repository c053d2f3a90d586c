import { z } from 'zod';
import { requestHostSchema } from '../accounts/schemas.js';
import { MESSAGES } from '../messages.js';
import { ATTENDEE_MESSAGES } from './messages.js';

/** Most participants one bulk action takes (a removal runs one transaction per participant). */
export const BULK_ACTION_MAX = 1000;

export const BULK_ACTIONS = ['ADD_LABELS', 'REMOVE_LABELS', 'SEND_MAGIC_LINKS', 'REMOVE'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/**
 * Why a selected participant was left alone: no longer in the event (removed meanwhile, or never
 * was), already had every label to add, had none of the labels to remove.
 */
export const BULK_SKIP_REASONS = ['NOT_IN_EVENT', 'ALREADY_LABELLED', 'NOT_LABELLED'] as const;
export type BulkSkipReason = (typeof BULK_SKIP_REASONS)[number];

const participantIds = z
  .array(z.uuid())
  .min(1, MESSAGES.required)
  .max(BULK_ACTION_MAX, `${ATTENDEE_MESSAGES.selectionTooLarge} (at most ${BULK_ACTION_MAX})`);
const labelIds = z.array(z.uuid()).min(1, MESSAGES.pleaseSelectValue).max(100, MESSAGES.maxLength);

/** `POST events/{eventId}/participants/bulk-actions`: one action on the selected participants. */
export const bulkActionSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('ADD_LABELS'), participantIds, labelIds }),
  z.object({ action: z.literal('REMOVE_LABELS'), participantIds, labelIds }),
  z.object({
    action: z.literal('SEND_MAGIC_LINKS'),
    participantIds,
    /** The participant app's host for the links; default: the request's host without "cms.". */
    host: requestHostSchema.optional(),
  }),
  z.object({ action: z.literal('REMOVE'), participantIds }),
]);
export type BulkActionRequest = z.output<typeof bulkActionSchema>;

export const bulkActionResultSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  /** Participants the action changed (labelled, unlabelled, sent a link, removed). */
  done: z.number().int().min(0),
  skipped: z.array(z.object({ participantId: z.uuid(), reason: z.enum(BULK_SKIP_REASONS) })),
});
export type BulkActionResult = z.output<typeof bulkActionResultSchema>;
