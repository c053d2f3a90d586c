import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, participant, type Client, type Tenant } from './attendees.test-utils.js';

// The participant directory (`/view`) and public profiles (`/{userId}/profile`): what participants
// see of each other. Each custom-field value comes with its field's name and type.

let t: TestContext;
let ten: Tenant;
let admin: Client;
let me: Client;
const tag = `zq${Math.random().toString(36).slice(2, 8)}`;
let f: Record<'budget' | 'level' | 'secret' | 'motto', { id: string }>;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
  me = client(t, ten.tokens.participant, ten.event.id);
  f = {
    budget: await field(admin, {
      name: 'Budget',
      dataType: 'CURRENCY',
      currencyCode: 'EUR',
      showInProfile: true,
    }),
    level: await field(admin, {
      name: 'Level',
      dataType: 'ENUM',
      settings: { enumValues: ['Junior', 'Senior'] },
      showInProfile: true,
    }),
    secret: await field(admin, { name: 'Secret', dataType: 'STRING' }),
    motto: await field(admin, {
      name: 'Motto',
      dataType: 'STRING',
      showInProfile: true,
      editableByParticipant: true,
    }),
  };
  // Five people of one company, created out of order: the directory sorts them.
  for (const [first, last] of [
    ['Dana', 'Evans'],
    ['Ben', 'Cole'],
    ['Ada', 'Baker'],
    ['Eve', 'Ford'],
    ['Cy', 'Dunn'],
  ]) {
    await participant(admin, {
      firstName: first,
      lastName: last,
      company: `Acme ${tag}`,
      phone: '+1 555 0100',
    });
  }
});
afterAll(() => t.close());

