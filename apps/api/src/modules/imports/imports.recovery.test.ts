import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, type ImportRecord } from '@plenary/domain';
import { abandonEnqueued } from '../../../test/abandoned-jobs.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, type Client } from '../attendees/attendees.test-utils.js';
import { COMMIT_QUEUE, VERIFY_QUEUE } from './imports.service.js';
import { committed, uploaded, verified } from './imports.test-utils.js';

/**
 * Finding 5 of issue 9 at the level of an import, on PGlite and PostgreSQL: the verify or commit
 * job is started through the real route, and its process "dies" right after fetching it
 * (`abandonEnqueued`: active, owned by a process that stopped beating). One heartbeat of the live
 * app must release the import with IMPORT_MESSAGES.interrupted — without it the import stays
 * VERIFYING/IMPORTING and every action answers 409 until the job's 30-minute expiry. The real
 * `kill -9` is imports.crash.test.ts (PostgreSQL).
 */
let t: TestContext;
let c: Client;

beforeAll(async () => {
  t = await createTestContext();
  const tenant = await t.f.tenant();
  c = client(t, tenant.tokens.eventAdmin, tenant.event.id);
});
afterAll(() => t.close());

const csv = (prefix: string, rows: Array<[string, string]>) =>
  Buffer.from(
    [
      'E-mail,First name,Last name',
      ...rows.map(([first, last], i) => `${prefix}${i + 1}@example.com,${first},${last}`),
    ].join('\n'),
  );
const fiveRows = (prefix: string) =>
  csv(
    prefix,
    [1, 2, 3, 4, 5].map((n): [string, string] => ['Ada', `Row ${n}`]),
  );

const participantsWith = async (prefix: string) =>
  (
    await t.deps.db
      .selectFrom('participants')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'like', `${prefix}%`)
      .executeTakeFirstOrThrow()
  ).n;

/** Starts `action` (the route that enqueues on `queue`) with its job abandoned, then lets one heartbeat recover it. */
async function interruptedRun(
  queue: string,
  action: () => Promise<{ statusCode: number; body: string }>,
): Promise<void> {
  const restore = abandonEnqueued(t.deps.jobs, queue);
  try {
    const res = await action();
    expect(res.statusCode, res.body).toBe(202);
  } finally {
    restore();
  }
  await t.deps.jobs.heartbeat();
  // The job's retry runs now and must find its run superseded.
  await t.drainJobs();
}

const record = async (id: string) => (await c.get(`imports/${id}`)).json() as ImportRecord;

describe('an import whose job was abandoned by a dead process', () => {
  it('an interrupted verify ends FAILED with the message; verifying again works and the import commits once', async () => {
    const up = await uploaded(c, 'User', 'verify-crash.csv', fiveRows('verify-crash-'));
    await interruptedRun(VERIFY_QUEUE, () => c.post(`imports/${up.id}/verify`, {}));
    expect(await record(up.id)).toMatchObject({ status: 'FAILED', message: IMPORT_MESSAGES.interrupted });

    const again = await verified(c, up.id);
    expect(again).toMatchObject({ status: 'VERIFIED', message: null, counts: { valid: 5, errors: 0 } });
    expect(await committed(c, up.id)).toMatchObject({ status: 'COMPLETED', counts: { created: 5 } });
    expect(await participantsWith('verify-crash-')).toBe(5);
  });

  it('an interrupted commit is VERIFIED again with the message, wrote nothing, and commits again exactly once', async () => {
    const up = await verified(
      c,
      (await uploaded(c, 'User', 'commit-crash.csv', fiveRows('commit-crash-'))).id,
    );
    await interruptedRun(COMMIT_QUEUE, () => c.post(`imports/${up.id}/commit`, {}));
    expect(await record(up.id)).toMatchObject({
      status: 'VERIFIED',
      message: IMPORT_MESSAGES.interrupted,
      counts: { valid: 5, errors: 0 },
    });
    expect(await participantsWith('commit-crash-')).toBe(0);

    expect(await committed(c, up.id)).toMatchObject({
      status: 'COMPLETED',
      message: null,
      counts: { created: 5, updated: 0 },
    });
    await t.drainJobs();
    expect(await participantsWith('commit-crash-')).toBe(5);
    expect(await record(up.id)).toMatchObject({ status: 'COMPLETED', counts: { created: 5 } });
  });

  it('an interrupted commit of only the valid rows is INVALID again with the message and can be cancelled', async () => {
    const rows: Array<[string, string]> = [
      ['Ada', 'One'],
      ['', 'No first name'],
      ['Cy', 'Three'],
    ];
    const up = await verified(c, (await uploaded(c, 'User', 'skip-crash.csv', csv('skip-crash-', rows))).id);
    expect(up).toMatchObject({ status: 'INVALID', counts: { valid: 2, errors: 1 } });
    await interruptedRun(COMMIT_QUEUE, () => c.post(`imports/${up.id}/commit`, { skipInvalidRows: true }));
    expect(await record(up.id)).toMatchObject({
      status: 'INVALID',
      message: IMPORT_MESSAGES.interrupted,
      counts: { valid: 2, errors: 1 },
    });

    const cancelled = await c.delete(`imports/${up.id}`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ status: 'CANCELLED' });
    expect(await participantsWith('skip-crash-')).toBe(0);
  });
});
