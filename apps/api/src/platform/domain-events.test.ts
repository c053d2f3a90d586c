import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent, DomainEventInput } from '@plenary/domain';
import { jobState, runningJob } from '../../test/abandoned-jobs.js';
import { createTestDatabase } from '../../test/database.js';
import { TestMailbox } from '../../test/harness.js';
import { buildApp } from '../app.js';
import { loadBrands } from './brands.js';
import { loadConfig } from './config.js';
import type { DatabaseHandle, Db } from './db/index.js';
import { handleOnce, publish, type HandlerContext } from './domain-events.js';

/**
 * Each "process" is a whole API app on the shared database, with the test's subscribers added
 * before it starts. Effects are rows of `test_effects`, written through `once` (the idempotency
 * helper), so a count of rows is the number of times each handler's effects committed.
 */
let database: DatabaseHandle;
const apps: FastifyInstance[] = [];
const calls: Array<{ handler: string; eventId: string; retryCount: number }> = [];
/** Handler → how many deliveries still throw before one succeeds. */
const failures = new Map<string, number>();

const until = async (check: () => boolean | Promise<boolean>, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

const effectCounts = async (eventId: string): Promise<Record<string, number>> => {
  const { rows } = await sql<{
    handler: string;
    n: number;
  }>`SELECT handler, count(*)::int AS n FROM test_effects WHERE event_id = ${eventId} GROUP BY handler`.execute(
    database.db,
  );
  return Object.fromEntries(rows.map((r) => [r.handler, r.n]));
};

const countingHandler =
  (handler: string) =>
  async (event: DomainEvent, { once, retryCount }: HandlerContext) => {
    calls.push({ handler, eventId: event.id, retryCount });
    const failing = failures.get(handler) ?? 0;
    if (failing > 0) {
      failures.set(handler, failing - 1);
      throw new Error(`${handler} fails on purpose`);
    }
    await once(async (tx) => {
      await sql`INSERT INTO test_effects (handler, event_id) VALUES (${handler}, ${event.id})`.execute(tx);
    });
  };

/** A new API process on the shared database, subscribed like every process of a deployment. */
async function startApp(): Promise<FastifyInstance> {
  const config = loadConfig({
    DATA_DIR: resolve(import.meta.dirname, '../../../../.tmp/test-data'),
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-1234',
    PUBLIC_URL: 'http://localhost:3000',
  });
  const app = await buildApp({
    config,
    database,
    db: database.db,
    mailer: new TestMailbox(),
    brands: loadBrands(resolve(import.meta.dirname, '../../../../config/brands.json')),
  });
  const { events } = app.deps;
  events.subscribe('material.viewed', 'test.first', countingHandler('test.first'), {
    retryDelay: 0,
    retryBackoff: false,
  });
  events.subscribe('material.viewed', 'test.second', countingHandler('test.second'), {
    retryDelay: 0,
    retryBackoff: false,
  });
  events.subscribe('session.checkedIn', 'test.crashed', countingHandler('test.crashed'), {
    retryDelay: 0,
    retryBackoff: false,
  });
  await app.ready();
  apps.push(app);
  return app;
}

const stopApp = async (app: FastifyInstance) => {
  await app.close();
  apps.splice(apps.indexOf(app), 1);
};

const viewed = () => ({
  name: 'material.viewed' as const,
  payload: { eventId: randomUUID(), materialId: randomUUID(), participantId: randomUUID() },
});
const publishCommitted = (db: Db, event: DomainEventInput = viewed()) =>
  db.transaction().execute((tx) => publish(tx, event));

beforeAll(async () => {
  database = await createTestDatabase();
  await database.execScript('CREATE TABLE test_effects (handler text NOT NULL, event_id uuid NOT NULL)');
});
afterAll(async () => {
  for (const app of [...apps]) await stopApp(app);
  await database.close();
});

describe('domain events', () => {
  it('two subscribers of one event each handle it once', async () => {
    await startApp();
    const id = await publishCommitted(database.db);
    await until(async () => Object.keys(await effectCounts(id)).length === 2);
    await until(async () => (await pendingDeliveries()) === 0);
    expect(await effectCounts(id)).toEqual({ 'test.first': 1, 'test.second': 1 });
    expect(
      calls
        .filter((c) => c.eventId === id)
        .map((c) => c.handler)
        .sort(),
    ).toEqual(['test.first', 'test.second']);
  });

  it('the wake-up NOTIFY reaches the listener after a commit, never for a rollback', async () => {
    let heard = 0;
    const unlisten = await database.listen('domain_events_probe', () => heard++);
    const notify = (fail: boolean) =>
      database.db.transaction().execute(async (tx) => {
        await sql`SELECT pg_notify('domain_events_probe', '')`.execute(tx);
        if (fail) throw new Error('rolled back');
      });
    await notify(false);
    await until(() => heard === 1);
    await expect(notify(true)).rejects.toThrow('rolled back');
    // Notifications arrive in commit order: had the rollback's come, it would precede this one's.
    await notify(false);
    await until(() => heard >= 2);
    expect(heard).toBe(2);
    await unlisten();
  });

  it('a rolled-back transaction publishes nothing', async () => {
    let id: string | undefined;
    await expect(
      database.db.transaction().execute(async (tx) => {
        id = await publish(tx, viewed());
        throw new Error('the write fails after publishing');
      }),
    ).rejects.toThrow('the write fails');
    await apps[0]!.deps.events.dispatch();
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM domain_events WHERE id = ${id!}`.execute(database.db);
    expect(rows[0]!.n).toBe(0);
    expect(calls.some((c) => c.eventId === id)).toBe(false);
  });

  it('refuses a payload that breaks its contract, inside the write', async () => {
    const bad = {
      name: 'material.viewed' as const,
      payload: { eventId: 'not-a-uuid', materialId: randomUUID(), participantId: randomUUID() },
    };
    await expect(publishCommitted(database.db, bad)).rejects.toThrow();
  });

  it('a handler that throws is retried on its own; the other handler is not run again', async () => {
    failures.set('test.second', 2);
    const id = await publishCommitted(database.db);
    await until(async () => (await effectCounts(id))['test.second'] === 1);
    await until(async () => (await pendingDeliveries()) === 0);
    expect(await effectCounts(id)).toEqual({ 'test.first': 1, 'test.second': 1 });
    expect(
      calls.filter((c) => c.eventId === id && c.handler === 'test.first').map((c) => c.retryCount),
    ).toEqual([0]);
    expect(
      calls.filter((c) => c.eventId === id && c.handler === 'test.second').map((c) => c.retryCount),
    ).toEqual([0, 1, 2]);
  });

  it('committed while the process dies before delivering: the next process delivers it, handled once', async () => {
    const dying = apps[0]!;
    // The process's dispatcher is gone (as in a kill -9 right after the commit): nothing delivers the event.
    await dying.deps.events.stop();
    const id = await publishCommitted(database.db);
    await stopApp(dying);
    const { rows } = await sql<{
      dispatched: boolean;
    }>`SELECT dispatched_at IS NOT NULL AS dispatched FROM domain_events WHERE id = ${id}`.execute(
      database.db,
    );
    expect(rows).toEqual([{ dispatched: false }]);
    expect(calls.some((c) => c.eventId === id)).toBe(false);

    await startApp();
    await until(async () => Object.keys(await effectCounts(id)).length === 2);
    await until(async () => (await pendingDeliveries()) === 0);
    expect(await effectCounts(id)).toEqual({ 'test.first': 1, 'test.second': 1 });
    expect(calls.filter((c) => c.eventId === id)).toHaveLength(2);
  });

  it('a handler whose process died after its effects committed runs again on recovery without repeating them', async () => {
    const app = apps[0]!;
    const eventId = randomUUID();
    const payload = {
      eventId: randomUUID(),
      sessionId: randomUUID(),
      participantId: randomUUID(),
      method: 'QR' as const,
    };
    const stored = {
      id: eventId,
      name: 'session.checkedIn',
      version: 1,
      payload,
      occurredAt: new Date().toISOString(),
    };
    // The dead process's run: its effects committed through `once`, its job still active under its silent heartbeat.
    await database.db.transaction().execute(async (tx) => {
      await sql`INSERT INTO domain_events (id, name, version, payload, dispatched_at) VALUES (${eventId}, 'session.checkedIn', 1, ${JSON.stringify(payload)}, now())`.execute(
        tx,
      );
    });
    await handleOnceAsDeadRun(eventId);
    const { jobId } = await runningJob(database.db, app.deps.jobs, 'events.test.crashed', stored, {
      beatSecondsAgo: 60,
    });
    await app.deps.jobs.heartbeat();
    await until(() => calls.some((c) => c.eventId === eventId));
    await until(async () => (await jobState(database.db, 'events.test.crashed', jobId)) === 'completed');
    expect(calls.filter((c) => c.eventId === eventId).map((c) => c.retryCount)).toEqual([1]);
    expect(await effectCounts(eventId)).toEqual({ 'test.crashed': 1 });
  });
});

async function handleOnceAsDeadRun(eventId: string): Promise<void> {
  await handleOnce(database.db, 'test.crashed', eventId, async (tx) => {
    await sql`INSERT INTO test_effects (handler, event_id) VALUES ('test.crashed', ${eventId})`.execute(tx);
  });
}

async function pendingDeliveries(): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT ((SELECT count(*) FROM pgboss.job WHERE starts_with(name, 'events.') AND state IN ('created', 'retry', 'active'))
      + (SELECT count(*) FROM domain_events WHERE dispatched_at IS NULL))::int AS n`.execute(database.db);
  return rows[0]!.n;
}
