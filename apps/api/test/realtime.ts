import type { RoomAck } from '@plenary/domain';
import { io as connectClient, type Socket as ClientSocket } from 'socket.io-client';
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
  // Coalesced state (publishLatest) goes out through emitLocal on each process.
  const emitLocal = t.deps.realtime.emitLocal.bind(t.deps.realtime);
  t.deps.realtime.emitLocal = (room, event, payload) => {
    into.push({ room, event, payload });
    return emitLocal(room, event, payload);
  };
}

/** A socket.io client of the app on `url`, connected (rejects with the server's refusal). */
export function connectSocket(
  url: string,
  auth: { token?: string; impersonate?: string },
): Promise<ClientSocket> {
  return new Promise((resolve, reject) => {
    const socket = connectClient(url, {
      path: '/realtime',
      auth,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
    });
    socket.on('connect', () => resolve(socket));
    socket.on('connect_error', (err) => {
      socket.close();
      reject(err);
    });
  });
}

/** `subscribe` and its acknowledgement. */
export function subscribe(socket: ClientSocket, room: string): Promise<RoomAck> {
  return socket.timeout(10_000).emitWithAck('subscribe', { room }) as Promise<RoomAck>;
}

/** Listens at once; resolves with everything `event` brought until `until` is received. */
export function collectUntil(
  socket: ClientSocket,
  event: string,
  until: (payload: unknown) => boolean,
): Promise<unknown[]> {
  const got: unknown[] = [];
  return new Promise((resolve) => {
    socket.on(event, (payload: unknown) => {
      got.push(payload);
      if (until(payload)) resolve(got);
    });
  });
}
