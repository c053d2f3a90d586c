import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeQrPayload } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { recordEmits, type Emitted } from '../../test/realtime.js';
import {
  client,
  participantToken,
  session,
  type Client,
  type Tenant,
} from '../modules/agenda/agenda.test-utils.js';
import { multipart } from '../modules/attendees/attendees.test-utils.js';
import { PROMOTED_EVENT } from '../modules/agenda/enrollment.notify.js';
import { client as contentClient, pdf } from '../modules/content/content.test-utils.js';

/** The facts today's modules publish (platform/domain-events.ts), read from the outbox. */
let t: TestContext;
let ten: Tenant;
let admin: Client;
let eventId: string;
let png: Buffer;
const emitted: Emitted[] = [];

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id;
  admin = client(t, ten.tokens.eventAdmin, eventId);
  png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#2b8a3e' } })
    .png()
    .toBuffer();
  recordEmits(t, emitted);
});
afterAll(() => t.close());

/** Published events of one name whose payload has `key` = `value`, oldest first. */
const published = async (name: string, key: string, value: string) => {
  const rows = await t.deps.db
    .selectFrom('domainEvents')
    .select(['name', 'version', 'payload'])
    .where('name', '=', name)
    .orderBy('seq')
    .execute();
  return rows.filter((r) => (r.payload as Record<string, unknown>)[key] === value).map((r) => r.payload);
};

describe('published domain events', () => {
  it('enrolling, the waitlist, leaving and promotion: session.enrolled, session.left, enrollment.promoted (which tells the promoted once)', async () => {
    const s = await session(admin, { capacity: 1, enrollable: true, waitlist: true, status: 'PUBLISHED' });
    const [seated, waiting] = [await participantToken(t, eventId), await participantToken(t, eventId)];
    expect((await client(t, seated.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(200);
    expect((await client(t, waiting.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(200);
    expect((await client(t, seated.token, eventId).post(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(200);
    expect(await published('session.enrolled', 'sessionId', s.id)).toEqual([
      {
        eventId,
        sessionId: s.id,
        participantId: seated.participantId,
        state: 'ENROLLED',
        by: 'PARTICIPANT',
        originHost: expect.any(String),
      },
      {
        eventId,
        sessionId: s.id,
        participantId: waiting.participantId,
        state: 'WAITLISTED',
        by: 'PARTICIPANT',
        originHost: expect.any(String),
      },
    ]);

    expect((await client(t, seated.token, eventId).delete(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(
      200,
    );
    expect((await client(t, seated.token, eventId).delete(`sessions/v2/${s.id}/enroll`)).statusCode).toBe(
      200,
    );
    expect(await published('session.left', 'sessionId', s.id)).toEqual([
      { eventId, sessionId: s.id, participantId: seated.participantId, state: 'ENROLLED', by: 'PARTICIPANT' },
    ]);
    expect(await published('enrollment.promoted', 'sessionId', s.id)).toEqual([
      { eventId, sessionId: s.id, participantId: waiting.participantId, originHost: expect.any(String) },
    ]);

    await t.drainJobs();
    expect(emitted.filter((e) => e.event === PROMOTED_EVENT && e.room === `user:${waiting.userId}`)).toEqual([
      {
        room: `user:${waiting.userId}`,
        event: PROMOTED_EVENT,
        payload: { sessionId: s.id, sessionName: s.name },
      },
    ]);
    expect(t.mail.lastTo(waiting.email)?.subject).toBe(`You have a seat in ${s.name}`);
    const processed = await t.deps.db
      .selectFrom('processedEvents')
      .select('handler')
      .where('handler', '=', 'agenda.promotionNotice')
      .execute();
    expect(processed.length).toBeGreaterThanOrEqual(1);
  });

  it('staff adding and removing: session.enrolled and session.left by ADMIN', async () => {
    const s = await session(admin, { capacity: 5, enrollable: true, status: 'PUBLISHED' });
    const p = await participantToken(t, eventId);
    expect(
      (await admin.post(`sessions/v2/${s.id}/attendees`, { participantIds: [p.participantId] })).statusCode,
    ).toBe(200);
    expect((await admin.delete(`sessions/v2/${s.id}/attendees/${p.participantId}`)).statusCode).toBe(204);
    expect(await published('session.enrolled', 'sessionId', s.id)).toEqual([
      {
        eventId,
        sessionId: s.id,
        participantId: p.participantId,
        state: 'ENROLLED',
        by: 'ADMIN',
        originHost: expect.any(String),
      },
    ]);
    expect(await published('session.left', 'sessionId', s.id)).toEqual([
      { eventId, sessionId: s.id, participantId: p.participantId, state: 'ENROLLED', by: 'ADMIN' },
    ]);
  });

  it('session.checkedIn on the first check-in only, by QR and by staff', async () => {
    const s = await session(admin, { status: 'PUBLISHED' });
    const [scanner, helped] = [await participantToken(t, eventId), await participantToken(t, eventId)];
    const qr = encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: s.id });
    for (let i = 0; i < 2; i++)
      expect((await client(t, scanner.token, eventId).post('sessions/check-in', { qr })).statusCode).toBe(
        200,
      );
    for (let i = 0; i < 2; i++)
      expect(
        (await admin.post(`sessions/v2/${s.id}/attendees/${helped.participantId}/check-in`)).statusCode,
      ).toBe(200);
    expect(await published('session.checkedIn', 'sessionId', s.id)).toEqual([
      { eventId, sessionId: s.id, participantId: scanner.participantId, method: 'QR' },
      { eventId, sessionId: s.id, participantId: helped.participantId, method: 'ADMIN' },
    ]);
  });

  it("profile.completed when the participant's own photo completes their profile, once; not when staff set it", async () => {
    const me = await participantToken(t, eventId);
    const other = await participantToken(t, eventId);
    const upload = (token: string, path: string) => {
      const body = multipart('me.png', png, 'image/png');
      return t.as(token, {
        method: 'POST',
        url: `/api/v1/events/${eventId}/participants/${path}`,
        payload: body.payload,
        headers: body.headers,
      });
    };
    expect((await upload(me.token, 'user-profile/photo')).statusCode).toBe(200);
    expect((await upload(me.token, 'user-profile/photo')).statusCode).toBe(200);
    expect((await upload(ten.tokens.eventAdmin, `${other.participantId}/photo`)).statusCode).toBe(200);
    expect(await published('profile.completed', 'participantId', me.participantId)).toEqual([
      { eventId, participantId: me.participantId, userId: me.userId },
    ]);
    expect(await published('profile.completed', 'participantId', other.participantId)).toEqual([]);
  });

  it('material.viewed when a participant reads a material, not when staff do', async () => {
    const staff = contentClient(t, ten.tokens.eventAdmin, eventId);
    const material = (
      await staff.upload('POST', 'materials', { name: 'Slides' }, { name: 'slides.pdf', bytes: pdf() })
    ).json() as { id: string };
    const reader = await participantToken(t, eventId);
    expect((await contentClient(t, reader.token, eventId).get(`materials/${material.id}`)).statusCode).toBe(
      200,
    );
    expect((await staff.get(`materials/${material.id}`)).statusCode).toBe(200);
    expect(await published('material.viewed', 'materialId', material.id)).toEqual([
      { eventId, materialId: material.id, participantId: reader.participantId },
    ]);
  });
});
