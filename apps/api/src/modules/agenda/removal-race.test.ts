import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participantToken, session, type Client } from './agenda.test-utils.js';

/**
 * Removing a participant while they (or an import) take a new place. On PGlite (one connection)
 * the requests run one after the other; on PostgreSQL they really overlap.
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
// The promotion e-mails are jobs: finished before the pool closes (dozens of them after the races,
// sent by the job runner's polling worker: more than the default 10 s on a busy machine).
afterAll(async () => {
  await t.drainJobs(45_000);
  await t.close();
});

/** Sessions of the event whose stored counters differ from their rows. */
async function countersOff(): Promise<unknown[]> {
  const { rows } = await sql`
    SELECT s.id, s.enrolled_count, s.waitlisted_count, s.attended_count,
      (SELECT count(*)::int FROM enrollments e WHERE e.session_id = s.id AND e.state = 'ENROLLED') AS enrolled,
      (SELECT count(*)::int FROM enrollments e WHERE e.session_id = s.id AND e.state = 'WAITLISTED') AS waitlisted,
      (SELECT count(*)::int FROM session_check_ins c WHERE c.session_id = s.id) AS attended
    FROM sessions s WHERE s.event_id = ${eventId}`.execute(t.deps.db);
  return rows.filter((r) => {
    const x = r as Record<string, number>;
    return (
      x.enrolledCount !== x.enrolled || x.waitlistedCount !== x.waitlisted || x.attendedCount !== x.attended
    );
  });
}

/** PGlite runs the requests one after the other: a few rounds check the plain case; PostgreSQL races them. */
const ROUNDS = process.env.DATABASE_URL ? 20 : 3;
let day = 0;
const nextDay = () => `2030-07-${String(++day).padStart(2, '0')}`;

describe('removing a participant while they enroll', () => {
  it(
    'keeps every counter equal to its rows and promotes the waitlist, over 20 rounds of enroll + remove at once',
    { timeout: 120_000 },
    async () => {
      for (let round = 0; round < ROUNDS; round++) {
        const date = nextDay();
        const at = (startTime: string, endTime: string) => ({
          enrollable: true,
          status: 'PUBLISHED',
          startDate: date,
          endDate: date,
          startTime,
          endTime,
        });
        // Held before the removal: seats in three sessions (the removal has work to do), one full with a waitlist.
        const held = await Promise.all([
          session(admin, { ...at('08:00 AM', '09:00 AM'), capacity: 1 }),
          session(admin, at('09:00 AM', '10:00 AM')),
          session(admin, at('10:00 AM', '11:00 AM')),
        ]);
        const fresh = await session(admin, { ...at('01:00 PM', '02:00 PM'), capacity: 1 });
        const [leaving, waiting, waitingFresh] = await Promise.all([
          participantToken(t, eventId),
          participantToken(t, eventId),
          participantToken(t, eventId),
        ]);
        const leaver = client(t, leaving.token, eventId);
        for (const s of held) expect((await leaver.post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(200);
        expect(
          (await client(t, waiting.token, eventId).post(`sessions/v2/${held[0].id}/enroll`)).json(),
        ).toMatchObject({ state: 'WAITLISTED' });

        // The new place races the removal; a waitlisted person behind it must get the seat if it goes.
        const [enrolled, removed, behind] = await Promise.all([
          leaver.post(`sessions/v2/${fresh.id}/enroll`),
          admin.delete(`participants/${leaving.participantId}`),
          client(t, waitingFresh.token, eventId).post(`sessions/v2/${fresh.id}/enroll`),
        ]);
        expect(removed.statusCode, removed.body).toBe(204);
        // Refused once they are gone: 403 (no participant), or 404 (the session no longer visible to them).
        expect([200, 403, 404], enrolled.body).toContain(enrolled.statusCode);
        expect(behind.statusCode, behind.body).toBe(200);
        expect(await countersOff(), `round ${round}`).toEqual([]);
        const places = await t.deps.db
          .selectFrom('enrollments')
          .select(['sessionId', 'participantId', 'state'])
          .where('sessionId', 'in', [held[0].id, fresh.id])
          .execute();
        expect(places.filter((p) => p.participantId === leaving.participantId)).toEqual([]);
        expect(places).toContainEqual({
          sessionId: held[0].id,
          participantId: waiting.participantId,
          state: 'ENROLLED',
        });
        // The seat of `fresh` is free again once the leaver is gone: whoever waits for it has it.
        expect(places).toContainEqual({
          sessionId: fresh.id,
          participantId: waitingFresh.participantId,
          state: 'ENROLLED',
        });
      }
    },
  );
});

describe('a place committed while the removal waits for the participant row', () => {
  it('is found after the participant lock: the removal starts again, releases it and promotes the waitlist', async () => {
    const date = nextDay();
    const held = await session(admin, {
      enrollable: true,
      status: 'PUBLISHED',
      startDate: date,
      endDate: date,
    });
    const late = await session(admin, {
      enrollable: true,
      status: 'PUBLISHED',
      capacity: 1,
      startDate: date,
      endDate: date,
      startTime: '02:00 PM',
      endTime: '03:00 PM',
    });
    const [leaving, waiting] = await Promise.all([
      participantToken(t, eventId),
      participantToken(t, eventId),
    ]);
    expect((await client(t, leaving.token, eventId).post(`sessions/v2/${held.id}/enroll`)).statusCode).toBe(
      200,
    );

    // What an enroll or a SessionUser import does: the session locked, places written (the foreign
    // key takes FOR KEY SHARE on the participant rows), counters raised — not yet committed.
    const racing = await t.deps.db.startTransaction().execute();
    await sql`SELECT id FROM sessions WHERE id = ${late.id} FOR UPDATE`.execute(racing);
    await sql`INSERT INTO enrollments (session_id, participant_id, event_id, state) VALUES
      (${late.id}, ${leaving.participantId}, ${eventId}, 'ENROLLED'), (${late.id}, ${waiting.participantId}, ${eventId}, 'WAITLISTED')`.execute(
      racing,
    );
    await sql`UPDATE sessions SET enrolled_count = 1, waitlisted_count = 1 WHERE id = ${late.id}`.execute(
      racing,
    );

    let removal: ReturnType<Client['delete']> | undefined;
    if (process.env.DATABASE_URL) {
      // PostgreSQL: the removal locks `held`, does not see `late` yet, and waits for the participant row.
      removal = admin.delete(`participants/${leaving.participantId}`);
      await vi.waitFor(
        async () => {
          const { rows } =
            await sql`SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'
          AND query LIKE 'SELECT id FROM participants%FOR UPDATE'`.execute(t.deps.db);
          expect(rows).toHaveLength(1);
        },
        { timeout: 10_000 },
      );
    }
    await racing.commit().execute();
    // PGlite has one connection: the place is committed before the removal starts (the plain case).
    const removed = await (removal ?? admin.delete(`participants/${leaving.participantId}`));
    expect(removed.statusCode, removed.body).toBe(204);

    expect(await countersOff()).toEqual([]);
    const places = await t.deps.db
      .selectFrom('enrollments')
      .select(['participantId', 'state'])
      .where('sessionId', '=', late.id)
      .execute();
    expect(places).toEqual([{ participantId: waiting.participantId, state: 'ENROLLED' }]);
  });
});
