import { randomUUID } from 'node:crypto';
import {
  DOMAIN_EVENTS,
  parseDomainEventPayload,
  type DomainEvent,
  type DomainEventInput,
  type DomainEventName,
} from '@plenary/domain';
import type { DatabaseHandle, Db } from './db/index.js';
import type { Jobs, QueueOptions } from './jobs.js';
import * as repo from './domain-events.repo.js';

/**
 * Domain events: a module announces a fact in the transaction that makes it true, and subscribers
 * in other modules handle it after the commit, at least once each.
 *
 *   await db.transaction().execute(async (tx) => {
 *     …the write…
 *     await publish(tx, { name: 'session.checkedIn', payload: { eventId, sessionId, participantId, method: 'QR' } });
 *   });
 *
 *   // at registration (another module):
 *   deps.events.subscribe('session.checkedIn', 'gamification.checkInPoints', async (event, { once }) => {
 *     await once(async (tx) => { …effects, at most once per event… });
 *   });
 *
 * `publish` writes the outbox row (`domain_events`) and a NOTIFY that PostgreSQL delivers only on
 * commit: a rolled-back write publishes nothing. The dispatcher (every process: on the NOTIFY, on
 * start, and every `pollSeconds`) turns undispatched rows into one pg-boss job per subscribed
 * handler, in one transaction with the row's `dispatched_at`; from there each handler runs and
 * retries on its own (queue `events.<handler>`), with the job recovery of platform/jobs.ts (a run
 * whose process died is retried at once). No order holds between events, nor between handlers.
 */
export const EVENTS_CHANNEL = 'domain_events';
const QUEUE_PREFIX = 'events.';
const DISPATCH_BATCH = 500;
/** How long a NOTIFY waits for the events committed right after it (see `dispatchSoon`). */
const DISPATCH_GATHER_MS = 20;
const HANDLER_NAME = /^[a-z][A-Za-z0-9]*(?:\.[a-z][A-Za-z0-9]*)+$/;

/** Writes events inside the caller's transaction (validated against their contracts): they exist once `tx` commits. */
export async function publishAll(tx: Db, events: readonly DomainEventInput[]): Promise<string[]> {
  if (events.length === 0) return [];
  const rows = events.map((e) => ({
    id: randomUUID(),
    name: e.name,
    version: DOMAIN_EVENTS[e.name].version,
    payload: parseDomainEventPayload(e.name, e.payload),
  }));
  await repo.insertEventsAndNotify(tx, rows, EVENTS_CHANNEL);
  return rows.map((r) => r.id);
}

/** Writes one event inside the caller's transaction; answers its id. */
export async function publish(tx: Db, event: DomainEventInput): Promise<string> {
  const [id] = await publishAll(tx, [event]);
  return id!;
}

/**
 * One event whose payload the statement that writes it chooses by a key (the state a place got,
 * say): for a write that must take its lock, decide and publish in a single statement. Every
 * variant is validated against its contract here; `repo.keyedEventInsert` writes the chosen one.
 */
export function prepareKeyed<K extends string>(variants: Record<K, DomainEventInput>): repo.KeyedEvent {
  const entries = Object.entries(variants) as Array<[K, DomainEventInput]>;
  const name = entries[0]![1].name;
  if (entries.some(([, e]) => e.name !== name)) throw new Error('prepareKeyed: one event name per call');
  return {
    id: randomUUID(),
    name,
    version: DOMAIN_EVENTS[name].version,
    payloads: Object.fromEntries(entries.map(([key, e]) => [key, parseDomainEventPayload(name, e.payload)])),
    channel: EVENTS_CHANNEL,
  };
}

/**
 * Runs `effects` once per (handler, event): the mark in `processed_events` and the effects commit
 * together, so a handler run again after a crash (or a retry after its effects committed) skips
 * them. False when they had run already.
 */
export async function handleOnce(
  db: Db,
  handler: string,
  eventId: string,
  effects: (tx: Db) => Promise<void>,
): Promise<boolean> {
  return db.transaction().execute(async (tx) => {
    if (!(await repo.claimProcessed(tx, handler, eventId))) return false;
    await effects(tx);
    return true;
  });
}

export interface HandlerContext {
  /** `handleOnce` for this handler and event. */
  once(effects: (tx: Db) => Promise<void>): Promise<boolean>;
  /** 0 on the first delivery, then 1, 2… */
  retryCount: number;
}

export type DomainEventHandler<N extends DomainEventName> = (
  event: DomainEvent<N>,
  ctx: HandlerContext,
) => Promise<void>;

