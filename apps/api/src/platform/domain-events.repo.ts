import { sql } from 'kysely';
import type { Db } from './db/index.js';

/** One outbox row as the dispatcher hands it to a handler's job. */
export interface StoredEvent {
  id: string;
  name: string;
  version: number;
  payload: unknown;
  occurredAt: string;
}

export async function insertEvents(
  tx: Db,
  events: ReadonlyArray<{ id: string; name: string; version: number; payload: unknown }>,
): Promise<void> {
  if (events.length === 0) return;
  await tx
    .insertInto('domainEvents')
    .values(
      events.map((e) => ({ id: e.id, name: e.name, version: e.version, payload: JSON.stringify(e.payload) })),
    )
    .execute();
}

/** Delivered to listeners only if the transaction commits (PostgreSQL's NOTIFY semantics). */
export async function notifyCommitted(tx: Db, channel: string): Promise<void> {
  await sql`SELECT pg_notify(${channel}, '')`.execute(tx);
}

/**
 * The oldest undispatched events, locked for this transaction; rows another process is
 * dispatching are skipped, so processes share the backlog without waiting on each other.
 */
export async function claimUndispatched(tx: Db, limit: number): Promise<StoredEvent[]> {
  const { rows } = await sql<StoredEvent>`
    SELECT id, name, version, payload, to_json(occurred_at)#>>'{}' AS occurred_at FROM domain_events
    WHERE dispatched_at IS NULL ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED`.execute(tx);
  return rows;
}

export async function markDispatched(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await tx
    .updateTable('domainEvents')
    .set({ dispatchedAt: sql<Date>`now()` })
    .where('id', 'in', [...ids])
    .execute();
}

/** True the first time (handler, event) is claimed; false once a committed claim exists. */
export async function claimProcessed(tx: Db, handler: string, eventId: string): Promise<boolean> {
  const row = await tx
    .insertInto('processedEvents')
    .values({ handler, eventId })
    .onConflict((oc) => oc.doNothing())
    .returning('eventId')
    .executeTakeFirst();
  return row !== undefined;
}

/** Dispatched events and processed marks older than their keep periods. */
export async function purge(db: Db, keepEventsDays: number, keepProcessedDays: number): Promise<void> {
  await sql`DELETE FROM domain_events WHERE dispatched_at < now() - make_interval(days => ${keepEventsDays})`.execute(
    db,
  );
  await sql`DELETE FROM processed_events WHERE processed_at < now() - make_interval(days => ${keepProcessedDays})`.execute(
    db,
  );
}
