import type { Server as HttpServer } from 'node:http';
import {
  parseRoom,
  REALTIME_EVENTS,
  REALTIME_MESSAGES,
  rooms,
  type RealtimeEventName,
  type RealtimePayloadInput,
  type RoomAck,
  type RoomKind,
} from '@plenary/domain';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server, type Socket } from 'socket.io';
import type { Principal } from './access.js';
import type { Db } from './db/index.js';
import { RoomAccess, type RoomCheck } from './realtime-access.js';
import { createCoalescer, type CoalescerClock } from './realtime-coalescer.js';
import { SlicedFanout, type FanoutPacing } from './realtime-fanout.js';

/** Room names (`user:<id>`, `event:<id>`, …) are part of the contract in the domain package. */
export { rooms };
export type { RoomCheck };

export interface Realtime {
  /**
   * Sends one message to every socket in a room, on every API process (through Redis when
   * configured). For messages that must not be dropped: each call is one message.
   */
  emit<E extends RealtimeEventName>(room: string, event: E, payload: RealtimePayloadInput<E>): void;
  /**
   * To this process's sockets in the room only, in slices that let the event loop breathe (see
   * realtime-fanout.ts); messages go out in the order given. Coalesced state goes this way.
   * Resolves once every socket of the room has been written to.
   */
  emitLocal<E extends RealtimeEventName>(
    room: string,
    event: E,
    payload: RealtimePayloadInput<E>,
  ): Promise<void>;
  /**
   * For high-rate state (counters, live results), after the commit: `topic` of `event` in `room`
   * changed. Every API process delivers it to its own sockets at most `perSecond` times a second
   * per room, event and topic, each message carrying what the event's registered reader answers
   * when it goes out (last write wins); the final state always goes out. With Redis the other
   * processes hear of the change (at most `perSecond` notices a second per topic) and read it
   * themselves, so a client gets at most `perSecond` messages a second however many processes write.
   */
  publishLatest(room: string, event: RealtimeEventName, topic: string): void;
  /** How a coalesced event's state is read (the module owning it registers it with its routes). */
  registerLatest<E extends RealtimeEventName>(event: E, read: LatestReader<E>): void;
  /** A module's access check for its room kind (called while its routes register). */
  registerRoomKind(kind: RoomKind, check: RoomCheck): void;
  /**
   * After a commit that removed a role or a participation of `userId`: every socket of that user,
   * on every process, leaves the rooms it may no longer be in. Resolves when they have; never rejects.
   */
  accessChanged(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** The current state of `topic` for `room`; undefined sends nothing (e.g. a session no longer published). */
export type LatestReader<E extends RealtimeEventName> = (
  room: string,
  topic: string,
) => Promise<RealtimePayloadInput<E> | undefined>;

/** Verifies a socket's bearer token (and the `impersonate` user id an admin may add) as HTTP does. */
export type SocketAuthenticator = (token: string, impersonate: string | undefined) => Promise<Principal>;

export interface RealtimeOptions {
  db: Db;
  redisUrl?: string | undefined;
  authenticate: SocketAuthenticator;
  /** Who a user is now, for re-checking their rooms after `accessChanged`. */
  loadPrincipal: (userId: string) => Promise<Principal | undefined>;
  /** Coalesced messages per second per room and topic (default 4). */
  perSecond?: number;
  /** Parse every payload against its contract (default: outside production). */
  validatePayloads?: boolean;
  clock?: CoalescerClock;
  /** How `emitLocal` slices a room's delivery (default: 30 ms slices, see realtime-fanout.ts). */
  fanoutPacing?: FanoutPacing;
  /** How long this process's oldest request in flight has waited (ms): shorter slices past the pacing's patience. */
  oldestRequestWaitMs?: () => number;
}

/** Between API processes (serverSideEmit): re-check this user's sockets. */
const ACCESS_CHANGED = 'realtime:accessChanged';
/** Between API processes (serverSideEmit): a coalesced topic changed (room, event, topic). */
const LATEST_CHANGED = 'realtime:latestChanged';

/** Rooms a socket may ask for; protects the server from a client subscribing to everything. */
const MAX_ROOMS_PER_SOCKET = 100;

interface Latest {
  room: string;
  event: RealtimeEventName;
  topic: string;
}

/**
 * socket.io on `/realtime`. A socket authenticates with its bearer token and joins its user room;
 * it asks for any other room with `subscribe` (acknowledged `{ok: true}` or `{error}`), checked
 * per room kind. With `redisUrl`, rooms span API processes (classic Redis pub/sub adapter); coalesced
 * state does not travel through Redis: each process reads and delivers it to its own sockets.
 */
export function createRealtime(server: HttpServer, opts: RealtimeOptions): Realtime {
  // No connectionStateRecovery: the Redis pub/sub adapter cannot restore sessions across processes,
  // and a restored session would get its rooms back without their access checks. Clients
  // resubscribe and refetch after every reconnect instead (docs/ARCHITECTURE.md, Realtime).
  // perMessageDeflate stays off (the default): compressing per socket costs more than the small frames save.
  const io = new Server(server, { path: '/realtime', serveClient: false, perMessageDeflate: false });
  const redis = opts.redisUrl ? [new Redis(opts.redisUrl), new Redis(opts.redisUrl)] : [];
  if (redis.length === 2) io.adapter(createAdapter(redis[0]!, redis[1]!));
  const access = new RoomAccess(opts.db);
  const validate = opts.validatePayloads ?? process.env.NODE_ENV !== 'production';
  const reauthenticate = new Map<string, () => Promise<Principal>>();

  io.use((socket, next) => {
    const { token, impersonate } = socket.handshake.auth as { token?: unknown; impersonate?: unknown };
    if (typeof token !== 'string') return next(new Error('Authentication required'));
    const asUser = typeof impersonate === 'string' && impersonate ? impersonate : undefined;
    opts
      .authenticate(token, asUser)
      .then((principal) => {
        socket.data.userId = principal.userId;
        // Kept for each subscribe's check: a revoked session or role is refused at once.
        reauthenticate.set(socket.id, () => opts.authenticate(token, asUser));
        void socket.join(rooms.user(principal.userId));
        next();
      })
      .catch((err: unknown) => next(err instanceof Error ? err : new Error('Authentication failed')));
  });

  io.on('connection', (socket) => {
    socket.on('disconnect', () => reauthenticate.delete(socket.id));
    socket.on('subscribe', (request: unknown, ack: unknown) => {
      void subscribe(socket, request).then((answer) => typeof ack === 'function' && ack(answer));
    });
    socket.on('unsubscribe', (request: unknown, ack: unknown) => {
      const room = parseRoom((request as { room?: unknown } | null)?.room);
      if (room && room.kind !== 'user') void socket.leave(`${room.kind}:${room.id}`);
      if (typeof ack === 'function') ack(room ? { ok: true } : { error: REALTIME_MESSAGES.unknownRoom });
    });
  });

  async function subscribe(socket: Socket, request: unknown): Promise<RoomAck> {
    const room = parseRoom((request as { room?: unknown } | null)?.room);
    if (!room || !access.known(room.kind)) return { error: REALTIME_MESSAGES.unknownRoom };
    const name = `${room.kind}:${room.id}`;
    if (socket.rooms.has(name)) return { ok: true };
    if (socket.rooms.size > MAX_ROOMS_PER_SOCKET) return { error: REALTIME_MESSAGES.forbiddenRoom };
    try {
      const principal = await reauthenticate.get(socket.id)?.();
      if (!principal || !(await access.allows(principal, room.kind, room.id)))
        return { error: REALTIME_MESSAGES.forbiddenRoom };
    } catch {
      return { error: REALTIME_MESSAGES.forbiddenRoom };
    }
    if (socket.disconnected) return { error: REALTIME_MESSAGES.unavailable };
    await socket.join(name);
    return { ok: true };
  }

  /** This process's sockets of `userId` leave the rooms its current roles no longer admit. Never rejects. */
  async function recheckLocalSockets(userId: string): Promise<void> {
    try {
      const sockets = await io.local.in(rooms.user(userId)).fetchSockets();
      if (sockets.length === 0) return;
      const principal = await opts.loadPrincipal(userId);
      if (!principal) {
        sockets.forEach((s) => s.disconnect(true));
        return;
      }
      const verdicts = new Map<string, Promise<boolean>>();
      const allowed = (name: string) => {
        const room = parseRoom(name);
        if (!room) return Promise.resolve(true); // the socket's own id room
        if (!verdicts.has(name))
          verdicts.set(
            name,
            access.allows(principal, room.kind, room.id).catch(() => false),
          );
        return verdicts.get(name)!;
      };
      await Promise.all(
        sockets.flatMap((s) =>
          [...s.rooms].map(async (name) => {
            if (!(await allowed(name))) s.leave(name);
          }),
        ),
      );
    } catch {
      // The database failed: the sockets keep their rooms until they reconnect (then they resubscribe).
    }
  }
  io.on(ACCESS_CHANGED, (userId: unknown, ack: unknown) => {
    if (typeof userId !== 'string') return;
    void recheckLocalSockets(userId).then(() => typeof ack === 'function' && ack(true));
  });

  const fanout = new SlicedFanout(
    io,
    opts.fanoutPacing,
    opts.oldestRequestWaitMs ? { oldestRequestWaitMs: opts.oldestRequestWaitMs } : {},
  );
  const readers = new Map<RealtimeEventName, LatestReader<RealtimeEventName>>();
  // Topics published on this process since their last send: those the other processes are told about.
  const changedHere = new Set<string>();
  // One read and delivery per key at a time, and at most one more after it: when reads are slower
  // than the coalescer's interval (the pool busy with queued writes), or delivering to every socket
  // is (10,000 sockets on a busy process), chaining one per send would queue them without bound and
  // deliver the final state late; a send meanwhile only asks for one more, which reads after the
  // one in flight and so sees every commit before it. States in between are skipped: last write wins.
  const reading = new Map<string, { again: boolean }>();
  const readAndSend = async (key: string, { room, event, topic }: Latest) => {
    const state = { again: false };
    reading.set(key, state);
    const read = readers.get(event)!;
    try {
      do {
        state.again = false;
        try {
          const payload = await read(room, topic);
          if (payload !== undefined) await realtime.emitLocal(room, event, payload);
        } catch {
          // A missed snapshot is repaired by the next one or a reload; the write itself is committed.
        }
      } while (state.again);
    } finally {
      reading.delete(key);
    }
  };
  const coalescer = createCoalescer<Latest>({
    perSecond: opts.perSecond ?? 4,
    clock: opts.clock,
    send: (key, latest) => {
      // Told after this process's commits, so the others read at least what this one will.
      if (changedHere.delete(key) && redis.length > 0)
        io.serverSideEmit(LATEST_CHANGED, latest.room, latest.event, latest.topic);
      const inFlight = reading.get(key);
      if (inFlight) inFlight.again = true;
      else void readAndSend(key, latest);
    },
  });

  const latestKey = (room: string, event: string, topic: string) => `${room}\u0000${event}\u0000${topic}`;
  io.on(LATEST_CHANGED, (room: unknown, event: unknown, topic: unknown) => {
    if (typeof room !== 'string' || typeof topic !== 'string' || !readers.has(event as RealtimeEventName))
      return;
    coalescer.publish(latestKey(room, event as string, topic), {
      room,
      event: event as RealtimeEventName,
      topic,
    });
  });

  const realtime: Realtime = {
    emit: (room, event, payload) => {
      if (validate) REALTIME_EVENTS[event].parse(payload);
      io.to(room).emit(event, payload);
    },
    emitLocal: (room, event, payload) => {
      if (validate) REALTIME_EVENTS[event].parse(payload);
      return fanout.send(room, event, payload);
    },
    publishLatest: (room, event, topic) => {
      if (!readers.has(event)) throw new Error(`realtime: no reader registered for '${event}'`);
      const key = latestKey(room, event, topic);
      changedHere.add(key);
      coalescer.publish(key, { room, event, topic });
    },
    registerLatest: (event, read) => {
      if (readers.has(event)) throw new Error(`realtime: a reader for '${event}' is registered already`);
      readers.set(event, read as LatestReader<RealtimeEventName>);
    },
    registerRoomKind: (kind, check) => access.register(kind, check),
    async accessChanged(userId) {
      await recheckLocalSockets(userId);
      // Every other process re-checks its own sockets and answers once they have left: when this
      // resolves, no process still sends that user's sockets a room they lost (the adapter gives up after 5 s).
      if (redis.length > 0) await io.serverSideEmitWithAck(ACCESS_CHANGED, userId).catch(() => undefined);
    },
    // The HTTP server belongs to Fastify, which closes it; here only the sockets and Redis.
    async close() {
      coalescer.close();
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
  return realtime;
}
