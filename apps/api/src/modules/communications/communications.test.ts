import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_MESSAGES, MESSAGES, type Campaign } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participant, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { field } from '../attendees/attendees.test-utils.js';
import { deliveryEngineOf } from './communications.routes.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let eventId: string;
let vip: { id: string };
let staff: { id: string };
let room: { id: string; key: string };
let s1: { id: string; name: string };
let s2: { id: string; name: string };
let p: Record<'a' | 'b' | 'c' | 'd', { id: string }>;

beforeAll(async () => {
  t = await createTestContext();
  await deliveryEngineOf(t.deps)?.stop();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
  room = await field(admin, { name: 'Room', dataType: 'ENUM', settings: { enumValues: ['X', 'Y'] } });
  vip = (await admin.post('labels', { name: 'VIP' })).json();
  staff = (await admin.post('labels', { name: 'Staff' })).json();
  p = {
    a: await participant(admin, { company: 'Acme', labelIds: [vip.id], customFields: { [room.id]: 'X' } }),
    b: await participant(admin, { company: 'Acme', labelIds: [staff.id], customFields: { [room.id]: 'Y' } }),
    c: await participant(admin, { company: 'Other', labelIds: [vip.id, staff.id] }),
    d: await participant(admin, { company: 'Other' }),
  };
  s1 = await session(admin, { name: 'Keynote' });
  s2 = await session(admin, { name: 'Workshop' });
  const enrol = (sessionId: string, participantId: string, state: 'ENROLLED' | 'WAITLISTED') =>
    t.deps.db
      .insertInto('enrollments')
      .values({ sessionId, participantId, eventId, state, updatedAt: new Date() })
      .execute();
  await enrol(s1.id, p.a.id, 'ENROLLED');
  await enrol(s1.id, p.b.id, 'WAITLISTED');
  await enrol(s2.id, p.b.id, 'ENROLLED');
  await enrol(s2.id, p.a.id, 'ENROLLED');
});
afterAll(() => t.close());

const draft = (extra: Record<string, unknown> = {}) => ({
  channels: ['EMAIL', 'NOTIFICATION'],
  subject: 'Hello {firstName}',
  body: 'Welcome to {eventName}, {firstName} {lastName}.',
  ...extra,
});

