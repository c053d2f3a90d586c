import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_MESSAGES, MESSAGES, sessionOutsideEventMessage } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { readCsv, readXlsx } from '../../../test/exports.js';
import { client, participant, session, type Client, type Tenant } from './agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let c: Client;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id; // Europe/Berlin
  c = client(t, ten.tokens.eventAdmin, eventId);
});
afterAll(() => t.close());

describe('sessions: create, read, update, delete', () => {
  it('takes wall-clock times in the event zone and answers every spec column', async () => {
    const speaker = await participant(c, { firstName: 'Sue', lastName: 'Speaker' });
    const vip = (await c.post('labels', { name: 'VIP' })).json();
    const s = await session(c, {
      name: 'Opening',
      description: 'Welcome words',
      startDate: '2030-06-01',
      startTime: '09:00 AM',
      endDate: '2030-06-01',
      endTime: '10:30 AM',
      speakerIds: [speaker.id],
      moderatorUserIds: [ten.users.moderator.id],
      audience: { type: 'LABELS', labelIds: [vip.id] },
      capacity: 20,
      enrollable: true,
      virtualLink: 'https://meet.example.com/x',
    });
    expect(s).toMatchObject({
      name: 'Opening',
      startAt: '2030-06-01T07:00:00.000Z', // CEST = UTC+2
      endAt: '2030-06-01T08:30:00.000Z',
      startDate: '2030-06-01',
      startTime: '09:00 AM',
      timeSlot: '09:00 AM - 10:30 AM',
      speakers: [{ participantId: speaker.id, firstName: 'Sue', lastName: 'Speaker' }],
      moderators: [{ userId: ten.users.moderator.id }],
      audience: { type: 'LABELS', labels: [{ id: vip.id, name: 'VIP' }], rules: [] },
      audienceCount: 0,
      capacity: 20,
      enrollable: true,
      enrolledCount: 0,
      instances: 0,
      location: null,
      breakout: null,
    });
    const got = await c.get(`sessions/${s.id}`);
    expect(got.statusCode).toBe(200);
    expect(got.json().name).toBe('Opening');

    const upd = await c.patch(`sessions/${s.id}`, { name: 'Opening talk', audience: { type: 'EVERYONE' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({
      name: 'Opening talk',
      audience: { type: 'EVERYONE' },
      startAt: '2030-06-01T07:00:00.000Z',
    });
    expect(upd.json().audienceCount).toBeGreaterThan(0);

    expect((await c.delete(`sessions/${s.id}`)).statusCode).toBe(204);
    expect((await c.get(`sessions/${s.id}`)).statusCode).toBe(404);
  });

  it('answers field messages for bad input, never 500', async () => {
    const bad = async (body: unknown, method: 'post' | 'patch' = 'post', path = 'sessions') => {
      const res = await c[method](path, body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    const base = {
      name: 'X',
      startDate: '2030-06-01',
      startTime: '10:00 AM',
      endDate: '2030-06-01',
      endTime: '11:00 AM',
    };
    expect(await bad({ ...base, name: '' })).toHaveProperty('name');
    expect(await bad({ ...base, startDate: '2030-06-02' })).toEqual({
      startDate: MESSAGES.startDateAfterEndDate,
      endDate: MESSAGES.endDateBeforeStartDate,
    });
    expect(await bad({ ...base, startTime: '11:00 AM' })).toEqual({
      startTime: MESSAGES.startTimeAfterEndTime,
      endTime: MESSAGES.endTimeBeforeStartTime,
    });
    expect(await bad({ ...base, startTime: '25:00' })).toEqual({ startTime: MESSAGES.timeFormat });
    expect(await bad({ ...base, capacity: -1 })).toHaveProperty('capacity');
    expect(await bad({ ...base, capacity: 1.5 })).toHaveProperty('capacity');
    expect(await bad({ ...base, virtualLink: 'not a url' })).toHaveProperty('virtualLink');
    expect(await bad({ ...base, type: 'PARTY' })).toHaveProperty('type');
    expect(await bad({ ...base, speakerIds: [ten.users.participant.id] })).toEqual({
      'speakerIds.0': AGENDA_MESSAGES.unknownSpeaker,
    });
    expect(await bad({ ...base, moderatorUserIds: [ten.users.participant.id] })).toEqual({
      'moderatorUserIds.0': AGENDA_MESSAGES.unknownModerator,
    });
    expect(await bad({ ...base, locationId: ten.event.id })).toEqual({
      locationId: AGENDA_MESSAGES.unknownLocation,
    });
    expect(await bad({ ...base, breakoutId: ten.event.id })).toEqual({
      breakoutId: AGENDA_MESSAGES.unknownBreakout,
    });
    expect(await bad({ ...base, collectionIds: ['nope'] })).toHaveProperty(['collectionIds.0']);
    expect(await bad({ ...base, audience: { type: 'LABELS', labelIds: [] } })).toEqual({
      'audience.labelIds': MESSAGES.pleaseSelectValue,
    });
    const s = await session(c, { capacity: 5 });
    expect(await bad({ startDate: '2030-06-01' }, 'patch', `sessions/${s.id}`)).toEqual({
      startTime: MESSAGES.required,
      endDate: MESSAGES.required,
      endTime: MESSAGES.required,
    });
    expect((await c.patch('sessions/not-a-uuid', { name: 'x' })).statusCode).toBe(400);
    expect((await c.get('sessions?sort=nope:asc')).statusCode).toBe(400);
    expect((await c.get('sessions?status=NOPE')).statusCode).toBe(400);
    expect((await c.patch('sessions/update-options', { ids: [] })).statusCode).toBe(400);
    const res = await c.call('POST', 'sessions', '{oops', { 'content-type': 'application/json' });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a capacity below the seats taken', async () => {
    const s = await session(c, { capacity: 5, enrollable: true });
    const p = await participant(c);
    expect((await c.post(`sessions/v2/${s.id}/attendees`, { participantIds: [p.id] })).statusCode).toBe(200);
    const res = await c.patch(`sessions/${s.id}`, { capacity: 0 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ capacity: AGENDA_MESSAGES.capacityBelowEnrolled });
  });
});

describe("sessions: only within the event's days", () => {
  it('refuses dates before or after the event (in its zone) on create and update, with the message on the date fields', async () => {
    // 10–12 June 2030, 09:00–18:00 in Berlin.
    const event = await t.f.event({
      eventHubId: ten.hub.id,
      startAt: new Date('2030-06-10T07:00:00Z'),
      endAt: new Date('2030-06-12T16:00:00Z'),
    });
    const hub = client(t, ten.tokens.hubAdmin, event.id);
    const message = 'The session must take place during the event (2030-06-10 to 2030-06-12)';
    expect(sessionOutsideEventMessage('2030-06-10', '2030-06-12')).toBe(message);
    const at = (startDate: string, endDate = startDate) => ({
      name: 'Talk',
      startDate,
      startTime: '08:00 AM',
      endDate,
      endTime: '10:00 AM',
    });

    const before = await hub.post('sessions', at('2030-06-09'));
    expect(before.statusCode, before.body).toBe(400);
    expect(before.json().fields).toEqual({ startDate: message, endDate: message });
    const after = await hub.post('sessions', at('2030-06-12', '2030-06-13'));
    expect(after.statusCode).toBe(400);
    expect(after.json().fields).toEqual({ endDate: message });
    // The first day from 08:00 (before the opening hour) and the last day are the event's.
    expect((await hub.post('sessions', at('2030-06-10'))).statusCode).toBe(201);
    const last = await hub.post('sessions', at('2030-06-12'));
    expect(last.statusCode).toBe(201);

    const moved = await hub.patch(`sessions/${last.json().id}`, at('2030-06-13'));
    expect(moved.statusCode).toBe(400);
    expect(moved.json().fields).toEqual({ startDate: message, endDate: message });
    expect((await hub.get(`sessions/${last.json().id}`)).json()).toMatchObject({
      startDate: '2030-06-12',
      endDate: '2030-06-12',
    });
    expect((await hub.get('sessions')).json().total).toBe(2);
  });

  it('names the one day of a one-day event', () => {
    expect(sessionOutsideEventMessage('2030-06-10', '2030-06-10')).toBe(
      'The session must take place on the day of the event (2030-06-10)',
    );
  });
});

describe('sessions: list, filters, bulk update, export', () => {
  it('searches, filters, sorts and exports', async () => {
    const own = await t.f.event({ eventHubId: ten.hub.id });
    const e = client(t, ten.tokens.hubAdmin, own.id);
    const a = await session(e, {
      name: 'Alpha keynote',
      type: 'KEYNOTE',
      startDate: '2030-06-02',
      endDate: '2030-06-02',
      description: 'about llamas',
    });
    const b = await session(e, { name: 'Beta workshop', type: 'WORKSHOP', status: 'DRAFT', capacity: 3 });
    const names = async (q: string) => {
      const res = await e.get(`sessions?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().records.map((r: { name: string }) => r.name);
    };
    expect(await names('')).toEqual(['Beta workshop', 'Alpha keynote']);
    expect(await names('sort=name:asc')).toEqual(['Alpha keynote', 'Beta workshop']);
    expect(await names('sort=capacity:asc')).toEqual(['Beta workshop', 'Alpha keynote']);
    expect(await names('search=llamas')).toEqual(['Alpha keynote']);
    expect(await names('status=DRAFT')).toEqual(['Beta workshop']);
    expect(await names('type=KEYNOTE,WORKSHOP')).toEqual(['Beta workshop', 'Alpha keynote']);
    expect(await names('startAtFrom=2030-06-02')).toEqual(['Alpha keynote']);

    const bulk = await e.patch('sessions/update-options', {
      ids: [a.id, b.id, ten.event.id],
      status: 'PUBLISHED',
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    expect(bulk.json()).toEqual({ updated: 2 });
    expect(await names('status=DRAFT')).toEqual([]);

    const filters = await e.get('sessions/filters');
    expect(filters.statusCode).toBe(200);
    expect(filters.json()).toEqual({ collections: [], locations: [], breakouts: [], speakers: [] });

    const csv = await e.get('sessions/export?format=csv&sort=name:asc');
    expect(csv.statusCode, csv.body).toBe(200);
    const rows = readCsv(csv.body);
    expect(rows[0]).toContain('Audience count');
    expect(rows.slice(1).map((r) => r[0])).toEqual(['Alpha keynote', 'Beta workshop']);
    const xlsx = await e.get('sessions/export?format=xlsx&columns=name,timeSlot,audience');
    expect(xlsx.statusCode).toBe(200);
    expect((await readXlsx(xlsx.rawPayload)).slice(1)).toEqual(
      expect.arrayContaining([['Alpha keynote', '10:00 AM - 11:00 AM', 'Everyone']]),
    );
  });
});

describe('sessions: start-date filter', () => {
  it('reads a plain date as a day in the event zone (Europe/Berlin), not in UTC', async () => {
    // 00:30 on 2 July in Berlin is 22:30 on 1 July in UTC.
    const late = await session(c, {
      name: 'Night owl',
      startDate: '2031-07-02',
      startTime: '12:30 AM',
      endDate: '2031-07-02',
      endTime: '01:30 AM',
    });
    const ids = async (q: string) =>
      ((await c.get(`sessions?${q}`)).json() as { records: Array<{ id: string }> }).records.map((r) => r.id);
    expect(await ids('startAtFrom=2031-07-02&startAtTo=2031-07-02')).toEqual([late.id]);
    expect(await ids('startAtFrom=2031-07-01&startAtTo=2031-07-01')).toEqual([]);
    expect(await ids('startAtFrom=2031-07-01T22:00:00Z&startAtTo=2031-07-01T23:00:00Z')).toEqual([late.id]);
    expect((await c.get('sessions?startAtFrom=2031-13-01')).statusCode).toBe(400);
  });
});

describe('sessions: moderator options', () => {
  it("lists the event's moderators and admins (not participants, not other events'), searched and limited", async () => {
    const other = await t.f.tenant();
    const ids = async (q = '') => {
      const res = await c.get(`sessions/moderator-options${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { options: Array<{ userId: string; email: string }> }).options.map(
        (o) => o.userId,
      );
    };
    const all = await ids();
    expect(all).toEqual(expect.arrayContaining([ten.users.eventAdmin.id, ten.users.moderator.id]));
    expect(all).not.toContain(ten.users.participant.id);
    expect(all).not.toContain(other.users.moderator.id);
    expect(await ids(`?search=${encodeURIComponent(ten.users.moderator.email.toUpperCase())}`)).toEqual([
      ten.users.moderator.id,
    ]);
    expect(await ids('?limit=1')).toHaveLength(1);
    expect((await c.get('sessions/moderator-options?limit=0')).statusCode).toBe(400);
  });
});

describe('OpenAPI', () => {
  it('documents every agenda route', async () => {
    const res = await t.as(undefined, { method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as Record<string, unknown>).filter(
      (p) => p.includes('/sessions') || p.includes('/target-audiences'),
    );
    for (const path of [
      '/api/v1/events/{eventId}/sessions',
      '/api/v1/events/{eventId}/sessions/export',
      '/api/v1/events/{eventId}/sessions/{sessionId}',
      '/api/v1/events/{eventId}/sessions/filters',
      '/api/v1/events/{eventId}/sessions/moderator-options',
      '/api/v1/events/{eventId}/sessions/update-options',
      '/api/v1/events/{eventId}/sessions/v2/view',
      '/api/v1/events/{eventId}/sessions/v2/{sessionId}/view',
      '/api/v1/events/{eventId}/sessions/v2/{sessionId}/enroll',
      '/api/v1/events/{eventId}/sessions/{sessionId}/invite-moderator',
      '/api/v1/events/{eventId}/sessions/{sessionId}/enrollable-users',
      '/api/v1/events/{eventId}/sessions/v2/upcoming-sessions',
      '/api/v1/events/{eventId}/sessions/v2/view-filters',
      '/api/v1/events/{eventId}/sessions/v2/{sessionId}/attendees',
      '/api/v1/events/{eventId}/sessions/v2/{sessionId}/attendees/{participantId}',
      '/api/v1/events/{eventId}/sessions/v2/{sessionId}/attendees/{participantId}/check-in',
      '/api/v1/events/{eventId}/sessions/export-attendance-tracking',
      '/api/v1/events/{eventId}/sessions/{sessionId}/qr-code',
      '/api/v1/events/{eventId}/sessions/check-in',
      '/api/v1/events/{eventId}/sessions/v2/{sessionId}/calendar.ics',
      '/api/v1/events/{eventId}/sessions/v2/my-agenda.ics',
      '/api/v1/events/{eventId}/target-audiences/update-options',
      '/api/v1/events/{eventId}/target-audiences/check',
    ]) {
      expect(paths).toContain(path);
    }
  });
});
