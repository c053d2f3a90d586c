import { describe, expect, it } from 'vitest';
import { DOMAIN_EVENTS, isDomainEventName, parseDomainEventPayload } from './contracts.js';
import { isProfileComplete } from './profile.js';

const ids = {
  eventId: '6f1c3a52-6b0e-4c55-9a43-1d8f1f3b9c01',
  sessionId: '0b9a1e7c-3f0d-4d5e-8a1b-2c3d4e5f6a7b',
  participantId: '9e8d7c6b-5a49-4382-9176-5f4e3d2c1b0a',
};

describe('domain event contracts', () => {
  it('every contract has a positive integer version', () => {
    for (const [name, contract] of Object.entries(DOMAIN_EVENTS))
      expect(Number.isInteger(contract.version) && contract.version > 0, name).toBe(true);
  });

  it('parses a valid payload and refuses a wrong one', () => {
    expect(parseDomainEventPayload('session.checkedIn', { ...ids, method: 'QR' })).toEqual({
      ...ids,
      method: 'QR',
    });
    expect(() => parseDomainEventPayload('session.checkedIn', { ...ids, method: 'NFC' })).toThrow();
    expect(() => parseDomainEventPayload('session.enrolled', { ...ids, state: 'ENROLLED' })).toThrow();
  });

  it('knows its names only', () => {
    expect(isDomainEventName('material.viewed')).toBe(true);
    expect(isDomainEventName('toString')).toBe(false);
    expect(isDomainEventName('answer.submitted')).toBe(true);
    expect(isDomainEventName('card.exchanged')).toBe(true);
    expect(isDomainEventName('meeting.booked')).toBe(true);
    expect(isDomainEventName('feed.posted')).toBe(true);
    expect(isDomainEventName('feed.commented')).toBe(true);
    expect(isDomainEventName('badge.awarded')).toBe(false);
  });
});

describe('isProfileComplete', () => {
  const full = {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    photoUrl: '/api/v1/files/ab.jpg',
  };
  it('needs a photo and the required standard fields', () => {
    expect(isProfileComplete(full)).toBe(true);
    expect(isProfileComplete({ ...full, photoUrl: null })).toBe(false);
    expect(isProfileComplete({ ...full, lastName: '  ' })).toBe(false);
    expect(isProfileComplete({ ...full, email: null })).toBe(false);
  });
});
