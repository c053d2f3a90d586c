import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { timestampSchema } from '../tenancy/common.js';
import { instanceSchema } from './instances.js';

/**
 * Moderation sessions (console `/moderation`, spec part 3 list view): the sessions the caller
 * moderates (event admins: every session of the event), with their instances.
 */
export const moderationSessionSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  startAt: timestampSchema,
  endAt: timestampSchema,
  /** '09:00 AM - 10:30 AM' in the event's zone. */
  timeSlot: z.string(),
  location: z.string().nullable(),
  instanceCount: z.number().int(),
  openCount: z.number().int(),
  /** Q&A questions waiting for a moderator across the session's instances. */
  pendingCount: z.number().int(),
});
export type ModerationSession = z.output<typeof moderationSessionSchema>;
export const moderationSessionListSchema = z.object({
  records: z.array(moderationSessionSchema),
  total: z.number().int(),
});
export const moderationInstancesSchema = z.object({ records: z.array(instanceSchema) });
/** GET …/moderation/sessions: search by name, sort by name or startAt (default startAt:asc). */
export const moderationSessionListQuerySchema = listQuerySchema;
/** POST …/moderation/sessions/{sessionId}/magic-link-token: the listed moderator to e-mail a fresh link to. */
export const magicLinkTokenSchema = z.object({ userId: z.uuid() });
