import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participant, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;

/** Today's date in the test events' zone (Europe/Berlin), as YYYY-MM-DD. */
const berlinToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', dateStyle: 'short' }).format(new Date());

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://events.example.org' });
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
});
afterAll(() => t.close());

const overview = async (c: Client = admin) => {
  const res = await c.get('overview');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

describe('event overview', () => {
  it('counts participants, sign-ins, sessions, check-ins, imports and magic links of today in the event zone', async () => {
    const before = await overview();
    expect(before.today).toBe(berlinToday());
    expect(before.timezone).toBe('Europe/Berlin');
    // f.tenant() made one participant, whose token means they signed in.
    expect(before.participants).toEqual({ total: 1, newToday: 1, signedIn: 1 });
    expect(before.checklist).toEqual({ details: false, sessions: false, attendees: true, branding: false });
    expect(before.registrations).toHaveLength(14);
    expect(before.registrations.at(-1)).toEqual({ day: berlinToday(), count: 1 });
    expect(before.checkIns.perHour).toHaveLength(24);

    const [ada, bo, cy] = [
      await participant(admin, { firstName: 'Ada' }),
      await participant(admin, { firstName: 'Bo' }),
      await participant(admin, { firstName: 'Cy' }),
    ];
    const today = berlinToday();
    const s = await session(admin, {
      name: 'Opening today',
      startDate: today,
      startTime: '12:00 AM',
      endDate: today,
      endTime: '11:59 PM',
      capacity: 1,
      enrollable: true,
      waitlist: true,
    });
    await session(admin, { name: 'Another day' });
    const added = await admin.post(`sessions/v2/${s.id}/attendees`, { participantIds: [ada!.id, bo!.id] });
    expect(added.json()).toMatchObject({ enrolled: 1, waitlisted: 1 });
    const checkIn = await admin.post(`sessions/v2/${s.id}/attendees/${ada!.id}/check-in`);
    expect(checkIn.statusCode, checkIn.body).toBe(200);

    const sent = await admin.call(
      'POST',
      'participants/magic-links',
      { participantIds: [cy!.id, bo!.id] },
      { host: 'cms.events.example.org' },
    );
    expect(sent.statusCode, sent.body).toBe(200);
    await t.drainJobs();
    const token = t.mail.linkTo(cy!.email).searchParams.get('magic')!;
    const used = await t.as(undefined, {
      method: 'POST',
      url: '/api/v1/auth/magic-link',
      payload: { token, host: 'events.example.org' },
    });
    expect(used.statusCode, used.body).toBe(200);

    const imported = await t.deps.db
      .insertInto('imports')
      .values({
        eventId: ten.event.id,
        tableName: 'participants',
        fileName: 'people.csv',
        fileType: 'csv',
        fileSize: 120,
        fileKey: null,
        status: 'COMPLETED',
        headers: JSON.stringify(['email']),
        mapping: JSON.stringify([]),
        suggestedMapping: JSON.stringify([]),
        progressTotal: 3,
        rowCount: 3,
        createdCount: 2,
        updatedCount: 1,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Another event's import never shows.
    await t.deps.db
      .insertInto('imports')
      .values({
        eventId: other.event.id,
        tableName: 'participants',
        fileName: 'theirs.csv',
        fileType: 'csv',
        fileSize: 1,
        fileKey: null,
        status: 'FAILED',
        headers: JSON.stringify([]),
        mapping: JSON.stringify([]),
        suggestedMapping: JSON.stringify([]),
        progressTotal: null,
        rowCount: null,
        updatedAt: new Date(),
      })
      .execute();

    const after = await overview();
    expect(after.participants).toEqual({ total: 4, newToday: 4, signedIn: 2 });
    expect(after.registrations.at(-1)).toEqual({ day: today, count: 4 });
    expect(after.checkIns.today).toBe(1);
    const hour = Number(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Berlin',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(new Date()),
    );
    expect(after.checkIns.perHour[hour]).toEqual({ hour, count: 1 });
    expect(after.checkIns.perHour.reduce((n: number, h: { count: number }) => n + h.count, 0)).toBe(1);
    expect(after.sessions.total).toBe(2);
    expect(after.sessions.todayCount).toBe(1);
    expect(after.sessions.today).toEqual([
      expect.objectContaining({
        id: s.id,
        name: 'Opening today',
        capacity: 1,
        enrolled: 1,
        waitlisted: 1,
        attended: 1,
      }),
    ]);
    expect(after.imports).toEqual([
      expect.objectContaining({
        id: imported.id,
        fileName: 'people.csv',
        status: 'COMPLETED',
        createdCount: 2,
        updatedCount: 1,
        skippedCount: 0,
        errorCount: 0,
      }),
    ]);
    expect(after.magicLinks).toEqual({ sent: 2, used: 1 });
    expect(after.checklist).toEqual({ details: false, sessions: true, attendees: true, branding: false });
  });

  it('ticks details and branding from the event itself', async () => {
    await t.deps.db
      .updateTable('events')
      .set({ description: 'Three days of talks', address: 'Plenary Hall, Berlin', primaryColor: '#0b7285' })
      .where('id', '=', ten.event.id)
      .execute();
    expect((await overview()).checklist).toMatchObject({ details: true, branding: true });
  });

  it('is for the event admins: moderators and participants 403, another tenant 404, no token 401', async () => {
    const as = (token: string | undefined, eventId = ten.event.id) =>
      t.as(token, { method: 'GET', url: `/api/v1/events/${eventId}/overview` });
    expect((await as(ten.tokens.hubAdmin)).statusCode).toBe(200);
    expect((await as(ten.tokens.moderator)).statusCode).toBe(403);
    expect((await as(ten.tokens.participant)).statusCode).toBe(403);
    expect((await as(other.tokens.eventAdmin)).statusCode).toBe(404);
    expect((await as(other.tokens.orgAdmin)).statusCode).toBe(404);
    expect((await as(undefined)).statusCode).toBe(401);
    expect((await as(ten.tokens.eventAdmin, 'not-a-uuid')).statusCode).toBe(400);
    expect((await as(ten.tokens.superadmin, other.event.id)).statusCode).toBe(200);
  });
});

describe("a participant's agenda", () => {
  it('lists enrolled sessions, waitlists with the place in line, and check-ins', async () => {
    const people = await Promise.all([1, 2, 3].map(() => participant(admin)));
    const [a, b, c] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const full = await session(admin, { name: 'Full house', capacity: 1, enrollable: true, waitlist: true });
    const open = await session(admin, {
      name: 'Open room',
      startDate: '2030-05-31',
      enrollable: true,
    });
    expect(
      (await admin.post(`sessions/v2/${full.id}/attendees`, { participantIds: [a.id, b.id, c.id] })).json(),
    ).toMatchObject({ enrolled: 1, waitlisted: 2 });
    await admin.post(`sessions/v2/${open.id}/attendees`, { participantIds: [c.id] });
    expect((await admin.post(`sessions/v2/${open.id}/attendees/${c.id}/check-in`)).statusCode).toBe(200);

    const res = await admin.get(`participants/${c.id}/agenda`);
    expect(res.statusCode, res.body).toBe(200);
    const agenda = res.json();
    expect(agenda.enrolled).toEqual([expect.objectContaining({ sessionId: open.id, name: 'Open room' })]);
    expect(agenda.waitlisted).toEqual([
      expect.objectContaining({ sessionId: full.id, name: 'Full house', position: 2 }),
    ]);
    expect(agenda.checkIns).toEqual([
      expect.objectContaining({ sessionId: open.id, name: 'Open room', method: 'ADMIN' }),
    ]);
    expect((await admin.get(`participants/${b.id}/agenda`)).json().waitlisted[0].position).toBe(1);
    expect((await admin.get(`participants/${a.id}/agenda`)).json()).toMatchObject({
      waitlisted: [],
      checkIns: [],
      enrolled: [expect.objectContaining({ sessionId: full.id })],
    });
  });

  it('is for admins and moderators; another tenant or another event’s participant 404', async () => {
    const p = await participant(admin);
    const url = (eventId: string, participantId = p.id) =>
      `/api/v1/events/${eventId}/participants/${participantId}/agenda`;
    const get = (token: string | undefined, u: string) => t.as(token, { method: 'GET', url: u });
    expect((await get(ten.tokens.moderator, url(ten.event.id))).statusCode).toBe(200);
    expect((await get(ten.tokens.participant, url(ten.event.id))).statusCode).toBe(403);
    expect((await get(other.tokens.eventAdmin, url(ten.event.id))).statusCode).toBe(404);
    expect((await get(undefined, url(ten.event.id))).statusCode).toBe(401);
    // Their own event, someone else's participant id: 404, nothing leaks.
    expect((await get(other.tokens.eventAdmin, url(other.event.id))).statusCode).toBe(404);
  });
});
