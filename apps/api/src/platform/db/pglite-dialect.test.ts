import { isAbortedTransactionError, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openPglite, type DatabaseHandle } from './index.js';

/**
 * Our PGlite dialect on a real in-memory PGlite (the same on both CI runs: it is PGlite's own
 * driver). One connection is shared by every caller, so what matters is who waits for whom.
 */
type Probe = {
  probe: { id: number; note: string };
};

let handle: DatabaseHandle;
let db: Kysely<Probe>;

beforeAll(async () => {
  handle = await openPglite();
  db = handle.db.withTables<Probe>() as unknown as Kysely<Probe>;
  await handle.execScript('CREATE TABLE probe (id int PRIMARY KEY, note text NOT NULL)');
});
afterAll(async () => {
  await handle.close();
});
beforeEach(async () => {
  await handle.execScript('TRUNCATE probe');
});

const notes = async () =>
  (await db.selectFrom('probe').select('note').orderBy('id').execute()).map((r) => r.note);

/** Resolves after `n` turns of the event loop's microtask and I/O queues: ordering, not timing. */
async function letOthersRun(n = 20): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A promise whose settling can be checked without awaiting it. */
function watch<T>(promise: Promise<T>) {
  const state = { settled: false, promise };
  promise.then(
    () => (state.settled = true),
    () => (state.settled = true),
  );
  return state;
}

describe('transactions', () => {
  it('commit keeps the writes, a throw rolls them back and the error reaches the caller', async () => {
    await db.transaction().execute(async (tx) => {
      await tx.insertInto('probe').values({ id: 1, note: 'kept' }).execute();
    });
    const failing = db.transaction().execute(async (tx) => {
      await tx.insertInto('probe').values({ id: 2, note: 'dropped' }).execute();
      throw new Error('changed my mind');
    });
    await expect(failing).rejects.toThrow('changed my mind');
    expect(await notes()).toEqual(['kept']);
  });

  it('a statement that fails inside rolls the transaction back, and the connection serves the next one', async () => {
    const failing = db.transaction().execute(async (tx) => {
      await tx.insertInto('probe').values({ id: 1, note: 'first' }).execute();
      await tx.insertInto('probe').values({ id: 1, note: 'duplicate' }).execute();
    });
    await expect(failing).rejects.toMatchObject({ code: '23505' });
    await db.transaction().execute((tx) => tx.insertInto('probe').values({ id: 3, note: 'after' }).execute());
    expect(await notes()).toEqual(['after']);
  });

  it('a commit after a swallowed failure is refused as an aborted transaction, and nothing is kept', async () => {
    const swallowing = db.transaction().execute(async (tx) => {
      await tx.insertInto('probe').values({ id: 1, note: 'lost' }).execute();
      await sql`SELECT 1 / 0`.execute(tx).catch(() => undefined);
    });
    const error = await swallowing.then(
      () => null,
      (err: unknown) => err,
    );
    expect(isAbortedTransactionError(error)).toBe(true);
    expect(await notes()).toEqual([]);
  });

  it('counts the rows a write touched', async () => {
    await db
      .insertInto('probe')
      .values([
        { id: 1, note: 'a' },
        { id: 2, note: 'b' },
        { id: 3, note: 'c' },
      ])
      .execute();
    const updated = await db
      .updateTable('probe')
      .set({ note: 'x' })
      .where('id', '<', 3)
      .executeTakeFirstOrThrow();
    expect(updated.numUpdatedRows).toBe(2n);
  });

  it('savepoints of a controlled transaction undo only what came after them (the name is quoted)', async () => {
    const tx = await db.startTransaction().execute();
    await tx.insertInto('probe').values({ id: 1, note: 'before' }).execute();
    const inner = await tx.savepoint('second "half"').execute();
    await inner.insertInto('probe').values({ id: 2, note: 'undone' }).execute();
    const back = await inner.rollbackToSavepoint('second "half"').execute();
    await back.insertInto('probe').values({ id: 3, note: 'after' }).execute();
    await back.releaseSavepoint('second "half"').execute();
    await back.commit().execute();
    expect(await notes()).toEqual(['before', 'after']);
  });
});

describe('one connection, several callers', () => {
  it('a plain query waits for an open transaction: it neither sees its rows nor runs inside it', async () => {
    const tx = await db.startTransaction().execute();
    await tx.insertInto('probe').values({ id: 1, note: 'uncommitted' }).execute();
    // Had it run on the transaction's session, this row would vanish with the rollback below.
    const outside = watch(
      db.insertInto('probe').values({ id: 2, note: 'outside' }).returning('note').execute(),
    );
    const reader = watch(notes());
    await letOthersRun();
    expect(outside.settled).toBe(false);
    expect(reader.settled).toBe(false);
    await tx.rollback().execute();
    expect(await outside.promise).toEqual([{ note: 'outside' }]);
    expect(await reader.promise).toEqual(['outside']); // asked after the insert, served after it
    expect(await notes()).toEqual(['outside']);
  });

  it('raw SQL beside Kysely (pg-boss, executeSql) waits for an open transaction too', async () => {
    const tx = await db.startTransaction().execute();
    await tx.insertInto('probe').values({ id: 1, note: 'in flight' }).execute();
    const raw = watch(handle.executeSql('SELECT count(*)::int AS n FROM probe WHERE id = $1', [1]));
    await letOthersRun();
    expect(raw.settled).toBe(false);
    await tx.commit().execute();
    expect((await raw.promise).rows).toEqual([{ n: 1 }]);
  });

  it('transactions started together run one after the other: no update is lost', async () => {
    await db.insertInto('probe').values({ id: 1, note: '0' }).execute();
    const bump = () =>
      db.transaction().execute(async (tx) => {
        const { note } = await tx
          .selectFrom('probe')
          .select('note')
          .where('id', '=', 1)
          .executeTakeFirstOrThrow();
        await letOthersRun(2);
        await tx
          .updateTable('probe')
          .set({ note: String(Number(note) + 1) })
          .where('id', '=', 1)
          .execute();
      });
    await Promise.all(Array.from({ length: 10 }, bump));
    expect(await notes()).toEqual(['10']);
  });

  it('callers are served in the order they asked', async () => {
    const tx = await db.startTransaction().execute();
    const order: number[] = [];
    const waiting = [1, 2, 3, 4].map((n) =>
      db
        .insertInto('probe')
        .values({ id: n, note: String(n) })
        .execute()
        .then(() => order.push(n)),
    );
    await tx.commit().execute();
    await Promise.all(waiting);
    expect(order).toEqual([1, 2, 3, 4]);
  });
});

describe('closing', () => {
  it('closing the handle closes PGlite, whether or not a query ran', async () => {
    const used = await openPglite();
    await sql`SELECT 1`.execute(used.db);
    const unused = await openPglite();
    await Promise.all([used.close(), unused.close()]);
    expect([used.pglite.closed, unused.pglite.closed]).toEqual([true, true]);
  });
});
