import { z } from 'zod';
import { timestampSchema } from '../tenancy/common.js';

/**
 * What happened to a participant, newest first (`GET …/participants/{participantId}/activity`):
 * from the audit log (created, profile updated, photo changed or removed) and the magic links
 * (sent, used).
 */
export const PARTICIPANT_ACTIVITY_KINDS = [
  'CREATED',
  'UPDATED',
  'PHOTO_CHANGED',
  'PHOTO_REMOVED',
  'MAGIC_LINK_SENT',
  'MAGIC_LINK_USED',
] as const;
export type ParticipantActivityKind = (typeof PARTICIPANT_ACTIVITY_KINDS)[number];

export const participantActivitySchema = z.object({
  id: z.string(),
  kind: z.enum(PARTICIPANT_ACTIVITY_KINDS),
  at: timestampSchema,
  /** Who did it: full name ('' when the account is gone or has no name), null when unknown. */
  actorName: z.string().nullable(),
  /** The participant did it themselves (own profile, own photo, signed in with the link). */
  bySelf: z.boolean(),
  /** The address a magic link went to; null for other kinds. */
  email: z.string().nullable(),
});
export type ParticipantActivity = z.output<typeof participantActivitySchema>;

export const PARTICIPANT_ACTIVITY_LIMIT_MAX = 200;
export const participantActivityQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(PARTICIPANT_ACTIVITY_LIMIT_MAX).default(50),
});
