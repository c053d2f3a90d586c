import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { storageFor } from '../../platform/storage.js';
import { client, multipart, participant, type Client, type Tenant } from './attendees.test-utils.js';

let t: TestContext;
let ten: Tenant;
let other: Tenant;
let admin: Client;
let png: Buffer;
let jpeg: Buffer;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  other = await t.f.tenant();
  admin = client(t, ten.tokens.eventAdmin, ten.event.id);
  png = await sharp({
    create: { width: 40, height: 30, channels: 4, background: { r: 255, g: 0, b: 0, alpha: 0.5 } },
  })
    .png()
    .toBuffer();
  jpeg = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#3366cc' } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-gps-stand-in' } } })
    .jpeg()
    .toBuffer();
});
afterAll(() => t.close());

const upload = (token: string, url: string, filename: string, bytes: Buffer, type?: string) => {
  const body = multipart(filename, bytes, type);
  return t.as(token, {
    method: 'POST',
    url: `/api/v1/events/${ten.event.id}/participants/${url}`,
    payload: body.payload,
    headers: body.headers,
  });
};
const served = (url: string) => t.as(undefined, { method: 'GET', url });

describe('participant photos', () => {
  it('stores a PNG as PNG under a generated name and serves it publicly', async () => {
    const p = await participant(admin);
    const res = await upload(ten.tokens.eventAdmin, `${p.id}/photo`, 'me.png', png, 'image/png');
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().photoUrl;
    expect(url).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\.png$/);
    const file = await served(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toContain('immutable');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30, hasAlpha: true });
    expect(
      (await t.deps.db.selectFrom('auditLog').select('action').where('entityId', '=', p.id).execute()).map(
        (a) => a.action,
      ),
    ).toEqual(['create', 'update']);
  });

  it('scales large images down, drops their metadata, and replaces the old file', async () => {
    const p = await participant(admin);
    const first = (await upload(ten.tokens.eventAdmin, `${p.id}/photo`, 'a.png', png)).json()
      .photoUrl as string;
    const res = await upload(ten.tokens.eventAdmin, `${p.id}/photo`, 'holiday.JPG', jpeg, 'image/jpeg');
    expect(res.statusCode).toBe(200);
    const url: string = res.json().photoUrl;
    expect(url).toMatch(/\.jpg$/);
    const meta = await sharp((await served(url)).rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1024, height: 683 });
    expect(meta.exif).toBeUndefined();
    expect((await served(first)).statusCode).toBe(404);
    const removed = await admin.delete(`participants/${p.id}/photo`);
    expect(removed.json().photoUrl).toBeNull();
    expect((await served(url)).statusCode).toBe(404);
  });

  it('checks the content, not the name: a PNG named .jpg passes, a PDF named .png does not', async () => {
    const p = await participant(admin);
    const renamed = await upload(ten.tokens.eventAdmin, `${p.id}/photo`, 'photo.jpg', png, 'image/jpeg');
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().photoUrl).toMatch(/\.png$/);
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
    );
    const fake = await upload(ten.tokens.eventAdmin, `${p.id}/photo`, 'photo.png', pdf, 'image/png');
    expect(fake.statusCode).toBe(400);
    expect(fake.json()).toMatchObject({
      message: ATTENDEE_MESSAGES.photoType,
      fields: { file: ATTENDEE_MESSAGES.photoType },
    });
    const gif = await upload(
      ten.tokens.eventAdmin,
      `${p.id}/photo`,
      'a.gif',
      Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
      'image/gif',
    );
    expect(gif.statusCode).toBe(400);
    const truncated = await upload(
      ten.tokens.eventAdmin,
      `${p.id}/photo`,
      'cut.png',
      png.subarray(0, 60),
      'image/png',
    );
    expect(truncated.statusCode).toBe(400);
    expect(truncated.json().message).toBe(ATTENDEE_MESSAGES.photoUnreadable);
    expect((await admin.get(`participants/${p.id}`)).json().photoUrl).toBe(renamed.json().photoUrl);
    // Removing the participant removes the photo file.
    expect((await served(renamed.json().photoUrl)).statusCode).toBe(200);
    await admin.delete(`participants/${p.id}`);
    expect((await served(renamed.json().photoUrl)).statusCode).toBe(404);
  });

  it('refuses files over 10 MB with 413, and requests without a file with 400', async () => {
    const p = await participant(admin);
    const big = Buffer.concat([png, Buffer.alloc(10_000_001 - png.length + 1)]);
    const res = await upload(ten.tokens.eventAdmin, `${p.id}/photo`, 'big.png', big, 'image/png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      message: ATTENDEE_MESSAGES.photoTooLarge,
      fields: { file: ATTENDEE_MESSAGES.photoTooLarge },
    });
    const none = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/participants/${p.id}/photo`,
      payload: { file: 'x' },
    });
    expect(none.statusCode).toBe(400);
    expect(
      (await upload(ten.tokens.eventAdmin, `00000000-0000-4000-8000-000000000000/photo`, 'a.png', png))
        .statusCode,
    ).toBe(404);
    const foreign = await participant(client(t, other.tokens.eventAdmin, other.event.id));
    expect((await upload(ten.tokens.eventAdmin, `${foreign.id}/photo`, 'a.png', png)).statusCode).toBe(404);
    expect((await upload(ten.tokens.moderator, `${p.id}/photo`, 'a.png', png)).statusCode).toBe(403);
    expect((await upload(ten.tokens.participant, `${p.id}/photo`, 'a.png', png)).statusCode).toBe(403);
  });

  it('lets a participant set and remove their own photo', async () => {
    const res = await upload(ten.tokens.participant, 'user-profile/photo', 'selfie.png', png);
    expect(res.statusCode, res.body).toBe(200);
    const url = res.json().participant.photoUrl as string;
    expect(url).toMatch(/^\/api\/v1\/files\//);
    const view = await t.as(ten.tokens.participant, {
      method: 'GET',
      url: `/api/v1/events/${ten.event.id}/participants/${ten.users.participant.id}/profile`,
    });
    expect(view.json().photoUrl).toBe(url);
    const removed = await t.as(ten.tokens.participant, {
      method: 'DELETE',
      url: `/api/v1/events/${ten.event.id}/participants/user-profile/photo`,
    });
    expect(removed.json().participant.photoUrl).toBeNull();
    expect((await upload(ten.tokens.moderator, 'user-profile/photo', 'selfie.png', png)).statusCode).toBe(
      404,
    );
  });

  it('serves only well-formed keys that exist', async () => {
    expect((await served('/api/v1/files/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
    expect((await served('/api/v1/files/0123456789abcdef0123456789abcdef.png')).statusCode).toBe(404);
    const storage = storageFor(t.deps.config);
    const key = await storage.put(Buffer.from('%PDF-1.4'), 'application/pdf');
    expect(storage.keyOf(storage.url(key))).toBe(key);
    expect(storage.keyOf('https://elsewhere.example.com/a.png')).toBeUndefined();
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
  });
});
