/**
 * Last-write-wins throttle per key: at most `perSecond` sends a second for each key. The first
 * publish goes out at once (leading edge); publishes within the interval after a send only replace
 * the pending value, which goes out when the interval ends (trailing edge), so the final value
 * always arrives. A key with nothing pending when its interval ends is forgotten (no growth).
 */
export interface CoalescerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: CoalescerClock = {
  now: () => performance.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Coalescer<T> {
  publish(key: string, value: T): void;
  /** Drops pending values and timers. */
  close(): void;
}

interface KeyState<T> {
  timer: unknown;
  pending?: { value: T };
}

export function createCoalescer<T>(opts: {
  perSecond: number;
  send: (key: string, value: T) => void;
  clock?: CoalescerClock;
}): Coalescer<T> {
  if (!(opts.perSecond > 0)) throw new Error('perSecond must be positive');
  const interval = 1000 / opts.perSecond;
  const clock = opts.clock ?? systemClock;
  const keys = new Map<string, KeyState<T>>();

  const endOfInterval = (key: string) => {
    const state = keys.get(key);
    if (!state) return;
    if (!state.pending) {
      keys.delete(key);
      return;
    }
    const { value } = state.pending;
    delete state.pending;
    state.timer = clock.setTimeout(() => endOfInterval(key), interval);
    opts.send(key, value);
  };

  return {
    publish(key, value) {
      const state = keys.get(key);
      if (state) {
        state.pending = { value };
        return;
      }
      keys.set(key, { timer: clock.setTimeout(() => endOfInterval(key), interval) });
      opts.send(key, value);
    },
    close() {
      for (const state of keys.values()) clock.clearTimeout(state.timer);
      keys.clear();
    },
  };
}
