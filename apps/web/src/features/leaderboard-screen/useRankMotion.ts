import { useLayoutEffect, useRef, type RefObject } from 'react';
import { movedUp, type RankedRow } from './board';

const MOVE_MS = 700;
const GLOW_MS = 1600;
const GLOW = '0 0 0 4px #ffd166';

type Offset = { left: number; top: number };

/**
 * Rank changes, subtly: when `rows` change, the children marked `data-flip-key` that moved slide
 * from where they were to where they are now (FLIP), and those that gained or climbed glow once.
 * Reduced motion: they simply appear in place.
 */
export function useRankMotion(container: RefObject<HTMLElement | null>, rows: readonly RankedRow[]): void {
  const lastOffsets = useRef(new Map<string, Offset>());
  const lastRows = useRef<readonly RankedRow[] | undefined>(undefined);
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    const glowing = movedUp(lastRows.current, rows);
    lastRows.current = rows;
    // Offsets within the container, so a scrolling parent does not read as every row moving.
    const origin = root.getBoundingClientRect();
    const offsets = new Map<string, Offset>();
    for (const el of root.querySelectorAll<HTMLElement>('[data-flip-key]')) {
      const key = el.dataset.flipKey!;
      const box = el.getBoundingClientRect();
      const offset = { left: box.left - origin.left, top: box.top - origin.top };
      offsets.set(key, offset);
      if (still || typeof el.animate !== 'function') continue;
      const before = lastOffsets.current.get(key);
      const dx = before ? before.left - offset.left : 0;
      const dy = before ? before.top - offset.top : 0;
      if (Math.abs(dx) >= 1 || Math.abs(dy) >= 1) {
        // A climber passes over the rows it overtakes.
        if (dy > 0) el.style.zIndex = '1';
        el.animate([{ transform: `translate(${dx}px, ${dy}px)` }, { transform: 'none' }], {
          duration: MOVE_MS,
          easing: 'cubic-bezier(0.2, 0.8, 0.2, 1)',
        }).onfinish = () => el.style.removeProperty('z-index');
      }
      if (glowing.has(key))
        el.animate([{ boxShadow: GLOW }, { boxShadow: '0 0 0 4px transparent' }], {
          duration: GLOW_MS,
          easing: 'ease-out',
        });
    }
    lastOffsets.current = offsets;
  }, [container, rows]);
}
