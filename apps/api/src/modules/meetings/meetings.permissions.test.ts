import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';
import { call, participantIdOf, person, type Person } from './meetings.test-utils.js';

/**
 * Who may call the meetings routes (test/permission-matrix.ts): windows, settings, the meetings list,
 * its export and staff bookings for staff; availability, slots, requests and answers for the event's
 * participants (staff who are not participants: 403; a meeting that is not theirs: 404).
 */
interface Target {
  tenant: Tenant;
  /** The tenant's participant (the matrix's participant caller). */
  me: string;
  windowId: string;
  meetingId: string;
}

let t: TestContext;
let a: Target;
let b: Target;
let day = 0;
let slot = 0;

/** A new event day for a window (windows of an event may not overlap). */
const newDate = () => {
  const d = new Date(Date.UTC(2031, 0, 1 + ++day));
  return d.toISOString().slice(0, 10);
};
/** The next free 5-minute slot of the big window on 2031-01-01 (08:00–20:00 Berlin = 07:00–19:00 UTC). */
const newSlot = () => new Date(Date.UTC(2031, 0, 1, 7, 0) + ++slot * 5 * 60_000).toISOString();

async function adminPost(x: Target | Tenant, path: string, payload: unknown, status = 201) {
  const tenant = 'tenant' in x ? x.tenant : x;
  const res = await call(
    t,
    tenant.tokens.eventAdmin,
    'POST',
    `/api/v1/events/${tenant.event.id}/${path}`,
    payload,
  );
  if (res.statusCode !== status) throw new Error(res.body);
  return res.json() as { id: string };
}

const windowBody = (date: string) => ({ date, startTime: '09:00 AM', endTime: '10:00 AM', slotMinutes: 30 });

async function fresh(x: Target): Promise<Person> {
  return person(t, x.tenant.event.id);
}

/** A pending request from a new person to the tenant's participant, awaiting them. */
async function requestToMe(x: Target): Promise<string> {
  const asker = await fresh(x);
  const res = await call(t, asker.token, 'POST', `/api/v1/events/${x.tenant.event.id}/meetings`, {
    inviteeId: x.me,
    startAt: newSlot(),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id as string;
}

async function target(tenant: Tenant): Promise<Target> {
  const me = await participantIdOf(t, tenant.event.id, tenant.users.participant.id);
  await call(t, tenant.tokens.participant, 'PUT', `/api/v1/events/${tenant.event.id}/meetings/availability`, {
    available: true,
  });
  await adminPost(tenant, 'meeting-intervals', {
    date: '2031-01-01',
    startTime: '08:00 AM',
    endTime: '08:00 PM',
    slotMinutes: 5,
  });
  const windowId = (await adminPost(tenant, 'meeting-intervals', windowBody(newDate()))).id;
  const other = await person(t, tenant.event.id);
  const meetingId = (
    await adminPost(tenant, 'meetings/book', { requesterId: me, inviteeId: other.id, startAt: newSlot() })
  ).id;
  return { tenant, me, windowId, meetingId };
}

const CASES = eventCases<Target>([
  {
    name: 'list windows',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'meeting-intervals')),
  },
  {
    name: 'create a window',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'meeting-intervals'),
      () => windowBody(newDate()),
    ),
  },
  {
    name: 'update a window',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `meeting-intervals/${x.windowId}`),
      () => ({ meetingPoints: ['Table 9'] }),
    ),
  },
  {
    name: 'delete a window',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({
      url: ev(x, `meeting-intervals/${(await adminPost(x, 'meeting-intervals', windowBody(newDate()))).id}`),
    }),
  },
  {
    name: 'read settings',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'meeting-settings')),
  },
  {
    name: 'change settings',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'meeting-settings'),
      () => ({ requestQuota: 10 }),
    ),
  },
  { name: 'list meetings', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'meetings')) },
  {
    name: 'export meetings',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'meetings/export?format=csv')),
  },
  {
    name: 'book a meeting for two',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: async (x) => {
      const [p, q] = [await fresh(x), await fresh(x)];
      return {
        url: ev(x, 'meetings/book'),
        payload: { requesterId: p.id, inviteeId: q.id, startAt: newSlot() },
      };
    },
  },
  {
    name: 'slots for a staff booking',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `meetings/staff-slots?participantId=${x.me}`)),
  },
  {
    name: 'cancel a meeting (staff)',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: at((x) => ev(x, `meetings/${x.meetingId}`)),
  },
  {
    name: 'available users',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'meetings/available-users')),
  },
  {
    name: 'read availability',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => ev(x, 'meetings/availability')),
  },
  {
    name: 'set availability',
    method: 'PUT',
    kind: 'participant',
    ok: 200,
    request: at(
      (x) => ev(x, 'meetings/availability'),
      () => ({ available: true }),
    ),
  },
  { name: 'slots', method: 'GET', kind: 'participant', ok: 200, request: at((x) => ev(x, 'meetings/slots')) },
  {
    name: 'my meetings',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => ev(x, 'meetings/mine')),
  },
  {
    name: 'request a meeting',
    method: 'POST',
    kind: 'participant',
    ok: 201,
    request: async (x) => {
      const invitee = await fresh(x);
      await call(t, invitee.token, 'PUT', ev(x, 'meetings/availability'), { available: true });
      return {
        url: ev(x, 'meetings'),
        payload: { inviteeId: invitee.id, startAt: newSlot(), message: 'Hi' },
      };
    },
  },
  ...(['accept', 'decline', 'cancel'] as const).map((kind) => ({
    name: `${kind} a request`,
    method: 'POST' as const,
    kind: 'participant' as const,
    ok: 200,
    request: async (x: Target) => ({ url: ev(x, `meetings/${await requestToMe(x)}/${kind}`) }),
  })),
  {
    name: 'propose another slot',
    method: 'POST',
    kind: 'participant',
    ok: 200,
    request: async (x) => ({
      url: ev(x, `meetings/${await requestToMe(x)}/propose`),
      payload: { startAt: newSlot() },
    }),
  },
  {
    name: "an accepted meeting's .ics",
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: async (x) => {
      const other = await fresh(x);
      const id = (
        await adminPost(x, 'meetings/book', { requesterId: x.me, inviteeId: other.id, startAt: newSlot() })
      ).id;
      return { url: ev(x, `meetings/${id}/calendar.ics`) };
    },
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('meetings: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));

  it("someone else's meeting is 404 to a participant of the same event", async () => {
    const stranger = await fresh(a);
    for (const kind of ['accept', 'decline', 'cancel'])
      expect(
        (await call(t, stranger.token, 'POST', ev(a, `meetings/${a.meetingId}/${kind}`))).statusCode,
      ).toBe(404);
    expect(
      (await call(t, stranger.token, 'GET', ev(a, `meetings/${a.meetingId}/calendar.ics`))).statusCode,
    ).toBe(404);
  });
});

