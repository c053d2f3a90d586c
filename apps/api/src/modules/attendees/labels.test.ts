import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, participant, type Client, type Tenant } from './attendees.test-utils.js';
import { upsertParticipants } from './participants.import.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let c: Client;
let eventId: string;
type F = { id: string; key: string };
let f: Record<string, F>;
let p: Record<'a' | 'b' | 'c' | 'd', { id: string; userId: string; email: string }>;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  const event = await t.f.event({ eventHubId: ten.hub.id });
  eventId = event.id;
  c = client(t, ten.tokens.hubAdmin, eventId);
  f = {
    text: await field(c, { name: 'Colour', dataType: 'STRING' }),
    link: await field(c, { name: 'Site', dataType: 'PROFILE_LINK' }),
    yes: await field(c, { name: 'Member', dataType: 'BOOLEAN' }),
    num: await field(c, { name: 'Points', dataType: 'NUMBER', editableByParticipant: true }),
    money: await field(c, { name: 'Paid', dataType: 'CURRENCY', currencyCode: 'EUR' }),
    date: await field(c, { name: 'Joined', dataType: 'DATE' }),
    time: await field(c, { name: 'Arrival', dataType: 'TIME' }),
    one: await field(c, { name: 'Room', dataType: 'ENUM', settings: { enumValues: ['X', 'Y', 'Z'] } }),
    many: await field(c, {
      name: 'Topics',
      dataType: 'ENUM',
      settings: { enumValues: ['X', 'Y', 'Z'], isEnumMultiple: true },
    }),
  };
  const values = (v: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(v).map(([k, x]) => [f[k]!.id, x]));
  p = {
    a: await participant(c, {
      firstName: 'Ann',
      company: 'Acme',
      customFields: values({
        text: 'Red',
        link: 'https://a.example.com',
        yes: true,
        num: 1,
        money: 9.99,
        date: '2024-01-01',
        time: '08:00 AM',
        one: 'X',
        many: ['X', 'Y'],
      }),
    }),
    b: await participant(c, {
      firstName: 'Bob',
      company: 'acme',
      customFields: values({
        text: 'red',
        yes: false,
        num: 5,
        money: 10,
        date: '2024-06-15',
        time: '12:00 PM',
        one: 'Y',
        many: ['Z'],
      }),
    }),
    c: await participant(c, {
      firstName: 'Cat',
      company: 'Other',
      customFields: values({ text: 'Blue', num: 10, money: 0, date: '2025-01-01', time: '06:30 PM' }),
    }),
    d: await participant(c, { firstName: 'Dan' }),
  } as typeof p;
});
afterAll(() => t.close());

const who = (ids: string[]) => (['a', 'b', 'c', 'd'] as const).filter((k) => ids.includes(p[k].id)).join('');

async function members(labelId: string): Promise<string> {
  const res = await c.get(`participants?labelId=${labelId}&limit=1000`);
  expect(res.statusCode).toBe(200);
  return who(res.json().records.map((r: { id: string }) => r.id));
}

let n = 0;
async function ruleLabel(rules: Array<{ field: string; operator: string; value: unknown }>) {
  const res = await c.post('labels', { name: `Rule ${++n}`, type: 'RULE', rules });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; memberCount: number };
}

