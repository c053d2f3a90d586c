import { PROFILE_TEXT_FIELDS } from '@plenary/domain';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import {
  customFieldName,
  draftFrom,
  validateCustomFieldValues,
  type CustomFieldDraft,
} from '../../shared/custom-fields';
import { profileTextOf, profileUpdate, validateProfileText } from './profileForm';
import type { OwnProfile, ProfileText, ProfileUpdate } from './types';

/** Messages by control name: 'firstName' … and 'customFields.<id>' (the API's `fields` names). */
export type ProfileErrors = Record<string, string>;

const hasErrors = (errors: ProfileErrors) => Object.values(errors).some(Boolean);

/**
 * State of the edit-profile form: the standard fields and the custom fields the participant may
 * edit, checked with the API's rules and messages before saving; the first invalid control (in
 * page order) gets the focus (WCAG 3.3.1).
 */
export function useProfileForm(profile: OwnProfile) {
  const editable = profile.customFields.filter((f) => f.editable);
  const [text, setText] = useState<ProfileText>(() => profileTextOf(profile.participant));
  const [draft, setDraft] = useState<CustomFieldDraft>(() =>
    draftFrom(editable, profile.participant.customFields),
  );
  const [errors, setErrors] = useState<ProfileErrors>({});
  const formRef = useRef<HTMLFormElement>(null);

  const showErrors = useCallback((next: ProfileErrors) => {
    setErrors(next);
    const invalid = new Set(Object.keys(next).filter((k) => next[k]));
    const controls =
      formRef.current?.querySelectorAll<HTMLElement>('[data-field], [name]:not([type="hidden"])') ?? [];
    [...controls]
      .find((el) => invalid.has(el.getAttribute('data-field') ?? el.getAttribute('name') ?? ''))
      ?.focus();
  }, []);

  const clearError = (name: string) => setErrors((e) => (e[name] ? { ...e, [name]: '' } : e));

  const setField = (name: keyof ProfileText, value: string) => {
    setText((v) => ({ ...v, [name]: value }));
    clearError(name);
  };

  const setCustom = (id: string, value: unknown) => {
    setDraft((d) => ({ ...d, [id]: value }));
    clearError(customFieldName(id));
  };

  /**
   * On submit: every check, then `save(update)` with what changed, or `unchanged()`.
   * Answers the handler for the form's onSubmit.
   */
  const onSubmit = (save: (update: ProfileUpdate) => void, unchanged: () => void) => (event: FormEvent) => {
    event.preventDefault();
    const custom = validateCustomFieldValues(editable, draft, { onlyEditableByParticipant: true });
    const found: ProfileErrors = { ...validateProfileText(text) };
    for (const [id, message] of Object.entries(custom.errors)) found[customFieldName(id)] = message;
    if (hasErrors(found)) return showErrors(found);
    setErrors({});
    const update = profileUpdate(profile.participant, text, custom.values);
    if (update) save(update);
    else unchanged();
  };

  /** The API's `fields` answer on this form's controls; answers whether any of them got one. */
  const showServerErrors = (fields: Record<string, string> | undefined): boolean => {
    const known = new Set<string>([...PROFILE_TEXT_FIELDS, ...editable.map((f) => customFieldName(f.id))]);
    const mine = Object.fromEntries(Object.entries(fields ?? {}).filter(([name]) => known.has(name)));
    if (!hasErrors(mine)) return false;
    showErrors(mine);
    return true;
  };

  const customErrors = Object.fromEntries(
    editable.map((f) => [f.id, errors[customFieldName(f.id)] ?? '']).filter(([, m]) => m),
  );
  return {
    text,
    draft,
    errors,
    customErrors,
    editable,
    formRef,
    setField,
    setCustom,
    onSubmit,
    showServerErrors,
  };
}
