import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES, MESSAGES, STANDARD_FIELDS } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, participant, type Client, type Tenant } from './attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let f: Record<string, { id: string; key: string }>;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
  f = {
    topics: await field(admin, {
      name: 'Topics',
      dataType: 'ENUM',
      settings: { enumValues: ['AI', 'Web', 'Ops'], isEnumMultiple: true },
      showInProfile: true,
      editableByParticipant: true,
    }),
    shirt: await field(admin, { name: 'Shirt', dataType: 'STRING', editableByParticipant: true }),
    budget: await field(admin, { name: 'Budget', dataType: 'CURRENCY' }),
    linkedin: await field(admin, { name: 'LinkedIn', dataType: 'PROFILE_LINK', showInProfile: true }),
  };
});
afterAll(() => t.close());

describe('options and field data', () => {
  it('offers the filter and bulk-update options', async () => {
    const vip = (await admin.post('labels', { name: 'VIP' })).json();
    const rule = (
      await admin.post('labels', {
        name: 'AI fans',
        type: 'RULE',
        rules: [{ field: f.topics!.id, operator: 'INCLUDES', value: 'AI' }],
      })
    ).json();
    const filters = (await admin.get('participants/filters')).json();
    expect(filters.labels).toEqual([
      { id: rule.id, name: 'AI fans', type: 'RULE', memberCount: 0 },
      { id: vip.id, name: 'VIP', type: 'MANUAL', memberCount: 0 },
    ]);
    expect(filters.customFields.map((c: { key: string; dataType: string }) => [c.key, c.dataType])).toEqual([
      [f.topics!.key, 'ENUM'],
      [f.shirt!.key, 'STRING'],
      [f.budget!.key, 'CURRENCY'],
      [f.linkedin!.key, 'PROFILE_LINK'],
    ]);
    expect(filters.customFields[0].settings.enumValues).toEqual(['AI', 'Web', 'Ops']);
    const update = (await admin.get('participants/update-options')).json();
    expect(update.labels).toEqual([{ id: vip.id, name: 'VIP' }]);
    expect(update.fields.map((x: { key: string }) => x.key)).toEqual([
      'jobTitle',
      'company',
      f.topics!.key,
      f.shirt!.key,
      f.budget!.key,
      f.linkedin!.key,
    ]);
  });

  it('lists every available field with its type and operators, and the values of one', async () => {
    const fields = (await admin.get('participants/get-available-fields')).json().fields;
    expect(fields.map((x: { key: string }) => x.key)).toEqual([
      ...STANDARD_FIELDS,
      f.topics!.key,
      f.shirt!.key,
      f.budget!.key,
      f.linkedin!.key,
    ]);
    expect(fields.find((x: { key: string }) => x.key === 'email')).toMatchObject({
      source: 'standard',
      dataType: 'STRING',
      operators: ['EQUAL', 'NOT_EQUAL'],
      required: true,
      sortable: true,
      editableByParticipant: false,
      showInProfile: false,
    });
    expect(fields.find((x: { key: string }) => x.key === 'phone')).toMatchObject({
      sortable: false,
      showInProfile: false,
    });
    expect(fields.find((x: { key: string }) => x.key === f.topics!.key)).toMatchObject({
      source: 'custom',
      customFieldId: f.topics!.id,
      dataType: 'ENUM',
      isEnumMultiple: true,
      enumValues: ['AI', 'Web', 'Ops'],
      operators: ['INCLUDES'],
      editableByParticipant: true,
      showInProfile: true,
    });
    expect(fields.find((x: { key: string }) => x.key === f.budget!.key).operators).toEqual([
      'EQUAL',
      'NOT_EQUAL',
      'GREATER_THAN',
      'GREATER_THAN_EQUAL',
      'LESS_THAN',
      'LESS_THAN_EQUAL',
    ]);

    const event = await t.f.event({ eventHubId: ten.hub.id });
    const c = client(t, ten.tokens.hubAdmin, event.id);
    const topics = await field(c, {
      name: 'Topics',
      dataType: 'ENUM',
      settings: { enumValues: ['AI', 'Web'], isEnumMultiple: true },
    });
    const score = await field(c, { name: 'Score', dataType: 'NUMBER' });
    await participant(c, { company: 'Acme', customFields: { [topics.id]: ['AI', 'Web'], [score.id]: 2 } });
    await participant(c, { company: 'Acme', customFields: { [topics.id]: ['AI'], [score.id]: 2 } });
    await participant(c, { company: 'Globex', customFields: { [score.id]: 7.5 } });
    await participant(c, { company: '' });
    const data = (q: string) => c.get(`participants/get-available-fields-data?${q}`).then((r) => r.json());
    expect(await data('field=company')).toEqual({
      field: 'company',
      values: [
        { value: 'Acme', count: 2 },
        { value: 'Globex', count: 1 },
      ],
    });
    expect(await data('field=company&search=glo')).toEqual({
      field: 'company',
      values: [{ value: 'Globex', count: 1 }],
    });
    expect(await data(`field=${topics.id}`)).toEqual({
      field: topics.key,
      values: [
        { value: 'AI', count: 2 },
        { value: 'Web', count: 1 },
      ],
    });
    expect(await data(`field=${score.key}&limit=1`)).toEqual({
      field: score.key,
      values: [{ value: 2, count: 2 }],
    });
    expect((await c.get('participants/get-available-fields-data?field=shoeSize')).json().fields).toEqual({
      field: ATTENDEE_MESSAGES.unknownField,
    });
    expect((await c.get('participants/get-available-fields-data')).json().fields).toEqual({
      field: MESSAGES.required,
    });
    expect((await c.get('participants/get-available-fields-data?field=company&limit=5000')).statusCode).toBe(
      400,
    );
  });

  it('counts for the attendee reports', async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    const c = client(t, ten.tokens.hubAdmin, event.id);
    const label = (
      await c.post('labels', {
        name: 'Named Pat',
        type: 'RULE',
        rules: [{ field: 'firstName', operator: 'EQUAL', value: 'pat' }],
      })
    ).json();
    await participant(c);
    await participant(c, { firstName: 'Quinn' });
    await t.f.participant(event.id);
    const res = await c.get('participants/extra-reports');
    expect(res.json()).toEqual({
      total: 3,
      withPhoto: 0,
      withoutPhoto: 3,
      verified: 1,
      unverified: 2,
      magicLinksSent: 0,
      magicLinksUsed: 0,
      byLabel: [{ labelId: label.id, name: 'Named Pat', type: 'RULE', count: 1 }],
    });
  });
});