describe('rule labels: every operator on every type', () => {
  const CASES: Array<[string, string, string, unknown, string]> = [
    ['STRING', 'text', 'EQUAL', 'RED', 'ab'],
    ['STRING', 'text', 'NOT_EQUAL', 'red', 'cd'],
    ['PROFILE_LINK', 'link', 'EQUAL', 'https://A.example.com', 'a'],
    ['PROFILE_LINK', 'link', 'NOT_EQUAL', 'https://a.example.com', 'bcd'],
    ['BOOLEAN', 'yes', 'EQUAL', true, 'a'],
    ['BOOLEAN', 'yes', 'EQUAL', false, 'b'],
    ['BOOLEAN', 'yes', 'NOT_EQUAL', true, 'bcd'],
    ['NUMBER', 'num', 'EQUAL', 5, 'b'],
    ['NUMBER', 'num', 'NOT_EQUAL', 5, 'acd'],
    ['NUMBER', 'num', 'LESS_THAN', 5, 'a'],
    ['NUMBER', 'num', 'LESS_THAN_EQUAL', 5, 'ab'],
    ['NUMBER', 'num', 'GREATER_THAN', 5, 'c'],
    ['NUMBER', 'num', 'GREATER_THAN_EQUAL', 5, 'bc'],
    ['CURRENCY', 'money', 'EQUAL', 10, 'b'],
    ['CURRENCY', 'money', 'NOT_EQUAL', 0, 'abd'],
    ['CURRENCY', 'money', 'GREATER_THAN', 9.99, 'b'],
    ['CURRENCY', 'money', 'LESS_THAN_EQUAL', 9.99, 'ac'],
    ['CURRENCY', 'money', 'LESS_THAN', 9.99, 'c'],
    ['CURRENCY', 'money', 'GREATER_THAN_EQUAL', 0, 'abc'],
    ['DATE', 'date', 'EQUAL', '2025-01-01', 'c'],
    ['DATE', 'date', 'NOT_EQUAL', '2025-01-01', 'abd'],
    ['DATE', 'date', 'LESS_THAN', '2024-06-15', 'a'],
    ['DATE', 'date', 'LESS_THAN_EQUAL', '2024-06-15', 'ab'],
    ['DATE', 'date', 'GREATER_THAN', '2024-06-15', 'c'],
    ['DATE', 'date', 'GREATER_THAN_EQUAL', '2024-06-15', 'bc'],
    ['TIME', 'time', 'EQUAL', '8:00 am', 'a'],
    ['TIME', 'time', 'NOT_EQUAL', '08:00 AM', 'bcd'],
    ['TIME', 'time', 'LESS_THAN', '12:00 PM', 'a'],
    ['TIME', 'time', 'LESS_THAN_EQUAL', '12:00 PM', 'ab'],
    ['TIME', 'time', 'GREATER_THAN', '12:00 PM', 'c'],
    ['TIME', 'time', 'GREATER_THAN_EQUAL', '12:00 PM', 'bc'],
    ['ENUM single', 'one', 'INCLUDES', ['x'], 'a'],
    ['ENUM single', 'one', 'INCLUDES', ['X', 'Y'], 'ab'],
    ['ENUM multiple', 'many', 'INCLUDES', 'Y', 'a'],
    ['ENUM multiple', 'many', 'INCLUDES', ['Z', 'Y'], 'ab'],
  ];
  it.each(CASES)('%s %s %s %j → %s', async (_type, key, operator, value, expected) => {
    const label = await ruleLabel([{ field: f[key]!.id, operator, value }]);
    expect(await members(label.id)).toBe(expected);
    expect(label.memberCount).toBe(expected.length);
  });

  it.each([
    ['company', 'EQUAL', 'ACME', 'ab'],
    ['company', 'NOT_EQUAL', 'acme', 'cd'],
    ['firstName', 'EQUAL', 'dan', 'd'],
  ])('standard field %s %s %j → %s', async (fieldName, operator, value, expected) => {
    expect(await members((await ruleLabel([{ field: fieldName, operator, value }])).id)).toBe(expected);
  });

  it('matches only participants meeting every rule, naming fields by id or key', async () => {
    const label = await ruleLabel([
      { field: f.num!.key, operator: 'GREATER_THAN_EQUAL', value: 5 },
      { field: 'company', operator: 'EQUAL', value: 'acme' },
    ]);
    expect(await members(label.id)).toBe('b');
  });

  it('refuses operators a type does not allow, unknown fields and values of the wrong type', async () => {
    const bad = async (rule: object) => {
      const res = await c.post('labels', {
        name: `Bad ${++n}`,
        type: 'RULE',
        rules: [{ field: 'company', operator: 'EQUAL', value: 'x' }, rule],
      });
      expect(res.statusCode).toBe(400);
      return res.json().fields;
    };
    expect(await bad({ field: f.text!.id, operator: 'GREATER_THAN', value: 'a' })).toEqual({
      'rules.1.operator': ATTENDEE_MESSAGES.operatorNotAllowed,
    });
    expect(await bad({ field: f.yes!.id, operator: 'LESS_THAN', value: true })).toEqual({
      'rules.1.operator': ATTENDEE_MESSAGES.operatorNotAllowed,
    });
    expect(await bad({ field: f.one!.id, operator: 'EQUAL', value: 'X' })).toEqual({
      'rules.1.operator': ATTENDEE_MESSAGES.operatorNotAllowed,
    });
    expect(await bad({ field: f.num!.id, operator: 'INCLUDES', value: 1 })).toEqual({
      'rules.1.operator': ATTENDEE_MESSAGES.operatorNotAllowed,
    });
    expect(await bad({ field: 'company', operator: 'LESS_THAN', value: 'x' })).toEqual({
      'rules.1.operator': ATTENDEE_MESSAGES.operatorNotAllowed,
    });
    expect(await bad({ field: 'shoeSize', operator: 'EQUAL', value: 'x' })).toEqual({
      'rules.1.field': ATTENDEE_MESSAGES.unknownField,
    });
    expect(
      await bad({ field: '00000000-0000-4000-8000-000000000000', operator: 'EQUAL', value: 'x' }),
    ).toEqual({ 'rules.1.field': ATTENDEE_MESSAGES.unknownField });
    expect(await bad({ field: f.num!.id, operator: 'EQUAL', value: 'five' })).toEqual({
      'rules.1.value': MESSAGES.pleaseEnterValue,
    });
    expect(await bad({ field: f.date!.id, operator: 'EQUAL', value: '2024-13-01' })).toEqual({
      'rules.1.value': MESSAGES.pleaseEnterValue,
    });
    expect(await bad({ field: f.time!.id, operator: 'EQUAL', value: '25:00' })).toEqual({
      'rules.1.value': MESSAGES.timeFormat,
    });
    expect(await bad({ field: f.one!.id, operator: 'INCLUDES', value: ['W'] })).toEqual({
      'rules.1.value': MESSAGES.pleaseSelectValue,
    });
    expect(await bad({ field: f.many!.id, operator: 'INCLUDES', value: [] })).toEqual({
      'rules.1.value': MESSAGES.pleaseSelectValue,
    });
    expect(await bad({ field: f.text!.id, operator: 'EQUAL', value: ' ' })).toEqual({
      'rules.1.value': MESSAGES.pleaseEnterValue,
    });
    expect(await bad({ field: f.text!.id, operator: 'SIMILAR', value: 'x' })).toHaveProperty([
      'rules.1.operator',
    ]);
    expect(await bad({ operator: 'EQUAL', value: 'x' })).toEqual({ 'rules.1.field': MESSAGES.required });
  });
});

