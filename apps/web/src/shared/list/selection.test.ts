import { describe, expect, it } from 'vitest';
import { applySelection, shownSelectionState } from './selection';

describe('row selection', () => {
  it('adds and removes ids, keeping the same set when nothing changes', () => {
    const empty = new Set<string>();
    const ab = applySelection(empty, ['a', 'b'], true);
    expect([...ab]).toEqual(['a', 'b']);
    expect(applySelection(ab, ['a'], true)).toBe(ab);
    expect([...applySelection(ab, ['a', 'c'], false)]).toEqual(['b']);
    expect(applySelection(ab, ['c'], false)).toBe(ab);
  });

  it('says whether all, some or none of the rows shown are selected', () => {
    const selected = new Set(['a', 'b', 'x']);
    expect(shownSelectionState(selected, ['a', 'b'])).toBe('all');
    expect(shownSelectionState(selected, ['a', 'c'])).toBe('some');
    expect(shownSelectionState(selected, ['c', 'd'])).toBe('none');
    expect(shownSelectionState(selected, [])).toBe('none');
  });
});