describe('accounts joining the event', () => {
  it('checks whether an address has an account and participates, without revealing names', async () => {
    const p = await participant(admin, { email: 'checked@example.com' });
    expect((await admin.get('participants/check-user?email=CHECKED@example.com')).json()).toEqual({
      email: 'checked@example.com',
      userExists: true,
      isParticipant: true,
      participantId: p.id,
    });
    expect((await admin.get(`participants/check-user?email=${ten.users.hubAdmin.email}`)).json()).toEqual({
      email: ten.users.hubAdmin.email,
      userExists: true,
      isParticipant: false,
      participantId: null,
    });
    expect((await admin.get('participants/check-user?email=nobody@example.com')).json()).toMatchObject({
      userExists: false,
      isParticipant: false,
    });
    expect((await admin.get('participants/check-user?email=nope')).json().fields).toEqual({
      email: MESSAGES.invalidEmail,
    });
    expect((await admin.get('participants/check-user')).json().fields).toEqual({ email: MESSAGES.required });
  });

  it('maps an existing account into the event by id or e-mail', async () => {
    const account = await t.f.user({ firstName: 'Kim', lastName: 'Lee' });
    // An account of the organisation (it takes part in another of its events): outside ones look unknown (participants.invitations.test.ts).
    await t.f.participant((await t.f.event({ eventHubId: ten.hub.id })).id, account.id);
    const joined = await admin.post('participants/map-user', { email: account.email });
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({
      userId: account.id,
      firstName: 'Kim',
      lastName: 'Lee',
      email: account.email,
    });
    const again = await admin.post('participants/map-user', { userId: account.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(joined.json().id);
    expect(
      await t.deps.db.selectFrom('users').select('id').where('email', '=', account.email).execute(),
    ).toHaveLength(1);
    const missing = await admin.post('participants/map-user', { email: 'ghost@example.com' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().fields).toEqual({ email: ATTENDEE_MESSAGES.noUser });
    expect(
      (await admin.post('participants/map-user', { userId: '00000000-0000-4000-8000-000000000000' }))
        .statusCode,
    ).toBe(404);
    expect((await admin.post('participants/map-user', {})).statusCode).toBe(400);
    expect(
      (await admin.post('participants/map-user', { userId: account.id, email: account.email })).statusCode,
    ).toBe(400);
  });

  it('maps a participant of another event the admin runs, copying the profile', async () => {
    const second = await t.f.event({ eventHubId: ten.hub.id });
    const hub = client(t, ten.tokens.hubAdmin, second.id);
    const source = await participant(hub, {
      firstName: 'Ola',
      lastName: 'Nord',
      company: 'Fjord',
      jobTitle: 'CTO',
      customFields: {},
    });
    const hubHere = client(t, ten.tokens.hubAdmin, ten.event.id);
    const res = await hubHere.post('participants/map-participant-to-event', { participantId: source.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      userId: source.userId,
      eventId: ten.event.id,
      firstName: 'Ola',
      lastName: 'Nord',
      company: 'Fjord',
      jobTitle: 'CTO',
      customFields: {},
    });
    expect(
      (await hubHere.post('participants/map-participant-to-event', { participantId: source.id })).statusCode,
    ).toBe(200);
    // The event admin of this event does not run the source event: 404.
    expect(
      (await admin.post('participants/map-participant-to-event', { participantId: source.id })).statusCode,
    ).toBe(404);
    const foreign = await participant(client(t, other.tokens.eventAdmin, other.event.id));
    expect(
      (await hubHere.post('participants/map-participant-to-event', { participantId: foreign.id })).statusCode,
    ).toBe(404);
    expect(
      (await hubHere.post('participants/map-participant-to-event', { participantId: res.json().id })).json()
        .fields,
    ).toEqual({ participantId: ATTENDEE_MESSAGES.sourceSameEvent });
    expect(
      (await hubHere.post('participants/map-participant-to-event', { participantId: 'x' })).statusCode,
    ).toBe(400);
  });
});

describe('what participants see', () => {
  it('the directory and public profiles: public fields only', async () => {
    const p = await participant(admin, {
      firstName: 'Noor',
      lastName: 'Haddad',
      company: 'Orbit',
      phone: '+1 555',
      customFields: {
        [f.topics!.id]: ['AI'],
        [f.shirt!.id]: 'XL',
        [f.linkedin!.id]: 'https://example.com/noor',
      },
    });
    const me = client(t, ten.tokens.participant, ten.event.id);
    const view = await me.get('participants/view?search=orbit');
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json()).toEqual({
      total: 1,
      records: [
        {
          id: p.id,
          userId: p.userId,
          firstName: 'Noor',
          lastName: 'Haddad',
          jobTitle: '',
          company: 'Orbit',
          bio: '',
          photoUrl: null,
          customFields: [
            { id: f.topics!.id, name: 'Topics', dataType: 'ENUM', currencyCode: null, value: ['AI'] },
            {
              id: f.linkedin!.id,
              name: 'LinkedIn',
              dataType: 'PROFILE_LINK',
              currencyCode: null,
              value: 'https://example.com/noor',
            },
          ],
        },
      ],
    });
    expect((await me.get(`participants/view?search=${encodeURIComponent(p.email)}`)).json().total).toBe(0);
    expect(
      (await me.get('participants/view?sort=company:asc&limit=300')).json().total,
    ).toBeGreaterThanOrEqual(2);
    const profile = await me.get(`participants/${p.userId}/profile`);
    expect(profile.json()).toEqual(view.json().records[0]);
    expect((await me.get('participants/00000000-0000-4000-8000-000000000000/profile')).statusCode).toBe(404);
    expect((await me.get(`participants/${ten.users.hubAdmin.id}/profile`)).statusCode).toBe(404);
    expect(
      (await client(t, other.tokens.participant, ten.event.id).get('participants/view')).statusCode,
    ).toBe(404);
  });

  it("one's own profile: read, and edit the standard fields and the editable custom fields", async () => {
    const me = client(t, ten.tokens.participant, ten.event.id);
    const res = await me.get('participants/user-profile');
    expect(res.statusCode).toBe(200);
    expect(res.json().participant).toMatchObject({
      userId: ten.users.participant.id,
      email: ten.users.participant.email,
    });
    expect(res.json().participant).not.toHaveProperty('labels');
    expect(
      res.json().customFields.map((x: { name: string; editable: boolean }) => [x.name, x.editable]),
    ).toEqual([
      ['Topics', true],
      ['Shirt', true],
      ['LinkedIn', false],
    ]);
    const saved = await me.post('participants/user-profile', {
      firstName: 'Sam',
      bio: 'Hi!',
      customFields: { [f.topics!.id]: ['Web', 'ops'], [f.shirt!.id]: 'M' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().participant).toMatchObject({
      firstName: 'Sam',
      bio: 'Hi!',
      customFields: { [f.topics!.id]: ['Web', 'Ops'], [f.shirt!.id]: 'M' },
    });
    const refused = await me.post('participants/user-profile', {
      customFields: { [f.budget!.id]: 100, [f.linkedin!.id]: 'https://x.example.com' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({
      [`customFields.${f.budget!.id}`]: ATTENDEE_MESSAGES.notEditable,
      [`customFields.${f.linkedin!.id}`]: ATTENDEE_MESSAGES.notEditable,
    });
    expect((await me.post('participants/user-profile', { firstName: '' })).json().fields).toEqual({
      firstName: MESSAGES.required,
    });
    expect(
      (await me.post('participants/user-profile', { customFields: { [f.topics!.id]: ['Cooking'] } })).json()
        .fields,
    ).toEqual({ [`customFields.${f.topics!.id}`]: MESSAGES.pleaseSelectValue });
    expect(
      (await me.post('participants/user-profile', { email: 'new@example.com' })).json().participant.email,
    ).toBe(ten.users.participant.email);
    const account = await t.deps.db
      .selectFrom('users')
      .select('firstName')
      .where('id', '=', ten.users.participant.id)
      .executeTakeFirstOrThrow();
    expect(account.firstName).toBe(ten.users.participant.firstName);
    const notOne = await client(t, ten.tokens.eventAdmin, ten.event.id).get('participants/user-profile');
    expect(notOne.statusCode).toBe(404);
    expect(notOne.json().message).toBe(ATTENDEE_MESSAGES.notParticipant);
  });

  it('chat partners and the people an admin may act as', async () => {
    const event = await t.f.event({ eventHubId: ten.hub.id });
    const c = client(t, ten.tokens.hubAdmin, event.id);
    const a = await participant(c, { firstName: 'Alma' });
    await participant(c, { firstName: 'Bruno' });
    // An event admin who also participates is no one to impersonate.
    await t.f.participant(event.id, ten.users.eventAdmin.id);
    await t.f.participant(event.id, ten.users.superadmin.id);
    const chat = (await c.get('participants/chat-participants?sort=firstName:asc')).json();
    expect(chat.total).toBe(4);
    const moderatorView = await client(t, ten.tokens.moderator, ten.event.id).get(
      'participants/chat-participants',
    );
    expect(
      moderatorView.json().records.some((r: { userId: string }) => r.userId === ten.users.moderator.id),
    ).toBe(false);
    const candidates = (await c.get('participants/impersonate-user-list?sort=firstName:asc')).json();
    expect(candidates.records.map((r: { firstName: string }) => r.firstName)).toEqual(['Alma', 'Bruno']);
    expect(candidates.records[0]).toEqual({
      participantId: a.id,
      userId: a.userId,
      firstName: 'Alma',
      lastName: expect.any(String),
      email: a.email,
      photoUrl: null,
    });
    expect((await c.get('participants/impersonate-user-list?search=alma')).json().total).toBe(1);
    // The admin acts as Alma: her own profile.
    const asAlma = await t.as(ten.tokens.hubAdmin, {
      method: 'GET',
      url: `/api/v1/events/${event.id}/participants/user-profile`,
      headers: { impersonate: a.userId },
    });
    expect(asAlma.json().participant.id).toBe(a.id);
  });
});

describe('OpenAPI', () => {
  it('documents every attendees route with its summary', async () => {
    const res = await t.as(undefined, { method: 'GET', url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const paths = res.json().paths as Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    // The engagement area's moderator magic link (`moderation/…/magic-link-token`) and the games' teams
    // from labels are not ours.
    const ours = Object.entries(paths).filter(
      ([path]) =>
        /participants|custom-fields|labels|magic-link|files/.test(path) &&
        !path.includes('/moderation/') &&
        !path.includes('/gamifications/'),
    );
    expect(ours.map(([path]) => path).sort()).toEqual(
      [
        '/api/v1/auth/magic-link',
        '/api/v1/events/{eventId}/custom-fields',
        '/api/v1/events/{eventId}/custom-fields/reorder',
        '/api/v1/events/{eventId}/custom-fields/{customFieldId}',
        '/api/v1/events/{eventId}/labels',
        '/api/v1/events/{eventId}/labels/{labelId}',
        '/api/v1/events/{eventId}/participants',
        '/api/v1/events/{eventId}/participants/bulk-actions',
        '/api/v1/events/{eventId}/participants/chat-participants',
        '/api/v1/events/{eventId}/participants/check-user',
        '/api/v1/events/{eventId}/participants/extra-reports',
        '/api/v1/events/{eventId}/participants/filters',
        '/api/v1/events/{eventId}/participants/get-available-fields',
        '/api/v1/events/{eventId}/participants/get-available-fields-data',
        '/api/v1/events/{eventId}/participants/impersonate-user-list',
        '/api/v1/events/{eventId}/participants/magic-links',
        '/api/v1/events/{eventId}/participants/map-participant-to-event',
        '/api/v1/events/{eventId}/participants/map-user',
        '/api/v1/events/{eventId}/participants/update-options',
        '/api/v1/events/{eventId}/participants/user-profile',
        '/api/v1/events/{eventId}/participants/user-profile/photo',
        // Profile privacy is the directories' (modules/networking/directories.routes.ts).
        '/api/v1/events/{eventId}/participants/user-profile/privacy',
        '/api/v1/events/{eventId}/participants/view',
        '/api/v1/events/{eventId}/participants/{participantId}',
        '/api/v1/events/{eventId}/participants/{participantId}/activity',
        '/api/v1/events/{eventId}/participants/{participantId}/agenda',
        '/api/v1/events/{eventId}/participants/{participantId}/photo',
        '/api/v1/events/{eventId}/participants/{userId}/profile',
        '/api/v1/files/{key}',
        '/api/v1/participants/export',
      ].sort(),
    );
    for (const [path, operations] of ours)
      for (const [method, op] of Object.entries(operations))
        expect(op.summary, `${method} ${path}`).toBeTruthy();
  });
});
