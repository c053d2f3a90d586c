import tzLookup from '@photostructure/tz-lookup';
import { GEO_ADDRESS_MAX_LENGTH, type GeoMatch, type TimeZoneProvider } from './types.js';
import { normalise, places, type Places } from './places.js';
import { REGIONS, type Region } from './regions.js';

/**
 * Address → time zone without any network: the address text is matched against the GeoNames
 * places (city + country, state or province for the US, Canada and Australia), the place's
 * coordinates give the IANA zone (@photostructure/tz-lookup, time-zone boundaries shipped in the
 * package).
 *
 * How an address is read ('Damrak 1, 1012 LG Amsterdam, Netherlands'):
 * - the country is the last country name in it (English, German, French, Spanish, Italian, Dutch,
 *   Portuguese names and aliases), else an upper-case code ('USA', 'UK', or a whole part 'NL');
 * - a state or province by name ('Oregon') or upper-case abbreviation ('ME', 'NSW'); it implies
 *   its country;
 * - the city: the parts between commas from the last to the first (a street comes before its
 *   city), within a part the words from right to left, longer names first; parts that are only a
 *   country or state name are tried last ('New York, NY'). The places of that name in the country
 *   (and state, when one was named) are taken, the most populous wins ('Portland, Oregon' →
 *   Portland OR; 'Portland' alone → Portland OR too, being the larger). Without a country or state,
 *   only places of at least 15,000 inhabitants count, so a word of a street does not become a village;
 * - nothing found: the most populous place of the named state, or of the named country when its
 *   largest places all share one zone ('Netherlands' → Amsterdam; 'USA' alone → nothing).
 */
export const MIN_POPULATION_WITHOUT_COUNTRY = 15_000;
const MAX_WORDS = 4;
const COUNTRY_SAMPLE = 20;

interface Part {
  original: string;
  norm: string;
}
interface Found<T> {
  value: T;
  phrase: string;
  part: number;
  at: number;
}

/** The phrase's last whole-word position in `text`, or -1. */
function wordAt(text: string, phrase: string): number {
  return ` ${text} `.lastIndexOf(` ${phrase} `);
}

const later = <T>(a: Found<T> | undefined, b: Found<T>) =>
  !a || b.part > a.part || (b.part === a.part && b.at >= a.at) ? b : a;
const upperTokens = (text: string) => text.match(/\b[A-Z]{2,3}\b/g) ?? [];

function findCountry(p: Places, parts: Part[]): Found<string> | undefined {
  let best: Found<string> | undefined;
  parts.forEach((part, i) => {
    for (const [name, code] of p.countryByName) {
      const at = wordAt(part.norm, name);
      if (at >= 0) best = later(best, { value: code, phrase: name, part: i, at });
    }
    const whole = part.original.trim();
    if (p.alpha2.has(whole)) best = later(best, { value: whole, phrase: part.norm, part: i, at: 0 });
    for (const token of upperTokens(part.original)) {
      const code = p.countryByCode.get(token);
      if (code)
        best = later(best, {
          value: code,
          phrase: token.toLowerCase(),
          part: i,
          at: wordAt(part.norm, token.toLowerCase()),
        });
    }
  });
  return best;
}

function findRegion(parts: Part[], country: string | undefined): Found<Region> | undefined {
  let best: Found<Region> | undefined;
  const candidates = country ? REGIONS.filter((r) => r.country === country) : REGIONS;
  parts.forEach((part, i) => {
    const tokens = new Set(upperTokens(part.original));
    for (const region of candidates) {
      const name = normalise(region.name);
      const at = wordAt(part.norm, name);
      if (at >= 0) best = later(best, { value: region, phrase: name, part: i, at });
      for (const abbreviation of region.abbreviations)
        if (tokens.has(abbreviation))
          best = later(best, {
            value: region,
            phrase: abbreviation.toLowerCase(),
            part: i,
            at: wordAt(part.norm, abbreviation.toLowerCase()),
          });
    }
  });
  return best;
}

/** Word sequences of a part, right to left, longer first at each end. */
function* phrases(norm: string): Generator<string> {
  const words = norm.split(' ');
  for (let end = words.length; end > 0; end--)
    for (let length = Math.min(MAX_WORDS, end); length > 0; length--)
      yield words.slice(end - length, end).join(' ');
}

