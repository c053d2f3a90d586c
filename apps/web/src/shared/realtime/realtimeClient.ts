import type { RoomAck } from '@plenary/domain';
import type { Socket } from 'socket.io-client';
import { Subscriptions } from './subscriptions';

/** Who the socket speaks for; read again on every (re)connection. */
export interface RealtimeAuth {
  token: string | null;
  impersonate: string | null;
}

/** Backoff of socket.io's reconnection: 1 s doubling up to 30 s, ±50 % jitter so a restart is not a stampede. */
const BACKOFF = { reconnectionDelay: 1000, reconnectionDelayMax: 30_000, randomizationFactor: 0.5 } as const;

/** Acks arriving this close together make one resynchronisation. */
const RESYNC_COALESCE_MS = 100;

/**
 * The tab's one socket. socket.io-client is loaded with the first subscriber, not with the app.
 * Every (re)connection subscribes the wanted rooms again. Once the server confirms a room, and after
 * every reconnection, subscribers resynchronise from the API (nothing missed is replayed): a screen
 * reads its state while its room is being joined, so what happened between that read and the join
 * (a quiz moved on while a slow projector connected) would otherwise never reach it.
 */
export class RealtimeClient {
  readonly subscriptions = new Subscriptions();
  private socket: Socket | undefined;
  private loading: Promise<void> | undefined;
  private connectedBefore = false;
  private retry: ReturnType<typeof setTimeout> | undefined;
  private retries = 0;
  private resyncTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly auth: () => RealtimeAuth) {}

  /** Holds `room` until the returned release is called. */
  hold(room: string): () => void {
    if (this.subscriptions.addRoom(room)) this.send('subscribe', room);
    void this.ensureSocket();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (this.subscriptions.removeRoom(room)) this.send('unsubscribe', room);
    };
  }

  /** Sign-in, sign-out or impersonation changed: reconnect as the new person (or stay away). */
  authChanged(): void {
    if (!this.socket) return;
    this.socket.disconnect();
    if (this.auth().token) this.socket.connect();
  }

  close(): void {
    clearTimeout(this.retry);
    clearTimeout(this.resyncTimer);
    this.socket?.disconnect();
  }

  private send(kind: 'subscribe' | 'unsubscribe', room: string): void {
    const socket = this.socket;
    if (!socket?.connected) return; // the next connect subscribes what is wanted then
    socket.timeout(10_000).emit(kind, { room }, (err: Error | null, ack?: RoomAck) => {
      const refused = err || (ack && 'error' in ack);
      if (refused && import.meta.env.DEV) console.warn(`realtime ${kind} ${room}:`, err?.message ?? ack);
      if (!refused && kind === 'subscribe') this.resyncSoon();
    });
  }

  private resyncSoon(): void {
    if (this.resyncTimer !== undefined) return;
    this.resyncTimer = setTimeout(() => {
      this.resyncTimer = undefined;
      this.subscriptions.resync();
    }, RESYNC_COALESCE_MS);
  }

  private ensureSocket(): Promise<void> {
    if (!this.auth().token) return Promise.resolve();
    this.loading ??= import('socket.io-client').then(({ io }) => {
      const socket = io({
        path: '/realtime',
        transports: ['websocket'],
        ...BACKOFF,
        auth: (cb) => {
          const { token, impersonate } = this.auth();
          cb(impersonate ? { token, impersonate } : { token });
        },
      });
      socket.onAny((event: string, payload: unknown) => this.subscriptions.dispatch(event, payload));
      socket.on('connect', () => {
        this.retries = 0;
        for (const room of this.subscriptions.wantedRooms()) this.send('subscribe', room);
        if (this.connectedBefore) this.resyncSoon();
        this.connectedBefore = true;
      });
      // A refused handshake (an expired token) is not retried by socket.io itself: retry with the
      // same backoff, reading the token again (it may have been renewed meanwhile).
      socket.on('connect_error', () => {
        if (socket.active || !this.auth().token) return;
        const delay =
          Math.min(BACKOFF.reconnectionDelayMax, BACKOFF.reconnectionDelay * 2 ** this.retries++) *
          (0.5 + Math.random());
        clearTimeout(this.retry);
        this.retry = setTimeout(() => socket.connect(), delay);
      });
      this.socket = socket;
    });
    return this.loading;
  }
}
