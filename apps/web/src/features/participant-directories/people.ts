import type { DirectoryItem, ListResult } from '@plenary/domain';

/** The page after those loaded, or undefined when every match is shown (or the last page came back empty). */
export function nextPageOf(
  last: ListResult<DirectoryItem>,
  pages: readonly ListResult<DirectoryItem>[],
): number | undefined {
  const loaded = pages.reduce((n, page) => n + page.records.length, 0);
  return last.records.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
}

/** The loaded pages as one list, each person once (rows can shift between two page requests). */
export function peopleOf(pages: readonly ListResult<DirectoryItem>[] | undefined): DirectoryItem[] {
  return [
    ...new Map(
      (pages ?? []).flatMap((page) => page.records).map((p): [string, DirectoryItem] => [p.id, p]),
    ).values(),
  ];
}

/** 'Head of Research · Fjord Labs', or whichever the directory shows. */
export const headlineOf = (p: Pick<DirectoryItem, 'jobTitle' | 'company'>) =>
  [p.jobTitle, p.company].filter(Boolean).join(' · ');

/** 'Amara Okafor', or '' for a profile with no name yet. */
export const nameOf = (p: Pick<DirectoryItem, 'firstName' | 'lastName'>) =>
  `${p.firstName} ${p.lastName}`.trim();

/** The custom fields a card shows as short text: 'Country: France'; lists joined, booleans and others as text. */
export function customFieldLines(p: Pick<DirectoryItem, 'customFields'>, max = 2): string[] {
  return p.customFields.slice(0, max).map((f) => {
    const value = Array.isArray(f.value) ? f.value.join(', ') : String(f.value ?? '');
    return `${f.name}: ${value}`;
  });
}
