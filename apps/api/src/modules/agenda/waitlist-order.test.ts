import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { migrations } from '../../migrations/index.js';
import { openPglite, openPostgres, type DatabaseHandle } from '../../platform/db/index.js';
import { migrate } from '../../platform/db/migrate.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';
import { client, participantToken, session, type Client } from './agenda.test-utils.js';

/**
 * Waitlist order is strictly first come, first served (`enrollments.queued_seq`): rows added in one
 * statement (an import, an admin's batch) keep the order given even when their `created_at` tie and
 * their participant ids sort the other way; leaving and joining again goes to the end.
 */
let t: TestContext;
let admin: Client;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  const ten = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
});
afterAll(() => t.close());

type Person = Awaited<ReturnType<typeof participantToken>>;

/** `n` participants, in descending id order: a fallback to participant ids would reverse them. */
async function peopleAgainstIdOrder(n: number): Promise<Person[]> {
  const people = await Promise.all(Array.from({ length: n }, () => participantToken(t, eventId)));
  return people.sort((a, b) => (a.participantId < b.participantId ? 1 : -1));
}

/** A session of one seat, taken. */
async function fullSession(): Promise<{ id: string; seated: Person }> {
  const s = await session(admin, { capacity: 1, enrollable: true });
  const [seated] = await peopleAgainstIdOrder(1);
  expect((await client(t, seated!.token, eventId).post(`sessions/v2/${s.id}/enroll`)).json()).toMatchObject({
    state: 'ENROLLED',
  });
  return { id: s.id, seated: seated! };
}