async function create(body: Record<string, unknown>): Promise<Campaign> {
  const res = await admin.post('communications', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** The SQL oracle: participants of the event by a hand-written condition. */
async function oracle(where: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM participants p WHERE p.event_id = ${eventId} AND ${where}`.execute(
    t.deps.db,
  );
  return rows[0]!.n;
}

describe('communications', () => {
  it('creates a draft with defaults, reads it back and lists it with filters', async () => {
    const c = await create(draft());
    expect(c).toMatchObject({
      eventId,
      channels: ['EMAIL', 'NOTIFICATION'],
      status: 'PENDING_TO_SCHEDULE',
      schedule: 'NOW',
      link: { type: 'NONE', session: null, url: null },
      audience: { type: 'EVERYONE', labels: [], rules: [], sessions: [], people: [] },
      editable: true,
      recipientCount: null,
    });
    expect(c.createdBy).not.toBe('');
    expect((await admin.get(`communications/${c.id}`)).json()).toMatchObject({ id: c.id });
    const scheduled = await create(
      draft({ channels: ['EMAIL'], schedule: 'DATE_AND_TIME', sendDate: '2031-01-02', sendTime: '09:30 AM' }),
    );
    expect(scheduled.scheduledAt).not.toBeNull();
    expect(scheduled).toMatchObject({ sendDate: '2031-01-02', sendTime: '09:30 AM' });
    const list = (await admin.get('communications?schedule=DATE_AND_TIME&channel=EMAIL')).json();
    expect(list.records.map((r: Campaign) => r.id)).toContain(scheduled.id);
    expect(list.records.map((r: Campaign) => r.id)).not.toContain(c.id);
    const byStatus = (await admin.get('communications?status=SENT')).json();
    expect(byStatus.records).toEqual([]);
    expect((await admin.get('communications?status=NOPE')).statusCode).toBe(400);
  });

  it('answers update-options: what each status allows, placeholders and the zone', async () => {
    const res = await admin.get('communications/update-options');
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o.statuses.find((s: { status: string }) => s.status === 'SENDING')).toEqual({
      status: 'SENDING',
      editable: false,
      deletable: false,
      actions: ['PAUSE'],
    });
    expect(o.placeholders.map((x: { token: string }) => x.token)).toEqual([
      '{firstName}',
      '{lastName}',
      '{eventName}',
      '{sessionName}',
    ]);
    expect(typeof o.timezone).toBe('string');
  });

  it('counts audiences exactly as the SQL oracle does', async () => {
    const count = async (audience: unknown) => {
      const res = await admin.post('communications/audience-count', { audience });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().count as number;
    };
    expect(await count({ type: 'EVERYONE' })).toBe(await oracle(sql`true`));
    expect(await count({ type: 'LABELS', labelIds: [vip.id] })).toBe(
      await oracle(
        sql`EXISTS (SELECT 1 FROM participant_labels l WHERE l.participant_id = p.id AND l.label_id = ${vip.id})`,
      ),
    );
    expect(await count({ type: 'LABELS', labelIds: [vip.id, staff.id] })).toBe(
      await oracle(
        sql`p.id IN (SELECT participant_id FROM participant_labels WHERE label_id IN (${vip.id}, ${staff.id}))`,
      ),
    );
    expect(
      await count({ type: 'RULES', rules: [{ field: 'company', operator: 'EQUAL', value: 'acme' }] }),
    ).toBe(await oracle(sql`lower(p.company) = 'acme'`));
    expect(
      await count({ type: 'RULES', rules: [{ field: room.key, operator: 'INCLUDES', value: ['y'] }] }),
    ).toBe(await oracle(sql`p.custom_fields->>${room.id} = 'Y'`));
    expect(await count({ type: 'SESSIONS', sessionIds: [s1.id] })).toBe(
      await oracle(
        sql`p.id IN (SELECT participant_id FROM enrollments WHERE session_id = ${s1.id} AND state = 'ENROLLED')`,
      ),
    );
    expect(await count({ type: 'SESSIONS', sessionIds: [s1.id, s2.id] })).toBe(
      await oracle(
        sql`p.id IN (SELECT participant_id FROM enrollments WHERE session_id IN (${s1.id}, ${s2.id}) AND state = 'ENROLLED')`,
      ),
    );
    expect(await count({ type: 'PEOPLE', participantIds: [p.c.id, p.d.id] })).toBe(
      await oracle(sql`p.id IN (${p.c.id}, ${p.d.id})`),
    );
    expect(await count({ type: 'SESSIONS', sessionIds: [s1.id] })).toBe(1);
    expect(await count({ type: 'LABELS', labelIds: [vip.id] })).toBe(2);
  });

  it('validates placeholders on save: unknown → 400 on the field; {sessionName} needs a session link', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await admin.post('communications', body);
      expect(res.statusCode, res.body).toBe(400);
      return res.json().fields as Record<string, string>;
    };
    expect(await bad(draft({ subject: 'Hi {nickname}' }))).toEqual({
      subject: CAMPAIGN_MESSAGES.unknownPlaceholder('nickname'),
    });
    expect(await bad(draft({ body: 'See {sessionName}' }))).toEqual({
      body: CAMPAIGN_MESSAGES.sessionNameNeedsSession,
    });
    const ok = await create(
      draft({ body: 'See {sessionName}', link: { type: 'SESSION', sessionId: s1.id } }),
    );
    expect(ok.link).toEqual({ type: 'SESSION', session: { id: s1.id, name: 'Keynote' }, url: null });
    // Changing the link away from the session with {sessionName} in the body: 400 too.
    const res = await admin.patch(`communications/${ok.id}`, { link: { type: 'FEED' } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().fields).toEqual({ body: CAMPAIGN_MESSAGES.sessionNameNeedsSession });
    const other404 = await admin.post(
      'communications',
      draft({ link: { type: 'SESSION', sessionId: other.event.id } }),
    );
    expect(other404.statusCode).toBe(400);
    expect(await bad(draft({ channels: [] }))).toEqual({ channels: MESSAGES.pleaseSelectValue });
    expect(await bad(draft({ schedule: 'DATE_AND_TIME' }))).toEqual({
      sendDate: CAMPAIGN_MESSAGES.scheduleRequired,
      sendTime: CAMPAIGN_MESSAGES.scheduleRequired,
    });
    expect(await bad(draft({ audience: { type: 'PEOPLE', participantIds: [ten.event.id] } }))).toEqual({
      'audience.participantIds': CAMPAIGN_MESSAGES.unknownPerson,
    });
  });

  it('previews for the first recipient or a chosen one, with the branded e-mail', async () => {
    const res = await admin.post('communications/preview', {
      subject: 'Hi {firstName}',
      body: 'Session {sessionName} at {eventName}',
      link: { type: 'SESSION', sessionId: s1.id },
      audience: { type: 'PEOPLE', participantIds: [p.c.id] },
    });
    expect(res.statusCode, res.body).toBe(200);
    const pv = res.json();
    expect(pv.recipient.participantId).toBe(p.c.id);
    expect(pv.subject).toBe('Hi Pat');
    expect(pv.body).toBe(`Session Keynote at ${ten.event.name}`);
    expect(pv.url).toMatch(new RegExp(`/event/${eventId}/agenda/${s1.id}$`));
    expect(pv.html).toContain('<!DOCTYPE html>');
    expect(pv.text).toContain('Session Keynote');
    const chosen = await admin.post('communications/preview', {
      subject: 'x {lastName}',
      body: 'y',
      participantId: p.d.id,
    });
    expect(chosen.json().subject).toMatch(/^x Doe \d+$/);
    const bad = await admin.post('communications/preview', { subject: '{nope}', body: 'y' });
    expect(bad.statusCode).toBe(400);
  });

  it('is editable only until sending starts (409 after), and deletable by status', async () => {
    const c = await create(draft({ audience: { type: 'PEOPLE', participantIds: [p.a.id] } }));
    expect((await admin.patch(`communications/${c.id}`, { subject: 'Changed' })).json().subject).toBe(
      'Changed',
    );
    // Scheduling a NOW communication makes it due at once; the engine (stopped here) would start it.
    const s = await t.as(ten.tokens.eventAdmin, {
      method: 'PUT',
      url: `/api/v1/events/${eventId}/communications/${c.id}/status`,
      payload: { action: 'SCHEDULE' },
    });
    expect(s.statusCode, s.body).toBe(200);
    expect(s.json().status).toBe('SCHEDULED');
    await t.deps.db.updateTable('communications').set({ status: 'SENDING' }).where('id', '=', c.id).execute();
    const late = await admin.patch(`communications/${c.id}`, { subject: 'Too late' });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(CAMPAIGN_MESSAGES.notEditable);
    expect((await admin.delete(`communications/${c.id}`)).statusCode).toBe(409);
    const again = await t.as(ten.tokens.eventAdmin, {
      method: 'PUT',
      url: `/api/v1/events/${eventId}/communications/${c.id}/status`,
      payload: { action: 'SCHEDULE' },
    });
    expect(again.statusCode).toBe(409);
    const d = await create(draft());
    expect((await admin.delete(`communications/${d.id}`)).statusCode).toBe(204);
    expect((await admin.get(`communications/${d.id}`)).statusCode).toBe(404);
  });

  it('refuses scheduling a DATE_AND_TIME in the past, and an empty audience', async () => {
    const past = await create(
      draft({ schedule: 'DATE_AND_TIME', sendDate: '2020-01-01', sendTime: '10:00 AM' }),
    );
    const put = (id: string) =>
      t.as(ten.tokens.eventAdmin, {
        method: 'PUT',
        url: `/api/v1/events/${eventId}/communications/${id}/status`,
        payload: { action: 'SCHEDULE' },
      });
    const r1 = await put(past.id);
    expect(r1.statusCode).toBe(400);
    expect(r1.json().fields).toEqual({ sendTime: CAMPAIGN_MESSAGES.scheduleInPast });
    const nobody = await create(
      draft({ audience: { type: 'SESSIONS', sessionIds: [(await session(admin)).id] } }),
    );
    const r2 = await put(nobody.id);
    expect(r2.statusCode).toBe(409);
  });

  it('refuses malformed input with 400, never 500', async () => {
    const bad: unknown[] = [
      draft({ subject: 'a\u0000b' }),
      draft({ subject: 'a\ud800b' }),
      draft({ subject: 'x'.repeat(100_000) }),
      draft({ body: 'y'.repeat(1_000_000) }),
      draft({ channels: ['FAX'] }),
      draft({ channels: 'EMAIL' }),
      draft({ link: { type: 'URL', url: 'javascript:alert(1)' } }),
      draft({ link: { type: 'SESSION', sessionId: 'nope' } }),
      draft({ audience: { type: 'LABELS', labelIds: [] } }),
      draft({ audience: { type: 'RULES', rules: [{ field: 'nope', operator: 'EQUAL', value: 'x' }] } }),
      draft({ schedule: 'DATE_AND_TIME', sendDate: '2031-02-30', sendTime: '10:00 AM' }),
      draft({ schedule: 'DATE_AND_TIME', sendDate: '2031-02-01', sendTime: '25:00' }),
      [],
    ];
    for (const body of bad) {
      const res = await admin.post('communications', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 200)).toBe(400);
    }
    const c = await create(draft());
    for (const body of [{ subject: '\u0000' }, { audience: { type: 'NOPE' } }, { channels: [] }]) {
      expect((await admin.patch(`communications/${c.id}`, body)).statusCode).toBe(400);
    }
    for (const body of [{ action: 'NOPE' }, {}, { action: 'SCHEDULE\u0000' }]) {
      const res = await t.as(ten.tokens.eventAdmin, {
        method: 'PUT',
        url: `/api/v1/events/${eventId}/communications/${c.id}/status`,
        payload: body,
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await admin.post('communications/audience-count', { audience: { type: 'X' } })).statusCode).toBe(
      400,
    );
    expect((await admin.post('communications/preview', { subject: 1 })).statusCode).toBe(400);
    expect((await admin.get('communications/not-a-uuid')).statusCode).toBe(400);
    expect((await admin.get(`communications/${c.id}/recipients?status=NOPE`)).statusCode).toBe(400);
  });
});
