import { useCallback, useMemo, useState } from 'react';

/** Selected rows of a list (bulk actions): ids, kept across pages, cleared by the screen when criteria change. */
export interface RowSelection {
  ids: readonly string[];
  count: number;
  isSelected: (id: string) => boolean;
  /** Selects (`on`) or unselects the given rows. */
  set: (ids: readonly string[], on: boolean) => void;
  clear: () => void;
}

/** `selected` with `ids` added (on) or removed; the same set when nothing changes. */
export function applySelection(
  selected: ReadonlySet<string>,
  ids: readonly string[],
  on: boolean,
): ReadonlySet<string> {
  if (ids.every((id) => selected.has(id) === on)) return selected;
  const next = new Set(selected);
  for (const id of ids) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}

/** The header checkbox of the rows shown: all of them selected, some, or none. */
export function shownSelectionState(
  selected: ReadonlySet<string>,
  shownIds: readonly string[],
): 'all' | 'some' | 'none' {
  const n = shownIds.filter((id) => selected.has(id)).length;
  if (n === 0) return 'none';
  return n === shownIds.length ? 'all' : 'some';
}

export function useRowSelection(): RowSelection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const set = useCallback(
    (ids: readonly string[], on: boolean) => setSelected((prev) => applySelection(prev, ids, on)),
    [],
  );
  const clear = useCallback(() => setSelected((prev) => (prev.size === 0 ? prev : new Set())), []);
  return useMemo(
    () => ({
      ids: [...selected],
      count: selected.size,
      isSelected: (id: string) => selected.has(id),
      set,
      clear,
    }),
    [selected, set, clear],
  );
}
