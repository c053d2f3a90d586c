import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participantToken, session, type Client, type Tenant } from './agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let admin: Client;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
});
afterAll(() => t.close());

const people = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => participantToken(t, eventId)))).map(
    (p) => p.participantId,
  );
const place = async (sessionId: string, participantIds: string[], overrideCapacity = false) => {
  const res = await admin.post(`sessions/v2/${sessionId}/attendees`, { participantIds, overrideCapacity });
  expect(res.statusCode, res.body).toBe(200);
};
const breakout = async (body: Record<string, unknown>) => {
  const res = await admin.post('breakouts', { name: `Breakout ${Math.random()}`, enrollable: true, ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string };
};
const row = (id: string) =>
  t.deps.db
    .selectFrom('sessions')
    .select(['breakoutId', 'enrolledCount', 'waitlistedCount'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('capacity edits after an admin over-filled a session', () => {
  it('passes an unchanged (or raised) capacity and refuses one lowered below the seats taken', async () => {
    const s = await session(admin, { capacity: 2, enrollable: true });
    await place(s.id, await people(3), true);
    const same = await admin.patch(`sessions/${s.id}`, { name: 'Renamed', capacity: 2 });
    expect(same.statusCode, same.body).toBe(200);
    const lower = await admin.patch(`sessions/${s.id}`, { capacity: 1 });
    expect(lower.statusCode).toBe(400);
    expect(lower.json().fields).toEqual({ capacity: AGENDA_MESSAGES.capacityBelowEnrolled });
    expect((await admin.patch(`sessions/${s.id}`, { capacity: 3 })).statusCode).toBe(200);
  });
});

describe('moving sessions into and out of enrollable breakouts', () => {
  it('refuses a move where the session would have fewer seats than enrolled', async () => {
    const small = await breakout({ capacity: 1 });
    const s = await session(admin, { capacity: 10, enrollable: true });
    await place(s.id, await people(2));
    const res = await admin.patch(`sessions/${s.id}`, { breakoutId: small.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ breakoutId: AGENDA_MESSAGES.breakoutCapacityBelowEnrolled });
    expect((await row(s.id)).breakoutId).toBeNull();

    // Out of an enrollable breakout onto a smaller own capacity.
    const big = await breakout({ capacity: 5 });
    const inside = await session(admin, { capacity: 1, breakoutId: big.id });
    await place(inside.id, await people(3));
    const out = await admin.patch(`sessions/${inside.id}`, { breakoutId: null });
    expect(out.statusCode).toBe(400);
    expect(out.json().fields).toEqual({ breakoutId: AGENDA_MESSAGES.breakoutCapacityBelowEnrolled });
  });

  it('refuses a move that gives someone two sessions of the breakout (one-of rule)', async () => {
    const b = await breakout({ capacity: 10 });
    const held = await session(admin, { breakoutId: b.id });
    const s = await session(admin, { capacity: 10, enrollable: true });
    const [both, alone] = await people(2);
    await place(held.id, [both!]);
    await place(s.id, [both!, alone!]);
    const res = await admin.patch(`sessions/${s.id}`, { breakoutId: b.id });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ breakoutId: AGENDA_MESSAGES.breakoutHeldTwice });
  });

  it('promotes the waitlist when the move gives more seats, and tells them', async () => {
    const b = await breakout({ capacity: 1 });
    const s = await session(admin, { breakoutId: b.id, capacity: null });
    const [first, second] = await Promise.all([participantToken(t, eventId), participantToken(t, eventId)]);
    await place(s.id, [first!.participantId, second!.participantId]);
    expect(await row(s.id)).toMatchObject({ enrolledCount: 1, waitlistedCount: 1 });
    const res = await admin.patch(`sessions/${s.id}`, { breakoutId: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(s.id)).toMatchObject({ breakoutId: null, enrolledCount: 2, waitlistedCount: 0 });
    await t.drainJobs();
    expect(t.mail.lastTo(second!.email)?.subject).toBe(`You have a seat in ${s.name}`);
  });
});

describe('bulk moves (update-options)', () => {
  it('checks every session the same way, all or nothing', async () => {
    const small = await breakout({ capacity: 1 });
    const fits = await session(admin, { capacity: 5 });
    const tooFull = await session(admin, { capacity: 5 });
    await place(fits.id, await people(1));
    await place(tooFull.id, await people(2));
    const res = await admin.patch('sessions/update-options', {
      ids: [fits.id, tooFull.id],
      breakoutId: small.id,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ breakoutId: AGENDA_MESSAGES.breakoutCapacityBelowEnrolled });
    expect((await row(fits.id)).breakoutId).toBeNull();

    // Two sessions held by one person can not both move into one enrollable breakout.
    const b = await breakout({ capacity: 10 });
    const x = await session(admin, {});
    const y = await session(admin, {});
    const [both] = await people(1);
    await place(x.id, [both!]);
    await place(y.id, [both!]);
    const twice = await admin.patch('sessions/update-options', { ids: [x.id, y.id], breakoutId: b.id });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().fields).toEqual({ breakoutId: AGENDA_MESSAGES.breakoutHeldTwice });
  });

  it('promotes where a bulk move gives more seats', async () => {
    const small = await breakout({ capacity: 1 });
    const s = await session(admin, { breakoutId: small.id, capacity: null });
    const [first, second] = await Promise.all([participantToken(t, eventId), participantToken(t, eventId)]);
    await place(s.id, [first!.participantId, second!.participantId]);
    const res = await admin.patch('sessions/update-options', { ids: [s.id], breakoutId: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(await row(s.id)).toMatchObject({ breakoutId: null, enrolledCount: 2, waitlistedCount: 0 });
    await t.drainJobs();
    expect(t.mail.lastTo(second!.email)?.subject).toBe(`You have a seat in ${s.name}`);
  });
});
