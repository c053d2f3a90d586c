import type { RealtimeEventName, RealtimePayload } from '@plenary/domain';
import { useContext, useEffect, useRef } from 'react';
import { RealtimeContext } from './RealtimeProvider';

/**
 * Calls `handler` for `event` on `room` while the component is mounted: the tab's socket holds the
 * room as long as one component wants it. `room` null waits (e.g. no event chosen yet).
 */
export function useRealtimeEvent<E extends RealtimeEventName>(
  room: string | null,
  event: E,
  handler: (payload: RealtimePayload<E>) => void,
): void {
  const client = useContext(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!client || !room) return;
    const off = client.subscriptions.on(event, (payload) => latest.current(payload as RealtimePayload<E>));
    const release = client.hold(room);
    return () => {
      release();
      off();
    };
  }, [client, room, event]);
}

/** After the socket reconnected, messages may have been missed: refetch (e.g. invalidate queries). */
export function useRealtimeResync(resync: () => void): void {
  const client = useContext(RealtimeContext);
  const latest = useRef(resync);
  latest.current = resync;
  useEffect(() => (client ? client.subscriptions.onResync(() => latest.current()) : undefined), [client]);
}

/**
 * `useRealtimeEvent` over several rooms at once (e.g. every instance of a tool): the socket holds
 * each room while the component is mounted; `handler` gets the event from any of them.
 */
export function useRealtimeEventIn<E extends RealtimeEventName>(
  roomList: readonly string[],
  event: E,
  handler: (payload: RealtimePayload<E>) => void,
): void {
  const client = useContext(RealtimeContext);
  const latest = useRef(handler);
  latest.current = handler;
  const key = [...roomList].sort().join('\n');
  useEffect(() => {
    if (!client || key === '') return;
    const off = client.subscriptions.on(event, (payload) => latest.current(payload as RealtimePayload<E>));
    const releases = key.split('\n').map((room) => client.hold(room));
    return () => {
      for (const release of releases) release();
      off();
    };
  }, [client, key, event]);
}
