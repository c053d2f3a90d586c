import { describe, expect, it } from 'vitest';
import { locate, sameWindows, windowCount, windowQuery, windowsForRange, windowsToFetch } from './windows';

describe('locate / windowQuery / windowCount', () => {
  it('finds the window and offset of a row', () => {
    expect(locate(0)).toEqual({ window: 0, offset: 0 });
    expect(locate(999)).toEqual({ window: 0, offset: 999 });
    expect(locate(1000)).toEqual({ window: 1, offset: 0 });
    expect(locate(99_999)).toEqual({ window: 99, offset: 999 });
  });

  it('maps a window to a 1-based API page of 1000', () => {
    expect(windowQuery(0)).toEqual({ page: 1, limit: 1000 });
    expect(windowQuery(42)).toEqual({ page: 43, limit: 1000 });
  });

  it('counts windows', () => {
    expect(windowCount(0)).toBe(0);
    expect(windowCount(1)).toBe(1);
    expect(windowCount(1000)).toBe(1);
    expect(windowCount(100_000)).toBe(100);
    expect(windowCount(100_001)).toBe(101);
  });
});

describe('windowsForRange', () => {
  it('asks only for the first window while the total is unknown', () => {
    expect(windowsForRange(0, 30, undefined)).toEqual([0]);
    expect(windowsForRange(5000, 5030, undefined)).toEqual([0]);
  });

  it('covers the visible rows plus the margin', () => {
    expect(windowsForRange(0, 30, 100_000)).toEqual([0]);
    expect(windowsForRange(780, 810, 100_000)).toEqual([0, 1]);
    expect(windowsForRange(1300, 1330, 100_000)).toEqual([1]);
    expect(windowsForRange(1190, 1220, 100_000)).toEqual([0, 1]);
  });

  it('never asks past the last row', () => {
    expect(windowsForRange(99_980, 99_999, 100_000)).toEqual([99]);
    expect(windowsForRange(0, 30, 10)).toEqual([0]);
    expect(windowsForRange(0, 30, 0)).toEqual([0]);
    expect(windowsForRange(120_000, 120_050, 100_000)).toEqual([99]);
  });

  it('takes the range in either order and honours a custom margin and size', () => {
    expect(windowsForRange(250, 150, 1000, 0, 100)).toEqual([1, 2]);
  });

  it('never yields more than a few windows for a screenful', () => {
    for (let start = 0; start < 100_000; start += 777) {
      expect(windowsForRange(start, start + 40, 100_000).length).toBeLessThanOrEqual(2);
    }
  });
});

describe('windowsToFetch', () => {
  it('fetches the visible windows first, the margin once they answered', () => {
    // Rows 9,990–10,010 on screen after a jump: windows 9 and 10 visible; 10,010 + 200 margin stays in 10.
    const windows = windowsForRange(9990, 10_010, 100_000);
    const visible = windowsForRange(9990, 10_010, 100_000, 0);
    expect(windows).toEqual([9, 10]);
    expect(windowsToFetch(windows, visible, () => false)).toEqual([9, 10]);
    // Rows 10,100–10,130: window 10 visible, window 9 only in the margin.
    const near = windowsForRange(10_100, 10_130, 100_000);
    const nearVisible = windowsForRange(10_100, 10_130, 100_000, 0);
    expect(near).toEqual([9, 10]);
    expect(windowsToFetch(near, nearVisible, () => false)).toEqual([10]);
    expect(windowsToFetch(near, nearVisible, (w) => w === 10)).toEqual([9, 10]);
  });
});

describe('sameWindows', () => {
  it('compares window lists', () => {
    expect(sameWindows([1, 2], [1, 2])).toBe(true);
    expect(sameWindows([1, 2], [1])).toBe(false);
    expect(sameWindows([1, 2], [2, 1])).toBe(false);
  });
});
