import type {
  checkUserResultSchema,
  magicLinkSchema,
  participantActivitySchema,
  participantFilterOptionsSchema,
  participantSchema,
  sendMagicLinksResultSchema,
  updateOptionsSchema,
} from '@plenary/domain';
import type { z } from 'zod';

/** Records as the API sends them (z.input: timestamps are ISO strings on the wire). */
export type Participant = z.input<typeof participantSchema>;
export type ParticipantLabel = Participant['labels'][number];
export type MagicLink = z.input<typeof magicLinkSchema>;
export type ParticipantActivity = z.input<typeof participantActivitySchema>;
export type FilterOptions = z.input<typeof participantFilterOptionsSchema>;
export type UpdateOptions = z.input<typeof updateOptionsSchema>;
export type CheckUserResult = z.input<typeof checkUserResultSchema>;
export type SendMagicLinksResult = z.input<typeof sendMagicLinksResultSchema>;
