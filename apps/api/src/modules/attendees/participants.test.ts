import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES, MESSAGES } from '@plenary/domain';
import { readCsv, readXlsx } from '../../../test/exports.js';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, participant, type Client, type Tenant } from './attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
});
afterAll(() => t.close());

const unknownId = '00000000-0000-4000-8000-000000000000';

describe('participants: create, read, update, remove', () => {
  it('adds a new address as a new account without a password, with the profile given', async () => {
    const res = await admin.post('participants', {
      email: 'Ada.Lovelace@Example.com',
      firstName: ' Ada ',
      lastName: 'Lovelace',
      jobTitle: 'Analyst',
      company: 'Analytical Engines',
      phone: '+44 20 0000',
      bio: 'Notes on the engine.',
    });
    expect(res.statusCode, res.body).toBe(201);
    const p = res.json();
    expect(p).toEqual({
      id: expect.any(String),
      eventId: ten.event.id,
      userId: expect.any(String),
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'Analyst',
      company: 'Analytical Engines',
      phone: '+44 20 0000',
      bio: 'Notes on the engine.',
      photoUrl: null,
      emailVerified: false,
      customFields: {},
      labels: [],
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const user = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', p.userId)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      email: 'ada.lovelace@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
      passwordHash: null,
      emailVerifiedAt: null,
    });
    expect((await admin.get(`participants/${p.id}`)).json()).toEqual(p);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['action', 'entity', 'actorId'])
      .where('entityId', 'in', [p.id, p.userId])
      .orderBy('entity')
      .execute();
    expect(audit).toEqual([
      { action: 'create', entity: 'participant', actorId: ten.users.eventAdmin.id },
      { action: 'create', entity: 'user', actorId: ten.users.eventAdmin.id },
    ]);
    const again = await admin.post('participants', {
      email: 'ada.lovelace@example.com',
      firstName: 'A',
      lastName: 'L',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().fields).toEqual({ email: ATTENDEE_MESSAGES.alreadyParticipant });
  });

  it('lets an existing account join without a second account and without touching it', async () => {
    const account = await t.f.user({ firstName: 'Grace', lastName: 'Hopper' });
    // An account of the organisation (it takes part in another of its events); outside ones are invited (participants.invitations.test.ts).
    await t.f.participant((await t.f.event({ eventHubId: ten.hub.id })).id, account.id);
    const res = await admin.post('participants', {
      email: account.email.toUpperCase(),
      firstName: 'Rear Admiral',
      lastName: 'Hopper',
      company: 'Navy',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: account.id,
      firstName: 'Rear Admiral',
      company: 'Navy',
      emailVerified: true,
    });
    const after = await t.deps.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', account.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(account);
    expect(
      await t.deps.db.selectFrom('users').select('id').where('email', '=', account.email).execute(),
    ).toHaveLength(1);
  });

  it('updates the profile, merges custom fields and replaces manual labels', async () => {
    const size = await field(admin, {
      name: 'Shirt',
      dataType: 'ENUM',
      settings: { enumValues: ['S', 'M', 'L'] },
    });
    const note = await field(admin, { name: 'Note', dataType: 'STRING' });
    const vip = (await admin.post('labels', { name: 'VIP' })).json();
    const press = (await admin.post('labels', { name: 'Press' })).json();
    const p = await participant(admin, {
      customFields: { [size.id]: 'm', [note.id]: 'hello' },
      labelIds: [vip.id],
    });
    expect(p.customFields).toEqual({ [size.id]: 'M', [note.id]: 'hello' });
    expect((p.labels as Array<{ name: string }>).map((l) => l.name)).toEqual(['VIP']);
    const res = await admin.patch(`participants/${p.id}`, {
      company: 'Acme',
      customFields: { [note.id]: null, [size.id]: 'L' },
      labelIds: [press.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      company: 'Acme',
      firstName: 'Pat',
      customFields: { [size.id]: 'L' },
      labels: [{ id: press.id, name: 'Press', color: '#000000', type: 'MANUAL' }],
    });
    const empty = await admin.patch(`participants/${p.id}`, {});
    expect(empty.statusCode).toBe(200);
    expect((await admin.patch(`participants/${p.id}`, { email: 'new@example.com' })).json().email).toBe(
      p.email,
    );
    const row = await t.deps.db
      .selectFrom('participants')
      .select('updatedBy')
      .where('id', '=', p.id)
      .executeTakeFirstOrThrow();
    expect(row.updatedBy).toBe(ten.users.eventAdmin.id);
  });

  it('removes a participant from the event; the account stays', async () => {
    const p = await participant(admin);
    expect((await admin.delete(`participants/${p.id}`)).statusCode).toBe(204);
    expect((await admin.get(`participants/${p.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`participants/${p.id}`)).statusCode).toBe(404);
    expect(
      await t.deps.db.selectFrom('users').select('id').where('id', '=', p.userId).executeTakeFirst(),
    ).toBeDefined();
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entityId', '=', p.id)
      .orderBy('createdAt')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'delete']);
  });
});

describe('participants: custom-field values and bad input', () => {
  let f: Record<string, { id: string; key: string }>;
  beforeAll(async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    const c = client(t, ten.tokens.hubAdmin, event.id);
    f = {
      text: await field(c, { name: 'Text', dataType: 'STRING', settings: { required: true } }),
      yes: await field(c, { name: 'Yes', dataType: 'BOOLEAN' }),
      date: await field(c, { name: 'Date', dataType: 'DATE' }),
      num: await field(c, { name: 'Num', dataType: 'NUMBER' }),
      money: await field(c, { name: 'Money', dataType: 'CURRENCY' }),
      time: await field(c, { name: 'Time', dataType: 'TIME' }),
      link: await field(c, { name: 'Link', dataType: 'PROFILE_LINK' }),
      one: await field(c, {
        name: 'One',
        dataType: 'ENUM',
        settings: { enumValues: ['Alpha', 'Beta'], required: true },
      }),
      many: await field(c, {
        name: 'Many',
        dataType: 'ENUM',
        settings: { enumValues: ['Red', 'Green', 'Blue'], isEnumMultiple: true },
      }),
    };
    (globalThis as { __c?: Client }).__c = c;
  });
  const c = () => (globalThis as { __c?: Client }).__c!;
  const base = () => ({
    email: `v-${Math.random().toString(36).slice(2)}@example.com`,
    firstName: 'Val',
    lastName: 'Ue',
  });
  const fieldsOf = async (values: Record<string, unknown>) =>
    (
      await c().post('participants', {
        ...base(),
        customFields: { [f.text!.id]: 'x', [f.one!.id]: 'Alpha', ...values },
      })
    ).json().fields;

  it('stores values of every type, normalised', async () => {
    const res = await c().post('participants', {
      ...base(),
      customFields: {
        [f.text!.id]: '  padded  ',
        [f.yes!.id]: false,
        [f.date!.id]: '2026-02-28',
        [f.num!.id]: -12.5,
        [f.money!.id]: 1999.99,
        [f.time!.id]: '9:05 pm',
        [f.link!.id]: 'https://example.com/me',
        [f.one!.id]: 'beta',
        [f.many!.id]: ['green', 'Red', 'Green'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().customFields).toEqual({
      [f.text!.id]: 'padded',
      [f.yes!.id]: false,
      [f.date!.id]: '2026-02-28',
      [f.num!.id]: -12.5,
      [f.money!.id]: 1999.99,
      [f.time!.id]: '09:05 PM',
      [f.link!.id]: 'https://example.com/me',
      [f.one!.id]: 'Beta',
      [f.many!.id]: ['Green', 'Red'],
    });
  });

  it('answers wrong values with the spec messages', async () => {
    const missing = await c().post('participants', base());
    expect(missing.json().fields).toEqual({
      [`customFields.${f.text!.id}`]: MESSAGES.required,
      [`customFields.${f.one!.id}`]: MESSAGES.required,
    });
    expect(await fieldsOf({ [f.text!.id]: '' })).toEqual({
      [`customFields.${f.text!.id}`]: MESSAGES.pleaseEnterValue,
    });
    expect(await fieldsOf({ [f.one!.id]: '' })).toEqual({
      [`customFields.${f.one!.id}`]: MESSAGES.pleaseSelectValue,
    });
    expect(await fieldsOf({ [f.one!.id]: 'Gamma' })).toEqual({
      [`customFields.${f.one!.id}`]: MESSAGES.pleaseSelectValue,
    });
    expect(await fieldsOf({ [f.many!.id]: ['Red', 'Pink'] })).toEqual({
      [`customFields.${f.many!.id}`]: MESSAGES.pleaseSelectValue,
    });
    expect(await fieldsOf({ [f.time!.id]: '25:00' })).toEqual({
      [`customFields.${f.time!.id}`]: MESSAGES.timeFormat,
    });
    expect(await fieldsOf({ [f.time!.id]: '13:30 PM' })).toEqual({
      [`customFields.${f.time!.id}`]: MESSAGES.timeFormat,
    });
    expect(await fieldsOf({ [f.link!.id]: 'ftp://example.com' })).toEqual({
      [`customFields.${f.link!.id}`]: MESSAGES.invalidUrl,
    });
    expect(await fieldsOf({ [f.num!.id]: '12' })).toEqual({
      [`customFields.${f.num!.id}`]: MESSAGES.pleaseEnterValue,
    });
    expect(await fieldsOf({ [f.money!.id]: 1.005 })).toEqual({
      [`customFields.${f.money!.id}`]: MESSAGES.pleaseEnterValue,
    });
    expect(await fieldsOf({ [f.date!.id]: '2026-02-30' })).toEqual({
      [`customFields.${f.date!.id}`]: MESSAGES.pleaseEnterValue,
    });
    expect(await fieldsOf({ [f.yes!.id]: 'yes' })).toEqual({
      [`customFields.${f.yes!.id}`]: MESSAGES.pleaseEnterValue,
    });
    expect(await fieldsOf({ [f.text!.id]: 'x'.repeat(2001) })).toEqual({
      [`customFields.${f.text!.id}`]: MESSAGES.maxLength,
    });
    expect(await fieldsOf({ [f.text!.id]: { nested: true } })).toEqual({
      [`customFields.${f.text!.id}`]: MESSAGES.pleaseEnterValue,
    });
    expect(await fieldsOf({ [unknownId]: 'x' })).toEqual({
      [`customFields.${unknownId}`]: ATTENDEE_MESSAGES.unknownField,
    });
    const p = (
      await c().post('participants', {
        ...base(),
        customFields: { [f.text!.id]: 'x', [f.one!.id]: 'Alpha', [f.num!.id]: 3 },
      })
    ).json();
    const clear = await c().patch(`participants/${p.id}`, {
      customFields: { [f.text!.id]: null, [f.num!.id]: null },
    });
    expect(clear.json().fields).toEqual({ [`customFields.${f.text!.id}`]: MESSAGES.required });
    expect(
      (await c().patch(`participants/${p.id}`, { customFields: { [f.num!.id]: null } })).json().customFields,
    ).toEqual({ [f.text!.id]: 'x', [f.one!.id]: 'Alpha' });
  });

  it('answers malformed requests with 400 and other ids with 404', async () => {
    const malformed = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/participants`,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Malformed JSON body');
    const required = await admin.post('participants', {});
    expect(required.json().fields).toEqual({
      email: MESSAGES.required,
      firstName: MESSAGES.required,
      lastName: MESSAGES.required,
    });
    const types = await admin.post('participants', {
      email: 42,
      firstName: ['A'],
      lastName: 'B',
      company: 7,
    });
    expect(types.statusCode).toBe(400);
    expect(Object.keys(types.json().fields).sort()).toEqual(['company', 'email', 'firstName']);
    const long = await admin.post('participants', {
      email: 'long@example.com',
      firstName: 'f'.repeat(101),
      lastName: 'l',
      bio: 'b'.repeat(5001),
      phone: '1'.repeat(51),
    });
    expect(long.json().fields).toEqual({
      firstName: MESSAGES.maxLength,
      bio: MESSAGES.maxLength,
      phone: MESSAGES.maxLength,
    });
    expect(
      (await admin.post('participants', { email: 'not an address', firstName: 'A', lastName: 'B' })).json()
        .fields,
    ).toEqual({ email: MESSAGES.invalidEmail });
    expect(
      (
        await admin.post('participants', {
          email: 'ok@example.com',
          firstName: 'A',
          lastName: 'B',
          labelIds: ['nope'],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await admin.post('participants', {
          email: 'ok@example.com',
          firstName: 'A',
          lastName: 'B',
          labelIds: [unknownId],
        })
      ).json().fields,
    ).toEqual({ labelIds: ATTENDEE_MESSAGES.unknownLabel });
    expect((await admin.get('participants/not-a-uuid')).statusCode).toBe(400);
    expect((await admin.get(`participants/${unknownId}`)).statusCode).toBe(404);
    expect((await admin.patch(`participants/${unknownId}`, { company: 'x' })).statusCode).toBe(404);
    const foreign = await participant(client(t, other.tokens.eventAdmin, other.event.id));
    expect((await admin.get(`participants/${foreign.id}`)).statusCode).toBe(404);
    expect((await admin.patch(`participants/${foreign.id}`, { company: 'x' })).statusCode).toBe(404);
    expect((await admin.delete(`participants/${foreign.id}`)).statusCode).toBe(404);
    expect(
      (await t.as(ten.tokens.eventAdmin, { method: 'GET', url: `/api/v1/events/${unknownId}/participants` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.as(ten.tokens.eventAdmin, { method: 'GET', url: '/api/v1/events/nope/participants' }))
        .statusCode,
    ).toBe(400);
  });
});

describe('participants: the list', () => {
  let c: Client;
  let f: Record<string, { id: string; key: string }>;
  let people: Record<string, { id: string; userId: string }>;
  let vip: { id: string };
  let eventId: string;

  beforeAll(async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    eventId = event.id;
    await t.f.grant(ten.users.eventAdmin.id, 'event', event.id);
    c = client(t, await t.f.token(ten.users.eventAdmin.id), event.id);
    f = {
      city: await field(c, { name: 'City', dataType: 'STRING' }),
      score: await field(c, { name: 'Score', dataType: 'NUMBER' }),
      since: await field(c, { name: 'Since', dataType: 'DATE' }),
      slot: await field(c, { name: 'Slot', dataType: 'TIME' }),
      diet: await field(c, {
        name: 'Diet',
        dataType: 'ENUM',
        settings: { enumValues: ['Vegan', 'Halal', 'Kosher'], isEnumMultiple: true },
      }),
      paid: await field(c, { name: 'Paid', dataType: 'BOOLEAN' }),
    };
    vip = (await c.post('labels', { name: 'VIP' })).json();
    const make = (
      email: string,
      firstName: string,
      lastName: string,
      company: string,
      cf: Record<string, unknown>,
      extra: object = {},
    ) =>
      participant(c, {
        email,
        firstName,
        lastName,
        company,
        customFields: Object.fromEntries(Object.entries(cf).map(([k, v]) => [f[k]!.id, v])),
        ...extra,
      });
    people = {
      zoe: await make(
        'zoe@alpha.example.com',
        'Zoë',
        'adams',
        'Acme',
        { city: 'Lisbon', score: 10, since: '2020-01-01', slot: '09:00 AM', diet: ['Vegan'], paid: true },
        { labelIds: [vip.id] },
      ),
      ben: await make('ben@beta.example.com', 'Ben', 'Baker', 'Globex', {
        city: 'lisbon',
        score: 2.5,
        since: '2024-06-30',
        slot: '01:30 PM',
        diet: ['Halal', 'Vegan'],
        paid: false,
      }),
      cy: await make('cy@gamma.example.com', 'Cy', 'Clark', '=HYPERLINK("x")', {
        score: 100,
        slot: '11:59 PM',
      }),
      dee: await make('dee@delta.example.com', 'Dee', 'Diaz', 'acme corp', {
        city: 'Berlin',
        diet: ['Kosher'],
      }),
    };
  });

  const list = async (query: string) => {
    const res = await c.get(`participants?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      total: number;
      records: Array<{ id: string; firstName: string; lastName: string }>;
    };
  };
  const names = async (query: string) => (await list(query)).records.map((r) => r.firstName);

  it('pages, sorts by standard fields and searches names, e-mail and company', async () => {
    expect(await names('')).toEqual(['Zoë', 'Ben', 'Cy', 'Dee']);
    expect(await names('sort=lastName:desc')).toEqual(['Dee', 'Cy', 'Ben', 'Zoë']);
    expect(await names('sort=firstName:asc')).toEqual(['Ben', 'Cy', 'Dee', 'Zoë']);
    expect(await names('sort=email:asc')).toEqual(['Ben', 'Cy', 'Dee', 'Zoë']);
    expect(await names('sort=company:asc')).toEqual(['Cy', 'Zoë', 'Dee', 'Ben']);
    expect(await names('sort=createdAt:desc&limit=2&page=2')).toEqual(['Ben', 'Zoë']);
    expect((await list('limit=2&page=9')).records).toEqual([]);
    expect(await names('search=ACME')).toEqual(['Zoë', 'Dee']);
    expect(await names('search=beta.example')).toEqual(['Ben']);
    expect(await names('search=zoë adams')).toEqual(['Zoë']);
    expect(await names('search=%')).toEqual([]);
    const first = (await list('search=zoe@')).records[0] as unknown as {
      labels: Array<{ name: string }>;
      emailVerified: boolean;
    };
    expect(first.labels.map((l) => l.name)).toEqual(['VIP']);
    expect(first.emailVerified).toBe(false);
    const all = await c.get('participants?limit=1000000');
    expect(all.statusCode).toBe(200);
    expect(all.json().total).toBe(4);
    expect(
      all.json().records.map((r: { firstName: string; labels: unknown[] }) => [r.firstName, r.labels.length]),
    ).toEqual([
      ['Zoë', 1],
      ['Ben', 0],
      ['Cy', 0],
      ['Dee', 0],
    ]);
  });

  it('sorts by custom fields of every type, values first or last', async () => {
    expect(await names(`sort=${f.score!.key}:desc`)).toEqual(['Cy', 'Zoë', 'Ben', 'Dee']);
    expect(await names(`sort=${f.score!.key}:asc`)).toEqual(['Dee', 'Ben', 'Zoë', 'Cy']);
    expect(await names(`sort=${f.slot!.key}:asc`)).toEqual(['Dee', 'Zoë', 'Ben', 'Cy']);
    // Participants without a value tie (broken by id): only the order of those with values is fixed.
    expect((await names(`sort=${f.since!.key}:desc`)).slice(0, 2)).toEqual(['Ben', 'Zoë']);
    expect((await names(`sort=${f.since!.key}:asc`)).slice(2)).toEqual(['Zoë', 'Ben']);
    expect((await names(`sort=${f.city!.key}:asc&limit=1000000`)).slice(0, 2)).toEqual(['Cy', 'Dee']);
    expect((await names(`sort=${f.paid!.key}:desc`)).slice(0, 2)).toEqual(['Zoë', 'Ben']);
  });

  it('filters by label, photo, verification, custom-field values, ranges and rules', async () => {
    expect(await names(`labelId=${vip.id}`)).toEqual(['Zoë']);
    expect(await names('hasPhoto=false')).toHaveLength(4);
    expect(await names('hasPhoto=true')).toEqual([]);
    expect(await names('verified=true')).toEqual([]);
    expect(await names(`${f.city!.key}=LISBON`)).toEqual(['Zoë', 'Ben']);
    expect(await names(`${f.city!.key}=Berlin,lisbon&sort=firstName:asc`)).toEqual(['Ben', 'Dee', 'Zoë']);
    expect(await names(`${f.diet!.key}=vegan`)).toEqual(['Zoë', 'Ben']);
    expect(await names(`${f.diet!.key}=Kosher&${f.diet!.key}=Halal`)).toEqual(['Ben', 'Dee']);
    expect(await names(`${f.paid!.key}=false`)).toEqual(['Ben']);
    expect(await names(`${f.score!.key}From=2.5&${f.score!.key}To=10`)).toEqual(['Zoë', 'Ben']);
    expect(await names(`${f.score!.key}=100`)).toEqual(['Cy']);
    expect(await names(`${f.since!.key}From=2021-01-01`)).toEqual(['Ben']);
    expect(await names(`${f.slot!.key}To=12:00 PM`)).toEqual(['Zoë']);
    expect(await names(`${f.slot!.key}From=1:30 pm`)).toEqual(['Ben', 'Cy']);
    const rules = (r: unknown) => `rules=${encodeURIComponent(JSON.stringify(r))}`;
    expect(await names(rules([{ field: 'company', operator: 'EQUAL', value: 'ACME' }]))).toEqual(['Zoë']);
    expect(await names(rules([{ field: f.city!.id, operator: 'NOT_EQUAL', value: 'lisbon' }]))).toEqual([
      'Cy',
      'Dee',
    ]);
    expect(
      await names(
        rules([
          { field: f.score!.key, operator: 'GREATER_THAN', value: 2.5 },
          { field: f.diet!.id, operator: 'INCLUDES', value: ['Vegan'] },
        ]),
      ),
    ).toEqual(['Zoë']);
    expect(await names(`search=a&${f.city!.key}=lisbon&labelId=${vip.id}`)).toEqual(['Zoë']);
  });

  it('refuses filters and sorts it does not know', async () => {
    const bad = async (query: string) => {
      const res = await c.get(`participants?${query}`);
      expect(res.statusCode, query).toBe(400);
      return res.json().fields;
    };
    expect(await bad(`${f.score!.key}=abc`)).toEqual({ [`${f.score!.key}.0`]: MESSAGES.pleaseEnterValue });
    expect(await bad(`${f.diet!.key}=Paleo`)).toEqual({ [`${f.diet!.key}.0`]: MESSAGES.pleaseSelectValue });
    expect(await bad(`${f.slot!.key}From=noon`)).toEqual({ [`${f.slot!.key}From`]: MESSAGES.timeFormat });
    expect(await bad('cf_00000000000040008000000000000000=x')).toEqual({
      cf_00000000000040008000000000000000: ATTENDEE_MESSAGES.unknownField,
    });
    expect(await bad(`${f.city!.key}From=a`)).toEqual({
      [`${f.city!.key}From`]: ATTENDEE_MESSAGES.unknownField,
    });
    expect(await bad('rules=not-json')).toEqual({ rules: ATTENDEE_MESSAGES.invalidFilter });
    expect(
      await bad(
        `rules=${encodeURIComponent(JSON.stringify([{ field: f.diet!.id, operator: 'EQUAL', value: 'Vegan' }]))}`,
      ),
    ).toEqual({ 'rules.0.operator': ATTENDEE_MESSAGES.operatorNotAllowed });
    expect(
      await bad(
        `rules=${encodeURIComponent(JSON.stringify([{ field: 'shoeSize', operator: 'EQUAL', value: '9' }]))}`,
      ),
    ).toEqual({ 'rules.0.field': ATTENDEE_MESSAGES.unknownField });
    await bad('sort=phone:asc');
    await bad('sort=cf_00000000000040008000000000000000:asc');
    await bad('labelId=nope');
    await bad('hasPhoto=maybe');
    await bad('limit=0');
    await bad(`search=${'s'.repeat(201)}`);
  });

  it('updates many participants at once', async () => {
    const press = (await c.post('labels', { name: 'Press' })).json();
    const rule = (
      await c.post('labels', {
        name: 'Rich',
        type: 'RULE',
        rules: [{ field: f.score!.id, operator: 'GREATER_THAN_EQUAL', value: 50 }],
      })
    ).json();
    const ids = [people.zoe!.id, people.ben!.id, unknownId];
    const res = await c.patch('participants', {
      ids,
      patch: {
        company: 'Initech',
        customFields: { [f.score!.id]: 75 },
        addLabelIds: [press.id],
        removeLabelIds: [vip.id],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ updated: 2 });
    const after = (await list(`labelId=${press.id}&sort=firstName:asc`)).records as unknown as Array<{
      firstName: string;
      company: string;
      customFields: Record<string, unknown>;
      labels: Array<{ name: string }>;
    }>;
    expect(
      after.map((p) => [p.firstName, p.company, p.customFields[f.score!.id], p.labels.map((l) => l.name)]),
    ).toEqual([
      ['Ben', 'Initech', 75, ['Press', 'Rich']],
      ['Zoë', 'Initech', 75, ['Press', 'Rich']],
    ]);
    expect((await c.get(`labels/${rule.id}`)).json().memberCount).toBe(3);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('entityId')
      .where('action', '=', 'update')
      .where('entityId', 'in', [people.zoe!.id, people.ben!.id])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    expect((await c.patch('participants', { ids: [people.zoe!.id], patch: {} })).json().fields).toEqual({
      patch: ATTENDEE_MESSAGES.patchEmpty,
    });
    expect(
      (await c.patch('participants', { ids: [people.zoe!.id], patch: { addLabelIds: [rule.id] } })).json()
        .fields,
    ).toEqual({ 'patch.addLabelIds': ATTENDEE_MESSAGES.ruleLabelMembers });
    expect((await c.patch('participants', { ids: [], patch: { company: 'x' } })).json().fields).toEqual({
      ids: MESSAGES.required,
    });
    expect(
      (
        await c.patch('participants', {
          ids: [people.zoe!.id],
          patch: { customFields: { [f.score!.id]: 'many' } },
        })
      ).json().fields,
    ).toEqual({ [`customFields.${f.score!.id}`]: MESSAGES.pleaseEnterValue });
    expect(
      (
        await c.patch('participants', {
          ids: Array.from({ length: 10_001 }, () => unknownId),
          patch: { company: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    await c.patch('participants', {
      ids: [people.zoe!.id, people.ben!.id],
      patch: { removeLabelIds: [press.id], customFields: { [f.score!.id]: null } },
    });
    expect((await c.get(`labels/${rule.id}`)).json().memberCount).toBe(1);
  });

  it('exports the filtered list with its custom fields, cells neutralised', async () => {
    const res = await t.as(ten.tokens.eventAdmin, {
      method: 'GET',
      url: `/api/v1/participants/export?eventId=${eventId}&sort=lastName:asc`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="participants-\d{4}-\d{2}-\d{2}\.csv"/,
    );
    const csv = readCsv(res.body);
    expect(csv[0]).toEqual([
      'First name',
      'Last name',
      'E-mail',
      'Job title',
      'Company',
      'Phone',
      'Bio',
      'Photo',
      'E-mail verified',
      'Labels',
      'Created at',
      'Updated at',
      'City',
      'Score',
      'Since',
      'Slot',
      'Diet',
      'Paid',
    ]);
    expect(csv.slice(1).map((r) => [r[0], r[4], r[9], r[12], r[16], r[17]])).toEqual([
      ['Zoë', 'Initech', '', 'Lisbon', 'Vegan', 'Yes'],
      ['Ben', 'Initech', '', 'lisbon', 'Halal, Vegan', 'No'],
      ['Cy', `'=HYPERLINK("x")`, 'Rich', '', '', ''],
      ['Dee', 'acme corp', '', 'Berlin', 'Kosher', ''],
    ]);
    const xlsx = await readXlsx(
      (
        await t.as(ten.tokens.eventAdmin, {
          method: 'GET',
          url: `/api/v1/participants/export?eventId=${eventId}&format=xlsx&columns=lastName,${f.slot!.key},company&${f.slot!.key}From=09:00 AM&sort=${f.slot!.key}:asc`,
        })
      ).rawPayload,
    );
    expect(xlsx).toEqual([
      ['Last name', 'Slot', 'Company'],
      ['adams', '09:00 AM', 'Initech'],
      ['Baker', '01:30 PM', 'Initech'],
      ['Clark', '11:59 PM', `'=HYPERLINK("x")`],
    ]);
    const exp = (q: string) =>
      t.as(ten.tokens.eventAdmin, { method: 'GET', url: `/api/v1/participants/export?${q}` });
    expect((await exp('format=csv')).statusCode).toBe(400);
    expect((await exp(`eventId=${eventId}&columns=lastName,shoeSize`)).statusCode).toBe(400);
    expect((await exp(`eventId=${eventId}&${f.score!.key}=x`)).statusCode).toBe(400);
    expect((await exp(`eventId=${other.event.id}`)).statusCode).toBe(404);
    expect(
      (
        await t.as(other.tokens.eventAdmin, {
          method: 'GET',
          url: `/api/v1/participants/export?eventId=${eventId}`,
        })
      ).statusCode,
    ).toBe(404);
  });
});
