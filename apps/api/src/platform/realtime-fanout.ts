import type { Server } from 'socket.io';

export interface FanoutPacing {
  /** Sockets written between two looks at the clock (one broadcast, so one encoding, each). */
  step: number;
  /** How long one slice may hold the event loop before other work gets a turn (ms). */
  budgetMs: number;
}

/**
 * Slices of about 20 ms. Every slice boundary lets each request in flight take one more step (a
 * database reply, the next query), and that work draws the delivery out: with 4 ms slices (256
 * sockets) a 5,000-socket delivery took 100–130 ms instead of the 70–80 ms of its own writes, with
 * 20 ms slices 85–95 ms (bench/fanout.ts; docs/PERFORMANCE.md, sixth round). Requests then wait for
 * at most one slice instead of the whole delivery.
 */
export const DEFAULT_PACING: FanoutPacing = { step: 128, budgetMs: 20 };

/**
 * Delivers messages to this process's sockets in a room, in time-boxed slices. socket.io writes a
 * room message to every socket in one go (one write system call each): 5,000 sockets block the
 * event loop for 70–90 ms, during which no request is answered and no write transaction goes on,
 * and those hold the session lock the next enrolment waits for. Messages go out one after another
 * in the order given (a slice waits for the previous message to finish), so each socket sees them
 * in order. A socket that left the room before its slice gets nothing: leaving takes effect at once.
 */
export class SlicedFanout {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly io: Server,
    private readonly pacing: FanoutPacing = DEFAULT_PACING,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(pacing.step > 0)) throw new Error('step must be positive');
    if (!(pacing.budgetMs >= 0)) throw new Error('budgetMs must not be negative');
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
    const { step, budgetMs } = this.pacing;
    if (members.size <= step) {
      this.io.local.to(room).emit(event, payload);
      return;
    }
    const ids = [...members];
    let sliceStart = this.now();
    for (let start = 0; start < ids.length; start += step) {
      if (start > 0 && this.now() - sliceStart >= budgetMs) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = this.now();
      }
      const current = this.io.of('/').adapter.rooms.get(room);
      if (!current) return;
      const chunk = ids.slice(start, start + step).filter((id) => current.has(id));
      // Every socket is alone in the room named by its id: one broadcast reaches exactly this chunk.
      if (chunk.length > 0) this.io.local.to(chunk).emit(event, payload);
    }
  }
}
