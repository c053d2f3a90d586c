import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DIRECTORY_MESSAGES, MESSAGES, type Directory, type DirectoryItem } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participantToken, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { field, participant } from '../attendees/attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
});
afterAll(() => t.close());

async function create(body: Record<string, unknown>): Promise<Directory> {
  const res = await admin.post('directories', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function people(c: Client, directoryId: string, query = ''): Promise<DirectoryItem[]> {
  const res = await c.get(`directories/${directoryId}/items${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { records: DirectoryItem[] }).records;
}
const names = (items: DirectoryItem[]) => items.map((i) => i.lastName);

describe('directories', () => {
  it('creates, reads, lists, updates and deletes a directory', async () => {
    const d = await create({ name: 'Everyone', view: 'GRID' });
    expect(d).toMatchObject({
      name: 'Everyone',
      view: 'GRID',
      filter: 'ALL_PARTICIPANTS',
      shownFields: ['jobTitle', 'company', 'photo'],
      sort: 'LAST_NAME',
    });
    const participantClient = client(t, ten.tokens.participant, eventId);
    expect((await participantClient.get(`directories/${d.id}`)).json()).toMatchObject({ name: 'Everyone' });
    const list = (await participantClient.get('directories?search=every')).json() as { records: Directory[] };
    expect(list.records.map((r) => r.id)).toContain(d.id);
    const patched = await admin.patch(`directories/${d.id}`, { view: 'PILL', name: 'All of us' });
    expect(patched.json()).toMatchObject({ view: 'PILL', name: 'All of us', filter: 'ALL_PARTICIPANTS' });
    expect((await admin.delete(`directories/${d.id}`)).statusCode).toBe(204);
    expect((await admin.get(`directories/${d.id}`)).statusCode).toBe(404);
    // Another event's directory is not found through this one
    const foreign = await client(t, other.tokens.eventAdmin, other.event.id).post('directories', {
      name: 'X',
    });
    expect((await admin.get(`directories/${(foreign.json() as Directory).id}`)).statusCode).toBe(404);
    expect((await admin.get(`directories/${(foreign.json() as Directory).id}/items`)).statusCode).toBe(404);
  });

  it('lists each filter kind: all, speakers, session speakers, custom by labels and field values, contacts', async () => {
    const ten2 = await t.f.tenant();
    const adm = client(t, ten2.tokens.eventAdmin, ten2.event.id);
    const label = (await adm.post('labels', { name: 'VIP' })).json() as { id: string };
    const country = await field(adm, { name: 'Country', dataType: 'STRING', showInProfile: true });
    const secret = await field(adm, { name: 'Secret', dataType: 'STRING', showInProfile: false });
    const ann = await participant(adm, {
      lastName: 'Ann',
      jobTitle: 'CTO',
      company: 'Acme',
      bio: 'Hi',
      labelIds: [label.id],
      customFields: { [country.id]: 'FR', [secret.id]: 's' },
    });
    const bob = await participant(adm, {
      lastName: 'Bob',
      company: 'Zeta',
      customFields: { [country.id]: 'DE' },
    });
    const cid = await participant(adm, { lastName: 'Cid', company: 'Beta' });
    const s1 = await session(adm, { speakerIds: [ann.id] });
    await session(adm, { speakerIds: [bob.id] });
    const dir = async (body: Record<string, unknown>) => {
      const res = await adm.post('directories', { name: 'D', ...body });
      expect(res.statusCode, res.body).toBe(201);
      return (res.json() as Directory).id;
    };
    const viewer = client(t, ten2.tokens.participant, ten2.event.id);

    const all = await people(viewer, await dir({}));
    expect(names(all)).toEqual(expect.arrayContaining(['Ann', 'Bob', 'Cid']));
    expect(names(await people(viewer, await dir({ filter: 'ALL_SPEAKERS' })))).toEqual(['Ann', 'Bob']);
    expect(
      names(await people(viewer, await dir({ filter: 'SESSION_SPEAKERS', sessionIds: [s1.id] }))),
    ).toEqual(['Ann']);
    const vipDir = await dir({ filter: 'CUSTOM', labelIds: [label.id] });
    expect(names(await people(viewer, vipDir))).toEqual(['Ann']);
    // Participants never see the filter's arguments (label names are the organisers'); staff do.
    expect((await viewer.get(`directories/${vipDir}`)).json()).toMatchObject({
      filter: 'CUSTOM',
      labelIds: [],
      labels: [],
      customFieldValues: [],
    });
    const listed = (await viewer.get('directories')).json() as { records: Directory[] };
    expect(listed.records.find((d) => d.id === vipDir)).toMatchObject({ labelIds: [], labels: [] });
    const moderator = client(t, ten2.tokens.moderator, ten2.event.id);
    expect((await moderator.get(`directories/${vipDir}`)).json()).toMatchObject({
      labelIds: [label.id],
      labels: [{ id: label.id, name: 'VIP' }],
    });
    expect(
      names(
        await people(
          viewer,
          await dir({ filter: 'CUSTOM', customFieldValues: [{ fieldId: country.id, values: ['DE', 'IT'] }] }),
        ),
      ),
    ).toEqual(['Bob']);
    expect(
      names(
        await people(
          viewer,
          await dir({
            filter: 'CUSTOM',
            labelIds: [label.id],
            customFieldValues: [{ fieldId: country.id, values: ['DE'] }],
          }),
        ),
      ),
    ).toEqual([]);
    // Available for meetings: those who marked themselves available (the meetings part's meeting_availability)
    const availableDir = await dir({ filter: 'USERS_AVAILABLE_FOR_MEETINGS' });
    expect(await people(viewer, availableDir)).toEqual([]);
    await sql`INSERT INTO meeting_availability (event_id, participant_id) VALUES (${ten2.event.id}, ${bob.id})`.execute(
      t.deps.db,
    );
    expect(names(await people(viewer, availableDir))).toEqual(['Bob']);

    // Contacts: the viewer's accepted exchanges only (business_card_contacts)
    const contactsDir = await dir({ filter: 'BUSINESS_CARD_EXCHANGED' });
    expect(await people(viewer, contactsDir)).toEqual([]);
    const viewerPid = await t.deps.db
      .selectFrom('participants')
      .select('id')
      .where('eventId', '=', ten2.event.id)
      .where('userId', '=', ten2.users.participant.id)
      .executeTakeFirstOrThrow();
    await sql`INSERT INTO business_card_contacts (event_id, owner_participant_id, contact_participant_id)
      VALUES (${ten2.event.id}, ${viewerPid.id}, ${cid.id}), (${ten2.event.id}, ${bob.id}, ${ann.id})`.execute(
      t.deps.db,
    );
    expect(names(await people(viewer, contactsDir))).toEqual(['Cid']);
    // Staff who are no participant have no contacts
    expect(await people(adm, contactsDir)).toEqual([]);

    // Shown fields: only those chosen; a custom field only when chosen and marked showInProfile
    const shownDir = await dir({ shownFields: ['bio', country.id, secret.id], sort: 'COMPANY' });
    const shown = await people(viewer, shownDir);
    const a = shown.find((i) => i.lastName === 'Ann')!;
    expect(a).toMatchObject({ jobTitle: '', company: '', bio: 'Hi', photoUrl: null });
    expect(a.customFields.map((c) => [c.name, c.value])).toEqual([['Country', 'FR']]);
    // Sorted by company by default; search by names and company
    expect(names(shown).filter((x) => ['Ann', 'Bob', 'Cid'].includes(x))).toEqual(['Ann', 'Cid', 'Bob']);
    expect(names(await people(viewer, shownDir, '?search=zet'))).toEqual(['Bob']);
    expect(names(await people(viewer, shownDir, '?search=zet&sort=lastName:desc'))).toEqual(['Bob']);
  });

  it('leaves hidden profiles out of directories and the People list; their profile is 404 to other participants', async () => {
    const ten3 = await t.f.tenant();
    const adm = client(t, ten3.tokens.eventAdmin, ten3.event.id);
    const hider = await participantToken(t, ten3.event.id);
    const me = client(t, hider.token, ten3.event.id);
    const viewer = client(t, ten3.tokens.participant, ten3.event.id);
    const moderator = client(t, ten3.tokens.moderator, ten3.event.id);
    const dirId = ((await adm.post('directories', { name: 'All' })).json() as Directory).id;
    const listed = async (c: Client) => (await people(c, dirId)).map((i) => i.userId);
    const inPeople = async (c: Client) =>
      ((await c.get('participants/view?limit=100')).json() as { records: DirectoryItem[] }).records.map(
        (r) => r.userId,
      );

    expect(await me.get('participants/user-profile/privacy').then((r) => r.json())).toEqual({
      hidden: false,
    });
    expect(await listed(viewer)).toContain(hider.userId);
    expect(await inPeople(viewer)).toContain(hider.userId);

    const put = await me.call('PUT', 'participants/user-profile/privacy', { hidden: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual({ hidden: true });
    expect(await me.get('participants/user-profile/privacy').then((r) => r.json())).toEqual({ hidden: true });

    expect(await listed(viewer)).not.toContain(hider.userId);
    expect(await listed(adm)).not.toContain(hider.userId);
    expect(await inPeople(viewer)).not.toContain(hider.userId);
    expect(await inPeople(moderator)).not.toContain(hider.userId);
    expect((await viewer.get(`participants/${hider.userId}/profile`)).statusCode).toBe(404);
    // Its owner and the event's staff still see the profile
    expect((await me.get(`participants/${hider.userId}/profile`)).statusCode).toBe(200);
    expect((await moderator.get(`participants/${hider.userId}/profile`)).statusCode).toBe(200);
    expect((await adm.get(`participants/${hider.userId}/profile`)).statusCode).toBe(200);

    await me.call('PUT', 'participants/user-profile/privacy', { hidden: false });
    expect(await listed(viewer)).toContain(hider.userId);
    expect((await viewer.get(`participants/${hider.userId}/profile`)).statusCode).toBe(200);
  });

  it('checks references and the filter needs, with field messages', async () => {
    const foreignSession = await session(client(t, other.tokens.eventAdmin, other.event.id));
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ filter: 'SESSION_SPEAKERS' }, 'sessionIds', DIRECTORY_MESSAGES.sessionsRequired],
      [{ filter: 'CUSTOM' }, 'labelIds', DIRECTORY_MESSAGES.customRequired],
      [
        { filter: 'SESSION_SPEAKERS', sessionIds: [foreignSession.id] },
        'sessionIds.0',
        MESSAGES.pleaseSelectValue,
      ],
      [{ filter: 'CUSTOM', labelIds: [foreignSession.id] }, 'labelIds.0', MESSAGES.pleaseSelectValue],
      [
        { filter: 'CUSTOM', customFieldValues: [{ fieldId: foreignSession.id, values: ['x'] }] },
        'customFieldValues.0.fieldId',
        MESSAGES.pleaseSelectValue,
      ],
      [{ shownFields: [foreignSession.id] }, 'shownFields.0', MESSAGES.pleaseSelectValue],
    ];
    for (const [body, key, message] of cases) {
      const res = await admin.post('directories', { name: 'D', ...body });
      expect(res.statusCode, res.body).toBe(400);
      expect((res.json() as { fields: Record<string, string> }).fields[key], res.body).toBe(message);
    }
    const d = await create({ name: 'Plain' });
    const res = await admin.patch(`directories/${d.id}`, { filter: 'SESSION_SPEAKERS' });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { fields: Record<string, string> }).fields.sessionIds).toBe(
      DIRECTORY_MESSAGES.sessionsRequired,
    );
  });

  it('refuses malformed input with 400, never 500', async () => {
    const bad: unknown[] = [
      { name: 'a\u0000b' },
      { name: 'a\ud800b' },
      { name: 'x'.repeat(100_000) },
      { name: '' },
      { name: 'D', view: 'TABLE' },
      { name: 'D', filter: 'EVERYBODY' },
      { name: 'D', sessionIds: ['not-a-uuid'] },
      { name: 'D', shownFields: ['email'] },
      { name: 'D', sort: 'AGE' },
      { name: 'D', position: -1 },
      { name: 'D', customFieldValues: [{ fieldId: 'x', values: [] }] },
      {
        name: 'D',
        customFieldValues: [{ fieldId: '6f1d7a1e-3d1b-4d59-9b7c-2a3f7c0b9f11', values: ['\u0000'] }],
      },
      { name: 'D', labelIds: Array.from({ length: 101 }, () => '6f1d7a1e-3d1b-4d59-9b7c-2a3f7c0b9f11') },
      [],
    ];
    for (const body of bad) {
      const res = await admin.post('directories', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200) + res.body).toBe(400);
    }
    const d = await create({ name: 'Ok' });
    for (const body of [{ name: '\u0000' }, { name: '' }, { view: 1 }, { shownFields: 'bio' }]) {
      const res = await admin.patch(`directories/${d.id}`, body);
      expect(res.statusCode, JSON.stringify(body) + res.body).toBe(400);
    }
    expect((await admin.get('directories/not-a-uuid')).statusCode).toBe(400);
    expect((await admin.get('directories/not-a-uuid/items')).statusCode).toBe(400);
    expect((await admin.get(`directories/${d.id}/items?sort=email:asc`)).statusCode).toBe(400);
    expect((await admin.get(`directories/${d.id}/items?search=${'%00'}`)).statusCode).toBe(400);
    expect((await admin.get(`directories?filter=NOPE`)).statusCode).toBe(400);
    const p = client(t, ten.tokens.participant, eventId);
    for (const body of [{ hidden: 'yes' }, {}, { hidden: null }]) {
      const res = await p.call('PUT', 'participants/user-profile/privacy', body);
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
