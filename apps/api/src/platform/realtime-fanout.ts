import type { Server } from 'socket.io';

export interface FanoutPacing {
  /** Sockets written between two looks at the clock (one broadcast, so one encoding, each). */
  step: number;
  /** How long one slice may hold the event loop before other work gets a turn (ms). */
  budgetMs: number;
  /** Once a request has waited this long (ms), slices shrink to `urgentBudgetMs`. */
  patienceMs: number;
  urgentBudgetMs: number;
}

/**
 * Slices of about 30 ms. Every slice boundary lets each request in flight take one more step (a
 * database reply, the next query), and that work, and the database's beside it, draws the delivery
 * out: at 5,000 sockets the API's p95 was 100–160 ms with 4 ms slices, 100–130 ms with 20 ms and
 * 98–112 ms with 30 ms, against 70–85 ms for a bare server writing them in one go. But a request
 * needs a dozen such steps, so when deliveries fill most of the loop (10,000 sockets) long slices
 * starve the requests, and the writes behind the state fall ever further behind: once the oldest
 * request has waited 100 ms, slices are 4 ms until it is answered. Measured with bench/fanout.ts
 * (docs/PERFORMANCE.md, sixth round).
 */
export const DEFAULT_PACING: FanoutPacing = { step: 128, budgetMs: 30, patienceMs: 100, urgentBudgetMs: 4 };

export interface FanoutClock {
  now(): number;
  /** How long the oldest request in flight has waited (ms; 0 with none): platform/foreground.ts. */
  oldestRequestWaitMs(): number;
}

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
  private readonly clock: FanoutClock;

  constructor(
    private readonly io: Server,
    private readonly pacing: FanoutPacing = DEFAULT_PACING,
    clock: Partial<FanoutClock> = {},
  ) {
    this.clock = { now: () => performance.now(), oldestRequestWaitMs: () => 0, ...clock };
    if (!(pacing.step > 0)) throw new Error('step must be positive');
    if (!(pacing.budgetMs >= 0 && pacing.urgentBudgetMs >= 0 && pacing.patienceMs >= 0))
      throw new Error('budgets and patience must not be negative');
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
    const { step } = this.pacing;
    if (members.size <= step) {
      this.io.local.to(room).emit(event, payload);
      return;
    }
    const ids = [...members];
    let sliceStart = this.clock.now();
    for (let start = 0; start < ids.length; start += step) {
      if (start > 0 && this.clock.now() - sliceStart >= this.budget()) {
        await new Promise((resolve) => setImmediate(resolve));
        sliceStart = this.clock.now();
      }
      const current = this.io.of('/').adapter.rooms.get(room);
      if (!current) return;
      const chunk = ids.slice(start, start + step).filter((id) => current.has(id));
      // Every socket is alone in the room named by its id: one broadcast reaches exactly this chunk.
      if (chunk.length > 0) this.io.local.to(chunk).emit(event, payload);
    }
  }

  private budget(): number {
    const { budgetMs, patienceMs, urgentBudgetMs } = this.pacing;
    return this.clock.oldestRequestWaitMs() >= patienceMs ? Math.min(budgetMs, urgentBudgetMs) : budgetMs;
  }
}
