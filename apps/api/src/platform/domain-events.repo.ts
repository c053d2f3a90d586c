import { sql, type RawBuilder } from 'kysely';
import type { Db } from './db/index.js';

/** One outbox row as the dispatcher hands it to a handler's job. */
export interface StoredEvent {
  id: string;
  name: string;
  version: number;
  payload: unknown;
  occurredAt: string;
}

/**
 * Writes the events and notifies `channel` in one statement (one round trip inside callers that
 * hold locks); listeners hear it only if the transaction commits (PostgreSQL's NOTIFY semantics).
 */
export async function insertEventsAndNotify(
  tx: Db,
  events: ReadonlyArray<{ id: string; name: string; version: number; payload: unknown }>,
  channel: string,
): Promise<void> {
  if (events.length === 0) return;
  await sql`
    WITH inserted AS (
      INSERT INTO domain_events (id, name, version, payload)
      SELECT x.id, x.name, x.version, x.payload
      FROM unnest(${events.map((e) => e.id)}::uuid[], ${events.map((e) => e.name)}::text[],
        ${events.map((e) => e.version)}::int[], ${events.map((e) => JSON.stringify(e.payload))}::jsonb[])
        WITH ORDINALITY AS x(id, name, version, payload, ord)
      ORDER BY x.ord
    )
    SELECT pg_notify(${channel}, '')`.execute(tx);
}

/** An event prepared with a payload per key (`prepareKeyed` in domain-events.ts). */
export interface KeyedEvent {
  id: string;
  name: string;
  version: number;
  payloads: Record<string, unknown>;
  channel: string;
}

/**
 * The body of a data-modifying CTE that writes `event` once per row of the CTE `from` (at most one
 * row), with the payload chosen by that row's `keyColumn`, and notifies the dispatcher (delivered
 * on commit). The caller's final SELECT must read the CTE (e.g. `(SELECT count(*) FROM published)`)
 * so every notification is made.
 */
export function keyedEventInsert(event: KeyedEvent, from: string, keyColumn: string): RawBuilder<unknown> {
  return sql`
    INSERT INTO domain_events (id, name, version, payload)
    SELECT ${event.id}::uuid, ${event.name}::text, ${event.version}::int,
      ${JSON.stringify(event.payloads)}::jsonb -> ${sql.ref(`${from}.${keyColumn}`)}
    FROM ${sql.table(from)}
    RETURNING pg_notify(${event.channel}, '')`;
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
    .where(sql<boolean>`id = ANY(${[...ids]}::uuid[])`) // one text whatever the count (a named statement)
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
