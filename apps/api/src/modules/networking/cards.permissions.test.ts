import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';

/**
 * Who may call the business-card routes (test/permission-matrix.ts): the event's participants
 * ('participant': staff who are not participants 403, another tenant 404); the stats: admins and
 * moderators ('read'). Then malformed input: 400 with field messages, never 500.
 */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
interface Target {
  tenant: Tenant;
  /** Another participant of the event, already the tenant participant's contact. */
  contactId: string;
}

let t: TestContext;
let a: Target;
let b: Target;

const url = (x: { tenant: Tenant }, rest: string) => ev(x, `business-cards/${rest}`);

/** A new participant of the event with a token. */
async function someone(tenant: Tenant) {
  const user = await t.f.user();
  await t.f.participant(tenant.event.id, user.id);
  const token = await t.f.token(user.id);
  const participantId = (
    await t.as(token, { method: 'GET', url: `/api/v1/events/${tenant.event.id}/business-cards/badge` })
  ).json().participantId as string;
  return { token, participantId };
}

/** A fresh request from someone new to the tenant's participant; answers its id. */
async function incoming(tenant: Tenant): Promise<string> {
  const me = (
    await t.as(tenant.tokens.participant, { method: 'GET', url: ev({ tenant }, 'business-cards/badge') })
  ).json() as { payload: string };
  const other = await someone(tenant);
  const res = await t.as(other.token, {
    method: 'POST',
    url: ev({ tenant }, 'business-cards/requests'),
    payload: { qr: me.payload },
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().request.id as string;
}

async function target(tenant: Tenant): Promise<Target> {
  const requestId = await incoming(tenant);
  const accepted = await t.as(tenant.tokens.participant, {
    method: 'POST',
    url: ev({ tenant }, `business-cards/requests/${requestId}/accept`),
  });
  if (accepted.statusCode !== 200) throw new Error(accepted.body);
  return {
    tenant,
    contactId: (accepted.json() as { person: { participantId: string } }).person.participantId,
  };
}

const CASES = eventCases<Target>([
  { name: 'the badge', method: 'GET', kind: 'participant', ok: 200, request: at((x) => url(x, 'badge')) },
  {
    name: 'send a card request',
    method: 'POST',
    kind: 'participant',
    ok: 201,
    request: async (x) => ({
      url: url(x, 'requests'),
      payload: { participantId: (await someone(x.tenant)).participantId, note: 'Hi' },
    }),
  },
  {
    name: 'pending requests',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => url(x, 'requests')),
  },
  {
    name: 'accept a request',
    method: 'POST',
    kind: 'participant',
    ok: 200,
    request: async (x) => ({ url: url(x, `requests/${await incoming(x.tenant)}/accept`) }),
  },
  {
    name: 'decline a request',
    method: 'POST',
    kind: 'participant',
    ok: 200,
    request: async (x) => ({ url: url(x, `requests/${await incoming(x.tenant)}/decline`) }),
  },
  {
    name: 'contacts',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => url(x, 'contacts?search=a')),
  },
  {
    name: 'a note on a contact',
    method: 'PUT',
    kind: 'participant',
    ok: 200,
    request: at(
      (x) => url(x, `contacts/${x.contactId}/note`),
      () => ({ note: 'Met at the booth' }),
    ),
  },
  {
    name: 'export contacts (vCard)',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => url(x, 'contacts/export')),
  },
  {
    name: 'export contacts (CSV)',
    method: 'GET',
    kind: 'participant',
    ok: 200,
    request: at((x) => url(x, 'contacts/export?format=csv')),
  },
  {
    name: 'exchange stats (organisers)',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => url(x, 'stats')),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('business cards: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});

describe('business cards: malformed input', () => {
  it('answers 400 with field messages, never 500', async () => {
    const token = a.tenant.tokens.participant;
    const call = (method: 'POST' | 'PUT' | 'GET', path: string, payload?: unknown) =>
      t.as(token, {
        method,
        url: url(a, path),
        ...(payload !== undefined ? { payload: payload as object } : {}),
      });
    const other = await someone(a.tenant);
    const badSends: Array<[unknown, string]> = [
      [{}, 'qr'],
      [{ qr: 'x', participantId: other.participantId }, 'qr'],
      [{ qr: 'a\u0000b' }, 'qr'],
      [{ qr: 'a\ud800b' }, 'qr'],
      [{ qr: 'x'.repeat(100_000) }, 'qr'],
      [{ qr: 'not a code' }, 'qr'],
      [{ qr: '{"type":"SESSION_QR_CODE","eventId":"e","sessionId":"s"}' }, 'qr'],
      [{ participantId: 'nope' }, 'participantId'],
      [{ participantId: other.participantId, note: 'n'.repeat(10_000) }, 'note'],
      [{ participantId: other.participantId, note: 'bad\u0000' }, 'note'],
      [{ participantId: other.participantId, note: 42 }, 'note'],
    ];
    for (const [body, field] of badSends) {
      const res = await call('POST', 'requests', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80) + res.body.slice(0, 200)).toBe(400);
      expect(Object.keys(res.json().fields ?? {}), res.body.slice(0, 200)).toContain(field);
    }
    for (const body of [{}, { note: 'x'.repeat(100_000) }, { note: '\ud800' }, { note: null }]) {
      const res = await call('PUT', `contacts/${a.contactId}/note`, body);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(400);
    }
    expect((await call('PUT', 'contacts/not-a-uuid/note', { note: 'x' })).statusCode).toBe(400);
    expect((await call('POST', 'requests/not-a-uuid/accept')).statusCode).toBe(400);
    expect((await call('GET', 'contacts/export?format=pdf')).statusCode).toBe(400);
    expect((await call('GET', `contacts?search=${'s'.repeat(1000)}`)).statusCode).toBe(400);
    expect((await call('GET', 'contacts?search=%00')).statusCode).toBe(400);
  });
});