describe('rule labels stay right', () => {
  it('when a participant changes: PATCH, bulk PATCH, own profile, import, new participants', async () => {
    const label = await ruleLabel([{ field: f.num!.id, operator: 'GREATER_THAN_EQUAL', value: 5 }]);
    expect(await members(label.id)).toBe('bc');
    await c.patch(`participants/${p.a.id}`, { customFields: { [f.num!.id]: 7 } });
    expect(await members(label.id)).toBe('abc');
    await c.patch(`participants/${p.c.id}`, { customFields: { [f.num!.id]: null } });
    expect(await members(label.id)).toBe('ab');
    await c.patch('participants', { ids: [p.c.id, p.d.id], patch: { customFields: { [f.num!.id]: 9 } } });
    expect(await members(label.id)).toBe('abcd');
    await c.patch('participants', { ids: [p.a.id, p.b.id], patch: { customFields: { [f.num!.id]: 1 } } });
    expect(await members(label.id)).toBe('cd');

    // The participant edits an editable field of their own profile.
    const own = client(t, await t.f.token(p.a.userId, 'event'), eventId);
    expect(
      (await own.post('participants/user-profile', { customFields: { [f.num!.id]: 50 } })).statusCode,
    ).toBe(200);
    expect(await members(label.id)).toBe('acd');

    // The import framework's upsert.
    await t.deps.db.transaction().execute((tx) =>
      upsertParticipants(
        tx,
        eventId,
        [
          { email: p.d.email, customFields: { [f.num!.id]: 0 } },
          { email: p.b.email, customFields: { [f.num!.id]: 5 } },
        ],
        { actorId: ten.users.hubAdmin.id },
      ),
    );
    expect(await members(label.id)).toBe('abc');

    const fresh = await participant(c, { customFields: { [f.num!.id]: 99 } });
    expect((fresh.labels as Array<{ id: string }>).map((l) => l.id)).toContain(label.id);
    const notEqual = await ruleLabel([{ field: f.text!.id, operator: 'NOT_EQUAL', value: 'red' }]);
    const joined = await c.post('participants/map-user', { userId: ten.users.moderator.id });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().labels.map((l: { id: string }) => l.id)).toEqual(
      expect.arrayContaining([notEqual.id]),
    );
    await c.delete(`participants/${fresh.id}`);
    await c.delete(`participants/${joined.json().id}`);
    await c.patch('participants', {
      ids: [p.a.id, p.b.id, p.c.id, p.d.id],
      patch: { customFields: { [f.num!.id]: null } },
    });
    await c.patch(`participants/${p.a.id}`, { customFields: { [f.num!.id]: 1 } });
    await c.patch(`participants/${p.b.id}`, { customFields: { [f.num!.id]: 5 } });
    await c.patch(`participants/${p.c.id}`, { customFields: { [f.num!.id]: 10 } });
    expect(await members(label.id)).toBe('bc');
  });

  it('when its rules or its type change', async () => {
    const label = await ruleLabel([{ field: f.num!.id, operator: 'LESS_THAN', value: 5 }]);
    expect(await members(label.id)).toBe('a');
    const changed = await c.patch(`labels/${label.id}`, {
      rules: [{ field: f.num!.id, operator: 'GREATER_THAN', value: 1 }],
    });
    expect(changed.json()).toMatchObject({
      memberCount: 2,
      rules: [{ field: f.num!.id, operator: 'GREATER_THAN', value: 1 }],
    });
    expect(await members(label.id)).toBe('bc');
    // To MANUAL: the members stay, now set by hand.
    const manual = await c.patch(`labels/${label.id}`, { type: 'MANUAL' });
    expect(manual.json()).toMatchObject({ type: 'MANUAL', rules: [], memberCount: 2 });
    await c.patch('participants', { ids: [p.d.id], patch: { addLabelIds: [label.id] } });
    await c.patch(`participants/${p.a.id}`, { customFields: { [f.num!.id]: 3 } });
    expect(await members(label.id)).toBe('bcd');
    // Back to RULE: computed again.
    expect((await c.patch(`labels/${label.id}`, { type: 'RULE' })).json().fields).toEqual({
      rules: ATTENDEE_MESSAGES.rulesRequired,
    });
    await c.patch(`labels/${label.id}`, {
      type: 'RULE',
      rules: [{ field: f.num!.id, operator: 'LESS_THAN_EQUAL', value: 3 }],
    });
    expect(await members(label.id)).toBe('a');
    await c.patch(`participants/${p.a.id}`, { customFields: { [f.num!.id]: 1 } });
    expect(
      (
        await c.patch(`labels/${label.id}`, {
          rules: [{ field: 'company', operator: 'EQUAL', value: 'other' }],
          name: 'Others',
        })
      ).json(),
    ).toMatchObject({ name: 'Others', memberCount: 1 });
    expect(await members(label.id)).toBe('c');
  });
});

