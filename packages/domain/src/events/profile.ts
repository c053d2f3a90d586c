/**
 * When a participant's profile counts as complete (`profile.completed`): a photo, and a non-blank
 * value in every standard field a participant must have (first name, last name, e-mail — the ones
 * the participant form marks required). Custom fields do not count: their required flag is the
 * admin's input rule, and an event can add one at any time.
 */
export const PROFILE_REQUIRED_FIELDS = ['firstName', 'lastName', 'email'] as const;

export interface ProfileForCompleteness {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  photoUrl: string | null;
}

export function isProfileComplete(p: ProfileForCompleteness): boolean {
  const filled = (v: string | null) => v !== null && v.trim() !== '';
  return filled(p.photoUrl) && PROFILE_REQUIRED_FIELDS.every((field) => filled(p[field]));
}
