import ical from 'node-ical';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_MESSAGES, agendaViewSchema, encodeQrPayload, UPCOMING_WINDOW_DAYS } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  client,
  participant,
  participantToken,
  session,
  type Client,
  type Tenant,
} from './agenda.test-utils.js';

let t: TestContext;
let ten: Tenant;
let admin: Client;
let eventId: string;
let vip: { id: string };
let insider: Awaited<ReturnType<typeof participantToken>>;
let outsider: Awaited<ReturnType<typeof participantToken>>;
let s: Record<
  'open' | 'draft' | 'vipOnly' | 'ruled' | 'enrolledOnly' | 'nextDay' | 'tracked',
  { id: string; name: string }
>;
let track: { id: string };

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id; // Europe/Berlin
  admin = client(t, ten.tokens.eventAdmin, eventId);
  vip = (await admin.post('labels', { name: 'VIP' })).json();
  insider = await participantToken(t, eventId);
  outsider = await participantToken(t, eventId);
  await t.deps.db
    .insertInto('participantLabels')
    .values({ labelId: vip.id, participantId: insider.participantId })
    .execute();
  await t.deps.db
    .updateTable('participants')
    .set({ company: 'Acme' })
    .where('id', '=', insider.participantId)
    .execute();
  const location = await t.deps.db
    .insertInto('locations')
    .values({ eventId, name: 'Hall A' })
    .returning('id')
    .executeTakeFirstOrThrow();
  track = await t.deps.db
    .insertInto('collections')
    .values({
      eventId,
      name: 'VIP track',
      audience: JSON.stringify({ type: 'LABELS', labelIds: [vip.id], rules: [] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const speaker = await participant(admin, { firstName: 'Sue' });
  s = {
    open: await session(admin, {
      name: 'Keynote',
      type: 'KEYNOTE',
      startTime: '09:00 AM',
      endTime: '10:00 AM',
      locationId: location.id,
      speakerIds: [speaker.id],
      virtualLink: 'https://meet.example.com/k',
      description: 'The opening',
    }),
    draft: await session(admin, { name: 'Secret draft', status: 'DRAFT' }),
    vipOnly: await session(admin, { name: 'VIP lounge', audience: { type: 'LABELS', labelIds: [vip.id] } }),
    ruled: await session(admin, {
      name: 'Acme meetup',
      audience: { type: 'RULES', rules: [{ field: 'company', operator: 'EQUAL', value: 'acme' }] },
    }),
    enrolledOnly: await session(admin, {
      name: 'Workshop',
      type: 'WORKSHOP',
      accessControl: 'ENROLLED_ONLY',
      enrollable: true,
      capacity: 10,
      virtualLink: 'https://meet.example.com/w',
    }),
    // 00:30 on June 2nd in Berlin is still June 1st in UTC: the day is the event's.
    nextDay: await session(admin, {
      name: 'Late night',
      startDate: '2030-06-02',
      startTime: '12:30 AM',
      endDate: '2030-06-02',
      endTime: '01:30 AM',
    }),
    tracked: await session(admin, { name: 'Tracked talk', collectionIds: [track.id] }),
  };
});
afterAll(() => t.close());

const as = (who: { token: string }) => client(t, who.token, eventId);
/** The answer's session names, after checking the answer against the schema the route documents. */
const names = (body: unknown) => agendaViewSchema.parse(body).sessions.map((x) => x.name);

describe('participant agenda', () => {
  it('shows each participant the published sessions of their audience, by event-zone day', async () => {
    const mine = await as(insider).get('sessions/v2/view?day=2030-06-01');
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json().timezone).toBe('Europe/Berlin');
    expect(names(mine.json())).toEqual(['Keynote', 'Acme meetup', 'Tracked talk', 'VIP lounge', 'Workshop']);
    expect(names((await as(outsider).get('sessions/v2/view?day=2030-06-01')).json())).toEqual([
      'Keynote',
      'Workshop',
    ]);
    const late = (await as(outsider).get('sessions/v2/view?day=2030-06-02')).json();
    expect(late.sessions).toMatchObject([
      {
        name: 'Late night',
        day: '2030-06-02',
        timeSlot: '12:30 AM - 01:30 AM',
        startAt: '2030-06-01T22:30:00.000Z',
      },
    ]);
    // Admins who do not take part see every published session.
    expect(names((await admin.get('sessions/v2/view')).json())).toHaveLength(6);
  });

  it('filters by search, type, location and collection, and answers the filter options', async () => {
    const q = async (query: string) => names((await as(insider).get(`sessions/v2/view?${query}`)).json());
    expect(await q('search=opening')).toEqual(['Keynote']);
    expect(await q('type=WORKSHOP,KEYNOTE')).toEqual(['Keynote', 'Workshop']);
    expect(await q(`collectionId=${track.id}`)).toEqual(['Tracked talk']);
    expect((await as(insider).get('sessions/v2/view?day=2030-13-01')).statusCode).toBe(400);
    expect((await as(insider).get('sessions/v2/view?type=PARTY')).statusCode).toBe(400);
    expect((await as(insider).get('sessions/v2/view?mine=maybe')).statusCode).toBe(400);
    const filters = (await as(outsider).get('sessions/v2/view-filters')).json();
    expect(filters).toMatchObject({
      timezone: 'Europe/Berlin',
      days: ['2030-06-01', '2030-06-02'],
      collections: [],
      types: ['SESSION', 'KEYNOTE', 'WORKSHOP'],
    });
    expect(filters.locations.map((l: { name: string }) => l.name)).toEqual(['Hall A']);
    expect(
      (await as(insider).get('sessions/v2/view-filters'))
        .json()
        .collections.map((c: { name: string }) => c.name),
    ).toEqual(['VIP track']);
  });

  it('hides drafts and other audiences (404), and the virtual link of ENROLLED_ONLY sessions until enrolled', async () => {
    expect((await as(outsider).get(`sessions/v2/${s.draft.id}/view`)).statusCode).toBe(404);
    expect((await as(outsider).get(`sessions/v2/${s.vipOnly.id}/view`)).statusCode).toBe(404);
    expect((await as(outsider).get(`sessions/v2/${s.ruled.id}/view`)).statusCode).toBe(404);
    expect((await as(outsider).get(`sessions/v2/${s.tracked.id}/view`)).statusCode).toBe(404);
    expect((await as(outsider).post(`sessions/v2/${s.vipOnly.id}/enroll`)).statusCode).toBe(404);
    const keynote = (await as(outsider).get(`sessions/v2/${s.open.id}/view`)).json();
    expect(keynote).toMatchObject({
      virtualLink: 'https://meet.example.com/k',
      location: { name: 'Hall A' },
      speakers: [{ firstName: 'Sue' }],
      seatState: 'OPEN',
      myState: null,
    });
    expect((await as(outsider).get(`sessions/v2/${s.enrolledOnly.id}/view`)).json()).toMatchObject({
      virtualLink: null,
      seatState: 'OPEN',
    });
    await as(outsider).post(`sessions/v2/${s.enrolledOnly.id}/enroll`);
    expect((await as(outsider).get(`sessions/v2/${s.enrolledOnly.id}/view`)).json()).toMatchObject({
      virtualLink: 'https://meet.example.com/w',
      myState: 'ENROLLED',
      enrolledCount: 1,
    });
    expect(names((await as(outsider).get('sessions/v2/view?mine=true')).json())).toEqual(['Workshop']);
  });

  it('lists upcoming sessions of the next 13 days', async () => {
    const soon = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const far = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    await session(admin, { name: 'Soon', startDate: soon, endDate: soon });
    await session(admin, { name: 'Far', startDate: far, endDate: far });
    const res = await as(outsider).get('sessions/v2/upcoming-sessions');
    expect(res.statusCode).toBe(200);
    expect(names(res.json())).toEqual(['Soon']);
  });

  it('ends the upcoming window at 13 days: 12.9 days ahead is in, 13.1 days is out', async () => {
    const at = async (name: string, days: number) => {
      const created = await session(admin, { name });
      const startAt = new Date(Date.now() + days * 86_400_000);
      await t.deps.db
        .updateTable('sessions')
        .set({ startAt, endAt: new Date(startAt.getTime() + 3_600_000) })
        .where('id', '=', created.id)
        .execute();
    };
    await at('Edge in', UPCOMING_WINDOW_DAYS - 0.1);
    await at('Edge out', UPCOMING_WINDOW_DAYS + 0.1);
    const listed = names((await as(outsider).get('sessions/v2/upcoming-sessions')).json());
    expect(listed).toContain('Edge in');
    expect(listed).not.toContain('Edge out');
  });
});

describe('QR codes and check-in', () => {
  it('exports the PNG at 1200 and 1800 pixels', async () => {
    for (const size of [1200, 1800]) {
      const res = await admin.get(`sessions/${s.open.id}/qr-code?size=${size}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = PNG.sync.read(res.rawPayload);
      expect([png.width, png.height]).toEqual([size, size]);
    }
    expect((await admin.get(`sessions/${s.open.id}/qr-code?size=640`)).statusCode).toBe(400);
    expect((await admin.get(`sessions/${ten.event.id}/qr-code`)).statusCode).toBe(404);
    expect((await as(outsider).get(`sessions/${s.open.id}/qr-code`)).statusCode).toBe(403);
  });

  it('checks the scanning participant in, once, and feeds the attendee list', async () => {
    const qr = encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: s.open.id });
    const first = await as(outsider).post('sessions/check-in', { qr });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      sessionId: s.open.id,
      sessionName: 'Keynote',
      alreadyCheckedIn: false,
    });
    const again = await as(outsider).post('sessions/check-in', { qr });
    expect(again.json()).toMatchObject({ alreadyCheckedIn: true, checkedInAt: first.json().checkedInAt });
    const attendees = (await admin.get(`sessions/v2/${s.open.id}/attendees?state=CHECKED_IN`)).json();
    expect(attendees.records).toMatchObject([{ participantId: outsider.participantId, state: null }]);
    expect((await as(outsider).get(`sessions/v2/${s.open.id}/view`)).json().checkedIn).toBe(true);
    expect((await admin.get(`sessions/${s.open.id}`)).json().attendedCount).toBe(1);
  });

  it('refuses other events, other codes, unknown sessions and ENROLLED_ONLY without a seat', async () => {
    const scan = (qr: string, who = insider) => as(who).post('sessions/check-in', { qr });
    const other = await scan(
      encodeQrPayload({ type: 'SESSION_QR_CODE', eventId: ten.hub.id, sessionId: s.open.id }),
    );
    expect([other.statusCode, other.json().fields]).toEqual([400, { qr: AGENDA_MESSAGES.wrongEvent }]);
    const notSession = await scan(
      encodeQrPayload({ type: 'PARTICIPANT_QR_CODE', eventId, participantId: insider.participantId }),
    );
    expect([notSession.statusCode, notSession.json().fields]).toEqual([
      400,
      { qr: AGENDA_MESSAGES.unknownQr },
    ]);
    expect((await scan('hello')).statusCode).toBe(400);
    expect((await scan('')).statusCode).toBe(400);
    expect(
      (await scan(encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: 'nope' }))).statusCode,
    ).toBe(404);
    expect(
      (await scan(encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: ten.event.id }))).statusCode,
    ).toBe(404);
    expect(
      (await scan(encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: s.draft.id }))).statusCode,
    ).toBe(404);
    const closed = await scan(
      encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: s.enrolledOnly.id }),
    );
    expect([closed.statusCode, closed.json().message]).toEqual([403, AGENDA_MESSAGES.checkInNotEnrolled]);
    expect(
      (
        await admin.post('sessions/check-in', {
          qr: encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: s.open.id }),
        })
      ).statusCode,
    ).toBe(403);
  });
});

const vevents = (text: string) =>
  Object.values(ical.sync.parseICS(text)).filter((c): c is ical.VEvent => c?.type === 'VEVENT');

describe('calendar files', () => {
  it('answers one session and My Agenda as calendars a real parser reads', async () => {
    const one = await as(outsider).get(`sessions/v2/${s.open.id}/calendar.ics`);
    expect(one.statusCode).toBe(200);
    expect(one.headers['content-type']).toContain('text/calendar');
    expect(one.body).toMatch(/DTSTART:20300601T070000Z/);
    const events = vevents(one.body);
    expect(events).toHaveLength(1);
    const e = events[0]!;
    expect(e.uid).toBe(`${s.open.id}@localhost`);
    expect(e.start.toISOString()).toBe('2030-06-01T07:00:00.000Z');
    expect(e.end?.toISOString()).toBe('2030-06-01T08:00:00.000Z');
    expect(e.summary).toBe('Keynote');
    expect(e.location).toBe('Hall A');
    // URL;VALUE=URI:… parses as { params, val }.
    const url = e.url as unknown as string | { val: string };
    // The participant app's origin: the request's host when it is ours (inject's is localhost:80).
    expect(typeof url === 'string' ? url : url.val).toBe(
      `http://localhost:80/event/${eventId}/agenda/${s.open.id}`,
    );

    const mine = await as(outsider).get('sessions/v2/my-agenda.ics');
    expect(mine.statusCode).toBe(200);
    const agenda = vevents(mine.body);
    expect(agenda.map((x) => x.summary)).toEqual(['Workshop']);
    expect((await as(outsider).get(`sessions/v2/${s.vipOnly.id}/calendar.ics`)).statusCode).toBe(404);
  });
});

describe('moderators', () => {
  it('invites by e-mail: account, moderator role, session moderator and a one-time link', async () => {
    const email = `mod-${Date.now()}@example.com`;
    const res = await admin.post(`sessions/${s.open.id}/invite-moderator`, {
      email,
      firstName: 'Mo',
      lastName: 'Derator',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().moderators).toMatchObject([{ email, firstName: 'Mo', lastName: 'Derator' }]);
    const user = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const roles = await t.deps.db
      .selectFrom('memberships')
      .select('role')
      .where('userId', '=', user.id)
      .where('scopeId', '=', eventId)
      .execute();
    expect(roles).toEqual([{ role: 'moderator' }]);
    await t.drainJobs();
    const link = t.mail.linkTo(email);
    expect(link.pathname).toMatch(new RegExp(`^/moderate/${s.open.id}/[A-Za-z0-9_-]{43}$`));
    // Invited again: no second role, the earlier link stops working.
    expect((await admin.post(`sessions/${s.open.id}/invite-moderator`, { email })).statusCode).toBe(200);
    const live = await t.deps.db
      .selectFrom('oneTimeTokens')
      .select('id')
      .where('userId', '=', user.id)
      .where('expiresAt', '>', new Date())
      .execute();
    expect(live).toHaveLength(1);
    expect(
      (await admin.post(`sessions/${s.open.id}/invite-moderator`, { email: 'not an address' })).statusCode,
    ).toBe(400);
    expect((await admin.post(`sessions/${ten.event.id}/invite-moderator`, { email })).statusCode).toBe(404);
  });
});
