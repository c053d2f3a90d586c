import { useCustomFields } from '../../shared/custom-fields/useCustomFields';
import { useOwnProfile } from './api';
import type { ProfileCustomField } from './types';

/**
 * The custom fields a public profile shows (showInProfile), in the event's order. Public profiles
 * carry values by field id only; participants read the definitions from their own profile
 * (`user-profile` lists every field shown in profiles), and admins or moderators who are no
 * participant of the event (participant view) from the event's custom fields.
 */
export function useProfileFieldDefinitions(eventId: string): { fields: ProfileCustomField[]; pending: boolean } {
  const own = useOwnProfile(eventId);
  const notParticipant = own.isError && own.error.status === 404;
  const all = useCustomFields(notParticipant ? eventId : null);
  if (own.data) return { fields: own.data.customFields.filter((f) => f.showInProfile), pending: false };
  if (notParticipant && all.data) {
    return { fields: all.data.filter((f) => f.showInProfile).map((f) => ({ ...f, editable: false })), pending: false };
  }
  return { fields: [], pending: own.isPending || (notParticipant && all.isPending) };
}
