import { MESSAGES } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { EMPTY_PROFILE, emailError, profileErrors, profilePatch } from './participantForm';

describe('participant form rules', () => {
  it("checks the e-mail with the API's messages", () => {
    expect(emailError(' ')).toBe(MESSAGES.required);
    expect(emailError('ada@')).toBe(MESSAGES.invalidEmail);
    expect(emailError(`${'a'.repeat(250)}@example.com`)).toBe(MESSAGES.maxLength);
    expect(emailError(' ada@example.com ')).toBeUndefined();
  });

  it('requires the names and caps every length', () => {
    expect(profileErrors(EMPTY_PROFILE)).toEqual({
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
    });
    expect(
      profileErrors({ ...EMPTY_PROFILE, firstName: 'Ada', lastName: 'L', phone: '1'.repeat(51) }),
    ).toEqual({ phone: MESSAGES.maxLength });
  });

  it('sends the filled fields of a new participant, and only the changed ones of an edit', () => {
    expect(
      profilePatch({ ...EMPTY_PROFILE, firstName: ' Ada ', lastName: 'Lovelace', company: 'Engines' }),
    ).toEqual({ firstName: 'Ada', lastName: 'Lovelace', company: 'Engines' });
    const before = { ...EMPTY_PROFILE, firstName: 'Ada', lastName: 'Lovelace', company: 'Engines' };
    expect(profilePatch({ ...before, company: '', jobTitle: 'Countess ' }, before)).toEqual({
      company: '',
      jobTitle: 'Countess',
    });
  });
});
