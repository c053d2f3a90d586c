import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import type { WriteContext } from '../../platform/audit.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';
import { updateEvent } from '../tenancy/events.service.js';
import { AGENDA_CHANGED_EVENT } from './agenda.notify.js';
import { client, participantToken, session, type Client, type Tenant } from './agenda.test-utils.js';

/** `agenda.changed` on the event room: after the commit, once per write, never for drafts that stay drafts nor for a rolled-back write. */
let t: TestContext;
let ten: Tenant;
let admin: Client;
let eventId: string;
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
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
  payload: { sessionIds },
});
const sorted = (ids: string[]) => [...ids].sort();

describe('agenda.changed from the session routes', () => {
  it('a published session created, edited, unpublished and deleted is announced each time; its content is not sent', async () => {
    const s = await session(admin, { status: 'PUBLISHED' });
    expect(changes()).toEqual([changed(s.id)]);

    emitted.length = 0;
    const res = await admin.patch(`sessions/${s.id}`, { name: 'Renamed keynote' });
    expect(res.statusCode, res.body).toBe(200);
    expect(changes()).toEqual([changed(s.id)]);
    expect(JSON.stringify(changes())).not.toContain('Renamed keynote');

    emitted.length = 0;
    expect((await admin.patch(`sessions/${s.id}`, { status: 'DRAFT' })).statusCode).toBe(200);
    expect(changes()).toEqual([changed(s.id)]);

    emitted.length = 0;
    expect((await admin.patch(`sessions/${s.id}`, { status: 'PUBLISHED' })).statusCode).toBe(200);
    expect(changes()).toEqual([changed(s.id)]);

    emitted.length = 0;
    expect((await admin.delete(`sessions/${s.id}`)).statusCode).toBe(204);
    expect(changes()).toEqual([changed(s.id)]);
  });

  it('drafts that stay drafts are not announced (created, edited, deleted)', async () => {
    const draft = await session(admin, { status: 'DRAFT' });
    expect(
      (await admin.patch(`sessions/${draft.id}`, { name: 'Still a draft', capacity: 5 })).statusCode,
    ).toBe(200);
    expect(
      (await admin.patch('sessions/update-options', { ids: [draft.id], enrollable: true })).statusCode,
    ).toBe(200);
    expect((await admin.delete(`sessions/${draft.id}`)).statusCode).toBe(204);
    expect(changes()).toEqual([]);
  });

  it('a bulk publish is one event naming every session participants see now; drafts left as drafts are not named', async () => {
    const [a, b, c] = [
      await session(admin, { status: 'DRAFT' }),
      await session(admin, { status: 'DRAFT' }),
      await session(admin, { status: 'PUBLISHED' }),
    ];
    emitted.length = 0;
    const res = await admin.patch('sessions/update-options', {
      ids: [a.id, b.id, c.id, a.id],
      status: 'PUBLISHED',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(changes()).toHaveLength(1);
    expect(sorted((changes()[0]!.payload as { sessionIds: string[] }).sessionIds)).toEqual(
      sorted([a.id, b.id, c.id]),
    );

    // A bulk change that unpublishes names them too (they disappear); a bulk change on drafts only names nothing.
    emitted.length = 0;
    expect(
      (await admin.patch('sessions/update-options', { ids: [a.id, b.id], status: 'DRAFT' })).statusCode,
    ).toBe(200);
    expect(sorted((changes()[0]!.payload as { sessionIds: string[] }).sessionIds)).toEqual(
      sorted([a.id, b.id]),
    );
    emitted.length = 0;
    expect(
      (await admin.patch('sessions/update-options', { ids: [a.id, b.id], enrollable: false })).statusCode,
    ).toBe(200);
    expect(changes()).toEqual([]);
  });

  it('a write that fails or rolls back announces nothing', async () => {
    const s = await session(admin, { status: 'PUBLISHED', capacity: 2, enrollable: true });
    for (const p of await Promise.all([participantToken(t, eventId), participantToken(t, eventId)])) {
      expect((await client(t, p.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(200);
    }
    emitted.length = 0;
    // The rename is written, then the capacity check inside the same transaction refuses: rolled back.
    const refused = await admin.patch(`sessions/${s.id}`, { name: 'Never seen', capacity: 1 });
    expect(refused.statusCode).toBe(400);
    expect((await admin.get(`sessions/${s.id}`)).json()).toMatchObject({ name: s.name });
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await admin.delete(`sessions/${missing}`)).statusCode).toBe(404);
    expect((await admin.patch(`sessions/${missing}`, { name: 'Nobody' })).statusCode).toBe(404);
    expect((await admin.post('sessions', { name: 'No times' })).statusCode).toBe(400);
    expect(changes()).toEqual([]);
  });
});

describe('agenda.changed from elsewhere', () => {
  it('a Session import commit is one event for the published sessions it creates or changes (not its drafts)', async () => {
    const existing = await session(admin, { status: 'PUBLISHED' });
    const hidden = await session(admin, { status: 'DRAFT' });
    const book = new ExcelJS.Workbook();
    const ws = book.addWorksheet('Sessions');
    ws.addRow(['Session Id', 'Name', 'Status', 'Start Date', 'Start Time', 'End Date', 'End Time']);
    const times = ['2030-07-01', '09:00 AM', '2030-07-01', '10:00 AM'];
    ws.addRow([existing.id, 'Imported rename', '', ...times]);
    ws.addRow([hidden.id, 'Draft renamed', 'DRAFT', ...times]);
    ws.addRow(['', 'Imported new', 'PUBLISHED', ...times]);
    ws.addRow(['', 'Imported draft', 'DRAFT', ...times]);
    emitted.length = 0;
    const up = await uploaded(admin, 'Session', 'sessions.xlsx', Buffer.from(await book.xlsx.writeBuffer()));
    expect((await verified(admin, up.id)).status).toBe('VERIFIED');
    expect((await committed(admin, up.id)).counts).toMatchObject({ created: 2, updated: 2 });
    const created = await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('eventId', '=', eventId)
      .where('name', '=', 'Imported new')
      .executeTakeFirstOrThrow();
    // notify runs after the import's commit, by the job runner.
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    expect(sorted((changes()[0]!.payload as { sessionIds: string[] }).sessionIds)).toEqual(
      sorted([existing.id, created.id]),
    );
  });

  it("the event's time zone change announces its published sessions (their times moved)", async () => {
    const shown = await session(admin, { status: 'PUBLISHED' });
    const draft = await session(admin, { status: 'DRAFT' });
    emitted.length = 0;
    const res = await admin.patch(`/api/v1/events/${eventId}`, { timezone: 'America/New_York' });
    expect(res.statusCode, res.body).toBe(200);
    await vi.waitFor(() => expect(changes()).toHaveLength(1));
    const ids = (changes()[0]!.payload as { sessionIds: string[] }).sessionIds;
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(draft.id);
    const published = await t.deps.db
      .selectFrom('sessions')
      .select('id')
      .where('eventId', '=', eventId)
      .where('status', '=', 'PUBLISHED')
      .execute();
    expect(sorted(ids)).toEqual(sorted(published.map((p) => p.id)));
  });

  it('the same zone again (or another field) asks for no announcement; a new one does, once the update is committed', async () => {
    // The service's hook (the route's announceAgendaChangeOf): called, and awaited, before updateEvent answers.
    const calls: string[] = [];
    const hook = (id: string) => {
      calls.push(id);
    };
    const ctx: WriteContext = {
      principal: {
        userId: ten.users.eventAdmin.id,
        userRole: 'superadmin',
        organizationIds: [],
        eventHubIds: [],
        eventRoles: new Map(),
      },
      actorId: ten.users.eventAdmin.id,
      impersonatedUserId: null,
      requestId: 'agenda-changed-test',
      host: 'localhost',
    };
    const zone = (await updateEvent(t.deps.db, ctx, eventId, { name: 'Zone check' })).timezone;
    await updateEvent(t.deps.db, ctx, eventId, { timezone: zone, name: 'Same zone' }, undefined, hook);
    await updateEvent(t.deps.db, ctx, eventId, { name: 'Another field' }, undefined, hook);
    expect(calls).toEqual([]);
    await updateEvent(
      t.deps.db,
      ctx,
      eventId,
      { timezone: zone === 'Asia/Tokyo' ? 'Europe/Lisbon' : 'Asia/Tokyo' },
      undefined,
      hook,
    );
    expect(calls).toEqual([eventId]);
  });
});
