import type { TestContext } from './harness.js';

export interface Emitted {
  room: string;
  event: string;
  payload: unknown;
}

/**
 * Records into `into` what the app sends on its realtime rooms (the sockets themselves are
 * platform/realtime's tests); everything still goes out as before.
 */
export function recordEmits(t: TestContext, into: Emitted[]): void {
  const emit = t.deps.realtime.emit.bind(t.deps.realtime);
  t.deps.realtime.emit = (room, event, payload) => {
    into.push({ room, event, payload });
    emit(room, event, payload);
  };
}
