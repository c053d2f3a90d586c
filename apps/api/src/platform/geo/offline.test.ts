import { describe, expect, it } from 'vitest';
import { matchAddress } from './offline.js';

const zoneOf = (address: string) => matchAddress(address)?.timezone;

describe('offline address → time zone', () => {
  it('reads a street address with postcode, city and country', () => {
    const hit = matchAddress('Damrak 1, 1012 LG Amsterdam, Netherlands');
    expect(hit).toMatchObject({ timezone: 'Europe/Amsterdam', label: 'Amsterdam, Netherlands' });
    expect(hit!.latitude).toBeCloseTo(52.37, 1);
    expect(hit!.longitude).toBeCloseTo(4.89, 1);
  });

  it('tells two cities of one name apart by the state', () => {
    expect(matchAddress('Portland, Oregon, USA')).toMatchObject({
      timezone: 'America/Los_Angeles',
      label: 'Portland, Oregon, United States of America',
    });
    expect(zoneOf('Portland, Maine')).toBe('America/New_York');
    expect(zoneOf('100 Commercial St, Portland, ME 04101')).toBe('America/New_York');
    expect(zoneOf('Portland, OR 97201')).toBe('America/Los_Angeles');
  });

  it('takes the most populous place of a name when nothing else tells', () => {
    expect(zoneOf('Sydney, Australia')).toBe('Australia/Sydney');
    expect(zoneOf('Sydney')).toBe('Australia/Sydney');
    // Cape Breton keeps its own IANA zone (same offset as Halifax).
    expect(zoneOf('Sydney, Nova Scotia, Canada')).toBe('America/Glace_Bay');
    expect(zoneOf('Portland')).toBe('America/Los_Angeles');
  });

  it('takes the country named in the address over a larger namesake elsewhere', () => {
    expect(matchAddress('Amsterdam, NY, USA')?.timezone).toBe('America/New_York');
    expect(matchAddress('Paris, Texas')?.timezone).toBe('America/Chicago');
    expect(zoneOf('Paris, France')).toBe('Europe/Paris');
  });

  it('reads the city after the street, not a city the street is named after', () => {
    expect(zoneOf('12 Rue de Paris, 69001 Lyon, France')).toBe('Europe/Paris');
    expect(matchAddress('Londoner Straße 5, 10115 Berlin, Germany')?.label).toBe('Berlin, Germany');
  });

  it('knows country names in other languages, codes and accents', () => {
    expect(matchAddress('Friedrichstraße 43, 10117 Berlin, Deutschland')?.timezone).toBe('Europe/Berlin');
    expect(matchAddress('Zürich, Schweiz')?.timezone).toBe('Europe/Zurich');
    expect(matchAddress('Rua Augusta 1, Lisboa, Portugal')?.timezone).toBe('Europe/Lisbon');
    expect(matchAddress('Toronto, ON, CA')?.timezone).toBe('America/Toronto');
    expect(matchAddress('New York, NY')?.label).toBe('New York City, New York, United States of America');
  });

  it('reads a state that shares its name with a country both ways', () => {
    expect(zoneOf('Atlanta, Georgia')).toBe('America/New_York');
    expect(zoneOf('Tbilisi, Georgia')).toBe('Asia/Tbilisi');
  });

  it('falls back to the state, or to a country of one zone', () => {
    expect(matchAddress('Somewhere in Oregon')?.timezone).toBe('America/Los_Angeles');
    expect(matchAddress('Netherlands')).toMatchObject({ timezone: 'Europe/Amsterdam', label: 'Netherlands' });
    // The United States have several zones: a guess would be wrong for most of them.
    expect(matchAddress('USA')).toBeUndefined();
  });

  it('finds nothing in nonsense', () => {
    expect(matchAddress('qwertyuiop asdfghjkl')).toBeUndefined();
    expect(matchAddress('')).toBeUndefined();
    expect(matchAddress(' , ,, ')).toBeUndefined();
    expect(matchAddress('12345')).toBeUndefined();
  });
});