const view = async (query: string) => {
  const res = await me.get(`participants/view?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    records: Array<
      { firstName: string; lastName: string; customFields: unknown[] } & Record<string, unknown>
    >;
  };
};

describe('custom fields in public profiles', () => {
  it("carry name, type and currency, only for fields shown in profiles that have a value, in the fields' order", async () => {
    const p = await participant(admin, {
      firstName: 'Rin',
      lastName: `Sato ${tag}`,
      customFields: {
        [f.budget.id]: 1250.5,
        [f.level.id]: 'Senior',
        [f.secret.id]: 'do not show',
        [f.motto.id]: '',
      },
    });
    const expected = [
      { id: f.budget.id, name: 'Budget', dataType: 'CURRENCY', currencyCode: 'EUR', value: 1250.5 },
      { id: f.level.id, name: 'Level', dataType: 'ENUM', currencyCode: null, value: 'Senior' },
    ];
    const profile = await me.get(`participants/${p.userId}/profile`);
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().customFields).toEqual(expected);
    expect(
      (await view(`search=${encodeURIComponent(`Rin Sato ${tag}`)}`)).records.map((r) => r.customFields),
    ).toEqual([expected]);

    // The event's order, its current names, and only what is still shown in profiles.
    expect(
      (await admin.post('custom-fields/reorder', { ids: [f.level.id, f.motto.id, f.budget.id, f.secret.id] }))
        .statusCode,
    ).toBe(200);
    expect((await admin.patch(`custom-fields/${f.level.id}`, { name: 'Seniority' })).statusCode).toBe(200);
    expect((await admin.patch(`custom-fields/${f.budget.id}`, { showInProfile: false })).statusCode).toBe(
      200,
    );
    expect((await me.get(`participants/${p.userId}/profile`)).json().customFields).toEqual([
      { ...expected[1], name: 'Seniority' },
    ]);
    expect((await admin.patch(`custom-fields/${f.budget.id}`, { showInProfile: true })).statusCode).toBe(200);
    expect(
      (await admin.post('custom-fields/reorder', { ids: [f.budget.id, f.level.id, f.secret.id, f.motto.id] }))
        .statusCode,
    ).toBe(200);
    expect((await admin.patch(`custom-fields/${f.level.id}`, { name: 'Level' })).statusCode).toBe(200);
  });

  it('a participant with no public values has none, and never the fields kept from profiles', async () => {
    const p = await participant(admin, {
      firstName: 'Ola',
      lastName: `Nilsen ${tag}`,
      customFields: { [f.secret.id]: 'hidden' },
    });
    expect((await me.get(`participants/${p.userId}/profile`)).json().customFields).toEqual([]);
    const own = await me.post('participants/user-profile', { customFields: { [f.motto.id]: 'Ship it' } });
    expect(own.statusCode, own.body).toBe(200);
    const mine = (await me.get(`participants/${ten.users.participant.id}/profile`)).json();
    expect(mine.customFields).toEqual([
      { id: f.motto.id, name: 'Motto', dataType: 'STRING', currencyCode: null, value: 'Ship it' },
    ]);
  });
});

describe('the directory', () => {
  it('answers public fields only: no e-mail, phone or labels', async () => {
    const { records } = await view(`search=${tag}&limit=300`);
    for (const r of records) {
      expect(Object.keys(r).sort()).toEqual([
        'bio',
        'company',
        'customFields',
        'firstName',
        'id',
        'jobTitle',
        'lastName',
        'photoUrl',
        'userId',
      ]);
    }
    expect(JSON.stringify(records)).not.toContain('555 0100');
  });

  it('pages in SQL, sorted by last name by default, with the total of every match', async () => {
    const company = encodeURIComponent(`Acme ${tag}`);
    const all = await view(`search=${company}&limit=20`);
    expect(all.total).toBe(5);
    expect(all.records.map((r) => r.lastName)).toEqual(['Baker', 'Cole', 'Dunn', 'Evans', 'Ford']);
    const second = await view(`search=${company}&limit=2&page=2`);
    expect(second).toMatchObject({ total: 5 });
    expect(second.records.map((r) => r.lastName)).toEqual(['Dunn', 'Evans']);
    expect((await view(`search=${company}&limit=2&page=3`)).records.map((r) => r.lastName)).toEqual(['Ford']);
    expect((await view(`search=${company}&limit=2&page=4`)).records).toEqual([]);
    expect((await view(`search=${company}&sort=firstName:desc`)).records.map((r) => r.firstName)).toEqual([
      'Eve',
      'Dana',
      'Cy',
      'Ben',
      'Ada',
    ]);
  });

  it('searches first name, last name and company (also "first last"), never e-mail or phone, and takes % literally', async () => {
    expect((await view('search=ada%20baker')).records.map((r) => r.lastName)).toEqual(['Baker']);
    expect((await view(`search=${tag.toUpperCase()}`)).total).toBeGreaterThanOrEqual(5);
    expect((await view(`search=${encodeURIComponent(ten.users.participant.email)}`)).total).toBe(0);
    expect((await view('search=555%200100')).total).toBe(0);
    expect((await view('search=%25')).total).toBe(0);
  });

  it('refuses a bad query with field messages', async () => {
    for (const query of [
      'limit=0',
      'page=0',
      'sort=email:asc',
      'sort=lastName:up',
      `search=${'x'.repeat(201)}`,
    ]) {
      const res = await me.get(`participants/view?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(Object.keys(res.json().fields ?? {}).length, `${query}: ${res.body}`).toBeGreaterThan(0);
    }
  });

  it('offers participants no label filter (who holds a label is for admins)', async () => {
    const all = (await view(`search=${tag}`)).total;
    expect(all).toBeGreaterThan(0);
    expect((await view(`search=${tag}&labelId=${randomUUID()}`)).total).toBe(all);
  });

  it('is for people with a role in the event only', async () => {
    expect(
      (await t.as(undefined, { method: 'GET', url: `/api/v1/events/${ten.event.id}/participants/view` }))
        .statusCode,
    ).toBe(401);
    expect(
      (await client(t, ten.tokens.moderator, ten.event.id).get(`participants/view?search=${tag}`)).json()
        .total,
    ).toBeGreaterThanOrEqual(5);
    const other = await t.f.tenant();
    expect(
      (await client(t, other.tokens.participant, ten.event.id).get('participants/view')).statusCode,
    ).toBe(404);
    expect(
      (
        await client(t, other.tokens.participant, ten.event.id).get(
          `participants/${ten.users.participant.id}/profile`,
        )
      ).statusCode,
    ).toBe(404);
  });
});