describe('labels', () => {
  it('manual labels: members set by hand, createdBy as a full name, counts, list', async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    await t.f.grant(ten.users.eventAdmin.id, 'event', event.id);
    const admin = client(t, await t.f.token(ten.users.eventAdmin.id), event.id);
    const x = await participant(admin);
    const y = await participant(admin);
    const created = await admin.post('labels', { name: 'Speakers', color: '#FF0000' });
    expect(created.statusCode).toBe(201);
    const speakers = created.json();
    const { firstName, lastName } = ten.users.eventAdmin;
    expect(speakers).toEqual({
      id: expect.any(String),
      eventId: event.id,
      name: 'Speakers',
      color: '#ff0000',
      type: 'MANUAL',
      rules: [],
      memberCount: 0,
      createdBy: `${firstName} ${lastName}`,
      createdById: ten.users.eventAdmin.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    await admin.patch(`participants/${x.id}`, { labelIds: [speakers.id] });
    await admin.patch('participants', { ids: [x.id, y.id], patch: { addLabelIds: [speakers.id] } });
    expect((await admin.get(`labels/${speakers.id}`)).json().memberCount).toBe(2);
    await admin.patch(`participants/${y.id}`, { labelIds: [] });
    expect((await admin.get(`labels/${speakers.id}`)).json().memberCount).toBe(1);
    const sponsors = (await admin.post('labels', { name: 'Sponsors' })).json();
    const rule = (
      await admin.post('labels', {
        name: 'All Pats',
        type: 'RULE',
        rules: [{ field: 'firstName', operator: 'EQUAL', value: 'pat' }],
      })
    ).json();
    expect(rule.memberCount).toBe(2);
    expect((await admin.patch(`participants/${x.id}`, { labelIds: [rule.id] })).json().fields).toEqual({
      labelIds: ATTENDEE_MESSAGES.ruleLabelMembers,
    });
    const list = await admin.get('labels?sort=name:desc');
    expect(list.json().total).toBe(3);
    expect(
      list.json().records.map((l: { name: string; memberCount: number }) => [l.name, l.memberCount]),
    ).toEqual([
      ['Sponsors', 0],
      ['Speakers', 1],
      ['All Pats', 2],
    ]);
    expect(
      (await admin.get('labels?search=spo')).json().records.map((l: { name: string }) => l.name),
    ).toEqual(['Sponsors']);
    expect((await admin.get('labels?type=RULE')).json().records.map((l: { name: string }) => l.name)).toEqual(
      ['All Pats'],
    );
    expect((await admin.get('labels?sort=memberCount:asc')).statusCode).toBe(400);
    expect((await admin.delete(`labels/${sponsors.id}`)).statusCode).toBe(204);
    expect((await admin.get(`labels/${sponsors.id}`)).statusCode).toBe(404);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', sponsors.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });

  it('answers bad input with 400, taken names with 409 and other events with 404', async () => {
    expect((await c.post('labels', {})).json().fields).toEqual({ name: MESSAGES.required });
    expect((await c.post('labels', { name: 'n'.repeat(101) })).json().fields).toEqual({
      name: MESSAGES.maxLength,
    });
    expect((await c.post('labels', { name: 'Rules?', type: 'RULE' })).json().fields).toEqual({
      rules: ATTENDEE_MESSAGES.rulesRequired,
    });
    expect(
      (
        await c.post('labels', {
          name: 'Manual',
          rules: [{ field: 'company', operator: 'EQUAL', value: 'x' }],
        })
      ).json().fields,
    ).toEqual({ rules: ATTENDEE_MESSAGES.manualHasNoRules });
    expect((await c.post('labels', { name: 'Kind', type: 'SMART' })).statusCode).toBe(400);
    expect((await c.post('labels', { name: 'Colour', color: 'red' })).statusCode).toBe(400);
    const malformed = await t.as(ten.tokens.hubAdmin, {
      method: 'POST',
      url: `/api/v1/events/${eventId}/labels`,
      headers: { 'content-type': 'application/json' },
      payload: '[',
    });
    expect(malformed.statusCode).toBe(400);
    await c.post('labels', { name: 'Unique' });
    const taken = await c.post('labels', { name: 'UNIQUE' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toEqual({ name: ATTENDEE_MESSAGES.labelNameTaken });
    expect((await c.get('labels/nope')).statusCode).toBe(400);
    expect((await c.get('labels/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const foreign = (
      await client(t, other.tokens.eventAdmin, other.event.id).post('labels', { name: 'Theirs' })
    ).json();
    expect((await c.get(`labels/${foreign.id}`)).statusCode).toBe(404);
    expect((await c.patch(`labels/${foreign.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await c.delete(`labels/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await c.patch('participants', { ids: [p.a.id], patch: { addLabelIds: [foreign.id] } })).json().fields,
    ).toEqual({ 'patch.addLabelIds': ATTENDEE_MESSAGES.unknownLabel });
  });
});
