import type { ListResult } from '@plenary/domain';
import type { PublicProfile } from './types';

/** The page after those loaded, or undefined when every match is shown (or the last page came back empty). */
export function nextPageOf(
  last: ListResult<PublicProfile>,
  pages: readonly ListResult<PublicProfile>[],
): number | undefined {
  const loaded = pages.reduce((n, page) => n + page.records.length, 0);
  return last.records.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}

/** The loaded pages as one list, each person once (rows can shift between two page requests when someone joins). */
export function peopleOf(pages: readonly ListResult<PublicProfile>[] | undefined): PublicProfile[] {
  return [
    ...new Map(
      (pages ?? [])
        .flatMap((page) => page.records)
        .map((person): [string, PublicProfile] => [person.id, person]),
    ).values(),
  ];
}

/** 'Head of Research · Fjord Labs', or whichever of the two is set. */
export const headlineOf = (p: Pick<PublicProfile, 'jobTitle' | 'company'>) =>
  [p.jobTitle, p.company].filter(Boolean).join(' · ');
