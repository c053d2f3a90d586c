import {
  acceptAttribute,
  ATTENDEE_MESSAGES,
  FILE_TYPES,
  fileTypeFromName,
  fileTypesOfKind,
  MAX_IMAGE_UPLOAD_BYTES,
  PROFILE_TEXT_FIELDS,
  profileFieldsSchema,
  type CustomFieldValue,
} from '@plenary/domain';
import { schemaMessage, type FormErrors } from '../../shared/forms/useForm';
import type { CustomFieldValues, OwnProfile, ProfileText, ProfileUpdate } from './types';

/** The form's standard fields from the stored profile. */
export function profileTextOf(participant: OwnProfile['participant']): ProfileText {
  const { firstName, lastName, jobTitle, company, phone, bio } = participant;
  return { firstName, lastName, jobTitle, company, phone, bio };
}

/** The API's rules for the standard fields (names required, lengths), with its messages. */
export function validateProfileText(values: ProfileText): FormErrors<ProfileText> {
  const errors: FormErrors<ProfileText> = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const message = schemaMessage(profileFieldsSchema.shape[field], values[field]);
    if (message) errors[field] = message;
  }
  return errors;
}

const same = (a: CustomFieldValue | null | undefined, b: CustomFieldValue | null | undefined) =>
  JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The partial update a save sends: the standard fields that changed (trimmed) and the checked
 * custom-field values that differ from the stored ones (null clears). Undefined when nothing changed.
 */
export function profileUpdate(
  stored: OwnProfile['participant'],
  text: ProfileText,
  customValues: CustomFieldValues,
): ProfileUpdate | undefined {
  const update: ProfileUpdate = {};
  for (const field of PROFILE_TEXT_FIELDS) {
    const value = text[field].trim();
    if (value !== stored[field]) update[field] = value;
  }
  const changed = Object.entries(customValues).filter(([id, value]) => !same(value, stored.customFields[id]));
  if (changed.length > 0) update.customFields = Object.fromEntries(changed);
  return Object.keys(update).length > 0 ? update : undefined;
}

/** What the file chooser offers: the spec's image types (jpeg, jpg, png). */
export const PHOTO_ACCEPT = acceptAttribute(['image']);
const PHOTO_MIME_TYPES: readonly string[] = fileTypesOfKind('image').flatMap(
  (type) => FILE_TYPES[type].mimeTypes,
);

/**
 * A quick look before uploading a photo (the API decides by content): a file that is neither named
 * nor typed as jpeg/jpg/png, or one over the cap, gets the API's own message; undefined when it may go.
 */
export function photoFileProblem(file: { name: string; type: string; size: number }): string | undefined {
  const byName = fileTypeFromName(file.name);
  const isImage =
    (byName !== undefined && FILE_TYPES[byName].kind === 'image') ||
    PHOTO_MIME_TYPES.includes(file.type.toLowerCase());
  if (!isImage) return ATTENDEE_MESSAGES.photoType;
  if (file.size > MAX_IMAGE_UPLOAD_BYTES) return ATTENDEE_MESSAGES.photoTooLarge;
  return undefined;
}
