import { useEffect, useRef, type ReactNode } from 'react';
import classes from './screens.module.css';

const PAUSE_MS = 3000;

/**
 * Content taller than the screen scrolls on its own (down at `pxPerSecond`, a pause, back to the
 * top), so a projected list shows everything without anyone at the keyboard. Reduced motion: still.
 */
export function AutoScroll({ pxPerSecond, children }: { pxPerSecond: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return;
    let frame = 0;
    let last = performance.now();
    let phase: 'top' | 'down' | 'bottom' = 'top';
    let until = last + PAUSE_MS;
    let pos = 0;
    const step = (now: number) => {
      const dt = now - last;
      last = now;
      const max = el.scrollHeight - el.clientHeight;
      if (max <= 0) {
        pos = 0;
        el.scrollTop = 0;
      } else if (phase === 'top' && now >= until) {
        phase = 'down';
      } else if (phase === 'down') {
        pos = Math.min(max, pos + (pxPerSecond * dt) / 1000);
        el.scrollTop = pos;
        if (pos >= max) {
          phase = 'bottom';
          until = now + PAUSE_MS;
        }
      } else if (phase === 'bottom' && now >= until) {
        pos = 0;
        el.scrollTop = 0;
        phase = 'top';
        until = now + PAUSE_MS;
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [pxPerSecond]);
  return (
    <div ref={ref} className={classes.scroller}>
      {children}
    </div>
  );
}