describe('meetings: malformed input', () => {
  const bad = ['a\u0000b', 'a\uD800b', 'x'.repeat(200_000)];
  it.each([
    ['POST', 'meeting-intervals', (s: string) => ({ date: s, startTime: s, endTime: s, slotMinutes: s })],
    ['PATCH', 'meeting-intervals/:w', (s: string) => ({ meetingPoints: [s], slotMinutes: 7 })],
    ['PUT', 'meeting-settings', (s: string) => ({ requestQuota: s })],
    ['POST', 'meetings/book', (s: string) => ({ requesterId: s, inviteeId: s, startAt: s })],
  ] as const)('%s %s answers 400 with field messages', async (method, path, body) => {
    for (const s of bad) {
      const res = await call(
        t,
        a.tenant.tokens.eventAdmin,
        method,
        ev(a, path.replace(':w', a.windowId)),
        body(s),
      );
      expect(res.statusCode, `${method} ${path} ${s.slice(0, 8)}`).toBe(400);
    }
  });

  it.each([
    ['POST', 'meetings', (s: string) => ({ inviteeId: s, startAt: s, message: s })],
    ['PUT', 'meetings/availability', (s: string) => ({ available: s })],
    ['POST', 'meetings/:m/propose', (s: string) => ({ startAt: s, message: s })],
  ] as const)('participant %s %s answers 400', async (method, path, body) => {
    for (const s of bad) {
      const res = await call(
        t,
        a.tenant.tokens.participant,
        method,
        ev(a, path.replace(':m', a.meetingId)),
        body(s),
      );
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses malformed ids and queries with 400', async () => {
    const token = a.tenant.tokens.eventAdmin;
    expect((await call(t, token, 'DELETE', ev(a, 'meetings/not-a-uuid'))).statusCode).toBe(400);
    expect((await call(t, token, 'PATCH', ev(a, 'meeting-intervals/nope'), {})).statusCode).toBe(400);
    expect((await call(t, token, 'GET', ev(a, 'meetings?status=NOPE'))).statusCode).toBe(400);
    const p = a.tenant.tokens.participant;
    expect((await call(t, p, 'GET', ev(a, 'meetings/slots?participantId=x'))).statusCode).toBe(400);
    expect((await call(t, token, 'GET', ev(a, 'meetings/staff-slots?participantId=x'))).statusCode).toBe(400);
    expect(
      (await call(t, p, 'POST', ev(a, 'meetings'), { inviteeId: a.me, startAt: 'tomorrow' })).statusCode,
    ).toBe(400);
  });
});