export interface DomainEvents {
  /**
   * Registers a handler (while modules register, before start). `handlerName` (`<module>.<what>`,
   * e.g. `agenda.promotionNotice`) names its queue and its idempotency marks: never rename one
   * that has run in production. A handler that throws is retried (default 10 times, backoff from 5 s).
   */
  subscribe<N extends DomainEventName>(
    name: N,
    handlerName: string,
    handler: DomainEventHandler<N>,
    opts?: QueueOptions,
  ): void;
  /** Dispatches what is waiting now (tests; the dispatcher does it on every NOTIFY). */
  dispatch(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export interface DomainEventsOptions {
  /** The fallback sweep for a NOTIFY that never came (a dropped listener connection). Default 5 s. */
  pollSeconds?: number;
}

interface Subscription {
  queue: string;
}

type DeliveryJob = repo.StoredEvent;

export function createDomainEvents(
  database: DatabaseHandle,
  jobs: Jobs,
  log: { error(obj: unknown, msg?: string): void },
  options: DomainEventsOptions = {},
): DomainEvents {
  const { db } = database;
  const byName = new Map<string, Subscription[]>();
  const handlers = new Set<string>();
  let started = false;
  let running: Promise<void> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  jobs.define('domain-events.purge', () => repo.purge(db, 7, 30), { retryLimit: 1 });
  jobs.schedule('domain-events.purge', '41 * * * *');

  /** One batch: jobs for every subscriber and the dispatched stamp commit together. Answers the woken queues and whether more may wait. */
  const dispatchBatch = () =>
    db.transaction().execute(async (tx) => {
      const events = await repo.claimUndispatched(tx, DISPATCH_BATCH);
      const deliveries = events.flatMap((event) =>
        (byName.get(event.name) ?? []).map(({ queue }) => ({ queue, data: event satisfies DeliveryJob })),
      );
      await jobs.enqueueAcross(tx, deliveries);
      await repo.markDispatched(
        tx,
        events.map((e) => e.id),
      );
      const queues = new Set(deliveries.map((d) => d.queue));
      return { queues: [...queues], more: events.length === DISPATCH_BATCH };
    });

  const drain = async () => {
    do {
      again = false;
      const { queues, more } = await dispatchBatch();
      for (const queue of queues) jobs.wake(queue);
      again ||= more;
    } while (again && started);
  };

  /** Single flight per process: a wake during a run makes the run go round once more. */
  const dispatch = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = drain().finally(() => {
      running = undefined;
    });
    return running;
  };
  const dispatchLogged = () => {
    if (started)
      dispatch().catch((err: unknown) =>
        log.error({ err }, 'domain events: dispatch failed (retried at the next sweep)'),
      );
  };
  /**
   * On a NOTIFY: dispatch after a short gathering wait, so the events of writes committed together
   * (a hundred enrolments a second) go out as one batch: one claim, one job insert, one stamp.
   */
  let gathering: NodeJS.Timeout | undefined;
  const dispatchSoon = () => {
    gathering ??= setTimeout(() => {
      gathering = undefined;
      dispatchLogged();
    }, DISPATCH_GATHER_MS).unref();
  };

  return {
    subscribe(name, handlerName, handler, opts = {}) {
      if (started) throw new Error(`domain events: subscribe '${handlerName}' before start`);
      if (!HANDLER_NAME.test(handlerName))
        throw new Error(`domain events: handler name '${handlerName}' is not <module>.<name>`);
      if (handlers.has(handlerName))
        throw new Error(`domain events: handler '${handlerName}' subscribed twice`);
      handlers.add(handlerName);
      const queue = `${QUEUE_PREFIX}${handlerName}`;
      byName.set(name, [...(byName.get(name) ?? []), { queue }]);
      jobs.define<DeliveryJob>(
        queue,
        async (stored, job) => {
          // An event a newer process wrote in a shape this one does not know: leave it for that process.
          if (stored.version > DOMAIN_EVENTS[name].version)
            throw new Error(`domain events: ${name} v${stored.version} is newer than this process knows`);
          const event: DomainEvent<typeof name> = {
            id: stored.id,
            name,
            version: stored.version,
            occurredAt: stored.occurredAt,
            payload: parseDomainEventPayload(name, stored.payload),
          };
          await handler(event, {
            once: (effects) => handleOnce(db, handlerName, stored.id, effects),
            retryCount: job.retryCount,
          });
        },
        // Handlers are short database work: under a backlog ten runs share one fetch and one completion.
        { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300, batchSize: 10, ...opts },
      );
    },
    dispatch,
    async start() {
      if (started) return;
      started = true;
      unlisten = await database.listen(EVENTS_CHANNEL, dispatchSoon);
      timer = setInterval(dispatchLogged, (options.pollSeconds ?? 5) * 1000).unref();
      // What was committed while no process ran (or before a crash) goes now.
      dispatchLogged();
    },
    async stop() {
      if (!started) return;
      started = false;
      clearInterval(timer);
      clearTimeout(gathering);
      gathering = undefined;
      await unlisten?.();
      unlisten = undefined;
      await running?.catch(() => undefined);
    },
  };
}
