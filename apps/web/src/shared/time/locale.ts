/**
 * The locale an event's times are written in. Events carry a time zone but no locale yet, so the
 * zone's region stands in for it: the places that write times on a 12-hour clock get their
 * English locale (en-US 2:00 PM), every other zone en-GB (14:00). An explicit locale, once events
 * store one, wins.
 */
const TWELVE_HOUR_REGIONS: ReadonlyArray<[RegExp, string]> = [
  [
    /^(America\/(New_York|Detroit|Chicago|Denver|Phoenix|Los_Angeles|Anchorage|Juneau|Sitka|Nome|Yakutat|Metlakatla|Adak|Boise|Menominee|Indiana\/.+|Kentucky\/.+|North_Dakota\/.+|Puerto_Rico)|Pacific\/Honolulu|US\/.+)$/,
    'en-US',
  ],
  [
    /^America\/(Toronto|Vancouver|Edmonton|Winnipeg|Halifax|St_Johns|Regina|Moncton|Glace_Bay|Goose_Bay|Whitehorse|Dawson|Dawson_Creek|Fort_Nelson|Creston|Swift_Current|Iqaluit|Rankin_Inlet|Cambridge_Bay|Inuvik|Yellowknife|Thunder_Bay|Nipigon|Rainy_River|Atikokan|Resolute)$/,
    'en-CA',
  ],
  [/^Australia\/.+$/, 'en-AU'],
  [/^(Pacific\/(Auckland|Chatham)|NZ)$/, 'en-NZ'],
  [/^Asia\/(Kolkata|Calcutta)$/, 'en-IN'],
  [/^Asia\/Karachi$/, 'en-PK'],
  [/^Asia\/Manila$/, 'en-PH'],
  [/^Asia\/Dhaka$/, 'en-BD'],
];

export const DEFAULT_EVENT_LOCALE = 'en-GB';

/** A BCP 47 locale Intl knows, or undefined. */
function knownLocale(locale: string | null | undefined): string | undefined {
  if (!locale) return undefined;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf(locale)[0];
  } catch {
    return undefined;
  }
}

export function eventLocale(zone: string | null | undefined, locale?: string | null): string {
  const explicit = knownLocale(locale);
  if (explicit) return explicit;
  const hit = TWELVE_HOUR_REGIONS.find(([pattern]) => zone && pattern.test(zone));
  return hit ? hit[1] : DEFAULT_EVENT_LOCALE;
}

const cycles = new Map<string, boolean>();
/** True when `locale` writes times on a 24-hour clock (14:00), false for a 12-hour one (2:00 PM). */
export function uses24Hours(locale: string): boolean {
  let answer = cycles.get(locale);
  if (answer === undefined) {
    const cycle = new Intl.DateTimeFormat(locale, { hour: 'numeric' }).resolvedOptions().hourCycle;
    answer = cycle === 'h23' || cycle === 'h24';
    cycles.set(locale, answer);
  }
  return answer;
}

/** The viewer's own locale (the browser's), for timestamps that belong to no event. */
export function viewerLocale(): string {
  const nav = (globalThis as { navigator?: { language?: string } }).navigator;
  return knownLocale(nav?.language) ?? DEFAULT_EVENT_LOCALE;
}
