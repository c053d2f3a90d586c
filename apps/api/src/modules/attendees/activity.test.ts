import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, multipart, participant, type Client, type Tenant } from './attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://events.example.org' });
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
});
afterAll(() => t.close());

const adminName = () => `${ten.users.eventAdmin.firstName} ${ten.users.eventAdmin.lastName}`.trim();
const kinds = (body: { records: { kind: string }[] }) => body.records.map((r) => r.kind);

describe('participant activity', () => {
  it('lists creation, updates, photo changes and magic links sent and used, newest first', async () => {
    const p = await participant(admin, { email: 'ada.activity@example.com', firstName: 'Ada' });
    expect((await admin.patch(`participants/${p.id}`, { jobTitle: 'Engineer' })).statusCode).toBe(200);
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#00aa00' } })
      .png()
      .toBuffer();
    const body = multipart('me.png', png, 'image/png');
    const up = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/participants/${p.id}/photo`,
      payload: body.payload,
      headers: body.headers,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect((await admin.delete(`participants/${p.id}/photo`)).statusCode).toBe(200);
    const sent = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/participants/magic-links`,
      headers: { host: 'cms.events.example.org' },
      payload: { participantIds: [p.id] },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    await t.drainJobs();
    const token = t.mail.linkTo('ada.activity@example.com').searchParams.get('magic')!;
    const used = await t.as(undefined, {
      method: 'POST',
      url: '/api/v1/auth/magic-link',
      payload: { token, host: 'events.example.org' },
    });
    expect(used.statusCode, used.body).toBe(200);
    // The participant edits their own profile.
    const own = await t.as(used.json().token, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/participants/user-profile`,
      payload: { company: 'Analytical' },
    });
    expect(own.statusCode, own.body).toBe(200);

    const res = await admin.get(`participants/${p.id}/activity`);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer.total).toBe(7);
    expect(new Set(kinds(answer))).toEqual(
      new Set(['CREATED', 'UPDATED', 'PHOTO_CHANGED', 'PHOTO_REMOVED', 'MAGIC_LINK_SENT', 'MAGIC_LINK_USED']),
    );
    const times = answer.records.map((r: { at: string }) => new Date(r.at).getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(answer.records.at(-1)).toMatchObject({
      kind: 'CREATED',
      actorName: adminName(),
      bySelf: false,
      email: null,
    });
    const sentRow = answer.records.find((r: { kind: string }) => r.kind === 'MAGIC_LINK_SENT');
    expect(sentRow).toMatchObject({
      actorName: adminName(),
      email: 'ada.activity@example.com',
      bySelf: false,
    });
    expect(answer.records.find((r: { kind: string }) => r.kind === 'MAGIC_LINK_USED')).toMatchObject({
      bySelf: true,
      email: 'ada.activity@example.com',
    });
    const selfUpdate = answer.records.filter(
      (r: { kind: string; bySelf: boolean }) => r.kind === 'UPDATED' && r.bySelf,
    );
    expect(selfUpdate).toHaveLength(1);

    const limited = await admin.get(`participants/${p.id}/activity?limit=2`);
    expect(limited.json().records).toHaveLength(2);
    expect(limited.json().total).toBe(7);
  });

  it('refuses bad input and people without access', async () => {
    const p = await participant(admin);
    expect((await admin.get(`participants/${p.id}/activity?limit=0`)).statusCode).toBe(400);
    expect((await admin.get(`participants/${p.id}/activity?limit=201`)).statusCode).toBe(400);
    expect((await admin.get('participants/not-a-uuid/activity')).statusCode).toBe(400);
    expect((await admin.get('participants/00000000-0000-4000-8000-000000000000/activity')).statusCode).toBe(
      404,
    );
    expect(
      (await client(t, ten.tokens.moderator, ten.event.id).get(`participants/${p.id}/activity`)).statusCode,
    ).toBe(200);
    expect(
      (await client(t, ten.tokens.orgAdmin, ten.event.id).get(`participants/${p.id}/activity`)).statusCode,
    ).toBe(200);
    expect(
      (await client(t, ten.tokens.participant, ten.event.id).get(`participants/${p.id}/activity`)).statusCode,
    ).toBe(403);
    expect(
      (await client(t, other.tokens.eventAdmin, ten.event.id).get(`participants/${p.id}/activity`))
        .statusCode,
    ).toBe(404);
    // Another event's admin asking through their own event does not reach this participant either.
    expect(
      (await client(t, other.tokens.eventAdmin, other.event.id).get(`participants/${p.id}/activity`))
        .statusCode,
    ).toBe(404);
    expect((await client(t, undefined, ten.event.id).get(`participants/${p.id}/activity`)).statusCode).toBe(
      401,
    );
  });
});
