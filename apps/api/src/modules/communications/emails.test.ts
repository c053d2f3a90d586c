import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  at,
  eventCases,
  eventUrl as ev,
  itEachPermission,
  statuses,
  by,
} from '../../../test/permission-matrix.js';
import { logEmails } from '../../platform/email-log.repo.js';

/**
 * The e-mail log routes: an event's log for its admins, the whole platform's (system e-mails of no
 * event included) for super admins only; the mail outbox logs every queued e-mail, secrets redacted.
 */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
interface Target {
  tenant: Tenant;
  emailId: string;
}

let t: TestContext;
let a: Target;
let b: Target;

async function target(tenant: Tenant): Promise<Target> {
  const [emailId] = await logEmails(t.deps.db, [
    {
      eventId: tenant.event.id,
      to: 'someone@example.com',
      subject: 'Welcome',
      text: 'Hello',
      html: '<p>Hello</p>',
      category: 'SYSTEM',
      communicationId: null,
    },
  ]);
  return { tenant, emailId: emailId! };
}

const CASES = [
  ...eventCases<Target>([
    {
      name: "list an event's e-mails",
      method: 'GET',
      kind: 'admin',
      ok: 200,
      request: at((x) => ev(x, 'emails')),
    },
    {
      name: "export an event's e-mails",
      method: 'GET',
      kind: 'admin',
      ok: 200,
      request: at((x) => ev(x, 'emails/export?format=csv')),
    },
    {
      name: 'read one e-mail of the event',
      method: 'GET',
      kind: 'admin',
      ok: 200,
      request: at((x) => ev(x, `emails/${x.emailId}`)),
    },
  ]),
  {
    name: 'list every e-mail (super admin)',
    method: 'GET' as const,
    request: at<Target>(() => '/api/v1/emails'),
    expected: statuses(by(200, 403, 403, 403, 403, 403, 401)),
  },
  {
    name: 'read any e-mail (super admin)',
    method: 'GET' as const,
    request: at<Target>((x) => `/api/v1/emails/${x.emailId}`),
    expected: statuses(by(200, 403, 403, 403, 403, 403, 401)),
  },
];

beforeAll(async () => {
  t = await createTestContext();
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(() => t.close());

describe('e-mail log: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));

  it("another event's e-mail id under this event is 404", async () => {
    const res = await t.as(a.tenant.tokens.eventAdmin, { method: 'GET', url: ev(a, `emails/${b.emailId}`) });
    expect(res.statusCode).toBe(404);
  });
});

describe('e-mail log: the list and the message', () => {
  it('logs a system e-mail with its event, redacts the magic link, and marks it SENT once sent', async () => {
    const participant = await t.f.user({ email: 'magic.log@example.com', firstName: 'Maggie' });
    await t.f.participant(a.tenant.event.id, participant.id);
    const row = await t.deps.db
      .selectFrom('participants')
      .select('id')
      .where('userId', '=', participant.id)
      .executeTakeFirstOrThrow();
    const sent = await t.as(a.tenant.tokens.eventAdmin, {
      method: 'POST',
      url: ev(a, 'participants/magic-links'),
      payload: { participantIds: [row.id] },
    });
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await t.drainJobs();
    const list = await t.as(a.tenant.tokens.eventAdmin, {
      method: 'GET',
      url: ev(a, 'emails?search=magic.log@example.com'),
    });
    expect(list.statusCode).toBe(200);
    const records = list.json().records as Array<{
      id: string;
      status: string;
      category: string;
      eventId: string;
    }>;
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ status: 'SENT', category: 'SYSTEM', eventId: a.tenant.event.id });
    const one = await t.as(a.tenant.tokens.eventAdmin, {
      method: 'GET',
      url: ev(a, `emails/${records[0]!.id}`),
    });
    expect(one.statusCode).toBe(200);
    const { text, html } = one.json() as { text: string; html: string | null };
    expect(text).toContain('magic=…');
    expect(html ?? '').not.toMatch(/magic=[A-Za-z0-9_-]{10}/);
    // The e-mail actually sent keeps the working link.
    expect(t.mail.sent.find((m) => m.to === 'magic.log@example.com')?.text).toMatch(
      /magic=[A-Za-z0-9_-]{20}/,
    );
  });

  it('filters by status and category, sorts, and keeps other events out', async () => {
    await logEmails(t.deps.db, [
      {
        eventId: a.tenant.event.id,
        to: 'zz@example.com',
        subject: 'Campaign',
        text: 't',
        html: null,
        category: 'CAMPAIGN',
        communicationId: null,
      },
      {
        eventId: null,
        to: 'nobody@example.com',
        subject: 'Verify',
        text: 't',
        html: null,
        category: 'SYSTEM',
        communicationId: null,
      },
    ]);
    const get = (q: string, token = a.tenant.tokens.eventAdmin, url = ev(a, 'emails')) =>
      t.as(token, { method: 'GET', url: `${url}?${q}` }).then(
        (r) =>
          r.json() as {
            total: number;
            records: Array<{ to: string; category: string; eventId: string | null }>;
          },
      );
    const campaigns = await get('category=CAMPAIGN');
    expect(campaigns.records.map((r) => r.to)).toEqual(['zz@example.com']);
    const byTo = await get('sort=to:desc&limit=1');
    expect(byTo.records[0]!.to).toBe('zz@example.com');
    const all = await get('limit=100');
    expect(all.records.every((r) => r.eventId === a.tenant.event.id)).toBe(true);
    const global = await get('search=nobody@', a.tenant.tokens.superadmin, '/api/v1/emails');
    expect(global.records).toMatchObject([{ to: 'nobody@example.com', eventId: null }]);
    const queuedToday = await get(`queuedAtFrom=${new Date().toISOString().slice(0, 10)}&status=QUEUED`);
    expect(queuedToday.records.map((r) => r.to)).toContain('zz@example.com');
  });

  it.each([
    ['status', 'status=NOPE'],
    ['category', 'category=X'],
    ['queuedAtFrom', 'queuedAtFrom=yesterday'],
    ['sort', 'sort=text:asc'],
    ['search', `search=${encodeURIComponent('\u0000')}`],
    ['search', `search=${'x'.repeat(5000)}&huge`],
  ])('400 with a field message: bad %s (case %#)', async (field, q) => {
    const res = await t.as(a.tenant.tokens.eventAdmin, { method: 'GET', url: `${ev(a, 'emails')}?${q}` });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields ?? {}).map((k) => k.split('.')[0])).toContain(field);
  });

  it('400 for an e-mail id that is not a uuid', async () => {
    const res = await t.as(a.tenant.tokens.eventAdmin, { method: 'GET', url: ev(a, 'emails/not-a-uuid') });
    expect(res.statusCode).toBe(400);
  });
});