/** The waitlist as the admin's attendee list shows it: ids in position order, positions 1..n. */
async function waitlist(sessionId: string): Promise<string[]> {
  const res = await admin.get(`sessions/v2/${sessionId}/attendees?state=WAITLISTED&limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  const records = res.json().records as Array<{ participantId: string; waitlistPosition: number }>;
  const sorted = [...records].sort((a, b) => a.waitlistPosition - b.waitlistPosition);
  expect(sorted.map((r) => r.waitlistPosition)).toEqual(records.map((_, i) => i + 1));
  return sorted.map((r) => r.participantId);
}

/** Each person's own position, from the agenda view and from enrolling again. */
async function ownPositions(sessionId: string, people: Person[]): Promise<Array<number | null>> {
  const out: Array<number | null> = [];
  for (const p of people) {
    const c = client(t, p.token, eventId);
    const view = (await c.get(`sessions/v2/${sessionId}/view`)).json() as { waitlistPosition: number | null };
    const again = (await c.post(`sessions/v2/${sessionId}/enroll`)).json() as {
      waitlistPosition: number | null;
    };
    expect(again.waitlistPosition).toBe(view.waitlistPosition);
    out.push(view.waitlistPosition);
  }
  return out;
}

/** Same created_at for the whole session: only the queue order can tell them apart. */
const tieTimestamps = (sessionId: string) =>
  sql`UPDATE enrollments SET created_at = timestamptz '2030-01-01 00:00Z' WHERE session_id = ${sessionId}`.execute(
    t.deps.db,
  );

/** Frees the seat `n` times (the seated leaves, then each promoted one): answers who got it, in turn. */
async function promotions(sessionId: string, seated: Person, people: Person[], n: number): Promise<string[]> {
  const got: string[] = [];
  let holder = seated;
  for (let i = 0; i < n; i++) {
    expect(
      (await client(t, holder.token, eventId).delete(`sessions/v2/${sessionId}/enroll`)).statusCode,
    ).toBe(200);
    const row = await t.deps.db
      .selectFrom('enrollments')
      .select('participantId')
      .where('sessionId', '=', sessionId)
      .where('state', '=', 'ENROLLED')
      .executeTakeFirstOrThrow();
    got.push(row.participantId);
    holder = people.find((p) => p.participantId === row.participantId)!;
  }
  return got;
}

async function sheet(rows: Array<Array<string | null>>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Agenda');
  ws.addRow(['Email', 'Session', 'Session Id']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('waitlist order', () => {
  it('keeps a SessionUser import in file order: positions and promotions', async () => {
    const s = await fullSession();
    const people = await peopleAgainstIdOrder(5);
    const up = await uploaded(
      admin,
      'SessionUser',
      'waitlist.xlsx',
      await sheet(people.map((p) => [p.email, null, s.id])),
    );
    expect((await verified(admin, up.id)).counts).toMatchObject({ valid: 5, errors: 0 });
    expect((await committed(admin, up.id)).counts).toMatchObject({ created: 5 });
    await tieTimestamps(s.id);
    const ids = people.map((p) => p.participantId);
    expect(await waitlist(s.id)).toEqual(ids);
    expect(await ownPositions(s.id, people)).toEqual([1, 2, 3, 4, 5]);
    expect(await promotions(s.id, s.seated, people, 5)).toEqual(ids);
  });

  it("keeps an admin's batch in the order given", async () => {
    const s = await fullSession();
    const people = await peopleAgainstIdOrder(4);
    const add = await admin.post(`sessions/v2/${s.id}/attendees`, {
      participantIds: people.map((p) => p.participantId),
    });
    expect(add.json()).toEqual({ enrolled: 0, waitlisted: 4, skipped: 0 });
    await tieTimestamps(s.id);
    const ids = people.map((p) => p.participantId);
    expect(await waitlist(s.id)).toEqual(ids);
    expect(await ownPositions(s.id, people)).toEqual([1, 2, 3, 4]);
    expect(await promotions(s.id, s.seated, people, 4)).toEqual(ids);
  });

  it('sends someone who leaves the waitlist and joins again to the end', async () => {
    const s = await fullSession();
    const people = await peopleAgainstIdOrder(3);
    for (const p of people)
      expect((await client(t, p.token, eventId).post(`sessions/v2/${s.id}/enroll`)).json()).toMatchObject({
        state: 'WAITLISTED',
      });
    const [first, second, third] = people as [Person, Person, Person];
    const c = client(t, first.token, eventId);
    expect((await c.delete(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(200);
    expect((await c.post(`sessions/v2/${s.id}/enroll`)).json()).toMatchObject({
      state: 'WAITLISTED',
      waitlistPosition: 3,
    });
    const order = [second, third, first];
    expect(await waitlist(s.id)).toEqual(order.map((p) => p.participantId));
    expect(await ownPositions(s.id, order)).toEqual([1, 2, 3]);
    expect(await promotions(s.id, s.seated, order, 3)).toEqual(order.map((p) => p.participantId));
  });
});

/** A database migrated up to (and including) `last`: PostgreSQL when DATABASE_URL is set, else PGlite. */
async function databaseMigratedTo(last: string): Promise<DatabaseHandle> {
  const upTo = migrations.slice(0, migrations.findIndex((m) => m.name === last) + 1);
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const handle = await openPglite();
    await migrate(handle, upTo);
    return handle;
  }
  const name = `plenary_test_${randomBytes(6).toString('hex')}`;
  const admin = openPostgres(serverUrl, 1);
  await admin.execScript(`CREATE DATABASE ${name}`);
  await admin.close();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = openPostgres(url.toString(), 2);
  await migrate(handle, upTo);
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = openPostgres(serverUrl, 1);
      await cleanup.execScript(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.close();
    },
  };
}

describe('0010_waitlist_order', () => {
  it('numbers existing places in their former order (created_at, participant id); new places come after', async () => {
    const handle = await databaseMigratedTo('0009_agenda');
    try {
      const session = '00000000-0000-4000-8000-000000000001';
      const ev = '00000000-0000-4000-8000-000000000002';
      const p = (n: number) => `00000000-0000-4000-8000-00000000010${n}`;
      // Only the enrollments matter here: without their parents (the replica role skips the FK triggers, for this script).
      const withoutParents = (insert: string) =>
        handle.execScript(
          `SET session_replication_role = replica; ${insert}; RESET session_replication_role;`,
        );
      await withoutParents(`
        INSERT INTO enrollments (session_id, participant_id, event_id, state, created_at) VALUES
          ('${session}', '${p(3)}', '${ev}', 'WAITLISTED', '2030-01-01 10:00Z'),
          ('${session}', '${p(1)}', '${ev}', 'WAITLISTED', '2030-01-01 10:05Z'),
          ('${session}', '${p(2)}', '${ev}', 'WAITLISTED', '2030-01-01 10:00Z'),
          ('${session}', '${p(4)}', '${ev}', 'ENROLLED', '2029-12-31 09:00Z')`);
      expect(await migrate(handle)).toEqual(
        migrations.slice(migrations.findIndex((m) => m.name === '0010_waitlist_order')).map((m) => m.name),
      );
      await withoutParents(
        `INSERT INTO enrollments (session_id, participant_id, event_id, state, created_at) VALUES ('${session}', '${p(5)}', '${ev}', 'WAITLISTED', '2000-01-01 00:00Z')`,
      );
      const { rows } = await handle.executeSql(
        `SELECT participant_id::text AS id, queued_seq::int AS seq FROM enrollments ORDER BY queued_seq`,
      );
      expect(rows).toEqual([
        { id: p(4), seq: 1 },
        { id: p(2), seq: 2 },
        { id: p(3), seq: 3 },
        { id: p(1), seq: 4 },
        { id: p(5), seq: 5 },
      ]);
    } finally {
      await handle.close();
    }
  }, 60_000); // migrates a database from scratch
});
