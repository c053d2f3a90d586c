import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_MESSAGES, CONTENT_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import {
  client,
  jpeg,
  m4a,
  m4v,
  mov,
  mp3,
  mp4,
  pdf,
  png,
  ppt,
  pptx,
  xlsx,
  type Client,
} from './content.test-utils.js';

let t: TestContext;
let admin: Client;
let other: Client;
let eventId: string;
let otherEventId: string;
let adminName: { firstName: string; lastName: string };
let adminToken: string;

beforeAll(async () => {
  t = await createTestContext();
  const a = await t.f.tenant();
  const b = await t.f.tenant();
  eventId = a.event.id;
  otherEventId = b.event.id;
  adminToken = a.tokens.eventAdmin;
  admin = client(t, adminToken, eventId);
  other = client(t, b.tokens.eventAdmin, otherEventId);
  adminName = { firstName: a.users.eventAdmin.firstName, lastName: a.users.eventAdmin.lastName };
});
afterAll(() => t.close());

let n = 0;
const unique = (prefix: string) => `${prefix} ${++n}`;

async function session(
  evId: string,
  over: { locationId?: string; breakoutId?: string; enrolledCount?: number } = {},
): Promise<string> {
  const start = new Date('2026-06-01T09:00:00Z');
  const row = await t.deps.db
    .insertInto('sessions')
    .values({
      eventId: evId,
      name: unique('Session'),
      startAt: start,
      endAt: new Date(start.getTime() + 3_600_000),
      locationId: over.locationId ?? null,
      breakoutId: over.breakoutId ?? null,
      audience: JSON.stringify({ type: 'EVERYONE', labelIds: [], rules: [] }),
      enrolledCount: over.enrolledCount ?? 0,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The bytes served at a stored file's URL, or the status when it is gone. */
async function served(url: string): Promise<{ status: number; type?: string; bytes?: Buffer }> {
  const res = await t.app.inject({ method: 'GET', url });
  return res.statusCode === 200
    ? { status: 200, type: String(res.headers['content-type']), bytes: res.rawPayload }
    : { status: res.statusCode };
}

async function location(c: Client = admin, body: Record<string, unknown> = {}) {
  const res = await c.post('locations', { name: unique('Room'), ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function material(c: Client = admin, name = 'slides.pdf', bytes?: Buffer) {
  const res = await c.upload(
    'POST',
    'materials',
    { name: unique('Material') },
    { name, bytes: bytes ?? pdf() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function map(c: Client = admin, name = 'plan.png', bytes?: Buffer) {
  const res = await c.upload(
    'POST',
    'interactive-maps',
    { name: unique('Floor') },
    { name, bytes: bytes ?? (await png(200, 100)) },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('locations', () => {
  it('creates, reads, updates partially, with createdBy and updatedBy names', async () => {
    const created = await location(admin, {
      name: 'Hall A',
      description: 'Ground floor',
      mapLocationUrl: 'https://maps.example.com/hall-a',
    });
    expect(created).toMatchObject({
      name: 'Hall A',
      description: 'Ground floor',
      mapLocationUrl: 'https://maps.example.com/hall-a',
      pdfMapUrl: null,
      pins: [],
      sessionCount: 0,
      eventId,
    });
    expect(created.createdBy).toMatchObject(adminName);
    expect(created.updatedBy).toEqual(adminName);
    const patched = await admin.patch(`locations/${created.id}`, { name: 'Hall A1' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      name: 'Hall A1',
      description: 'Ground floor',
      mapLocationUrl: 'https://maps.example.com/hall-a',
    });
    expect(
      (await admin.patch(`locations/${created.id}`, { mapLocationUrl: '' })).json().mapLocationUrl,
    ).toBeNull();
    expect((await admin.get(`locations/${created.id}`)).json().name).toBe('Hall A1');
  });

  it('refuses bad input with field messages', async () => {
    const cases: Array<[unknown, string, string]> = [
      [{}, 'name', MESSAGES.required],
      [{ name: '' }, 'name', MESSAGES.required],
      [{ name: 'x'.repeat(201) }, 'name', MESSAGES.maxLength],
      [{ name: 'Ok', mapLocationUrl: 'not a url' }, 'mapLocationUrl', MESSAGES.invalidUrl],
      [{ name: 'Ok', mapLocationUrl: 'javascript:alert(1)' }, 'mapLocationUrl', MESSAGES.invalidUrl],
      [{ name: 'Ok', description: 5 }, 'description', ''],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post('locations', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    expect((await admin.patch(`locations/${(await location()).id}`, { name: '' })).json().fields.name).toBe(
      MESSAGES.required,
    );
    expect((await admin.get('locations/not-a-uuid')).statusCode).toBe(400);
    expect((await admin.get('locations?sort=secret:asc')).statusCode).toBe(400);
    expect((await admin.get('locations?mapId=nope')).statusCode).toBe(400);
    expect((await admin.get('/api/v1/events/nope/locations')).statusCode).toBe(400);
  });

  it('keeps names unique per event, ignoring case (409), but not across events', async () => {
    await location(admin, { name: 'Foyer' });
    const dup = await admin.post('locations', { name: 'FOYER' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().fields.name).toBe(AGENDA_MESSAGES.nameTaken);
    await location(other, { name: 'Foyer' });
    const second = await location(admin, { name: 'Foyer 2' });
    expect((await admin.patch(`locations/${second.id}`, { name: 'foyer' })).statusCode).toBe(409);
    expect((await admin.patch(`locations/${second.id}`, { name: 'Foyer 2' })).statusCode).toBe(200);
  });

  it('lists with search, sort, pages and the map filter', async () => {
    const prefix = `Zeta${Date.now()}`;
    for (const s of ['c', 'a', 'b']) await location(admin, { name: `${prefix} ${s}` });
    const page1 = (await admin.get(`locations?search=${prefix}&sort=name:desc&limit=2`)).json();
    expect(page1.total).toBe(3);
    expect(page1.records.map((r: { name: string }) => r.name)).toEqual([`${prefix} c`, `${prefix} b`]);
    const page2 = (await admin.get(`locations?search=${prefix}&sort=name:desc&limit=2&page=2`)).json();
    expect(page2.records.map((r: { name: string }) => r.name)).toEqual([`${prefix} a`]);
    const m = await map();
    const target = page1.records[0];
    await admin.post(`interactive-maps/${m.id}/pins`, {
      name: 'Pin C',
      x: 0.1,
      y: 0.2,
      locationId: target.id,
    });
    const byMap = (await admin.get(`locations?mapId=${m.id}`)).json();
    expect(byMap.records.map((r: { id: string }) => r.id)).toEqual([target.id]);
    expect(byMap.records[0].pins).toEqual([
      { mapId: m.id, mapName: m.name, pinId: expect.any(String), pinName: 'Pin C' },
    ]);
  });

  it('counts sessions and exports as CSV', async () => {
    const loc = await location(admin, { name: unique('Counted') });
    await session(eventId, { locationId: loc.id });
    await session(eventId, { locationId: loc.id });
    expect((await admin.get(`locations/${loc.id}`)).json().sessionCount).toBe(2);
    const csv = await admin.get(`locations/export?format=csv&search=${encodeURIComponent(loc.name)}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(loc.name);
  });

  it('stores a PDF map checked by content, replaces and removes it, releasing the files', async () => {
    const loc = await location();
    const first = await admin.upload(
      'PUT',
      `locations/${loc.id}/pdf-map`,
      {},
      { name: 'map.pdf', bytes: pdf('Map 1') },
    );
    expect(first.statusCode, first.body).toBe(200);
    const firstUrl = first.json().pdfMapUrl as string;
    expect(firstUrl).toMatch(/^\/api\/v1\/files\/[0-9a-f]{32}\.pdf$/);
    expect(await served(firstUrl)).toMatchObject({ status: 200, type: 'application/pdf' });

    const second = await admin.upload(
      'PUT',
      `locations/${loc.id}/pdf-map`,
      {},
      { name: 'map-v2.PDF', bytes: pdf('Map 2') },
    );
    const secondUrl = second.json().pdfMapUrl as string;
    expect(secondUrl).not.toBe(firstUrl);
    expect((await served(firstUrl)).status).toBe(404);

    const pngAsPdf = await admin.upload(
      'PUT',
      `locations/${loc.id}/pdf-map`,
      {},
      { name: 'map.pdf', bytes: await png() },
    );
    expect(pngAsPdf.statusCode).toBe(400);
    expect(pngAsPdf.json().fields.file).toBe(AGENDA_MESSAGES.fileContent);
    const pngAsPng = await admin.upload(
      'PUT',
      `locations/${loc.id}/pdf-map`,
      {},
      { name: 'map.png', bytes: await png() },
    );
    expect(pngAsPng.json().fields.file).toBe(CONTENT_MESSAGES.pdfOnly);
    const truncated = await admin.upload(
      'PUT',
      `locations/${loc.id}/pdf-map`,
      {},
      { name: 'map.pdf', bytes: pdf().subarray(0, 200) },
    );
    expect(truncated.statusCode).toBe(400);
    const noFile = await admin.upload('PUT', `locations/${loc.id}/pdf-map`, { name: 'x' });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fields.file).toBe(CONTENT_MESSAGES.fileMissing);
    const asJson = await t.as(undefined, {
      method: 'PUT',
      url: `/api/v1/events/${eventId}/locations/${loc.id}/pdf-map`,
      payload: { file: 'x' },
    });
    expect(asJson.statusCode).toBe(401);
    expect((await admin.get(`locations/${loc.id}`)).json().pdfMapUrl).toBe(secondUrl);

    const removed = await admin.delete(`locations/${loc.id}/pdf-map`);
    expect(removed.statusCode).toBe(200);
    expect(removed.json().pdfMapUrl).toBeNull();
    expect((await served(secondUrl)).status).toBe(404);
  });

  it('refuses a PDF map above the limit with 413', async () => {
    const loc = await location();
    const big = Buffer.concat([pdf(), Buffer.alloc(20_000_001)]);
    const res = await admin.upload(
      'PUT',
      `locations/${loc.id}/pdf-map`,
      {},
      { name: 'huge.pdf', bytes: big },
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().fields.file).toBe(AGENDA_MESSAGES.fileTooLarge);
  });

  it('refuses to delete a location sessions or pins use (409), deletes it otherwise with its PDF', async () => {
    const used = await location();
    const sessionId = await session(eventId, { locationId: used.id });
    const refused = await admin.delete(`locations/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AGENDA_MESSAGES.inUse);
    await t.deps.db.updateTable('sessions').set({ locationId: null }).where('id', '=', sessionId).execute();

    const m = await map();
    const pin = (
      await admin.post(`interactive-maps/${m.id}/pins`, { name: 'Here', x: 0.5, y: 0.5, locationId: used.id })
    ).json();
    expect((await admin.delete(`locations/${used.id}`)).statusCode).toBe(409);
    await admin.patch(`interactive-maps/${m.id}/pins/${pin.id}`, { locationId: null });

    const withPdf = await admin.upload(
      'PUT',
      `locations/${used.id}/pdf-map`,
      {},
      { name: 'm.pdf', bytes: pdf() },
    );
    const url = withPdf.json().pdfMapUrl as string;
    expect((await admin.delete(`locations/${used.id}`)).statusCode).toBe(204);
    expect((await admin.get(`locations/${used.id}`)).statusCode).toBe(404);
    expect((await served(url)).status).toBe(404);
  });

  it("answers 404 for another tenant's location through either event", async () => {
    const theirs = await location(other);
    expect((await admin.get(`locations/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.patch(`locations/${theirs.id}`, { name: 'Mine' })).statusCode).toBe(404);
    expect((await admin.delete(`locations/${theirs.id}`)).statusCode).toBe(404);
    const theirMap = await other.upload(
      'PUT',
      `locations/${theirs.id}/pdf-map`,
      {},
      { name: 'm.pdf', bytes: pdf() },
    );
    const theirMapUrl = theirMap.json().pdfMapUrl as string;
    const put = await admin.upload(
      'PUT',
      `locations/${theirs.id}/pdf-map`,
      {},
      { name: 'x.pdf', bytes: pdf('X') },
    );
    expect(put.statusCode).toBe(404);
    expect((await admin.delete(`locations/${theirs.id}/pdf-map`)).statusCode).toBe(404);
    expect((await other.get(`locations/${theirs.id}`)).json().pdfMapUrl).toBe(theirMapUrl);
    expect((await served(theirMapUrl)).status).toBe(200);
    expect((await admin.get(`/api/v1/events/${otherEventId}/locations/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.get(`/api/v1/events/${otherEventId}/locations`)).statusCode).toBe(404);
  });
});

describe('materials', () => {
  const accepted: Array<[string, string, () => Buffer | Promise<Buffer>]> = [
    ['photo.jpg', 'jpeg', () => jpeg()],
    ['photo.JPEG', 'jpeg', () => jpeg()],
    ['diagram.png', 'png', () => png()],
    ['talk.mp4', 'mp4', mp4],
    ['talk.m4v', 'm4v', m4v],
    ['talk.mov', 'mov', mov],
    ['talk-as-mov.mov', 'mov', mp4],
    ['podcast.mp3', 'mp3', mp3],
    ['podcast.m4a', 'm4a', m4a],
    ['handout.pdf', 'pdf', () => pdf()],
    ['deck.ppt', 'ppt', ppt],
    ['deck.pptx', 'pptx', pptx],
  ];
  it.each(accepted)('accepts %s as %s', async (name, type, make) => {
    const bytes = await make();
    const res = await admin.upload(
      'POST',
      'materials',
      { name: `Material ${name}`, description: 'For the session' },
      { name, bytes },
    );
    expect(res.statusCode, res.body).toBe(201);
    const record = res.json();
    expect(record).toMatchObject({
      name: `Material ${name}`,
      description: 'For the session',
      fileName: name,
      fileType: type,
      fileSize: bytes.length,
      pins: [],
      sessionCount: 0,
    });
    expect(record.createdBy).toMatchObject(adminName);
    const file = await served(record.url);
    expect(file.status).toBe(200);
    expect(file.bytes!.equals(bytes)).toBe(true);
  });

  const refused: Array<[string, () => Buffer | Promise<Buffer>, string]> = [
    ['png renamed .pdf', () => png(), 'fileContent:slides.pdf'],
    ['pdf renamed .png', () => pdf(), 'fileContent:slides.png'],
    ['pdf renamed .mp4', () => pdf(), 'fileContent:clip.mp4'],
    ['jpeg renamed .png', () => jpeg(), 'fileContent:image.png'],
    ['xlsx renamed .pptx', xlsx, 'fileContent:deck.pptx'],
    ['mp4 renamed .mp3', mp4, 'fileContent:song.mp3'],
    ['mp3 renamed .m4a', mp3, 'fileContent:song.m4a'],
    ['text as .txt', () => Buffer.from('hello'), 'fileType:notes.txt'],
    ['no extension', () => pdf(), 'fileType:README'],
    ['xlsx (not a material type)', xlsx, 'fileType:sheet.xlsx'],
    [
      'html renamed .pdf',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      'fileContent:page.pdf',
    ],
    ['broken png', async () => (await png()).subarray(0, 40), 'imageUnreadable:broken.png'],
  ];
  it.each(refused)('refuses %s', async (_label, make, expectation) => {
    const [kind, name] = expectation.split(':') as [string, string];
    const before = await t.deps.db
      .selectFrom('materials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await admin.upload('POST', 'materials', { name: 'Refused' }, { name, bytes: await make() });
    expect(res.statusCode).toBe(400);
    const messages: Record<string, string> = {
      fileContent: AGENDA_MESSAGES.fileContent,
      fileType: AGENDA_MESSAGES.fileType,
      imageUnreadable: CONTENT_MESSAGES.imageUnreadable,
    };
    expect(res.json().fields).toEqual({ file: messages[kind] });
    const after = await t.deps.db
      .selectFrom('materials')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses bad form fields and a missing file with field messages', async () => {
    const noName = await admin.upload('POST', 'materials', {}, { name: 'a.pdf', bytes: pdf() });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().fields.name).toBe(MESSAGES.required);
    const longName = await admin.upload(
      'POST',
      'materials',
      { name: 'x'.repeat(201) },
      { name: 'a.pdf', bytes: pdf() },
    );
    expect(longName.json().fields.name).toBe(MESSAGES.maxLength);
    const noFile = await admin.upload('POST', 'materials', { name: 'No file' });
    expect(noFile.json().fields.file).toBe(CONTENT_MESSAGES.fileMissing);
    const wrongField = await admin.upload(
      'POST',
      'materials',
      { name: 'Wrong field' },
      { name: 'a.pdf', bytes: pdf(), field: 'attachment' },
    );
    expect(wrongField.statusCode).toBe(400);
    const empty = await admin.upload(
      'POST',
      'materials',
      { name: 'Empty' },
      { name: 'a.pdf', bytes: Buffer.alloc(0) },
    );
    expect(empty.statusCode).toBe(400);
    const asJson = await admin.post('materials', { name: 'JSON' });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json().fields.file).toBeDefined();
    const m = await material();
    expect((await admin.patch(`materials/${m.id}`, { name: '' })).json().fields.name).toBe(MESSAGES.required);
    expect(
      (await admin.patch(`materials/${m.id}`, { description: 'x'.repeat(5001) })).json().fields.description,
    ).toBe(MESSAGES.maxLength);
    expect((await admin.get('materials?fileType=')).statusCode).toBe(400);
  });

  it('updates names and the updater, replaces the file and releases the old one', async () => {
    const m = await material(admin, 'v1.pdf');
    const patched = (await admin.patch(`materials/${m.id}`, { description: 'Updated' })).json();
    expect(patched).toMatchObject({ name: m.name, description: 'Updated', updatedBy: adminName });
    expect(new Date(patched.updatedAt).getTime()).toBeGreaterThanOrEqual(new Date(m.updatedAt).getTime());
    const bytes = await png(10, 10);
    const replaced = await admin.upload('PUT', `materials/${m.id}/file`, {}, { name: 'v2.png', bytes });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      fileName: 'v2.png',
      fileType: 'png',
      fileSize: bytes.length,
      name: m.name,
    });
    expect((await served(m.url)).status).toBe(404);
    expect((await served(replaced.json().url)).status).toBe(200);
    const refused = await admin.upload('PUT', `materials/${m.id}/file`, {}, { name: 'v3.pdf', bytes });
    expect(refused.statusCode).toBe(400);
    expect((await admin.get(`materials/${m.id}`)).json().url).toBe(replaced.json().url);
  });

  it('filters by file type, sorts by size, searches by name', async () => {
    const tag = `Kappa${Date.now()}`;
    await admin.upload('POST', 'materials', { name: `${tag} deck` }, { name: 'deck.pptx', bytes: pptx() });
    await admin.upload('POST', 'materials', { name: `${tag} audio` }, { name: 'a.mp3', bytes: mp3() });
    const list = (await admin.get(`materials?search=${tag}&fileType=pptx,mp3&sort=fileSize:asc`)).json();
    // The PPTX made here (≈700 bytes) is smaller than the MP3 (1,261 bytes).
    expect(list.records.map((r: { fileType: string }) => r.fileType)).toEqual(['pptx', 'mp3']);
    expect((await admin.get(`materials?search=${tag}&fileType=pptx`)).json().total).toBe(1);
  });

  it('refuses to delete a material sessions or pins use (409), deletes it otherwise with its file', async () => {
    const m = await material();
    const sessionId = await session(eventId);
    await t.deps.db.insertInto('sessionMaterials').values({ sessionId, materialId: m.id }).execute();
    expect((await admin.get(`materials/${m.id}`)).json().sessionCount).toBe(1);
    expect((await admin.delete(`materials/${m.id}`)).statusCode).toBe(409);
    await t.deps.db.deleteFrom('sessionMaterials').where('materialId', '=', m.id).execute();
    const plan = await map();
    const pin = (
      await admin.post(`interactive-maps/${plan.id}/pins`, { name: 'Handouts', x: 0, y: 1, materialId: m.id })
    ).json();
    expect((await admin.get(`materials/${m.id}`)).json().pins).toEqual([
      { mapId: plan.id, mapName: plan.name, pinId: pin.id, pinName: 'Handouts' },
    ]);
    expect((await admin.delete(`materials/${m.id}`)).statusCode).toBe(409);
    await admin.delete(`interactive-maps/${plan.id}/pins/${pin.id}`);
    expect((await admin.delete(`materials/${m.id}`)).statusCode).toBe(204);
    expect((await served(m.url)).status).toBe(404);
  });

  it('creates once per Idempotency-Key', async () => {
    const key = `material-${Date.now()}`;
    const bytes = pdf('Idempotent');
    const first = await admin.upload(
      'POST',
      'materials',
      { name: 'Once' },
      { name: 'once.pdf', bytes },
      { 'idempotency-key': key },
    );
    const again = await admin.upload(
      'POST',
      'materials',
      { name: 'Once' },
      { name: 'once.pdf', bytes },
      { 'idempotency-key': key },
    );
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    const different = await admin.upload(
      'POST',
      'materials',
      { name: 'Twice' },
      { name: 'once.pdf', bytes },
      { 'idempotency-key': key },
    );
    expect(different.statusCode).toBe(422);
  });
});

describe('interactive maps and pins', () => {
  it('reads the size of an image plan, upright and without metadata', async () => {
    const rotated = await (
      await import('sharp')
    )
      .default({ create: { width: 60, height: 20, channels: 3, background: '#fff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await admin.upload(
      'POST',
      'interactive-maps',
      { name: 'Rotated' },
      { name: 'plan.jpg', bytes: rotated },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ fileType: 'jpeg', width: 20, height: 60, pinCount: 0, pins: [] });
    const stored = await served(res.json().url);
    const meta = await (await import('sharp')).default(stored.bytes!).metadata();
    expect(meta.orientation ?? 1).toBe(1);
    expect(meta.exif).toBeUndefined();
  });

  it('takes a PDF plan whose size the client reports', async () => {
    const res = await admin.upload(
      'POST',
      'interactive-maps',
      { name: 'PDF plan', description: 'Level 1' },
      { name: 'plan.pdf', bytes: pdf('Plan') },
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ fileType: 'pdf', width: null, height: null, description: 'Level 1' });
    const sized = await admin.patch(`interactive-maps/${res.json().id}`, { width: 595, height: 842 });
    expect(sized.json()).toMatchObject({ width: 595, height: 842, name: 'PDF plan' });
    expect((await admin.patch(`interactive-maps/${res.json().id}`, { width: 0 })).statusCode).toBe(400);
  });

  it('refuses other files and a size for an image plan', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const cases: Array<[string, Buffer, string]> = [
      ['plan.gif', gif, AGENDA_MESSAGES.mapFileType],
      ['plan.mp4', mp4(), AGENDA_MESSAGES.mapFileType],
      ['plan.jpg', await png(), AGENDA_MESSAGES.fileContent],
      ['plan.pdf', await png(), AGENDA_MESSAGES.fileContent],
      ['plan.png', pdf(), AGENDA_MESSAGES.fileContent],
    ];
    for (const [name, bytes, message] of cases) {
      const res = await admin.upload('POST', 'interactive-maps', { name: 'Bad' }, { name, bytes });
      expect(res.statusCode, name).toBe(400);
      expect(res.json().fields.file, name).toBe(message);
    }
    expect(
      (await admin.upload('POST', 'interactive-maps', {}, { name: 'p.png', bytes: await png() })).json()
        .fields.name,
    ).toBe(MESSAGES.required);
    const m = await map();
    const size = await admin.patch(`interactive-maps/${m.id}`, { width: 10 });
    expect(size.statusCode).toBe(400);
    expect(size.json().fields.width).toBe(CONTENT_MESSAGES.imageSizeFixed);
  });

  it('places pins linked to the same event, moves them, unlinks them, and lists them with the map', async () => {
    const m = await map();
    expect(m).toMatchObject({ width: 200, height: 100 });
    const loc = await location();
    const mat = await material();
    const sessionId = await session(eventId);
    const created = await admin.post(`interactive-maps/${m.id}/pins`, {
      name: 'Main hall',
      x: 0.25,
      y: 0.75,
      locationId: loc.id,
      sessionId,
      materialId: mat.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const pin = created.json();
    expect(pin).toMatchObject({
      mapId: m.id,
      name: 'Main hall',
      x: 0.25,
      y: 0.75,
      color: '#e03131',
      location: { id: loc.id, name: loc.name },
      session: { id: sessionId },
      material: { id: mat.id, name: mat.name, url: mat.url, fileType: 'pdf' },
    });

    const moved = (await admin.patch(`interactive-maps/${m.id}/pins/${pin.id}`, { x: 1, y: 0 })).json();
    expect(moved).toMatchObject({ x: 1, y: 0, location: { id: loc.id }, material: { id: mat.id } });
    const unlinked = (
      await admin.patch(`interactive-maps/${m.id}/pins/${pin.id}`, { sessionId: null, color: '#123456' })
    ).json();
    expect(unlinked).toMatchObject({ session: null, color: '#123456', location: { id: loc.id } });

    const full = (await admin.get(`interactive-maps/${m.id}`)).json();
    expect(full.pinCount).toBe(1);
    expect(full.pins).toHaveLength(1);
    expect(
      (await admin.get('interactive-maps')).json().records.find((r: { id: string }) => r.id === m.id)
        .pinCount,
    ).toBe(1);
    expect((await admin.get(`locations/${loc.id}`)).json().pins[0]).toMatchObject({
      mapName: m.name,
      pinName: 'Main hall',
    });
  });

  it("refuses pins with bad input or another event's links", async () => {
    const m = await map();
    const theirLocation = await location(other);
    const theirMaterial = await material(other);
    const theirSession = await session(otherEventId);
    const cases: Array<[Record<string, unknown>, string, string | undefined]> = [
      [
        { name: 'P', x: 0.5, y: 0.5, locationId: theirLocation.id },
        'locationId',
        AGENDA_MESSAGES.unknownLocation,
      ],
      [
        { name: 'P', x: 0.5, y: 0.5, materialId: theirMaterial.id },
        'materialId',
        AGENDA_MESSAGES.unknownMaterial,
      ],
      [{ name: 'P', x: 0.5, y: 0.5, sessionId: theirSession }, 'sessionId', CONTENT_MESSAGES.unknownSession],
      [{ name: 'P', x: 1.5, y: 0.5 }, 'x', undefined],
      [{ name: 'P', x: 0.5, y: -0.1 }, 'y', undefined],
      [{ name: 'P', x: 0.5 }, 'y', MESSAGES.required],
      [{ x: 0.5, y: 0.5 }, 'name', MESSAGES.required],
      [{ name: 'P', x: 0.5, y: 0.5, color: 'red' }, 'color', undefined],
      [{ name: 'P', x: 0.5, y: 0.5, locationId: 'nope' }, 'locationId', undefined],
    ];
    for (const [body, field, message] of cases) {
      const res = await admin.post(`interactive-maps/${m.id}/pins`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().fields), JSON.stringify(body)).toContain(field);
      if (message) expect(res.json().fields[field]).toBe(message);
    }
    const pin = (await admin.post(`interactive-maps/${m.id}/pins`, { name: 'Ok', x: 0, y: 0 })).json();
    expect(
      (await admin.patch(`interactive-maps/${m.id}/pins/${pin.id}`, { locationId: theirLocation.id })).json()
        .fields.locationId,
    ).toBe(AGENDA_MESSAGES.unknownLocation);
    const otherMap = await map();
    expect((await admin.patch(`interactive-maps/${otherMap.id}/pins/${pin.id}`, { x: 0.1 })).statusCode).toBe(
      404,
    );
    expect((await admin.delete(`interactive-maps/${otherMap.id}/pins/${pin.id}`)).statusCode).toBe(404);
    const theirMap = await map(other);
    expect(
      (await admin.post(`interactive-maps/${theirMap.id}/pins`, { name: 'X', x: 0, y: 0 })).statusCode,
    ).toBe(404);
    expect((await admin.get(`interactive-maps/${theirMap.id}`)).statusCode).toBe(404);
  });

  it('replaces the plan keeping the pins, deletes the map with its pins and file', async () => {
    const m = await map();
    const pin = (await admin.post(`interactive-maps/${m.id}/pins`, { name: 'Stay', x: 0.3, y: 0.3 })).json();
    const replaced = await admin.upload(
      'PUT',
      `interactive-maps/${m.id}/file`,
      {},
      { name: 'v2.jpeg', bytes: await jpeg(300, 150) },
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json()).toMatchObject({
      fileType: 'jpeg',
      width: 300,
      height: 150,
      pins: [{ id: pin.id, x: 0.3, y: 0.3 }],
    });
    expect((await served(m.url)).status).toBe(404);
    expect((await admin.delete(`interactive-maps/${m.id}`)).statusCode).toBe(204);
    expect((await served(replaced.json().url)).status).toBe(404);
    expect(
      await t.deps.db.selectFrom('mapPins').select('id').where('id', '=', pin.id).executeTakeFirst(),
    ).toBeUndefined();
  });
});

describe('collections', () => {
  it('creates with an audience, counts rules and sessions, names the creator', async () => {
    const label = await t.deps.db
      .insertInto('labels')
      .values({
        eventId,
        name: unique('VIP'),
        type: 'MANUAL',
        rules: '[]',
        createdBy: null,
        updatedBy: null,
        updatedAt: new Date(),
      })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    const byLabel = await admin.post('collections', {
      name: unique('Track'),
      color: '#ff0000',
      audience: { type: 'LABELS', labelIds: [label.id] },
    });
    expect(byLabel.statusCode, byLabel.body).toBe(201);
    expect(byLabel.json()).toMatchObject({
      color: '#ff0000',
      audience: { type: 'LABELS', labels: [{ id: label.id, name: label.name }], rules: [] },
      rulesLength: 0,
      sessionCount: 0,
    });
    expect(byLabel.json().createdBy).toMatchObject(adminName);

    const byRules = await admin.post('collections', {
      name: unique('Track'),
      audience: {
        type: 'RULES',
        rules: [
          { field: 'company', operator: 'EQUAL', value: 'Acme' },
          { field: 'jobTitle', operator: 'NOT_EQUAL', value: 'Intern' },
        ],
      },
    });
    expect(byRules.statusCode, byRules.body).toBe(201);
    expect(byRules.json().rulesLength).toBe(2);

    const sessionId = await session(eventId);
    await t.deps.db
      .insertInto('sessionCollections')
      .values({ sessionId, collectionId: byRules.json().id })
      .execute();
    expect((await admin.get(`collections/${byRules.json().id}`)).json().sessionCount).toBe(1);
    const patched = (
      await admin.patch(`collections/${byRules.json().id}`, { description: 'Deep dives' })
    ).json();
    expect(patched).toMatchObject({ description: 'Deep dives', rulesLength: 2 });
    expect(
      (await admin.patch(`collections/${byRules.json().id}`, { audience: { type: 'EVERYONE' } })).json(),
    ).toMatchObject({ rulesLength: 0, audience: { type: 'EVERYONE' } });

    expect((await admin.delete(`collections/${byRules.json().id}`)).statusCode).toBe(204);
    expect(
      await t.deps.db.selectFrom('sessions').select('id').where('id', '=', sessionId).executeTakeFirst(),
    ).toBeDefined();
  });

  it('refuses bad audiences, duplicate names and other tenants', async () => {
    const theirLabel = await t.deps.db
      .insertInto('labels')
      .values({
        eventId: otherEventId,
        name: unique('Theirs'),
        type: 'MANUAL',
        rules: '[]',
        createdBy: null,
        updatedBy: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: 'A', audience: { type: 'LABELS', labelIds: [] } }, 'audience.labelIds'],
      [{ name: 'A', audience: { type: 'LABELS', labelIds: [theirLabel.id] } }, 'audience.labelIds'],
      [{ name: 'A', audience: { type: 'RULES', rules: [] } }, 'audience.rules'],
      [
        { name: 'A', audience: { type: 'RULES', rules: [{ field: 'nope', operator: 'EQUAL', value: 'x' }] } },
        'audience.rules.0.field',
      ],
      [{ name: 'A', audience: { type: 'SOME' } }, 'audience.type'],
      [{ name: 'A', color: 'blue' }, 'color'],
      [{ name: '' }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('collections', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        Object.keys(res.json().fields).some((k) => k.startsWith(field)),
        `${JSON.stringify(body)} → ${res.body}`,
      ).toBe(true);
    }
    const c = (await admin.post('collections', { name: unique('Unique') })).json();
    expect((await admin.post('collections', { name: c.name.toUpperCase() })).statusCode).toBe(409);
    const theirs = (await other.post('collections', { name: unique('Theirs') })).json();
    expect((await admin.get(`collections/${theirs.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`collections/${theirs.id}`)).statusCode).toBe(404);
  });
});

describe('breakouts', () => {
  it('lists sessions with their seats, filters enrollable, guards capacity and deletion', async () => {
    const created = await admin.post('breakouts', { name: unique('Workshops'), capacity: 20 });
    expect(created.statusCode, created.body).toBe(201);
    const b = created.json();
    expect(b).toMatchObject({
      enrollable: true,
      capacity: 20,
      audience: { type: 'EVERYONE', labels: [], rules: [] },
      rulesLength: 0,
      sessions: [],
    });
    expect(b.createdBy).toMatchObject(adminName);
    const s1 = await session(eventId, { breakoutId: b.id, enrolledCount: 12 });
    const s2 = await session(eventId, { breakoutId: b.id, enrolledCount: 3 });
    const read = (await admin.get(`breakouts/${b.id}`)).json();
    expect(
      read.sessions.map((s: { id: string; enrolledCount: number }) => [s.id, s.enrolledCount]).sort(),
    ).toEqual(
      [
        [s1, 12],
        [s2, 3],
      ].sort(),
    );
    expect(typeof read.sessions[0].startAt).toBe('string');

    const below = await admin.patch(`breakouts/${b.id}`, { capacity: 10 });
    expect(below.statusCode).toBe(400);
    expect(below.json().fields.capacity).toBe(AGENDA_MESSAGES.capacityBelowEnrolled);
    expect((await admin.patch(`breakouts/${b.id}`, { capacity: 12 })).json().capacity).toBe(12);
    expect((await admin.patch(`breakouts/${b.id}`, { description: 'Pick one' })).json()).toMatchObject({
      capacity: 12,
      enrollable: true,
      description: 'Pick one',
    });
    expect((await admin.patch(`breakouts/${b.id}`, { capacity: -1 })).statusCode).toBe(400);

    const closed = (await admin.post('breakouts', { name: unique('Closed'), enrollable: false })).json();
    const enrollable = (await admin.get('breakouts?enrollable=true&limit=1000'))
      .json()
      .records.map((r: { id: string }) => r.id);
    expect(enrollable).toContain(b.id);
    expect(enrollable).not.toContain(closed.id);
    expect((await admin.get('breakouts?enrollable=maybe')).statusCode).toBe(400);

    const refused = await admin.delete(`breakouts/${b.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(AGENDA_MESSAGES.inUse);
    expect((await admin.delete(`breakouts/${closed.id}`)).statusCode).toBe(204);
    expect((await admin.post('breakouts', { name: b.name })).statusCode).toBe(409);
  });

  it('saves a breakout whose sessions an admin over-filled while its capacity is not lowered', async () => {
    const b = (
      await admin.post('breakouts', { name: unique('Over'), capacity: 10, description: 'Pick one' })
    ).json();
    await session(eventId, { breakoutId: b.id, enrolledCount: 12 }); // an admin's add with overrideCapacity
    // The web form sends every field, the unchanged capacity included.
    const form = {
      name: b.name,
      description: 'Pick one, please',
      enrollable: true,
      capacity: 10,
      audience: { type: 'EVERYONE' },
    };
    const saved = await admin.patch(`breakouts/${b.id}`, form);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ description: 'Pick one, please', capacity: 10 });
    expect((await admin.patch(`breakouts/${b.id}`, { ...form, capacity: 11 })).json().capacity).toBe(11);
    const lowered = await admin.patch(`breakouts/${b.id}`, { ...form, capacity: 9 });
    expect(lowered.statusCode).toBe(400);
    expect(lowered.json().fields.capacity).toBe(AGENDA_MESSAGES.capacityBelowEnrolled);
    // Turning seats on lowers them from unlimited: refused below the seats taken.
    const open = (
      await admin.post('breakouts', { name: unique('Open'), enrollable: false, capacity: 5 })
    ).json();
    await session(eventId, { breakoutId: open.id, enrolledCount: 8 });
    expect(
      (await admin.patch(`breakouts/${open.id}`, { description: 'x', enrollable: false, capacity: 5 }))
        .statusCode,
    ).toBe(200);
    expect((await admin.patch(`breakouts/${open.id}`, { enrollable: true })).json().fields.capacity).toBe(
      AGENDA_MESSAGES.capacityBelowEnrolled,
    );
  });
});

describe('OpenAPI', () => {
  it('documents every content route, uploads as multipart', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const paths = Object.keys(doc.paths).filter((p) =>
      /\/(locations|materials|interactive-maps|collections|breakouts)/.test(p),
    );
    for (const p of [
      '/api/v1/events/{eventId}/locations/{id}/pdf-map',
      '/api/v1/events/{eventId}/materials/{id}/file',
      '/api/v1/events/{eventId}/interactive-maps/{id}/pins/{pinId}',
      '/api/v1/events/{eventId}/collections/{id}',
      '/api/v1/events/{eventId}/breakouts/export',
    ]) {
      expect(paths).toContain(p);
    }
    expect(
      doc.paths['/api/v1/events/{eventId}/materials'].post.parameters.some(
        (p: { name: string }) => p.name === 'idempotency-key',
      ),
    ).toBe(true);
  });
});

describe('malformed requests', () => {
  it('answer 4xx on every route, never 500', async () => {
    const loc = await location();
    const mat = await material();
    const m = await map();
    const pin = (await admin.post(`interactive-maps/${m.id}/pins`, { name: 'P', x: 0.5, y: 0.5 })).json();
    const col = (await admin.post('collections', { name: unique('C') })).json();
    const br = (await admin.post('breakouts', { name: unique('B') })).json();
    const json: Array<['POST' | 'PATCH', string]> = [
      ['POST', 'locations'],
      ['PATCH', `locations/${loc.id}`],
      ['PATCH', `materials/${mat.id}`],
      ['PATCH', `interactive-maps/${m.id}`],
      ['POST', `interactive-maps/${m.id}/pins`],
      ['PATCH', `interactive-maps/${m.id}/pins/${pin.id}`],
      ['POST', 'collections'],
      ['PATCH', `collections/${col.id}`],
      ['POST', 'breakouts'],
      ['PATCH', `breakouts/${br.id}`],
    ];
    const bodies: unknown[] = [
      [],
      'text',
      42,
      { name: null },
      { name: ['a'] },
      { audience: 'x' },
      { audience: { type: 'LABELS', labelIds: ['x'] } },
      { x: 'far' },
      { capacity: 1.5 },
      { width: -3 },
    ];
    const statuses: string[] = [];
    for (const [method, path] of json) {
      for (const body of bodies) {
        const res = await t.as(adminToken, {
          method,
          url: `/api/v1/events/${eventId}/${path}`,
          payload: JSON.stringify(body),
          headers: { 'content-type': 'application/json' },
        });
        statuses.push(`${method} ${path} ${JSON.stringify(body)}: ${res.statusCode}`);
      }
      const garbled = await t.as(adminToken, {
        method,
        url: `/api/v1/events/${eventId}/${path}`,
        payload: '{"name":',
        headers: { 'content-type': 'application/json' },
      });
      statuses.push(`${method} ${path} garbled: ${garbled.statusCode}`);
    }
    const uploads: Array<['POST' | 'PUT', string]> = [
      ['POST', 'materials'],
      ['PUT', `materials/${mat.id}/file`],
      ['POST', 'interactive-maps'],
      ['PUT', `interactive-maps/${m.id}/file`],
      ['PUT', `locations/${loc.id}/pdf-map`],
    ];
    for (const [method, path] of uploads) {
      const twoFiles = await admin.upload(method, path, { name: 'Two' }, { name: 'a.pdf', bytes: pdf() });
      statuses.push(`${method} ${path} one file: ${twoFiles.statusCode}`);
      const brokenBoundary = await t.as(adminToken, {
        method,
        url: `/api/v1/events/${eventId}/${path}`,
        payload: '--x\r\nnonsense',
        headers: { 'content-type': 'multipart/form-data; boundary=y' },
      });
      statuses.push(`${method} ${path} broken multipart: ${brokenBoundary.statusCode}`);
      const textBody = await t.as(adminToken, {
        method,
        url: `/api/v1/events/${eventId}/${path}`,
        payload: 'hello',
        headers: { 'content-type': 'text/plain' },
      });
      statuses.push(`${method} ${path} text/plain: ${textBody.statusCode}`);
      const unknownField = await admin.upload(
        method,
        path,
        { name: 'x'.repeat(70_000) },
        { name: 'a.png', bytes: await png() },
      );
      statuses.push(`${method} ${path} huge field: ${unknownField.statusCode}`);
      const textPlain = await admin.upload(
        method,
        path,
        {},
        { name: 'a.png', bytes: Buffer.from('plain text') },
      );
      statuses.push(`${method} ${path} text as png: ${textPlain.statusCode}`);
    }
    expect(statuses.filter((s) => / 5\d\d$/.test(s))).toEqual([]);
    // Bodies that are not objects are refused everywhere; unknown keys of a PATCH are ignored (200).
    expect(
      statuses.filter((s) =>
        /(\[\]|"text"|42|garbled|broken multipart|text\/plain|text as png): (?!400)\d+$/.test(s),
      ),
    ).toEqual([]);
  });
});

describe('breakout seats', () => {
  it('promotes waitlisted participants in order when the capacity grows, and tells them', async () => {
    const b = (await admin.post('breakouts', { name: unique('Labs'), capacity: 1 })).json();
    const sessionId = await session(eventId, { breakoutId: b.id });
    const people: Array<{ id: string; email: string }> = [];
    for (let i = 0; i < 3; i++) {
      const userId = await t.f.participant(eventId);
      people.push(
        await t.deps.db
          .selectFrom('participants')
          .select(['id', 'email'])
          .where('userId', '=', userId)
          .where('eventId', '=', eventId)
          .executeTakeFirstOrThrow(),
      );
    }
    const at = (s: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, s));
    await t.deps.db
      .insertInto('enrollments')
      .values(
        people.map((p, i) => ({
          sessionId,
          participantId: p.id,
          eventId,
          state: i === 0 ? ('ENROLLED' as const) : ('WAITLISTED' as const),
          createdAt: at(i),
          updatedAt: at(i),
          createdBy: null,
        })),
      )
      .execute();
    await t.deps.db
      .updateTable('sessions')
      .set({ enrolledCount: 1, waitlistedCount: 2 })
      .where('id', '=', sessionId)
      .execute();

    const grown = await admin.patch(`breakouts/${b.id}`, { capacity: 2 });
    expect(grown.statusCode, grown.body).toBe(200);
    expect(grown.json().sessions[0].enrolledCount).toBe(2);
    const states = await t.deps.db
      .selectFrom('enrollments')
      .select(['participantId', 'state'])
      .where('sessionId', '=', sessionId)
      .execute();
    expect(Object.fromEntries(states.map((s) => [s.participantId, s.state]))).toEqual({
      [people[0]!.id]: 'ENROLLED',
      [people[1]!.id]: 'ENROLLED',
      [people[2]!.id]: 'WAITLISTED',
    });
    expect(
      (
        await t.deps.db
          .selectFrom('sessions')
          .select('waitlistedCount')
          .where('id', '=', sessionId)
          .executeTakeFirstOrThrow()
      ).waitlistedCount,
    ).toBe(1);
    await t.drainJobs();
    expect(t.mail.lastTo(people[1]!.email)?.subject).toContain('You have a seat');
    expect(t.mail.lastTo(people[2]!.email)).toBeUndefined();

    // Unlimited seats: everyone waiting gets one.
    expect(
      (await admin.patch(`breakouts/${b.id}`, { capacity: null })).json().sessions[0].enrolledCount,
    ).toBe(3);
  });
});

describe('what participants see of pins', () => {
  it('hides links to draft sessions from participants, not from admins', async () => {
    const tenant = await t.f.tenant();
    const own = client(t, tenant.tokens.eventAdmin, tenant.event.id);
    const participant = client(t, tenant.tokens.participant, tenant.event.id);
    const m = await map(own);
    const draft = await session(tenant.event.id);
    await t.deps.db.updateTable('sessions').set({ status: 'DRAFT' }).where('id', '=', draft).execute();
    await own.post(`interactive-maps/${m.id}/pins`, { name: 'Soon', x: 0.5, y: 0.5, sessionId: draft });
    expect((await own.get(`interactive-maps/${m.id}`)).json().pins[0].session).toMatchObject({ id: draft });
    const seen = await participant.get(`interactive-maps/${m.id}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().pins[0]).toMatchObject({ name: 'Soon', session: null });
  });
});
