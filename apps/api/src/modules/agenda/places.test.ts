import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { client, participantToken, session, type Client, type Tenant } from './agenda.test-utils.js';
import { PROMOTED_EVENT, SEATS_EVENT } from './enrollment.notify.js';

let t: TestContext;
let ten: Tenant;
let admin: Client;
let eventId: string;
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
  recordEmits(t, emitted);
});
afterAll(() => t.close());

const people = (n: number) => Promise.all(Array.from({ length: n }, () => participantToken(t, eventId)));
const counters = async (sessionId: string) => {
  const row = await t.deps.db
    .selectFrom('sessions')
    .select(['enrolledCount', 'waitlistedCount', 'attendedCount'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const rows = await t.deps.db
    .selectFrom('enrollments')
    .select('state')
    .where('sessionId', '=', sessionId)
    .execute();
  const checkIns = await t.deps.db
    .selectFrom('sessionCheckIns')
    .select('participantId')
    .where('sessionId', '=', sessionId)
    .execute();
  return {
    stored: [row.enrolledCount, row.waitlistedCount, row.attendedCount],
    actual: [
      rows.filter((r) => r.state === 'ENROLLED').length,
      rows.filter((r) => r.state === 'WAITLISTED').length,
      checkIns.length,
    ],
  };
};

describe('removing a participant from the event', () => {
  it('gives up their places: counters follow the rows, the next waitlisted gets the seat and is told', async () => {
    const s = await session(admin, { capacity: 1, enrollable: true, status: 'PUBLISHED' });
    const other = await session(admin, {
      capacity: 5,
      enrollable: true,
      status: 'PUBLISHED',
      startDate: '2030-06-02',
      endDate: '2030-06-02',
    });
    const [seated, next, later] = await people(3);
    for (const p of [seated!, next!, later!])
      expect((await client(t, p.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(200);
    expect((await client(t, seated!.token, eventId).post(`sessions/v2/${other.id}/enroll`)).statusCode).toBe(
      200,
    );
    expect(
      (await admin.post(`sessions/v2/${other.id}/attendees/${seated!.participantId}/check-in`)).statusCode,
    ).toBe(200);
    expect(await counters(s.id)).toEqual({ stored: [1, 2, 0], actual: [1, 2, 0] });
    expect(await counters(other.id)).toEqual({ stored: [1, 0, 1], actual: [1, 0, 1] });

    const res = await admin.delete(`participants/${seated!.participantId}`);
    expect(res.statusCode, res.body).toBe(204);

    expect(await counters(s.id)).toEqual({ stored: [1, 1, 0], actual: [1, 1, 0] });
    expect(await counters(other.id)).toEqual({ stored: [0, 0, 0], actual: [0, 0, 0] });
    const view = (await client(t, next!.token, eventId).get(`sessions/v2/${s.id}/view`)).json();
    expect(view).toMatchObject({ myState: 'ENROLLED', waitlistPosition: null });
    expect((await client(t, later!.token, eventId).get(`sessions/v2/${s.id}/view`)).json()).toMatchObject({
      myState: 'WAITLISTED',
      waitlistPosition: 1,
    });
    // Told by the enrollment.promoted subscriber once the event is delivered.
    await t.drainJobs();
    expect(emitted).toContainEqual({
      room: `user:${next!.userId}`,
      event: PROMOTED_EVENT,
      payload: { sessionId: s.id, sessionName: s.name },
    });
    expect(t.mail.lastTo(next!.email)?.subject).toBe(`You have a seat in ${s.name}`);
    await waitForSeats(s.id, 1);
  });
});

describe('session.seats', () => {
  it('says whether the session keeps a waitlist (so does the view), and is sent for published sessions only', async () => {
    const published = await session(admin, {
      capacity: 1,
      enrollable: true,
      waitlist: false,
      status: 'PUBLISHED',
    });
    const draft = await session(admin, { capacity: 1, enrollable: true, status: 'DRAFT' });
    const [p] = await people(1);
    expect((await client(t, p!.token, eventId).get(`sessions/v2/${published.id}/view`)).json()).toMatchObject(
      { waitlist: false, seatState: 'FEW_LEFT' },
    );
    expect(
      (
        await admin.post(`sessions/v2/${draft.id}/attendees`, {
          participantIds: [p!.participantId],
          overrideCapacity: false,
        })
      ).statusCode,
    ).toBe(200);
    expect((await client(t, p!.token, eventId).post(`sessions/v2/${published.id}/enroll`)).statusCode).toBe(
      200,
    );
    await vi.waitFor(() => {
      expect(emitted).toContainEqual({
        room: `event:${eventId}`,
        event: SEATS_EVENT,
        payload: {
          sessionId: published.id,
          enrolledCount: 1,
          waitlistedCount: 0,
          capacity: 1,
          waitlist: false,
        },
      });
    });
    expect(
      emitted.filter(
        (e) => e.event === SEATS_EVENT && (e.payload as { sessionId: string }).sessionId === draft.id,
      ),
    ).toEqual([]);
  });
});

/** The seat broadcast is read after the commit (fire and forget): wait until it went out. */
async function waitForSeats(sessionId: string, enrolledCount: number): Promise<void> {
  await vi.waitFor(() => {
    const last = emitted
      .filter((e) => e.event === SEATS_EVENT && (e.payload as { sessionId: string }).sessionId === sessionId)
      .at(-1);
    expect(last?.payload).toMatchObject({ sessionId, enrolledCount, waitlistedCount: 1 });
  });
}
