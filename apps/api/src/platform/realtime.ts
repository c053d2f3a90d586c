import type { Server as HttpServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Principal } from './access.js';

/** Rooms a socket joins. Modules address people by these names only. */
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  event: (eventId: string) => `event:${eventId}`,
};

export interface Realtime {
  /** Sends to every socket in a room, on every API process (through Redis when configured). */
  emit(room: string, event: string, payload: unknown): void;
  close(): Promise<void>;
}

export type SocketAuthenticator = (token: string) => Promise<Principal>;

/**
 * socket.io on `/realtime`. A socket authenticates with its bearer token, joins its user room and
 * the rooms of the events it belongs to. With `redisUrl`, broadcasts cross API processes.
 */
export function createRealtime(server: HttpServer, opts: { redisUrl?: string | undefined; authenticate: SocketAuthenticator }): Realtime {
  const io = new Server(server, {
    path: '/realtime',
    serveClient: false,
    connectionStateRecovery: { maxDisconnectionDuration: 2 * 60 * 1000 },
  });
  const redis = opts.redisUrl ? [new Redis(opts.redisUrl), new Redis(opts.redisUrl)] : [];
  if (redis.length === 2) io.adapter(createAdapter(redis[0]!, redis[1]!));

  io.use((socket, next) => {
    const token: unknown = socket.handshake.auth.token;
    if (typeof token !== 'string') return next(new Error('Authentication required'));
    opts
      .authenticate(token)
      .then((principal) => {
        socket.data.userId = principal.userId;
        void socket.join([rooms.user(principal.userId), ...[...principal.eventRoles.keys()].map(rooms.event)]);
        next();
      })
      .catch((err: unknown) => next(err instanceof Error ? err : new Error('Authentication failed')));
  });

  return {
    emit: (room, event, payload) => {
      io.to(room).emit(event, payload);
    },
    // The HTTP server belongs to Fastify, which closes it; here only the sockets and Redis.
    async close() {
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.all(redis.map((r) => r.quit().catch(() => undefined)));
    },
  };
}
