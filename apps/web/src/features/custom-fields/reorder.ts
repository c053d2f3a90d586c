/** The ids with `id` moved one place up (-1) or down (+1); the same order when it can not move. */
export function moveId(ids: readonly string[], id: string, delta: -1 | 1): string[] {
  const i = ids.indexOf(id);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= ids.length) return [...ids];
  const next = [...ids];
  [next[i], next[j]] = [next[j]!, next[i]!];
  return next;
}

/** Fields whose name contains the search text (case-insensitive); all of them for an empty search. */
export function matchName<T extends { name: string }>(records: readonly T[], search: string): readonly T[] {
  const term = search.trim().toLowerCase();
  return term ? records.filter((r) => r.name.toLowerCase().includes(term)) : records;
}
