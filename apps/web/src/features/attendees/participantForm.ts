import {
  EMAIL_MAX_LENGTH,
  isEmail,
  MESSAGES,
  PARTICIPANT_TEXT_LIMITS,
  type ProfileTextField,
} from '@plenary/domain';

/** The standard fields of the admin's participant forms, as text inputs hold them. */
export type ProfileValues = Record<ProfileTextField, string>;

export const EMPTY_PROFILE: ProfileValues = {
  firstName: '',
  lastName: '',
  jobTitle: '',
  company: '',
  phone: '',
  bio: '',
};

/** The e-mail of a new participant: required, an address, not too long (the API's messages). */
export function emailError(value: string): string | undefined {
  const v = value.trim();
  if (v === '') return MESSAGES.required;
  if (v.length > EMAIL_MAX_LENGTH) return MESSAGES.maxLength;
  return isEmail(v) ? undefined : MESSAGES.invalidEmail;
}

/** Names required, every field within its length: the API's rules and messages. */
export function profileErrors(values: ProfileValues): Partial<Record<ProfileTextField, string>> {
  const errors: Partial<Record<ProfileTextField, string>> = {};
  for (const field of Object.keys(PARTICIPANT_TEXT_LIMITS) as ProfileTextField[]) {
    const v = values[field].trim();
    if ((field === 'firstName' || field === 'lastName') && v === '') errors[field] = MESSAGES.required;
    else if (v.length > PARTICIPANT_TEXT_LIMITS[field]) errors[field] = MESSAGES.maxLength;
  }
  return errors;
}

/** Trimmed values, only the ones that differ from `before` (all of them without `before`). */
export function profilePatch(values: ProfileValues, before?: Partial<ProfileValues>): Partial<ProfileValues> {
  const out: Partial<ProfileValues> = {};
  for (const field of Object.keys(values) as ProfileTextField[]) {
    const v = values[field].trim();
    if (
      before === undefined
        ? v !== '' || field === 'firstName' || field === 'lastName'
        : v !== (before[field] ?? '')
    )
      out[field] = v;
  }
  return out;
}
