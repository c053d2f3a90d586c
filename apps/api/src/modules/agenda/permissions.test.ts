import { afterAll, beforeAll, describe } from 'vitest';
import { encodeQrPayload } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import type { Tenant } from './agenda.test-utils.js';

/**
 * Who may call what (test/permission-matrix.ts): every agenda endpoint by kind; `participant`
 * endpoints (enroll, leave, scan) are for the event's participants only.
 */
interface Target {
  tenant: Tenant;
  sessionId: string;
  participantId: string;
}

let t: TestContext;
let a: Target;
let b: Target;
let n = 0;

const body = { startDate: '2030-06-01', startTime: '10:00 AM', endDate: '2030-06-01', endTime: '11:00 AM' };

async function newSession(tenant: Tenant, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await t.as(tenant.tokens.eventAdmin, {
    method: 'POST',
    url: `/api/v1/events/${tenant.event.id}/sessions`,
    payload: { name: `S ${++n}`, enrollable: true, ...body, ...extra },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().id;
}

async function target(tenant: Tenant): Promise<Target> {
  const sessionId = await newSession(tenant);
  const p = await t.deps.db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', tenant.event.id)
    .where('userId', '=', tenant.users.participant.id)
    .executeTakeFirstOrThrow();
  return { tenant, sessionId, participantId: p.id };
}

const fresh = (path: (x: Target, id: string) => string) => async (x: Target) => ({
  url: path(x, await newSession(x.tenant)),
});

const CASES = eventCases<Target>([
  { name: 'list sessions', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'sessions')) },
  {
    name: 'export sessions',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'sessions/export?format=csv')),
  },
  {
    name: 'create a session',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'sessions'),
      () => ({ name: 'New', ...body }),
    ),
  },
  {
    name: 'get a session',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `sessions/${x.sessionId}`)),
  },
  {
    name: 'update a session',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `sessions/${x.sessionId}`),
      () => ({ description: 'Edited' }),
    ),
  },
  {
    name: 'delete a session',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: fresh((x, id) => ev(x, `sessions/${id}`)),
  },
  { name: 'filters', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'sessions/filters')) },
  {
    name: 'moderator options',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, 'sessions/moderator-options')),
  },
  {
    name: 'bulk update',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'sessions/update-options'),
      (x) => ({ ids: [x.sessionId], status: 'PUBLISHED' }),
    ),
  },
  {
    name: 'agenda view',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'sessions/v2/view')),
  },
  {
    name: 'session view',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `sessions/v2/${x.sessionId}/view`)),
  },
  {
    name: 'upcoming sessions',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'sessions/v2/upcoming-sessions')),
  },
  {
    name: 'view filters',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'sessions/v2/view-filters')),
  },
  {
    name: 'enroll',
    method: 'POST',
    kind: 'participant',
    ok: 200,
    request: at((x) => ev(x, `sessions/v2/${x.sessionId}/enroll`)),
  },
  {
    name: 'leave',
    method: 'DELETE',
    kind: 'participant',
    ok: 200,
    request: at((x) => ev(x, `sessions/v2/${x.sessionId}/enroll`)),
  },
  {
    name: 'invite a moderator',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `sessions/${x.sessionId}/invite-moderator`),
      () => ({ email: `m${++n}@example.com` }),
    ),
  },
  {
    name: 'enrollable users',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `sessions/${x.sessionId}/enrollable-users`)),
  },
  {
    name: 'attendees',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `sessions/v2/${x.sessionId}/attendees`)),
  },
  {
    name: 'add attendees',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `sessions/v2/${x.sessionId}/attendees`),
      (x) => ({ participantIds: [x.participantId] }),
    ),
  },
  {
    name: 'remove an attendee',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => {
      const id = await newSession(x.tenant);
      await t.deps.db
        .insertInto('enrollments')
        .values({
          sessionId: id,
          participantId: x.participantId,
          eventId: x.tenant.event.id,
          state: 'ENROLLED',
        })
        .execute();
      await t.deps.db.updateTable('sessions').set({ enrolledCount: 1 }).where('id', '=', id).execute();
      return { url: ev(x, `sessions/v2/${id}/attendees/${x.participantId}`) };
    },
  },
  {
    name: 'admin check-in',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, `sessions/v2/${x.sessionId}/attendees/${x.participantId}/check-in`)),
  },
  {
    name: 'attendance export',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'sessions/export-attendance-tracking?format=csv')),
  },
  {
    name: 'QR code',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `sessions/${x.sessionId}/qr-code?size=1200`)),
  },
  {
    name: 'scan check-in',
    method: 'POST',
    kind: 'participant',
    ok: 200,
    request: at(
      (x) => ev(x, 'sessions/check-in'),
      (x) => ({
        qr: encodeQrPayload({ type: 'SESSION_QR_CODE', eventId: x.tenant.event.id, sessionId: x.sessionId }),
      }),
    ),
  },
  {
    name: 'session calendar',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, `sessions/v2/${x.sessionId}/calendar.ics`)),
  },
  {
    name: 'my agenda calendar',
    method: 'GET',
    kind: 'member',
    ok: 200,
    request: at((x) => ev(x, 'sessions/v2/my-agenda.ics')),
  },
  {
    name: 'audience options',
    method: 'GET',
    kind: 'admin',
    ok: 200,
    request: at((x) => ev(x, 'target-audiences/update-options')),
  },
  {
    name: 'audience check',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, 'target-audiences/check'),
      () => ({ audience: { type: 'EVERYONE' } }),
    ),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('agenda permission matrix', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
