import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeQrPayload, parseQrPayload } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';

/** Custom QR codes: exports at exact sizes with 300 dpi, the scan rules and the exactly-once first scan. */
type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
let t: TestContext;
let ten: Tenant;
let other: Tenant;

const codes = (tn: Tenant) => `/api/v1/events/${tn.event.id}/custom-qr-codes`;

beforeAll(async () => {
  t = await createTestContext();
  [ten, other] = [await t.f.tenant(), await t.f.tenant()];
});
afterAll(() => t.close());

async function createCode(tn: Tenant, body: object = { name: 'Northwind booth', points: 15 }) {
  const res = await t.as(tn.tokens.eventAdmin, { method: 'POST', url: codes(tn), payload: body });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: string };
}

const payloadOf = (tn: Tenant, id: string) =>
  encodeQrPayload({ type: 'CUSTOM_QR_CODE', eventId: tn.event.id, customQRCodeId: id });

describe('custom QR codes', () => {
  it('refuses a name left empty and points that are no whole number, on the fields', async () => {
    const res = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: codes(ten),
      payload: { name: '', points: 1.5 },
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys((res.json() as { fields: Record<string, string> }).fields).sort()).toEqual([
      'name',
      'points',
    ]);
  });

  it.each([1200, 1800])(
    'exports a PNG of exactly %i px at 300 dpi that decodes to the payload',
    async (size) => {
      const code = await createCode(ten);
      const res = await t.as(ten.tokens.eventAdmin, {
        method: 'GET',
        url: `${codes(ten)}/${code.id}/qr-code?size=${size}`,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      const meta = await sharp(png).metadata();
      expect([meta.width, meta.height, meta.density]).toEqual([size, size, 300]);
      const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
      const decoded = jsQR(new Uint8ClampedArray(data), info.width, info.height);
      expect(parseQrPayload(decoded!.data)).toEqual({
        type: 'CUSTOM_QR_CODE',
        eventId: ten.event.id,
        customQRCodeId: code.id,
      });
    },
  );

  it('prints a PDF sheet', async () => {
    await createCode(ten, { name: 'Poster wall', points: 5 });
    const res = await t.as(ten.tokens.eventAdmin, { method: 'GET', url: `${codes(ten)}/sheet` });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('a scan: not a custom code → 400 on qr; another event’s code → 404; 50 at once → one scan row and one qr.scanned', async () => {
    const code = await createCode(ten);
    const foreign = await createCode(other);
    const scan = (qr: string) =>
      t.as(ten.tokens.participant, {
        method: 'POST',
        url: `${codes(ten)}/scan`,
        payload: { qr, via: 'APP' },
      });
    const session = encodeQrPayload({ type: 'SESSION_QR_CODE', eventId: ten.event.id, sessionId: code.id });
    const refused = await scan(session);
    expect(refused.statusCode).toBe(400);
    expect(Object.keys((refused.json() as { fields: Record<string, string> }).fields)).toEqual(['qr']);
    expect((await scan(payloadOf(other, foreign.id))).statusCode).toBe(404);
    expect((await scan(payloadOf(ten, crypto.randomUUID()))).statusCode).toBe(404);

    const answers = await Promise.all(Array.from({ length: 50 }, () => scan(payloadOf(ten, code.id))));
    expect(answers.map((a) => a.statusCode).filter((s) => s >= 300)).toEqual([]);
    const rows = await t.deps.db.selectFrom('qrScans').selectAll().where('codeId', '=', code.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.scanCount).toBe(50);
    const published = await t.deps.db
      .selectFrom('domainEvents')
      .select('payload')
      .where('name', '=', 'qr.scanned')
      .execute();
    expect(published.filter((e) => (e.payload as { codeId: string }).codeId === code.id)).toHaveLength(1);
  });
});