function pickPlace(
  p: Places,
  ids: readonly number[],
  country: string | undefined,
  region: Region | undefined,
): number | undefined {
  let pool = country ? ids.filter((id) => p.country[id] === country) : ids;
  if (region) {
    const inRegion = pool.filter((id) => p.admin[id] === region.code);
    if (inRegion.length > 0) pool = inRegion;
  }
  if (!country && !region) pool = pool.filter((id) => p.population[id]! >= MIN_POPULATION_WITHOUT_COUNTRY);
  let best: number | undefined;
  for (const id of pool) if (best === undefined || p.population[id]! > p.population[best]!) best = id;
  return best;
}

function largestWhere(p: Places, keep: (id: number) => boolean, count: number): number[] {
  const top: number[] = [];
  for (let id = 0; id < p.size; id++) {
    if (!keep(id)) continue;
    top.push(id);
    if (top.length > count) {
      top.sort((a, b) => p.population[b]! - p.population[a]!);
      top.pop();
    }
  }
  return top.sort((a, b) => p.population[b]! - p.population[a]!);
}

interface Reading {
  country: string | undefined;
  region: Region | undefined;
  /** Phrases that named the country or state: not city names in this reading. */
  taken: Set<string>;
}

function reading(country: Found<string> | undefined, region: Found<Region> | undefined): Reading {
  const phrases = [country?.phrase, region?.phrase, region ? normalise(region.value.name) : undefined];
  return {
    country: country?.value ?? region?.value.country,
    region: region?.value,
    taken: new Set(phrases.filter((x): x is string => x !== undefined)),
  };
}

/**
 * How the address can be read: by its country (with a state of that country), and when a state
 * of another country is named too ('Atlanta, Georgia': the country Georgia or the US state), by
 * that state as well — the later of the two in the text first, the country first on a tie.
 */
function readings(p: Places, parts: Part[]): Reading[] {
  const country = findCountry(p, parts);
  const anyRegion = findRegion(parts, undefined);
  if (!country) return [reading(undefined, anyRegion)];
  const byCountry = reading(country, findRegion(parts, country.value));
  if (!anyRegion || anyRegion.value.country === country.value) return [byCountry];
  const byRegion = reading(undefined, anyRegion);
  const regionLater =
    anyRegion.part > country.part || (anyRegion.part === country.part && anyRegion.at > country.at);
  return regionLater ? [byRegion, byCountry] : [byCountry, byRegion];
}

function findCity(p: Places, parts: Part[], r: Reading): GeoMatch | undefined {
  const adminOnly = (part: Part) =>
    r.taken.has(part.norm) || (p.alpha2.has(part.original.trim()) && part.original.trim().length === 2);
  const order = [...parts.filter((part) => !adminOnly(part)).reverse(), ...parts.filter(adminOnly).reverse()];
  for (const part of order) {
    for (const phrase of phrases(part.norm)) {
      if (phrase.length < 3 || /^[\d ]+$/.test(phrase) || (r.taken.has(phrase) && !adminOnly(part))) continue;
      const ids = p.byName.get(phrase);
      const id = ids && pickPlace(p, ids, r.country, r.region);
      if (id !== undefined)
        return answer(p, id, [p.name[id]!, r.region?.name, p.countryName(p.country[id]!)]);
    }
  }
  return undefined;
}

export function matchAddress(address: string, p: Places = places()): GeoMatch | undefined {
  const parts: Part[] = address
    .slice(0, GEO_ADDRESS_MAX_LENGTH)
    .split(/[,;\n|]/)
    .map((original) => ({ original, norm: normalise(original) }))
    .filter((part) => part.norm !== '');
  if (parts.length === 0) return undefined;
  const ways = readings(p, parts);
  for (const way of ways) {
    const city = findCity(p, parts, way);
    if (city) return city;
  }

  const { region, country } = ways[0]!;
  if (region) {
    const [id] = largestWhere(p, (i) => p.country[i] === region.country && p.admin[i] === region.code, 1);
    if (id !== undefined) return answer(p, id, [region.name, p.countryName(region.country)]);
  }
  if (country) {
    const top = largestWhere(p, (i) => p.country[i] === country, COUNTRY_SAMPLE);
    const zones = new Set(top.map((id) => tzLookup(p.latitude[id]!, p.longitude[id]!)));
    if (top[0] !== undefined && zones.size === 1) return answer(p, top[0], [p.countryName(country)]);
  }
  return undefined;
}

function answer(p: Places, id: number, label: Array<string | undefined>): GeoMatch {
  const latitude = p.latitude[id]!;
  const longitude = p.longitude[id]!;
  return {
    timezone: tzLookup(latitude, longitude),
    latitude,
    longitude,
    label: label.filter(Boolean).join(', '),
  };
}

export function offlineTimeZoneProvider(): TimeZoneProvider {
  return { resolve: async (address) => matchAddress(address) };
}
