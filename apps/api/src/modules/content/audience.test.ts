import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { Tenant } from '../attendees/attendees.test-utils.js';
import { collectionList } from './collections.repo.js';
import type { ContentScope } from './content.repo.js';
import { client, pdf, png, type Client } from './content.test-utils.js';
import { materialList } from './materials.repo.js';

/**
 * Audiences on content reads, as the agenda applies them: a participant reads the collections whose
 * audience includes them, and the materials that are event-wide, pinned on a map or attached to a
 * session their agenda shows. Admins and moderators read everything; locations and maps are everyone's.
 */
let t: TestContext;
let tenant: Tenant;
let eventId: string;
let admin: Client;
let moderator: Client;
/** The tenant's participant: holds no label. */
let outsider: Client;
/** A second participant, holding the VIP label and working at Acme. */
let insider: Client;
let insiderId: string;
let vip: string;

const EVERYONE = { type: 'EVERYONE', labelIds: [], rules: [] };
const FOR_VIPS = () => ({ type: 'LABELS', labelIds: [vip], rules: [] });

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}`;

beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
  eventId = tenant.event.id;
  admin = client(t, tenant.tokens.eventAdmin, eventId);
  moderator = client(t, tenant.tokens.moderator, eventId);
  outsider = client(t, tenant.tokens.participant, eventId);
  const insiderUser = await t.f.participant(eventId);
  insider = client(t, await t.f.token(insiderUser), eventId);
  insiderId = (
    await t.deps.db
      .selectFrom('participants')
      .select('id')
      .where('eventId', '=', eventId)
      .where('userId', '=', insiderUser)
      .executeTakeFirstOrThrow()
  ).id;
  await t.deps.db.updateTable('participants').set({ company: 'Acme' }).where('id', '=', insiderId).execute();
  vip = (
    await t.deps.db
      .insertInto('labels')
      .values({ eventId, name: 'VIP', type: 'MANUAL', rules: '[]', updatedAt: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await t.deps.db
    .insertInto('participantLabels')
    .values({ participantId: insiderId, labelId: vip })
    .execute();
});
afterAll(() => t.close());

async function session(audience: object, status: 'PUBLISHED' | 'DRAFT' = 'PUBLISHED'): Promise<string> {
  const start = new Date('2026-06-01T09:00:00Z');
  const row = await t.deps.db
    .insertInto('sessions')
    .values({
      eventId,
      name: unique('Session'),
      status,
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      audience: JSON.stringify(audience),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function material(name: string, sessionIds: string[] = []): Promise<string> {
  const res = await admin.upload('POST', 'materials', { name }, { name: 'slides.pdf', bytes: pdf() });
  expect(res.statusCode, res.body).toBe(201);
  const id: string = res.json().id;
  for (const sessionId of sessionIds)
    await t.deps.db.insertInto('sessionMaterials').values({ sessionId, materialId: id }).execute();
  return id;
}

async function collection(name: string, audience: object): Promise<string> {
  const res = await admin.post('collections', { name, audience });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const names = async (c: Client, path: string): Promise<string[]> => {
  const res = await c.get(path);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().records.map((r: { name: string }) => r.name);
};
const status = async (c: Client, path: string) => (await c.get(path)).statusCode;

describe('collections', () => {
  it('a participant reads those whose audience includes them (labels, rules, everyone); admins and moderators all', async () => {
    const open = await collection('Col open', { type: 'EVERYONE' });
    const vips = await collection('Col VIP', { type: 'LABELS', labelIds: [vip] });
    const acme = await collection('Col Acme', {
      type: 'RULES',
      rules: [{ field: 'company', operator: 'EQUAL', value: 'Acme' }],
    });
    const all = ['Col Acme', 'Col open', 'Col VIP'];

    expect(await names(admin, 'collections?search=Col&limit=100')).toEqual(all);
    expect(await names(moderator, 'collections?search=Col&limit=100')).toEqual(all);
    expect(await names(insider, 'collections?search=Col&limit=100')).toEqual(all);
    expect(await names(outsider, 'collections?search=Col&limit=100')).toEqual(['Col open']);

    for (const id of [open, vips, acme]) {
      expect(await status(insider, `collections/${id}`)).toBe(200);
      expect(await status(admin, `collections/${id}`)).toBe(200);
    }
    expect(await status(outsider, `collections/${open}`)).toBe(200);
    expect(await status(outsider, `collections/${vips}`)).toBe(404);
    expect(await status(outsider, `collections/${acme}`)).toBe(404);
  });

  it('count and page the filtered list in SQL, and count only the sessions the participant sees', async () => {
    const track = await collection('Paged track', { type: 'EVERYONE' });
    await collection('Paged VIP 1', { type: 'LABELS', labelIds: [vip] });
    await collection('Paged VIP 2', { type: 'LABELS', labelIds: [vip] });
    const open = await session(EVERYONE);
    const hidden = await session(FOR_VIPS());
    await t.deps.db
      .insertInto('sessionCollections')
      .values([
        { sessionId: open, collectionId: track },
        { sessionId: hidden, collectionId: track },
      ])
      .execute();

    const page = (await outsider.get('collections?search=Paged&limit=1&page=1')).json();
    expect(page).toMatchObject({ total: 1, records: [{ id: track, sessionCount: 1 }] });
    expect((await outsider.get('collections?search=Paged&limit=1&page=2')).json()).toMatchObject({
      total: 1,
      records: [],
    });
    expect((await insider.get('collections?search=Paged&limit=1&page=2')).json()).toMatchObject({
      total: 3,
      records: [{ name: 'Paged VIP 1' }],
    });
    expect((await insider.get(`collections/${track}`)).json().sessionCount).toBe(2);
    expect((await admin.get(`collections/${track}`)).json().sessionCount).toBe(2);
    expect((await outsider.get(`collections/${track}`)).json().sessionCount).toBe(1);
  });
});

describe('materials', () => {
  it("a participant reads event-wide, pinned and their agenda's sessions' materials; admins and moderators all", async () => {
    const open = await session(EVERYONE);
    const forVips = await session(FOR_VIPS());
    const draft = await session(EVERYONE, 'DRAFT');
    // A session for everyone in a VIP-only track: the track's audience applies on top (agenda visibleTo).
    const vipTrack = await collection(unique('VIP track'), { type: 'LABELS', labelIds: [vip] });
    const inVipTrack = await session(EVERYONE);
    await t.deps.db
      .insertInto('sessionCollections')
      .values({ sessionId: inVipTrack, collectionId: vipTrack })
      .execute();

    const ids = {
      eventWide: await material('Mat event-wide'),
      openSession: await material('Mat open session', [open]),
      vipSession: await material('Mat VIP session', [forVips]),
      vipAndOpen: await material('Mat VIP and open sessions', [forVips, open]),
      draftSession: await material('Mat draft session', [draft]),
      vipTrack: await material('Mat VIP track session', [inVipTrack]),
      pinned: await material('Mat pinned VIP session', [forVips]),
    };
    const map = (
      await admin.upload(
        'POST',
        'interactive-maps',
        { name: unique('Floor') },
        { name: 'plan.png', bytes: await png() },
      )
    ).json();
    const pin = await admin.post(`interactive-maps/${map.id}/pins`, {
      name: 'VIP lounge',
      x: 0.5,
      y: 0.5,
      sessionId: forVips,
      materialId: ids.pinned,
    });
    expect(pin.statusCode, pin.body).toBe(201);

    const all = [
      'Mat draft session',
      'Mat event-wide',
      'Mat open session',
      'Mat pinned VIP session',
      'Mat VIP and open sessions',
      'Mat VIP session',
      'Mat VIP track session',
    ];
    const outsiders = [
      'Mat event-wide',
      'Mat open session',
      'Mat pinned VIP session',
      'Mat VIP and open sessions',
    ];
    expect(await names(admin, 'materials?search=Mat&limit=100')).toEqual(all);
    expect(await names(moderator, 'materials?search=Mat&limit=100')).toEqual(all);
    expect(await names(insider, 'materials?search=Mat&limit=100')).toEqual(
      all.filter((x) => x !== 'Mat draft session'),
    );
    expect(await names(outsider, 'materials?search=Mat&limit=100')).toEqual(outsiders);

    for (const [what, id] of Object.entries(ids)) {
      expect(await status(admin, `materials/${id}`), what).toBe(200);
      expect(await status(moderator, `materials/${id}`), what).toBe(200);
    }
    const outsiderSees = {
      eventWide: 200,
      openSession: 200,
      vipSession: 404,
      vipAndOpen: 200,
      draftSession: 404,
      vipTrack: 404,
      pinned: 200,
    };
    const insiderSees = { ...outsiderSees, vipSession: 200, vipTrack: 200 };
    for (const [what, id] of Object.entries(ids)) {
      expect(await status(outsider, `materials/${id}`), what).toBe(outsiderSees[what as keyof typeof ids]);
      expect(await status(insider, `materials/${id}`), what).toBe(insiderSees[what as keyof typeof ids]);
    }

    // sessionCount: the sessions the reader's agenda shows.
    expect((await outsider.get(`materials/${ids.vipAndOpen}`)).json().sessionCount).toBe(1);
    expect((await insider.get(`materials/${ids.vipAndOpen}`)).json().sessionCount).toBe(2);
    expect((await admin.get(`materials/${ids.vipAndOpen}`)).json().sessionCount).toBe(2);
    expect((await outsider.get(`materials/${ids.pinned}`)).json().sessionCount).toBe(0);

    // The pin: its material (readable, it is pinned) but not the VIP session.
    const pins = (await outsider.get(`interactive-maps/${map.id}`)).json().pins;
    expect(pins).toMatchObject([{ name: 'VIP lounge', session: null, material: { id: ids.pinned } }]);
    expect((await insider.get(`interactive-maps/${map.id}`)).json().pins).toMatchObject([
      { session: { id: forVips }, material: { id: ids.pinned } },
    ]);

    // Once the pin is gone, the pinned material is the VIP session's only.
    expect((await admin.delete(`interactive-maps/${map.id}/pins/${pin.json().id}`)).statusCode).toBe(204);
    expect(await status(outsider, `materials/${ids.pinned}`)).toBe(404);
    expect(await status(insider, `materials/${ids.pinned}`)).toBe(200);

    // Paging and the fileType filter over the filtered rows.
    expect((await outsider.get('materials?search=Mat&limit=2&page=2&sort=name:asc')).json()).toMatchObject({
      total: 3,
      records: [{ name: 'Mat VIP and open sessions' }],
    });
    expect((await outsider.get('materials?search=Mat&fileType=pdf&limit=100')).json().total).toBe(3);
    expect((await outsider.get('materials?search=Mat&fileType=png&limit=100')).json().total).toBe(0);
  });
});

describe('locations and maps', () => {
  it('every participant reads all of them; sessionCount counts the sessions they see', async () => {
    const room = (await admin.post('locations', { name: unique('Room') })).json();
    const map = (
      await admin.upload(
        'POST',
        'interactive-maps',
        { name: unique('Hall plan') },
        { name: 'plan.png', bytes: await png() },
      )
    ).json();
    const open = await session(EVERYONE);
    const forVips = await session(FOR_VIPS());
    await t.deps.db
      .updateTable('sessions')
      .set({ locationId: room.id })
      .where('id', 'in', [open, forVips])
      .execute();

    for (const c of [outsider, insider]) {
      expect(await status(c, `locations/${room.id}`)).toBe(200);
      expect(await status(c, `interactive-maps/${map.id}`)).toBe(200);
      expect(await names(c, `locations?search=${encodeURIComponent(room.name)}`)).toEqual([room.name]);
      expect(await names(c, `interactive-maps?search=${encodeURIComponent(map.name)}`)).toEqual([map.name]);
    }
    expect((await outsider.get(`locations/${room.id}`)).json().sessionCount).toBe(1);
    expect((await insider.get(`locations/${room.id}`)).json().sessionCount).toBe(2);
    expect((await admin.get(`locations/${room.id}`)).json().sessionCount).toBe(2);
  });
});

describe("a reader without a participant record ('none')", () => {
  // The access check reads roles on every request, so a removed participant gets 404 before any read;
  // 'none' covers the moment between the check and the reader's look-up: only what is for everyone.
  it('reads EVERYONE collections, event-wide and pinned materials, and no session', async () => {
    const none: ContentScope = { eventId, admin: false, reader: 'none' };
    const open = await session(EVERYONE);
    const everyone = await collection(unique('Open track'), { type: 'EVERYONE' });
    const vips = await collection(unique('Closed track'), { type: 'LABELS', labelIds: [vip] });
    await t.deps.db
      .insertInto('sessionCollections')
      .values({ sessionId: open, collectionId: everyone })
      .execute();
    const eventWide = await material(unique('Handout'));
    const onOpenSession = await material(unique('Deck'), [open]);
    const db = t.deps.db;
    expect(await collectionList.byId(db, none, everyone)).toMatchObject({ id: everyone, sessionCount: 0 });
    expect(await collectionList.byId(db, none, vips)).toBeUndefined();
    expect(await materialList.byId(db, none, eventWide)).toMatchObject({ id: eventWide });
    expect(await materialList.byId(db, none, onOpenSession)).toBeUndefined();
    expect(await status(outsider, `materials/${onOpenSession}`)).toBe(200);
  });
});
