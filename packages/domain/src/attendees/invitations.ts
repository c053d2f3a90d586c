import { z } from 'zod';
import { ONE_TIME_TOKEN_MAX_LENGTH } from '../accounts/schemas.js';
import { requiredString } from '../validation/strings.js';

/**
 * An account outside the event's organisation is never added by an admin (docs/SECURITY.md 3.7):
 * it gets an invitation by e-mail and joins the event only by accepting it.
 */
export const EVENT_INVITATION_TTL_DAYS = 14;
/** The participant app's route that reads `?token=<secret>`. */
export const EVENT_INVITATION_PATH = '/event/invitation';

/** `POST …/participants` (202): the address belongs to an account outside the organisation; it was invited. */
export const participantInvitedSchema = z.object({ invited: z.literal(true), email: z.string() });
export type ParticipantInvited = z.output<typeof participantInvitedSchema>;

/** `POST invitations/accept` and `POST invitations/decline`. */
export const invitationTokenSchema = z.object({ token: requiredString(ONE_TIME_TOKEN_MAX_LENGTH) });
export const invitationAcceptedSchema = z.object({ eventId: z.uuid(), eventName: z.string() });
export type InvitationAccepted = z.output<typeof invitationAcceptedSchema>;
