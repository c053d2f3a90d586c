import { ATTENDEE_MESSAGES, MAX_IMAGE_UPLOAD_BYTES, MESSAGES } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { photoFileProblem, profileTextOf, profileUpdate, validateProfileText } from './profileForm';
import type { OwnProfile } from './types';

const stored: OwnProfile['participant'] = {
  id: 'p1',
  eventId: 'e1',
  userId: 'u1',
  email: 'amara@example.com',
  firstName: 'Amara',
  lastName: 'Okafor',
  jobTitle: 'Engineer',
  company: '',
  phone: '',
  bio: '',
  photoUrl: null,
  customFields: { diet: 'Vegan', tags: ['a', 'b'] },
};

describe('validateProfileText', () => {
  it("asks for both names with the spec's message", () => {
    const errors = validateProfileText({ ...profileTextOf(stored), firstName: '  ', lastName: '' });
    expect(errors).toEqual({ firstName: MESSAGES.required, lastName: MESSAGES.required });
  });
  it("refuses text over the API's limits", () => {
    expect(
      validateProfileText({ ...profileTextOf(stored), phone: '1'.repeat(51), bio: 'x'.repeat(5001) }),
    ).toEqual({
      phone: MESSAGES.maxLength,
      bio: MESSAGES.maxLength,
    });
  });
  it('passes a valid profile', () => {
    expect(validateProfileText(profileTextOf(stored))).toEqual({});
  });
});

describe('profileUpdate', () => {
  it('is undefined when nothing changed (values as stored, extra spaces trimmed)', () => {
    expect(
      profileUpdate(
        stored,
        { ...profileTextOf(stored), firstName: ' Amara ' },
        { diet: 'Vegan', tags: ['a', 'b'] },
      ),
    ).toBeUndefined();
  });
  it('sends the changed standard fields trimmed and the changed custom fields, null clearing one', () => {
    const update = profileUpdate(
      stored,
      { ...profileTextOf(stored), company: ' Northwind ', bio: 'Hi' },
      { diet: null, tags: ['a', 'b'], size: 'M' },
    );
    expect(update).toEqual({ company: 'Northwind', bio: 'Hi', customFields: { diet: null, size: 'M' } });
  });
  it('treats an empty custom field that was never set as unchanged', () => {
    expect(
      profileUpdate(stored, profileTextOf(stored), { diet: 'Vegan', tags: ['a', 'b'], size: null }),
    ).toBeUndefined();
  });
});

describe('photoFileProblem', () => {
  it('lets jpeg, jpg and png through by name or type', () => {
    expect(photoFileProblem({ name: 'me.JPG', type: '', size: 1000 })).toBeUndefined();
    expect(photoFileProblem({ name: 'me.jpeg', type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(
      photoFileProblem({ name: 'me.png', type: 'image/png', size: MAX_IMAGE_UPLOAD_BYTES }),
    ).toBeUndefined();
    expect(photoFileProblem({ name: 'image', type: 'image/png', size: 1000 })).toBeUndefined();
  });
  it("answers the API's message for other types", () => {
    expect(photoFileProblem({ name: 'me.gif', type: 'image/gif', size: 1000 })).toBe(
      ATTENDEE_MESSAGES.photoType,
    );
    expect(photoFileProblem({ name: 'cv.pdf', type: 'application/pdf', size: 1000 })).toBe(
      ATTENDEE_MESSAGES.photoType,
    );
  });
  it("answers the API's message for a file over the cap", () => {
    expect(photoFileProblem({ name: 'big.png', type: 'image/png', size: MAX_IMAGE_UPLOAD_BYTES + 1 })).toBe(
      ATTENDEE_MESSAGES.photoTooLarge,
    );
  });
});
