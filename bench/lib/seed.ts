/** Word lists for realistic event names ('Global Summit Lisbon 2024'): a search for 'summit' matches 1 in 15. */
const ADJECTIVES = [
  'Annual',
  'Global',
  'Northern',
  'Digital',
  'Open',
  'Future',
  'Green',
  'Urban',
  'Creative',
  'Smart',
  'Applied',
  'Modern',
  'Pacific',
  'Atlantic',
  'Alpine',
  'Coastal',
  'Royal',
  'National',
  'Regional',
  'Young',
];
const NOUNS = [
  'Summit',
  'Conference',
  'Forum',
  'Expo',
  'Festival',
  'Symposium',
  'Meetup',
  'Congress',
  'Workshop',
  'Gala',
  'Fair',
  'Retreat',
  'Hackathon',
  'Convention',
  'Showcase',
];
const CITIES = [
  'Berlin',
  'Lagos',
  'Osaka',
  'Lisbon',
  'Austin',
  'Nairobi',
  'Oslo',
  'Lima',
  'Toronto',
  'Madrid',
  'Seoul',
  'Accra',
  'Milan',
  'Dublin',
  'Sydney',
];

const array = (words: string[]) => `ARRAY[${words.map((w) => `'${w}'`).join(',')}]`;
const orgId = (expr: string) => `('00000000-0000-4000-8000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;
const hubId = (expr: string) => `('00000000-0000-4000-9000-' || lpad(to_hex(${expr}), 12, '0'))::uuid`;

/**
 * `events` events over 200 hubs in 50 organisations, generated inside the database by one
 * INSERT … SELECT generate_series per table (the same SQL on PostgreSQL and PGlite), then ANALYZE.
 */
export function seedEventsSql(events: number, hubs = 200, organizations = 50): string {
  return `
    INSERT INTO organizations (id, name, settings, updated_at)
      SELECT ${orgId('g')}, 'Organization ' || g, '{"status":"PUBLISHED"}', now() FROM generate_series(1, ${organizations}) g;
    INSERT INTO event_hubs (id, organization_id, name, updated_at)
      SELECT ${hubId('g')}, ${orgId(`1 + g % ${organizations}`)}, 'Hub ' || g, now() FROM generate_series(1, ${hubs}) g;
    INSERT INTO events (event_hub_id, organization_id, name, description, start_at, end_at, timezone, address, created_at, updated_at)
      SELECT ${hubId(`1 + g % ${hubs}`)},
             ${orgId(`1 + (1 + g % ${hubs}) % ${organizations}`)},
             (${array(ADJECTIVES)})[1 + g % 20] || ' ' || (${array(NOUNS)})[1 + (g / 20) % 15] || ' ' || (${array(CITIES)})[1 + (g / 300) % 15] || ' ' || (2020 + g % 9),
             'Seeded event number ' || g,
             timestamptz '2020-01-01' + (g % 3000) * interval '1 day',
             timestamptz '2020-01-01' + (g % 3000) * interval '1 day' + interval '2 days',
             'Europe/Berlin',
             g || ' Example Street',
             now() - g * interval '1 second',
             now()
      FROM generate_series(1, ${events}) g;
    ANALYZE;`;
}
