import { describe, expect, it } from 'vitest';
import { pinLocationName } from './pinText';

describe('a map pin’s location line', () => {
  it('is left out when it repeats the pin’s name', () => {
    expect(pinLocationName({ name: 'Plenary Hall', location: { name: 'Plenary Hall' } })).toBeNull();
    expect(pinLocationName({ name: 'Plenary hall ', location: { name: 'Plenary Hall' } })).toBeNull();
  });
  it('names the location when the pin is called something else', () => {
    expect(pinLocationName({ name: 'Registration desk', location: { name: 'Foyer' } })).toBe('Foyer');
  });
  it('is left out for a pin without a location', () => {
    expect(pinLocationName({ name: 'Coffee', location: null })).toBeNull();
  });
});
