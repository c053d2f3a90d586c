import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { participantToken, session, client, type Tenant } from './agenda.test-utils.js';

/**
 * Malformed input on every agenda route answers 4xx with field messages, never 500: ids that are
 * not uuids, bodies of the wrong shape or type, unknown enum values, bad query parameters.
 */
let t: TestContext;
let ten: Tenant;
let sessionId: string;
let participant: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  sessionId = (await session(client(t, ten.tokens.eventAdmin, ten.event.id))).id;
  participant = (await participantToken(t, ten.event.id)).token;
});
afterAll(() => t.close());

type Call = [
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
  who?: 'participant',
];

const CALLS = (s: string): Call[] => [
  ['GET', 'sessions?limit=0'],
  ['GET', 'sessions?page=abc'],
  ['GET', 'sessions?enrollable=maybe'],
  ['GET', 'sessions?startAtFrom=yesterday'],
  ['GET', 'sessions?collectionId=nope'],
  ['GET', 'sessions/export?format=pdf'],
  ['GET', 'sessions/export?format=csv&columns=nope'],
  ['POST', 'sessions', { name: 5 }],
  ['POST', 'sessions', []],
  [
    'POST',
    'sessions',
    { name: 'x', startDate: '2030-02-30', startTime: '10:00 AM', endDate: '2030-02-30', endTime: '11:00 AM' },
  ],
  [
    'POST',
    'sessions',
    {
      name: 'x',
      startDate: '2030-06-01',
      startTime: '10:00 AM',
      endDate: '2030-06-01',
      endTime: '11:00 AM',
      audience: { type: 'RULES', rules: [{ field: 'company', operator: 'NOPE', value: 'x' }] },
    },
  ],
  [
    'POST',
    'sessions',
    {
      name: 'x',
      startDate: '2030-06-01',
      startTime: '10:00 AM',
      endDate: '2030-06-01',
      endTime: '11:00 AM',
      speakerIds: 'abc',
    },
  ],
  ['GET', 'sessions/nope'],
  ['PATCH', `sessions/${s}`, { capacity: 'ten' }],
  ['PATCH', `sessions/${s}`, { status: 'LIVE' }],
  ['PATCH', 'sessions/nope', {}],
  ['DELETE', 'sessions/nope'],
  ['PATCH', 'sessions/update-options', { ids: ['nope'] }],
  ['PATCH', 'sessions/update-options', { ids: [s], locationId: 'nope' }],
  ['GET', 'sessions/v2/view?day=tomorrow'],
  ['GET', 'sessions/v2/view?locationId=1,2'],
  ['GET', 'sessions/v2/upcoming-sessions?type=PARTY'],
  ['GET', 'sessions/v2/nope/view'],
  ['POST', 'sessions/v2/nope/enroll', undefined, 'participant'],
  ['DELETE', 'sessions/v2/nope/enroll', undefined, 'participant'],
  ['POST', `sessions/${s}/invite-moderator`, { email: 42 }],
  ['POST', 'sessions/nope/invite-moderator', { email: 'a@example.com' }],
  ['GET', 'sessions/nope/enrollable-users'],
  ['GET', `sessions/${s}/enrollable-users?sort=email:sideways`],
  ['GET', 'sessions/v2/nope/attendees'],
  ['GET', `sessions/v2/${s}/attendees?state=GONE`],
  ['POST', `sessions/v2/${s}/attendees`, { participantIds: ['nope'] }],
  ['POST', `sessions/v2/${s}/attendees`, { participantIds: [s], overrideCapacity: 'yes' }],
  ['DELETE', `sessions/v2/${s}/attendees/nope`],
  ['POST', `sessions/v2/${s}/attendees/nope/check-in`],
  ['GET', 'sessions/export-attendance-tracking?format=doc'],
  ['GET', 'sessions/export-attendance-tracking?format=csv&sessionId=nope'],
  ['GET', `sessions/${s}/qr-code?size=big`],
  ['GET', 'sessions/nope/qr-code'],
  ['POST', 'sessions/check-in', { qr: 42 }, 'participant'],
  ['POST', 'sessions/check-in', {}, 'participant'],
  ['POST', 'sessions/check-in', { qr: '{"type":"SESSION_QR_CODE"}' }, 'participant'],
  ['GET', 'sessions/v2/nope/calendar.ics'],
  ['POST', 'target-audiences/check', { audience: { type: 'LABELS', labelIds: ['nope'] } }],
  ['POST', 'target-audiences/check', { audience: 'everyone' }],
];

describe('bad input on the agenda routes', () => {
  it('answers 400 with a message (and field messages for bodies), never 500', async () => {
    const got: string[] = [];
    for (const [method, path, payload, who] of CALLS(sessionId)) {
      const token = who === 'participant' ? participant : ten.tokens.eventAdmin;
      const res = await t.as(token, {
        method,
        url: `/api/v1/events/${ten.event.id}/${path}`,
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
      const body = res.json() as { message?: string; fields?: Record<string, string> };
      got.push(
        `${method} ${path}: ${res.statusCode}${typeof body.message === 'string' && body.message.length > 0 ? '' : ' without message'}`,
      );
    }
    expect(got).toEqual(CALLS(sessionId).map(([method, path]) => `${method} ${path}: 400`));
    expect(
      (await t.as('not-a-token', { method: 'GET', url: `/api/v1/events/nope/sessions` })).statusCode,
    ).toBe(401);
  });
});
