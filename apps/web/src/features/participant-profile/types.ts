import type { CustomFieldValue, PublicParticipant } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';

/** Custom-field values by field id, as the API sends them. */
export type CustomFieldValues = Record<string, CustomFieldValue | null>;

/** The editable standard fields of one's profile in an event. */
export interface ProfileText {
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  phone: string;
  bio: string;
}

/** A custom field as `GET …/user-profile` describes it: `editable` by this participant or only shown. */
export type ProfileCustomField = Omit<CustomFieldRow, 'createdAt' | 'updatedAt'> & { editable: boolean };

/** `GET …/participants/user-profile`: the caller's own profile in the event (JSON: timestamps are text). */
export interface OwnProfile {
  participant: ProfileText & {
    id: string;
    eventId: string;
    userId: string;
    email: string;
    photoUrl: string | null;
    customFields: CustomFieldValues;
  };
  customFields: ProfileCustomField[];
}

/** `GET …/participants/{userId}/profile`: what other participants see. */
export type PublicProfile = PublicParticipant;

/** `POST …/participants/user-profile` (partial). */
export type ProfileUpdate = Partial<ProfileText> & { customFields?: CustomFieldValues };
