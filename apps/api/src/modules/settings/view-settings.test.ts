import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';

let t: TestContext;
let ten: Awaited<ReturnType<TestContext['f']['tenant']>>;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
});
afterAll(() => t.close());

const url = (key: string) => `/api/v1/view-settings/${key}`;
const settings = { columns: ['name', 'startAt'], order: ['name', 'startAt', 'endAt'], pageSize: 300 };

describe('view settings', () => {
  it('answers 200 with the defaults until saved (no 404 for lists never customised), then creates once and changes the given fields', async () => {
    const token = ten.tokens.orgAdmin;
    const before = await t.as(token, { method: 'GET', url: url('events') });
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ tableKey: 'events', columns: [], order: [], pageSize: 20, saved: false });
    expect(
      (await t.as(token, { method: 'PATCH', url: url('events'), payload: { pageSize: 20 } })).statusCode,
    ).toBe(404);
    const created = await t.as(token, { method: 'POST', url: url('events'), payload: settings });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ tableKey: 'events', ...settings, saved: true });
    expect((await t.as(token, { method: 'POST', url: url('events'), payload: settings })).statusCode).toBe(
      409,
    );
    const patched = await t.as(token, {
      method: 'PATCH',
      url: url('events'),
      payload: { pageSize: 1_000_000, columns: ['name'] },
    });
    expect(patched.json()).toEqual({
      tableKey: 'events',
      columns: ['name'],
      order: settings.order,
      pageSize: 1_000_000,
      saved: true,
    });
    expect((await t.as(token, { method: 'GET', url: url('events') })).json()).toEqual(patched.json());
  });

  it('keeps settings per user and per table', async () => {
    await t.as(ten.tokens.participant, {
      method: 'POST',
      url: url('attendees'),
      payload: { ...settings, pageSize: 20 },
    });
    expect(
      (await t.as(ten.tokens.participant, { method: 'GET', url: url('attendees') })).json().pageSize,
    ).toBe(20);
    expect((await t.as(ten.tokens.participant, { method: 'GET', url: url('events') })).json().saved).toBe(
      false,
    );
    expect((await t.as(ten.tokens.hubAdmin, { method: 'GET', url: url('attendees') })).json()).toMatchObject({
      saved: false,
      pageSize: 20,
    });
  });

  it('belongs to the signed-in person even while impersonating', async () => {
    const su = ten.tokens.superadmin;
    await t.as(su, {
      method: 'POST',
      url: url('sessions'),
      headers: { impersonate: ten.users.participant.id },
      payload: settings,
    });
    expect((await t.as(su, { method: 'GET', url: url('sessions') })).json()).toMatchObject({
      saved: true,
      pageSize: 300,
    });
    expect((await t.as(ten.tokens.participant, { method: 'GET', url: url('sessions') })).json().saved).toBe(
      false,
    );
  });

  it('needs a token', async () => {
    expect((await t.as(undefined, { method: 'GET', url: url('events') })).statusCode).toBe(401);
    expect(
      (await t.as(undefined, { method: 'POST', url: url('events'), payload: settings })).statusCode,
    ).toBe(401);
    expect(
      (await t.as(undefined, { method: 'PATCH', url: url('events'), payload: settings })).statusCode,
    ).toBe(401);
  });

  it('answers 400 for bad keys and bodies', async () => {
    const token = ten.tokens.eventAdmin;
    for (const key of ['Events', 'a_b', 'x'.repeat(65), '%20']) {
      expect((await t.as(token, { method: 'GET', url: url(key) })).statusCode, key).toBe(400);
    }
    const cases: Array<[unknown, Record<string, string>]> = [
      [
        {},
        {
          columns: MESSAGES.required,
          order: MESSAGES.required,
          pageSize: expect.any(String) as unknown as string,
        },
      ],
      [{ ...settings, pageSize: 50 }, { pageSize: 'Page size must be one of 20, 300, 1000, 1000000' }],
      [{ ...settings, pageSize: '300' }, { pageSize: expect.any(String) as unknown as string }],
      [{ ...settings, columns: 'name' }, { columns: expect.any(String) as unknown as string }],
      [{ ...settings, columns: ['x'.repeat(101)] }, { 'columns.0': MESSAGES.maxLength }],
      [{ ...settings, order: Array(201).fill('c') }, { order: MESSAGES.maxLength }],
    ];
    for (const [payload, fields] of cases) {
      const res = await t.as(token, { method: 'POST', url: url('bad-input'), payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      expect(res.json().fields).toEqual(fields);
    }
    expect(
      (
        await t.as(token, {
          method: 'POST',
          url: url('bad-input'),
          headers: { 'content-type': 'application/json' },
          payload: '{"columns":',
        })
      ).statusCode,
    ).toBe(400);
  });
});
