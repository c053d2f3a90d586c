import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { AGENDA_CHANGED_EVENT } from '../agenda/index.js';
import { client as agendaClient, session } from '../agenda/agenda.test-utils.js';
import { client, pdf, png, type Client } from './content.test-utils.js';

/**
 * `agenda.changed` from the content routes: after the commit of a change the agenda shows (a
 * location's, material's name; a collection's or breakout's name, audience, seats) the published
 * sessions using it are named; drafts, fields the agenda does not show and refused writes send nothing.
 */
let t: TestContext;
let eventId: string;
let admin: Client;
let sessions: ReturnType<typeof agendaClient>;
const emitted: Emitted[] = [];

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}`;

beforeAll(async () => {
  t = await createTestContext();
  const tenant = await t.f.tenant();
  eventId = tenant.event.id;
  admin = client(t, tenant.tokens.eventAdmin, eventId);
  sessions = agendaClient(t, tenant.tokens.eventAdmin, eventId);
  recordEmits(t, emitted);
});
afterAll(() => t.close());
beforeEach(() => {
  emitted.length = 0;
});

const changes = () => emitted.filter((e) => e.event === AGENDA_CHANGED_EVENT);
const changed = (...sessionIds: string[]) => ({
  room: `event:${eventId}`,
  event: AGENDA_CHANGED_EVENT,
  payload: { sessionIds: [...sessionIds].sort() },
});
/** The one event sent, its ids in order (the announcement reads them after the commit, in the background). */
async function announced(): Promise<unknown> {
  await vi.waitFor(() => expect(changes()).toHaveLength(1));
  const [only] = changes();
  const { sessionIds } = only!.payload as { sessionIds: string[] };
  return { ...only, payload: { sessionIds: [...sessionIds].sort() } };
}

async function created(path: string, body: Record<string, unknown> = {}): Promise<string> {
  const res = await admin.post(path, { name: unique(path), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: string }).id;
}

/**
 * "Nothing was sent" for a write whose announcement runs in the background: a later write that is
 * announced is awaited first. The reads go through the same database in order (PGlite has one
 * connection), so the earlier one has answered by then and only the later one may be there.
 */
async function onlyAfter(write: () => Promise<void>, expected: ReturnType<typeof changed>): Promise<void> {
  await write();
  expect(await announced()).toEqual(expected);
}

describe('agenda.changed from the content routes', () => {
  it("a location's new name names the published sessions held there; a description edit or a draft-only location sends nothing", async () => {
    const room = await created('locations');
    const shown = await session(sessions, { status: 'PUBLISHED', locationId: room });
    await session(sessions, { status: 'DRAFT', locationId: room });
    emitted.length = 0;
    const res = await admin.patch(`locations/${room}`, { name: unique('Renamed hall') });
    expect(res.statusCode, res.body).toBe(200);
    expect(await announced()).toEqual(changed(shown.id));
    expect(JSON.stringify(changes())).not.toContain('Renamed hall');

    // The same name (as the web form sends it) with a new description: the agenda shows neither change.
    const draftRoom = await created('locations');
    await session(sessions, { status: 'DRAFT', locationId: draftRoom });
    emitted.length = 0;
    await onlyAfter(async () => {
      const same = await admin.patch(`locations/${room}`, {
        name: (await admin.get(`locations/${room}`)).json().name,
        description: 'Second floor',
      });
      expect(same.statusCode, same.body).toBe(200);
      // Used by a draft only: nothing qualifies.
      expect((await admin.patch(`locations/${draftRoom}`, { name: unique('Draft hall') })).statusCode).toBe(
        200,
      );
      expect((await admin.patch(`locations/${room}`, { name: unique('Hall again') })).statusCode).toBe(200);
    }, changed(shown.id));
  });

  it('deleting a collection names its published sessions (read before the links go), not its drafts', async () => {
    const track = await created('collections');
    const other = await created('collections');
    const [a, b] = [
      await session(sessions, { status: 'PUBLISHED', collectionIds: [track, other] }),
      await session(sessions, { status: 'PUBLISHED', collectionIds: [track] }),
    ];
    await session(sessions, { status: 'DRAFT', collectionIds: [track] });
    await session(sessions, { status: 'PUBLISHED', collectionIds: [other] });
    emitted.length = 0;
    expect((await admin.delete(`collections/${track}`)).statusCode).toBe(204);
    expect(await announced()).toEqual(changed(a.id, b.id));
    const left = await t.deps.db
      .selectFrom('sessionCollections')
      .select('sessionId')
      .where('sessionId', 'in', [a.id, b.id])
      .execute();
    expect(left.map((l) => l.sessionId)).toEqual([a.id]);
  });

  it("a collection's new colour or audience names its published sessions", async () => {
    const track = await created('collections');
    const s = await session(sessions, { status: 'PUBLISHED', collectionIds: [track] });
    emitted.length = 0;
    expect((await admin.patch(`collections/${track}`, { color: '#e03131' })).statusCode).toBe(200);
    expect(await announced()).toEqual(changed(s.id));

    const vip = (
      await t.deps.db
        .insertInto('labels')
        .values({ eventId, name: unique('VIP'), type: 'MANUAL', rules: '[]', updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    emitted.length = 0;
    const res = await admin.patch(`collections/${track}`, {
      audience: { type: 'LABELS', labelIds: [vip], rules: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await announced()).toEqual(changed(s.id));
  });

  it("a breakout's new audience or capacity names its published sessions; a refused update (400) sends nothing", async () => {
    const group = await created('breakouts', { enrollable: true, capacity: 10 });
    const [a, b] = [
      await session(sessions, { status: 'PUBLISHED', breakoutId: group }),
      await session(sessions, { status: 'PUBLISHED', breakoutId: group }),
    ];
    await session(sessions, { status: 'DRAFT', breakoutId: group });
    const vip = (
      await t.deps.db
        .insertInto('labels')
        .values({ eventId, name: unique('VIP'), type: 'MANUAL', rules: '[]', updatedAt: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    emitted.length = 0;
    const res = await admin.patch(`breakouts/${group}`, {
      audience: { type: 'LABELS', labelIds: [vip], rules: [] },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await announced()).toEqual(changed(a.id, b.id));

    emitted.length = 0;
    expect((await admin.patch(`breakouts/${group}`, { capacity: 12 })).statusCode).toBe(200);
    expect(await announced()).toEqual(changed(a.id, b.id));

    emitted.length = 0;
    await onlyAfter(
      async () => {
        const refused = await admin.patch(`breakouts/${group}`, {
          name: unique('Never'),
          audience: { type: 'LABELS', labelIds: ['00000000-0000-4000-8000-000000000000'], rules: [] },
        });
        expect(refused.statusCode, refused.body).toBe(400);
        expect((await admin.patch(`breakouts/${group}`, { name: unique('Workshops') })).statusCode).toBe(200);
      },
      changed(a.id, b.id),
    );
  });

  it("a material's new name or file names the published sessions it is attached to", async () => {
    const up = await admin.upload(
      'POST',
      'materials',
      { name: unique('Slides') },
      { name: 'slides.pdf', bytes: await pdf() },
    );
    expect(up.statusCode, up.body).toBe(201);
    const material = (up.json() as { id: string }).id;
    const s = await session(sessions, { status: 'PUBLISHED', materialIds: [material] });
    emitted.length = 0;
    expect((await admin.patch(`materials/${material}`, { name: unique('Final slides') })).statusCode).toBe(
      200,
    );
    expect(await announced()).toEqual(changed(s.id));

    emitted.length = 0;
    const replaced = await admin.upload(
      'PUT',
      `materials/${material}/file`,
      {},
      { name: 'slides-v2.pdf', bytes: await pdf('v2') },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await announced()).toEqual(changed(s.id));
  });

  it("a location's pins (name, position, map) name the published sessions held there: added, moved away, map renamed, map deleted", async () => {
    const [hall, annex] = [await created('locations'), await created('locations')];
    const [atHall, atAnnex] = [
      await session(sessions, { status: 'PUBLISHED', locationId: hall }),
      await session(sessions, { status: 'PUBLISHED', locationId: annex }),
    ];
    const up = await admin.upload(
      'POST',
      'interactive-maps',
      { name: unique('Floor') },
      { name: 'floor.png', bytes: await png(200, 100) },
    );
    expect(up.statusCode, up.body).toBe(201);
    const map = (up.json() as { id: string }).id;
    emitted.length = 0;
    const pin = await admin.post(`interactive-maps/${map}/pins`, {
      name: 'Entrance',
      x: 0.5,
      y: 0.5,
      locationId: hall,
    });
    expect(pin.statusCode, pin.body).toBe(201);
    expect(await announced()).toEqual(changed(atHall.id));

    emitted.length = 0;
    expect(
      (await admin.patch(`interactive-maps/${map}/pins/${pin.json().id}`, { locationId: annex })).statusCode,
    ).toBe(200);
    expect(await announced()).toEqual(changed(atHall.id, atAnnex.id));

    emitted.length = 0;
    expect((await admin.patch(`interactive-maps/${map}`, { name: unique('Ground floor') })).statusCode).toBe(
      200,
    );
    expect(await announced()).toEqual(changed(atAnnex.id));

    emitted.length = 0;
    expect((await admin.delete(`interactive-maps/${map}`)).statusCode).toBe(204);
    expect(await announced()).toEqual(changed(atAnnex.id));
  });
});
