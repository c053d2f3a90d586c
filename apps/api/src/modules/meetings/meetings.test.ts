import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEETING_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import {
  call,
  createWindow,
  makeAvailable,
  person,
  SLOT_1,
  SLOT_2,
  WINDOW,
  type Person,
} from './meetings.test-utils.js';

let t: TestContext;
let admin: string;
let eventId: string;
let url: (path: string) => string;

beforeAll(async () => {
  t = await createTestContext();
  const tenant = await t.f.tenant();
  admin = tenant.tokens.eventAdmin;
  eventId = tenant.event.id;
  url = (path) => `/api/v1/events/${eventId}/${path}`;
});
afterAll(() => t.close());

async function fresh(): Promise<[Person, Person]> {
  const a = await person(t, eventId);
  const b = await person(t, eventId);
  await makeAvailable(t, b, eventId);
  return [a, b];
}

const request = (from: Person, to: Person, startAt: string, message = 'Coffee?') =>
  call(t, from.token, 'POST', url('meetings'), { inviteeId: to.id, startAt, message });

describe('meeting windows', () => {
  it('refuses slot lengths that are not 5–120 minutes in steps of 5, with a field message', async () => {
    for (const slotMinutes of [0, 7, 125]) {
      const res = await call(t, admin, 'POST', url('meeting-intervals'), {
        ...WINDOW,
        date: '2030-06-10',
        slotMinutes,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toMatchObject({ slotMinutes: MEETING_MESSAGES.slotMinutes });
    }
  });

  it('lists windows with userName, startAt, endAt and the time-slot text, and refuses overlaps', async () => {
    const created = await createWindow(t, admin, eventId, { date: '2030-06-11' });
    const overlap = await call(t, admin, 'POST', url('meeting-intervals'), {
      ...WINDOW,
      date: '2030-06-11',
      startTime: '09:30 AM',
      endTime: '11:00 AM',
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().fields).toMatchObject({ startTime: MEETING_MESSAGES.overlap });
    const list = await call(t, admin, 'GET', url('meeting-intervals?date=2030-06-11'));
    expect(list.statusCode).toBe(200);
    const [w] = list.json().records;
    expect(w).toMatchObject({
      id: created.id,
      startAt: '2030-06-11T07:00:00.000Z',
      endAt: '2030-06-11T08:00:00.000Z',
      timeSlot: '09:00 AM - 10:00 AM',
      slotCount: 4,
      meetingPoints: ['Table 1'],
    });
    expect(w.userName).toMatch(/\S/);
  });
});

describe('requests, answers and bookings', () => {
  beforeAll(async () => {
    await createWindow(t, admin, eventId);
  });

  it('requests, accepts: both get an e-mail with the meeting point, and an .ics; the slot is no longer free', async () => {
    const [a, b] = await fresh();
    const asked = await request(a, b, SLOT_1);
    expect(asked.statusCode).toBe(201);
    expect(asked.json()).toMatchObject({ status: 'PENDING', awaitingId: b.id, message: 'Coffee?' });
    const id = asked.json().id as string;

    expect((await call(t, a.token, 'POST', url(`meetings/${id}/accept`))).statusCode).toBe(409);
    const accepted = await call(t, b.token, 'POST', url(`meetings/${id}/accept`));
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'ACCEPTED',
      meetingPoint: 'Table 1',
      timeSlot: '09:00 AM - 09:15 AM',
    });

    await t.drainJobs();
    for (const p of [a, b]) {
      const mail = t.mail.lastTo(p.email);
      expect(mail?.subject).toMatch(/Meeting booked/);
      expect(mail?.text).toContain('Table 1');
    }
    const ics = await call(t, a.token, 'GET', url(`meetings/${id}/calendar.ics`));
    expect(ics.statusCode).toBe(200);
    expect(ics.headers['content-type']).toMatch(/text\/calendar/);
    expect(ics.body).toContain('LOCATION:Table 1');

    const mine = await call(t, b.token, 'GET', url('meetings/mine'));
    expect(mine.json().meetings.map((m: { id: string }) => m.id)).toEqual([id]);
    const slots = await call(t, a.token, 'GET', url(`meetings/slots?participantId=${b.id}`));
    const first = slots.json().slots.find((s: { startAt: string }) => s.startAt === SLOT_1);
    expect(first.free).toBe(false);

    const booked = await t.deps.db
      .selectFrom('domainEvents')
      .select('payload')
      .where('name', '=', 'meeting.booked')
      .execute();
    expect(booked.some((e) => (e.payload as { meetingId: string }).meetingId === id)).toBe(true);
  });

  it('a pending request blocks the slot for both; declining or cancelling frees it', async () => {
    const [a, b] = await fresh();
    const c = await person(t, eventId);
    await makeAvailable(t, a, eventId);
    const first = await request(a, b, SLOT_2);
    expect(first.statusCode).toBe(201);
    // The slot is held for b (the invitee) and for a (the requester).
    expect((await request(c, b, SLOT_2)).statusCode).toBe(409);
    expect((await request(c, a, SLOT_2)).statusCode).toBe(409);
    expect((await call(t, b.token, 'POST', url(`meetings/${first.json().id}/decline`))).json().status).toBe(
      'DECLINED',
    );
    const again = await request(c, b, SLOT_2);
    expect(again.statusCode).toBe(201);
    expect((await call(t, c.token, 'POST', url(`meetings/${again.json().id}/cancel`))).json().status).toBe(
      'CANCELLED',
    );
    expect((await request(c, a, SLOT_2)).statusCode).toBe(201);
  });

  it('the invitee may propose another slot; then the requester accepts', async () => {
    const [a, b] = await fresh();
    const asked = await request(a, b, '2030-06-03T07:30:00.000Z');
    const id = asked.json().id as string;
    const proposed = await call(t, b.token, 'POST', url(`meetings/${id}/propose`), {
      startAt: '2030-06-03T07:45:00.000Z',
    });
    expect(proposed.statusCode).toBe(200);
    expect(proposed.json()).toMatchObject({
      status: 'PENDING',
      awaitingId: a.id,
      startAt: '2030-06-03T07:45:00.000Z',
    });
    expect((await call(t, a.token, 'POST', url(`meetings/${id}/accept`))).json().status).toBe('ACCEPTED');
  });

  it('exactly one of two racing requests for the same person and slot succeeds', async () => {
    const w = await createWindow(t, admin, eventId, { date: '2030-06-04', meetingPoints: [] });
    expect(w.id).toBeTruthy();
    const target = await person(t, eventId);
    await makeAvailable(t, target, eventId);
    const askers = await Promise.all([person(t, eventId), person(t, eventId), person(t, eventId)]);
    const statuses = (
      await Promise.all(askers.map((p) => request(p, target, '2030-06-04T07:00:00.000Z')))
    ).map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(2);
    const holds = await t.deps.db
      .selectFrom('meetingSlotHolds')
      .selectAll()
      .where('participantId', '=', target.id)
      .execute();
    expect(holds).toHaveLength(1);
  });

  it('limits pending requests a person sends (quota), never those they receive', async () => {
    const put = await call(t, admin, 'PUT', url('meeting-settings'), { requestQuota: 2 });
    expect(put.statusCode).toBe(200);
    await createWindow(t, admin, eventId, { date: '2030-06-05', endTime: '11:00 AM', meetingPoints: [] });
    const asker = await person(t, eventId);
    const slot = (i: number) => new Date(Date.UTC(2030, 5, 5, 7, i * 15)).toISOString();
    const others = await Promise.all([0, 1, 2].map(async () => (await fresh())[1]));
    expect((await request(asker, others[0]!, slot(0))).statusCode).toBe(201);
    expect((await request(asker, others[1]!, slot(1))).statusCode).toBe(201);
    const over = await request(asker, others[2]!, slot(2));
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe(MEETING_MESSAGES.quota(2));
    // Received requests never count: three people ask the asker in other slots, all accepted as requests.
    await makeAvailable(t, asker, eventId);
    for (const [i, p] of others.entries())
      expect((await request(p, asker, slot(i + 2))).statusCode).toBe(201);
    const mine = (await call(t, asker.token, 'GET', url('meetings/mine'))).json() as {
      meetings: Array<{ status: string; awaitingId: string | null }>;
    };
    expect(mine.meetings.filter((m) => m.status === 'PENDING' && m.awaitingId === asker.id)).toHaveLength(3);
    // Still over the quota for sending.
    expect((await request(asker, others[2]!, slot(6))).statusCode).toBe(429);
    await call(t, admin, 'PUT', url('meeting-settings'), { requestQuota: 10 });
  });

  it('hidden profiles are not available users and can not be booked', async () => {
    const [a, b] = await fresh();
    await t.deps.db.updateTable('participants').set({ profileHidden: true }).where('id', '=', b.id).execute();
    expect((await request(a, b, SLOT_1)).statusCode).toBe(404);
    const list = await call(t, a.token, 'GET', url('meetings/available-users?limit=1000'));
    expect(list.json().records.map((r: { participantId: string }) => r.participantId)).not.toContain(b.id);
    const booked = await call(t, admin, 'POST', url('meetings/book'), {
      requesterId: a.id,
      inviteeId: b.id,
      startAt: SLOT_1,
    });
    expect(booked.statusCode).toBe(400);
  });

  it('someone not available can not be asked; staff can book and cancel for anyone', async () => {
    const a = await person(t, eventId);
    const b = await person(t, eventId);
    expect((await request(a, b, '2030-06-03T07:30:00.000Z')).statusCode).toBe(409);
    await createWindow(t, admin, eventId, { date: '2030-06-06', meetingPoints: ['Table A'] });
    const booked = await call(t, admin, 'POST', url('meetings/book'), {
      requesterId: a.id,
      inviteeId: b.id,
      startAt: '2030-06-06T07:00:00.000Z',
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json()).toMatchObject({ status: 'ACCEPTED', bookedBy: 'ADMIN', meetingPoint: 'Table A' });
    // The only meeting point is taken at that slot.
    const c = await person(t, eventId);
    const d = await person(t, eventId);
    const second = await call(t, admin, 'POST', url('meetings/book'), {
      requesterId: c.id,
      inviteeId: d.id,
      startAt: '2030-06-06T07:00:00.000Z',
    });
    expect(second.statusCode).toBe(409);
    const slots = await call(
      t,
      admin,
      'GET',
      url(`meetings/staff-slots?participantId=${a.id}&participantId=${c.id}`),
    );
    expect(slots.statusCode).toBe(200);
    const free = (at: string) =>
      (slots.json().slots as Array<{ startAt: string; free: boolean }>).find((s) => s.startAt === at)?.free;
    expect(free('2030-06-06T07:00:00.000Z')).toBe(false);
    expect(free('2030-06-06T07:15:00.000Z')).toBe(true);
    expect((await call(t, admin, 'DELETE', url(`meetings/${booked.json().id}`))).statusCode).toBe(204);
    const list = await call(t, admin, 'GET', url(`meetings?participantId=${a.id}`));
    expect(list.json().records[0].status).toBe('CANCELLED');
    const csv = await call(t, admin, 'GET', url('meetings/export?format=csv'));
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Requester');
  });

  it('refuses a start that is not a slot, with a field message', async () => {
    const [a, b] = await fresh();
    const res = await request(a, b, '2030-06-03T07:05:00.000Z');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({ startAt: MEETING_MESSAGES.notASlot });
  });
});

describe('rules of windows and answers', () => {
  it('a window for labels takes requests only from participants with one of them', async () => {
    const label = await call(t, admin, 'POST', url('labels'), { name: `VIP ${Date.now()}` });
    expect(label.statusCode).toBe(201);
    const labelId = label.json().id as string;
    const unknown = await call(t, admin, 'POST', url('meeting-intervals'), {
      ...WINDOW,
      date: '2030-06-12',
      bookableBy: { type: 'LABELS', labelIds: ['00000000-0000-4000-8000-000000000000'] },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toMatchObject({ 'bookableBy.labelIds.0': 'Please select value' });
    await createWindow(t, admin, eventId, {
      date: '2030-06-12',
      bookableBy: { type: 'LABELS', labelIds: [labelId] },
    });
    const [a, b] = await fresh();
    const at = '2030-06-12T07:00:00.000Z';
    expect((await request(a, b, at)).statusCode).toBe(403);
    const offered = await call(t, a.token, 'GET', url(`meetings/slots?participantId=${b.id}`));
    expect(offered.json().slots.some((s: { startAt: string }) => s.startAt === at)).toBe(false);
    await t.deps.db.insertInto('participantLabels').values({ labelId, participantId: a.id }).execute();
    expect((await request(a, b, at)).statusCode).toBe(201);
  });

  it("a window's times are locked while meetings are in it; its meeting points are not", async () => {
    const w = await createWindow(t, admin, eventId, { date: '2030-06-13' });
    const [a, b] = await fresh();
    expect((await request(a, b, '2030-06-13T07:00:00.000Z')).statusCode).toBe(201);
    const moved = await call(t, admin, 'PATCH', url(`meeting-intervals/${w.id}`), { startTime: '08:00 AM' });
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toBe(MEETING_MESSAGES.hasMeetings);
    const points = await call(t, admin, 'PATCH', url(`meeting-intervals/${w.id}`), {
      meetingPoints: ['Table 9'],
    });
    expect(points.statusCode).toBe(200);
    expect(points.json().meetingPoints).toEqual(['Table 9']);
  });

  it('answers only in turn, only while pending; both people hear of every change in their user rooms', async () => {
    const emitted: Emitted[] = [];
    recordEmits(t, emitted);
    await createWindow(t, admin, eventId, { date: '2030-06-14' });
    const [a, b] = await fresh();
    const id = (await request(a, b, '2030-06-14T07:00:00.000Z')).json().id as string;
    expect((await call(t, a.token, 'POST', url(`meetings/${id}/decline`))).statusCode).toBe(409);
    expect(
      (await call(t, a.token, 'POST', url(`meetings/${id}/propose`), { startAt: '2030-06-14T07:15:00.000Z' }))
        .statusCode,
    ).toBe(409);
    expect((await call(t, a.token, 'POST', url(`meetings/${id}/cancel`))).statusCode).toBe(200);
    expect((await call(t, b.token, 'POST', url(`meetings/${id}/accept`))).statusCode).toBe(409);
    const rooms = emitted
      .filter((e) => e.event === 'meetings.changed' && (e.payload as { meetingId: string }).meetingId === id)
      .map((e) => `${e.room} ${(e.payload as { status: string }).status}`);
    expect(rooms.sort()).toEqual(
      [
        `user:${a.userId} PENDING`,
        `user:${b.userId} PENDING`,
        `user:${a.userId} CANCELLED`,
        `user:${b.userId} CANCELLED`,
      ].sort(),
    );
  });
});
