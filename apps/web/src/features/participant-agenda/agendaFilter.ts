import type { SessionType } from '@plenary/domain';
import type { SessionView } from './api';

/** The agenda's filters as the URL keeps them. */
export interface AgendaCriteria {
  day?: string;
  search: string;
  collectionIds: string[];
  locationIds: string[];
  types: SessionType[];
  /** My Agenda: sessions I hold a seat or a waitlist place in. */
  mine: boolean;
}

export const NO_CRITERIA: AgendaCriteria = {
  search: '',
  collectionIds: [],
  locationIds: [],
  types: [],
  mine: false,
};

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();

/** What a search matches: the session's name, description, speakers, location and collections. */
function haystack(s: SessionView): string {
  return fold(
    [
      s.name,
      s.description,
      s.location?.name ?? '',
      ...s.speakers.flatMap((p) => [`${p.firstName} ${p.lastName}`, p.company]),
      ...s.collections.map((c) => c.name),
    ].join('\n'),
  );
}

/** The sessions the criteria keep, in start order (the API's order is kept for equal starts). */
export function filterSessions(sessions: readonly SessionView[], c: AgendaCriteria): SessionView[] {
  const words = fold(c.search).split(/\s+/).filter(Boolean);
  return sessions.filter(
    (s) =>
      (!c.day || s.day === c.day) &&
      (!c.mine || s.myState !== null) &&
      (c.types.length === 0 || c.types.includes(s.type)) &&
      (c.locationIds.length === 0 || (s.location !== null && c.locationIds.includes(s.location.id))) &&
      (c.collectionIds.length === 0 || s.collections.some((col) => c.collectionIds.includes(col.id))) &&
      (words.length === 0 || words.every((w) => haystack(s).includes(w))),
  );
}

/** The days that have sessions, in order (My Agenda shows only those). */
export function daysOf(sessions: readonly SessionView[]): string[] {
  return [...new Set(sessions.map((s) => s.day))].sort();
}

export function criteriaFromParams(params: URLSearchParams): AgendaCriteria {
  const list = (key: string) => (params.get(key) ?? '').split(',').filter(Boolean);
  return {
    day: params.get('day') ?? undefined,
    search: params.get('search') ?? '',
    collectionIds: list('collection'),
    locationIds: list('location'),
    types: list('type') as SessionType[],
    mine: false,
  };
}

export function hasFilters(c: AgendaCriteria): boolean {
  return (
    c.search.trim() !== '' || c.collectionIds.length > 0 || c.locationIds.length > 0 || c.types.length > 0
  );
}
