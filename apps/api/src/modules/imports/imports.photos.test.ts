import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ATTENDEE_MESSAGES, IMPORT_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { storageFor } from '../../platform/storage.js';
import { client, participant, type Client } from '../attendees/attendees.test-utils.js';
import { committed, uploaded, verified } from './imports.test-utils.js';

let t: TestContext;
let c: Client;
let server: Server;
let base: string;
let big: Buffer;

beforeAll(async () => {
  // Photos come from this server; 127.0.0.1 is allowed for the egress client in this context only.
  t = await createTestContext({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
  const ten = await t.f.tenant();
  c = client(t, ten.tokens.eventAdmin, ten.event.id);
  big = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#336699' } })
    .jpeg()
    .toBuffer();
  const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: '#ff000080' } })
    .png()
    .toBuffer();
  server = createServer((req, res) => {
    if (req.url === '/big.jpg') return res.end(big);
    if (req.url === '/small.png') return res.end(png);
    if (req.url === '/not-an-image.jpg') return res.end('%PDF-1.4 nothing to see');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
  await t.close();
});

/** Files in the public photo store. */
function storedPhotos(): number {
  const root = join(t.deps.config.DATA_DIR, 'uploads');
  return existsSync(root)
    ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;
}

/** A photo sheet written with exceljs (the addresses carry this run's port, so no fixed fixture). */
async function sheet(rows: Array<[string, string]>): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Photos');
  ws.addRow(['E-mail', 'Photo']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

describe('ImportPhoto', () => {
  it('downloads each photo, checks and resizes it like an uploaded one, reports bad rows, and sets the photos on commit', async () => {
    const ada = await participant(c);
    const bob = await participant(c);
    const file = await sheet([
      [ada.email, `${base}/big.jpg`],
      [bob.email.toUpperCase(), `${base}/small.png`],
      ['nobody@example.com', `${base}/small.png`],
      [ada.email, `${base}/small.png`],
      ['', 'ftp://example.com/x.png'],
      [bob.email, `${base}/not-an-image.jpg`],
      [bob.email, `${base}/missing.jpg`],
      [bob.email, 'http://10.0.0.1/private.png'],
    ]);
    const before = storedPhotos();
    const up = await uploaded(c, 'ImportPhoto', 'photos.xlsx', file);
    expect(up.mapping).toEqual({ email: 'E-mail', photo: 'Photo' });
    const v = await verified(c, up.id);
    expect(v.counts).toMatchObject({ rows: 8, valid: 2, errors: 6 });
    // Three photos were fetched and stored; the duplicate row's was removed again.
    expect(storedPhotos() - before).toBe(2);
    const rows = (await c.get(`imports/${up.id}/errors`)).json().records as Array<{
      rowNumber: number;
      errors: Array<{ column: string; message: string }>;
    }>;
    expect(
      rows.map((r) => [r.rowNumber, Object.fromEntries(r.errors.map((e) => [e.column, e.message]))]),
    ).toEqual([
      [4, { email: IMPORT_MESSAGES.notInEvent }],
      [5, { email: IMPORT_MESSAGES.duplicateInFile(2) }],
      [6, { email: MESSAGES.required, photo: MESSAGES.invalidUrl }],
      [7, { photo: ATTENDEE_MESSAGES.photoType }],
      [8, { photo: IMPORT_MESSAGES.photoUrlFetch }],
      [9, { photo: IMPORT_MESSAGES.photoUrlRefused }],
    ]);
    const done = await committed(c, up.id, { skipInvalidRows: true });
    expect(done.counts).toMatchObject({ created: 0, updated: 2, skipped: 6 });

    const storage = storageFor(t.deps.config);
    const adaNow = (await c.get(`participants/${ada.id}`)).json();
    const stored = await storage.get(storage.keyOf(adaNow.photoUrl)!);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(await sharp(stored!.bytes).metadata()).toMatchObject({ width: 1024, height: 768 });
    const bobNow = (await c.get(`participants/${bob.id}`)).json();
    expect(bobNow.photoUrl).toMatch(/\.png$/);

    // A second import replaces Ada's photo; the old file goes.
    const again = await uploaded(
      c,
      'ImportPhoto',
      'photos.xlsx',
      await sheet([[ada.email, `${base}/small.png`]]),
    );
    await committed(c, (await verified(c, again.id)).id);
    const adaLater = (await c.get(`participants/${ada.id}`)).json();
    expect(adaLater.photoUrl).not.toBe(adaNow.photoUrl);
    // The old file goes right after the commit is durable (the import shows COMMITTED a moment before).
    await expect
      .poll(() => storage.get(storage.keyOf(adaNow.photoUrl)!), { timeout: 10_000 })
      .toBeUndefined();
  });

  it('a discarded photo import leaves no stored photos behind', async () => {
    const someone = await participant(c);
    const up = await uploaded(
      c,
      'ImportPhoto',
      'photos.xlsx',
      await sheet([[someone.email, `${base}/small.png`]]),
    );
    await verified(c, up.id);
    const staged = await t.deps.db
      .selectFrom('importRows')
      .select('data')
      .where('importId', '=', up.id)
      .executeTakeFirstOrThrow();
    const url = (staged.data as { photoUrl: string }).photoUrl;
    const storage = storageFor(t.deps.config);
    expect(await storage.get(storage.keyOf(url)!)).toBeDefined();
    expect((await c.delete(`imports/${up.id}`)).statusCode).toBe(200);
    expect(await storage.get(storage.keyOf(url)!)).toBeUndefined();
  });
});
