import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT_MAX_LENGTH } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { readCsv } from '../../test/exports.js';

/** The text rule at the API boundary (boundary.ts): every string the API accepts, one rule. */

let t: TestContext;
let tenant: Awaited<ReturnType<TestContext['f']['tenant']>>;
beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
});
afterAll(() => t.close());

const NOT_ALLOWED = 'Contains characters that are not allowed';
const register = (body: Record<string, unknown> | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/users/register',
    headers: { 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const person = {
  email: 'new-person@example.com',
  password: 'Test!pass123',
  firstName: 'Ann',
  lastName: 'Lee',
  host: 'localhost',
};

function expectRefused(res: { statusCode: number; json(): unknown }, field: string, message = NOT_ALLOWED) {
  expect(res.statusCode).toBe(400);
  expect(res.json()).toEqual({
    statusCode: 400,
    error: 'Bad Request',
    message: `${field}: ${message}`,
    fields: { [field]: message },
  });
}

describe('NUL and other text PostgreSQL can not store', () => {
  it('refuses NUL in the unauthenticated registration, with the field message', async () => {
    expectRefused(await register({ ...person, firstName: 'Ann\u0000' }), 'firstName');
    expect(
      await t.deps.db.selectFrom('users').select('id').where('email', '=', person.email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('refuses NUL escaped inside the JSON text, and a lone surrogate', async () => {
    expectRefused(await register(JSON.stringify(person).replace('"Lee"', '"Le\\u0000e"')), 'lastName');
    expectRefused(await register(JSON.stringify(person).replace('"Lee"', '"Lee\\ud800"')), 'lastName');
    expectRefused(await register(JSON.stringify(person).replace('"Lee"', '"\\udc00Lee"')), 'lastName');
  });

  it('refuses C0 controls but keeps tab, CR and LF', async () => {
    expectRefused(await register({ ...person, lastName: 'Lee\u001B[31m' }), 'lastName');
    const tab = await t.as(tenant.tokens.superadmin, {
      method: 'POST',
      url: '/api/v1/organizations',
      payload: { name: 'Org\twith tab' },
    });
    expect(tab.statusCode).toBe(201);
    expect(tab.json().name).toBe('Org\twith tab');
  });

  it('refuses NUL in a search a participant can send (participants/view)', async () => {
    const res = await t.as(tenant.tokens.participant, {
      method: 'GET',
      url: `/api/v1/events/${tenant.event.id}/participants/view?search=a%00b`,
    });
    expectRefused(res, 'search');
    const fine = await t.as(tenant.tokens.participant, {
      method: 'GET',
      url: `/api/v1/events/${tenant.event.id}/participants/view?search=ab`,
    });
    expect(fine.statusCode).toBe(200);
  });

  it('refuses NUL in a path parameter and in a filter', async () => {
    expectRefused(
      await t.as(tenant.tokens.superadmin, { method: 'GET', url: '/api/v1/organizations/a%00b' }),
      'id',
    );
    expectRefused(
      await t.as(tenant.tokens.superadmin, { method: 'GET', url: '/api/v1/organizations?status=DRAFT%00' }),
      'status',
    );
    expectRefused(
      await t.as(tenant.tokens.superadmin, { method: 'GET', url: '/api/v1/organizations?st%00atus=DRAFT' }),
      'query',
    );
  });

  it('refuses NUL in a view setting (jsonb) and in an object key', async () => {
    const url = '/api/v1/view-settings/participants';
    expectRefused(
      await t.as(tenant.tokens.eventAdmin, {
        method: 'POST',
        url,
        payload: { columns: ['name', 'x\u0000'], order: ['name'], pageSize: 20 },
      }),
      'columns.1',
    );
    const key = await t.as(tenant.tokens.eventAdmin, {
      method: 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: '{"columns":["name"],"order":["name"],"pageSize":20,"k\\u0000":1}',
    });
    expectRefused(key, 'body');
    const saved = await t.as(tenant.tokens.eventAdmin, {
      method: 'POST',
      url,
      payload: { columns: ['name'], order: ['name'], pageSize: 20 },
    });
    expect(saved.statusCode).toBe(201);
  });

  it('answers an export with NUL in its search 400 before any file is streamed', async () => {
    const res = await t.as(tenant.tokens.superadmin, {
      method: 'GET',
      url: '/api/v1/organizations/export?format=csv&search=%00',
    });
    expectRefused(res, 'search');
    expect(res.headers['content-disposition']).toBeUndefined();
    const xlsx = await t.as(tenant.tokens.superadmin, {
      method: 'GET',
      url: '/api/v1/organizations/export?format=xlsx&search=x%00',
    });
    expectRefused(xlsx, 'search');
  });

  it('refuses a data header with control characters before authentication reads it', async () => {
    const res = await t.as(tenant.tokens.eventAdmin, {
      method: 'GET',
      url: '/api/v1/view-settings/participants',
      headers: { impersonate: 'a\u0001b' },
    });
    expectRefused(res, 'impersonate');
  });

  it('refuses a multipart field with NUL (materials)', async () => {
    const boundary = 'plenary-boundary';
    const payload = [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nPlan\u0000\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\r\n`,
      `--${boundary}--\r\n`,
    ].join('');
    const res = await t.as(tenant.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${tenant.event.id}/materials`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expectRefused(res, 'name');
  });
});

describe('names and titles', () => {
  it.each([
    ['a right-to-left override', 'Jo\u202Egnp.exe'],
    ['an isolate', '\u2067Ann\u2069'],
    ['a zero-width space', 'An\u200Bn'],
    ['a stray zero-width joiner', 'Ann \u200D'],
  ])('refuses %s in a person name', async (_what, firstName) => {
    expectRefused(await register({ ...person, firstName }), 'firstName');
  });

  it('refuses them in titles (a label name) but allows them in long free text', async () => {
    const labels = `/api/v1/events/${tenant.event.id}/labels`;
    expectRefused(
      await t.as(tenant.tokens.eventAdmin, { method: 'POST', url: labels, payload: { name: 'VIP\u202E' } }),
      'name',
    );
    const collection = await t.as(tenant.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${tenant.event.id}/collections`,
      payload: {
        name: 'Track \u05E9\u05DC\u05D5\u05DD\u200F',
        description: 'Quote: \u202B\u05E9\u05DC\u05D5\u05DD\u202C \u200B',
      },
    });
    expect(collection.statusCode).toBe(201);
    expect(collection.json().description).toBe('Quote: \u202B\u05E9\u05DC\u05D5\u05DD\u202C \u200B');
  });

  it('accepts a Persian name with a zero-width non-joiner between letters', async () => {
    const res = await register({ ...person, email: 'persian@example.com', firstName: 'می\u200Cخواهم' });
    expect(res.statusCode).toBe(201);
  });
});

describe('lengths', () => {
  it(`caps every string at ${TEXT_MAX_LENGTH} characters, even where the schema names no maximum`, async () => {
    const res = await register({ ...person, extra: 'x'.repeat(TEXT_MAX_LENGTH + 1) });
    expectRefused(res, 'extra', 'Max length exceeded');
  });

  it('answers an over-long search with the schema maximum', async () => {
    const res = await t.as(tenant.tokens.participant, {
      method: 'GET',
      url: `/api/v1/events/${tenant.event.id}/participants/view?search=${'a'.repeat(5000)}`,
    });
    expectRefused(res, 'search', 'Max length exceeded');
  });
});

describe('export columns', () => {
  const exportUrl = (query: string) => `/api/v1/organizations/export?format=csv&${query}`;
  const get = (query: string) => t.as(tenant.tokens.superadmin, { method: 'GET', url: exportUrl(query) });

  it("answers over-long columns 400 'Max length exceeded'", async () => {
    expectRefused(await get(`columns=${'name,'.repeat(500)}`), 'columns', 'Max length exceeded');
  });

  it('refuses columns given twice (an array) with the field message', async () => {
    const res = await get('columns=name&columns=status');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toEqual(['columns']);
  });

  it('names an unknown column', async () => {
    const res = await get('columns=name,secret');
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.columns).toMatch(/^Unknown column 'secret'\. Columns: name, /);
  });

  it('exports every column for an empty columns, and the chosen ones in order', async () => {
    const all = await get('columns=');
    expect(all.statusCode).toBe(200);
    expect(readCsv(all.body)[0]).toEqual([
      'Name',
      'Status',
      'Created at',
      'Updated at',
      'Last modified by',
      'Single sign-on issuer',
    ]);
    const two = await get('columns=status,name');
    expect(readCsv(two.body)[0]).toEqual(['Status', 'Name']);
  });
});
