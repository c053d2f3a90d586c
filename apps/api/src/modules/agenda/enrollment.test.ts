import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { readCsv } from '../../../test/exports.js';
import {
  client,
  participant,
  participantToken,
  session,
  type Client,
  type Tenant,
} from './agenda.test-utils.js';
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
const counts = async (sessionId: string) => {
  const row = await t.deps.db
    .selectFrom('sessions')
    .select(['enrolledCount', 'waitlistedCount'])
    .where('id', '=', sessionId)
    .executeTakeFirstOrThrow();
  const rows = await t.deps.db
    .selectFrom('enrollments')
    .select('state')
    .where('sessionId', '=', sessionId)
    .execute();
  return {
    stored: [row.enrolledCount, row.waitlistedCount],
    actual: [
      rows.filter((r) => r.state === 'ENROLLED').length,
      rows.filter((r) => r.state === 'WAITLISTED').length,
    ],
  };
};

describe('enrollment under concurrency', () => {
  it('gives 10 seats to 10 of 55 concurrent requests and queues the rest in order', async () => {
    const s = await session(admin, { capacity: 10, enrollable: true });
    const crowd = await people(55);
    const answers = await Promise.all(
      crowd.map((p) => client(t, p.token, eventId).post(`sessions/v2/${s.id}/enroll`)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(crowd.map(() => 200));
    const results = answers.map((a) => a.json() as { state: string; waitlistPosition: number | null });
    expect(results.filter((r) => r.state === 'ENROLLED')).toHaveLength(10);
    const waiting = results.filter((r) => r.state === 'WAITLISTED');
    expect(waiting).toHaveLength(45);
    expect(waiting.map((r) => r.waitlistPosition).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: 45 }, (_, i) => i + 1),
    );
    expect(await counts(s.id)).toEqual({ stored: [10, 45], actual: [10, 45] });
    // One audit row per place, by the participant who took it.
    const audited = await t.deps.db
      .selectFrom('auditLog')
      .select(['actorId', 'entityId'])
      .where('entity', '=', 'enrollment')
      .where('action', '=', 'create')
      .where('entityId', 'like', `${s.id}:%`)
      .execute();
    expect(audited).toHaveLength(55);
    expect(
      audited.every(
        (a) => a.entityId === `${s.id}:${crowd.find((p) => p.userId === a.actorId)?.participantId}`,
      ),
    ).toBe(true);
    expect(
      emitted.some(
        (e) =>
          e.room === `event:${eventId}` &&
          e.event === SEATS_EVENT &&
          (e.payload as { sessionId: string }).sessionId === s.id,
      ),
    ).toBe(true);

    // Enrolling again answers the place held.
    const again = await client(t, crowd[0]!.token, eventId).post(`sessions/v2/${s.id}/enroll`);
    expect(again.json()).toMatchObject({
      state: results[0]!.state,
      waitlistPosition: results[0]!.waitlistPosition,
    });

    // Leaving a seat promotes the first waitlisted (position 1), who is told by e-mail and in their room.
    const seated = crowd[results.findIndex((r) => r.state === 'ENROLLED')]!;
    const first = crowd[results.findIndex((r) => r.waitlistPosition === 1)]!;
    const second = crowd[results.findIndex((r) => r.waitlistPosition === 2)]!;
    const left = await client(t, seated.token, eventId).delete(`sessions/v2/${s.id}/enroll`);
    expect(left.statusCode, left.body).toBe(200);
    expect(left.json()).toMatchObject({ state: null, enrolledCount: 10, capacity: 10 });
    const mine = async (p: { token: string }) =>
      (await client(t, p.token, eventId).get(`sessions/v2/${s.id}/view`)).json();
    expect(await mine(first)).toMatchObject({ myState: 'ENROLLED', waitlistPosition: null });
    expect(await mine(second)).toMatchObject({ myState: 'WAITLISTED', waitlistPosition: 1 });
    expect(await counts(s.id)).toEqual({ stored: [10, 44], actual: [10, 44] });
    // Told by the enrollment.promoted subscriber once the event is delivered.
    await t.drainJobs();
    expect(emitted).toContainEqual({
      room: `user:${first.userId}`,
      event: PROMOTED_EVENT,
      payload: { sessionId: s.id, sessionName: s.name },
    });
    expect(t.mail.lastTo(first.email)?.subject).toBe(`You have a seat in ${s.name}`);
    expect(t.mail.linkTo(first.email).pathname).toBe(`/event/${eventId}/agenda/${s.id}`);

    // Leaving twice is harmless.
    expect((await client(t, seated.token, eventId).delete(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(
      200,
    );
  });

  it('refuses when full without a waitlist, and sessions that are not enrollable or ended', async () => {
    const full = await session(admin, { capacity: 1, enrollable: true, waitlist: false });
    const [a, b] = await people(2);
    expect((await client(t, a!.token, eventId).post(`sessions/v2/${full.id}/enroll`)).statusCode).toBe(200);
    const res = await client(t, b!.token, eventId).post(`sessions/v2/${full.id}/enroll`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(AGENDA_MESSAGES.sessionFull);
    const closed = await session(admin, { enrollable: false });
    expect((await client(t, a!.token, eventId).post(`sessions/v2/${closed.id}/enroll`)).json().message).toBe(
      AGENDA_MESSAGES.notEnrollable,
    );
    const past = await session(admin, { enrollable: true, startDate: '2020-01-01', endDate: '2020-01-01' });
    expect((await client(t, a!.token, eventId).post(`sessions/v2/${past.id}/enroll`)).json().message).toBe(
      AGENDA_MESSAGES.sessionEnded,
    );
    // Admins and moderators are not participants.
    expect(
      (await client(t, ten.tokens.eventAdmin, eventId).post(`sessions/v2/${full.id}/enroll`)).statusCode,
    ).toBe(403);
    expect((await client(t, a!.token, eventId).post('sessions/v2/not-a-uuid/enroll')).statusCode).toBe(400);
    expect((await client(t, a!.token, eventId).post(`sessions/v2/${ten.event.id}/enroll`)).statusCode).toBe(
      404,
    );
  });

  it('lets a participant hold one session of an enrollable breakout, with its capacity and audience', async () => {
    const staff = (await admin.post('labels', { name: 'Staff' })).json();
    const breakout = await t.deps.db
      .insertInto('breakouts')
      .values({
        eventId,
        name: 'Afternoon tracks',
        enrollable: true,
        capacity: 1,
        audience: JSON.stringify({ type: 'LABELS', labelIds: [staff.id], rules: [] }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // The sessions' own capacity and audience are replaced by the breakout's.
    const x = await session(admin, { name: 'Track X', breakoutId: breakout.id, capacity: 100 });
    const y = await session(admin, { name: 'Track Y', breakoutId: breakout.id });
    const [member, outsider, late] = await people(3);
    await t.deps.db
      .insertInto('participantLabels')
      .values([
        { labelId: staff.id, participantId: member!.participantId },
        { labelId: staff.id, participantId: late!.participantId },
      ])
      .execute();
    const m = client(t, member!.token, eventId);
    expect((await m.post(`sessions/v2/${x.id}/enroll`)).json()).toMatchObject({
      state: 'ENROLLED',
      capacity: 1,
    });
    const second = await m.post(`sessions/v2/${y.id}/enroll`);
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe(AGENDA_MESSAGES.breakoutTaken);
    expect((await client(t, outsider!.token, eventId).post(`sessions/v2/${x.id}/enroll`)).statusCode).toBe(
      404,
    );
    expect((await client(t, late!.token, eventId).post(`sessions/v2/${x.id}/enroll`)).json()).toMatchObject({
      state: 'WAITLISTED',
      waitlistPosition: 1,
    });
    // Moving: leave X, then Y is free to take.
    expect((await m.delete(`sessions/v2/${x.id}/enroll`)).statusCode).toBe(200);
    expect((await m.post(`sessions/v2/${y.id}/enroll`)).json()).toMatchObject({ state: 'ENROLLED' });
    const record = (await admin.get(`sessions/${x.id}`)).json();
    expect(record).toMatchObject({
      breakout: { id: breakout.id, enrollable: true },
      audienceCount: 2,
      enrolledCount: 1,
      waitlistedCount: 0,
    });
  });
});

describe('admin attendees', () => {
  it('adds with and without capacity, lists by state, removes (promoting) and checks in', async () => {
    const s = await session(admin, { capacity: 2, enrollable: true });
    const ps = await Promise.all(Array.from({ length: 4 }, () => participant(admin)));
    const add = await admin.post(`sessions/v2/${s.id}/attendees`, {
      participantIds: ps.slice(0, 3).map((p) => p.id),
    });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json()).toEqual({ enrolled: 2, waitlisted: 1, skipped: 0 });
    const over = await admin.post(`sessions/v2/${s.id}/attendees`, {
      participantIds: [ps[3]!.id, ps[0]!.id],
      overrideCapacity: true,
    });
    expect(over.json()).toEqual({ enrolled: 1, waitlisted: 0, skipped: 1 });
    const list = async (q = '') => (await admin.get(`sessions/v2/${s.id}/attendees${q}`)).json();
    expect((await list()).total).toBe(4);
    expect(
      (await list('?state=WAITLISTED')).records.map(
        (r: { participantId: string; waitlistPosition: number }) => [r.participantId, r.waitlistPosition],
      ),
    ).toEqual([[ps[2]!.id, 1]]);

    expect((await admin.post(`sessions/v2/${s.id}/attendees/${ps[0]!.id}/check-in`)).json()).toMatchObject({
      alreadyCheckedIn: false,
      sessionId: s.id,
    });
    expect((await admin.post(`sessions/v2/${s.id}/attendees/${ps[0]!.id}/check-in`)).json()).toMatchObject({
      alreadyCheckedIn: true,
    });
    const checked = await list('?state=CHECKED_IN');
    expect(checked.records).toHaveLength(1);
    expect(checked.records[0].checkedInAt).not.toBeNull();

    // 3 seats taken of 2 (override): removing one frees none, removing two frees one → the waitlisted gets it.
    expect((await admin.delete(`sessions/v2/${s.id}/attendees/${ps[3]!.id}`)).statusCode).toBe(204);
    expect((await list('?state=WAITLISTED')).total).toBe(1);
    expect((await admin.delete(`sessions/v2/${s.id}/attendees/${ps[1]!.id}`)).statusCode).toBe(204);
    expect((await list('?state=WAITLISTED')).total).toBe(0);
    expect((await admin.delete(`sessions/v2/${s.id}/attendees/${ps[1]!.id}`)).statusCode).toBe(404);

    const bad = await admin.post(`sessions/v2/${s.id}/attendees`, {
      participantIds: [ten.users.participant.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(['participantIds.0']);
    expect((await admin.post(`sessions/v2/${s.id}/attendees`, { participantIds: [] })).statusCode).toBe(400);
    expect((await admin.get(`sessions/v2/${s.id}/attendees?state=NOPE`)).statusCode).toBe(400);

    const csv = readCsv(
      (await admin.get(`sessions/export-attendance-tracking?format=csv&sessionId=${s.id}`)).body,
    );
    expect(csv[0]).toEqual([
      'Session',
      'Start',
      'First name',
      'Last name',
      'E-mail',
      'Company',
      'Enrollment',
      'Enrolled at',
      'Checked in',
      'Checked in at',
    ]);
    expect(csv).toHaveLength(3);
    expect(csv.find((r) => r[4] === ps[0]!.email)?.[8]).toBe('true');
    const xlsx = await admin.get('sessions/export-attendance-tracking?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-type']).toContain('spreadsheetml');
    expect((await admin.get('sessions/export-attendance-tracking?format=pdf')).statusCode).toBe(400);
  });

  it('lists the audience members not yet placed, paged and searchable', async () => {
    const own = await t.f.event({ eventHubId: ten.hub.id });
    const a = client(t, ten.tokens.hubAdmin, own.id);
    const vip = (await a.post('labels', { name: 'VIP' })).json();
    const ann = await participant(a, { firstName: 'Ann', labelIds: [vip.id] });
    const bob = await participant(a, { firstName: 'Bob', labelIds: [vip.id] });
    await participant(a, { firstName: 'Cy' });
    const s = await session(a, { audience: { type: 'LABELS', labelIds: [vip.id] }, enrollable: true });
    const names = async (q = '') =>
      (await a.get(`sessions/${s.id}/enrollable-users${q}`))
        .json()
        .records.map((r: { firstName: string }) => r.firstName);
    expect(await names('?sort=firstName:asc')).toEqual(['Ann', 'Bob']);
    await a.post(`sessions/v2/${s.id}/attendees`, { participantIds: [ann.id] });
    expect(await names()).toEqual(['Bob']);
    expect(await names('?search=zzz')).toEqual([]);
    expect((await a.get(`sessions/${s.id}/enrollable-users?limit=1&page=1`)).json()).toMatchObject({
      total: 1,
      records: [{ participantId: bob.id }],
    });
    expect((await a.get(`sessions/${ten.event.id}/enrollable-users`)).statusCode).toBe(404);
  });
});
