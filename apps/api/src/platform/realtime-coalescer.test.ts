import { describe, expect, it } from 'vitest';
import { createCoalescer, type CoalescerClock } from './realtime-coalescer.js';

/** A clock the test moves by hand: timers fire in time order as it advances. */
function manualClock() {
  let now = 0;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: CoalescerClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      timers.set(++seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
  };
  const advanceTo = (to: number) => {
    for (;;) {
      const due = [...timers]
        .filter(([, t]) => t.at <= to)
        .sort((a, b) => a[1].at - b[1].at || a[0] - b[0])[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].fn();
    }
    now = to;
  };
  return { clock, advanceTo, pending: () => timers.size };
}

describe('coalescer', () => {
  it('1,000 writes in one second: at most 4 messages in that second, the last (trailing edge) carries the final state, then it goes quiet', () => {
    const { clock, advanceTo, pending } = manualClock();
    const sent: Array<{ at: number; value: number }> = [];
    const c = createCoalescer<number>({
      perSecond: 4,
      clock,
      send: (_key, value) => sent.push({ at: clock.now(), value }),
    });
    for (let i = 1; i <= 1000; i++) {
      advanceTo(i - 1); // write i at millisecond i-1: all inside [0, 1000)
      c.publish('event:e/session.seats/s1', i);
    }
    advanceTo(5000);
    expect(sent.filter((s) => s.at < 1000).length).toBeLessThanOrEqual(4);
    for (const s of sent)
      expect(sent.filter((o) => o.at >= s.at && o.at < s.at + 1000).length).toBeLessThanOrEqual(4);
    expect(sent[0]).toEqual({ at: 0, value: 1 }); // leading edge at once
    expect(sent.at(-1)!.value).toBe(1000);
    expect(sent.length).toBe(5); // 0, 250, 500, 750 and the trailing edge at 1000
    expect(pending()).toBe(0); // idle keys are forgotten
  });

  it('keys are independent, a quiet key sends at once again, and close drops what is pending', () => {
    const { clock, advanceTo } = manualClock();
    const sent: string[] = [];
    const c = createCoalescer<string>({
      perSecond: 4,
      clock,
      send: (key, value) => sent.push(`${key}=${value}`),
    });
    c.publish('a', '1');
    c.publish('b', '1');
    c.publish('a', '2');
    expect(sent).toEqual(['a=1', 'b=1']);
    advanceTo(250);
    expect(sent).toEqual(['a=1', 'b=1', 'a=2']);
    advanceTo(2000);
    c.publish('a', '3');
    expect(sent.at(-1)).toBe('a=3');
    c.publish('a', '4');
    c.close();
    advanceTo(5000);
    expect(sent.at(-1)).toBe('a=3');
  });

  it('honours another rate', () => {
    const { clock, advanceTo } = manualClock();
    const sent: number[] = [];
    const c = createCoalescer<number>({ perSecond: 10, clock, send: (_k, v) => sent.push(v) });
    for (let i = 0; i < 1000; i++) {
      advanceTo(i);
      c.publish('k', i);
    }
    advanceTo(2000);
    expect(sent.length).toBe(11);
    expect(sent.at(-1)).toBe(999);
  });
});
