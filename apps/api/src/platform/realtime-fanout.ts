import type { Server } from 'socket.io';

/** Sockets written before the event loop may answer HTTP requests and database replies again. */
export const DEFAULT_SLICE = 256;

/**
 * Delivers messages to this process's sockets in a room, in slices. socket.io writes a room
 * message to every socket in one go (one write system call each): 5,000 sockets block the event
 * loop for about 90 ms on this machine, during which no write transaction can go on — and those
 * hold the session lock the next enrolment waits for. Here the packet is still encoded once per
 * slice, and between slices the loop runs other work. Messages go out one after another in the
 * order given (a slice waits for the previous message to finish), so each socket sees them in
 * order. A socket that left the room before its slice gets nothing: leaving takes effect at once.
 */
export class SlicedFanout {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly io: Server,
    private readonly slice = DEFAULT_SLICE,
  ) {
    if (!(slice > 0)) throw new Error('slice must be positive');
  }

  /** Queues the message; resolves once every socket of the room has been written to. */
  send(room: string, event: string, payload: unknown): Promise<void> {
    const done = this.tail.then(() => this.deliver(room, event, payload));
    this.tail = done.catch(() => undefined);
    return done;
  }

  private async deliver(room: string, event: string, payload: unknown): Promise<void> {
    const members = this.io.of('/').adapter.rooms.get(room);
    if (!members || members.size === 0) return;
    if (members.size <= this.slice) {
      this.io.local.to(room).emit(event, payload);
      return;
    }
    const ids = [...members];
    for (let start = 0; start < ids.length; start += this.slice) {
      if (start > 0) await new Promise((resolve) => setImmediate(resolve));
      const now = this.io.of('/').adapter.rooms.get(room);
      if (!now) return;
      const slice = ids.slice(start, start + this.slice).filter((id) => now.has(id));
      // Every socket is alone in the room named by its id: one broadcast reaches exactly this slice.
      if (slice.length > 0) this.io.local.to(slice).emit(event, payload);
    }
  }
}
