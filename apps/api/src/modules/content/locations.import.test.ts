import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_IMPORT_MESSAGES, MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, type Client } from '../attendees/attendees.test-utils.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';

/** Location import end to end through the API: real xlsx files (exceljs), PDFs from a local server. */
let t: TestContext;
let c: Client;
let eventId: string;
let server: Server;
let base: string;

const pdf = (text: string) =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);

beforeAll(async () => {
  t = await createTestContext({ EGRESS_ALLOW_HOSTS: '127.0.0.1' });
  const ten = await t.f.tenant();
  eventId = ten.event.id;
  c = client(t, ten.tokens.eventAdmin, eventId);
  server = createServer((req, res) => {
    if (req.url === '/hall-a.pdf') return res.end(pdf('hall a'));
    if (req.url === '/hall-a-v2.pdf') return res.end(pdf('hall a, second edition'));
    if (req.url === '/photo.pdf')
      return res.end(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]));
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

async function sheet(
  rows: Array<Array<string | null>>,
  headers = ['Name', 'Description', 'Map Location Url', 'Pdf Map'],
): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Locations');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const locations = () =>
  t.deps.db.selectFrom('locations').selectAll().where('eventId', '=', eventId).orderBy('name').execute();
type ErrorRow = { rowNumber: number; errors: Array<{ column: string | null; message: string }> };
const errorsOf = async (id: string) =>
  ((await c.get(`imports/${id}/errors`)).json().records as ErrorRow[]).map((r) => [
    r.rowNumber,
    Object.fromEntries(r.errors.map((e) => [e.column, e.message])),
  ]);

describe('Location import', () => {
  it('is listed with its columns and an xlsx template; csv is refused', async () => {
    const { tables } = (await c.get('imports/tables')).json() as {
      tables: Array<{ table: string; fileTypes: string[]; columns: Array<{ label: string }> }>;
    };
    const location = tables.find((x) => x.table === 'Location')!;
    expect(location.fileTypes).toEqual(['xlsx']);
    expect(location.columns.map((x) => x.label)).toEqual([
      'Name',
      'Description',
      'Map Location Url',
      'Pdf Map',
    ]);
    expect((await c.get('imports/Location/template')).statusCode).toBe(200);
    expect((await c.get('imports/Location/template?format=csv')).statusCode).toBe(400);
  });

  it('creates locations, downloads and stores PDF maps, and reports each bad row', async () => {
    const file = await sheet([
      ['Hall A', 'Ground floor', null, `${base}/hall-a.pdf`],
      ['Hall B', '', 'https://maps.example.com/?q=Hall+B', null],
      ['Hall C', '', 'https://maps.example.com/?q=Hall+C', `${base}/hall-a.pdf`],
      ['', 'no name', null, null],
      ['hall a', 'again', null, null],
      ['Hall D', '', 'not a url', null],
      ['Hall E', '', null, `${base}/photo.pdf`],
      ['Hall F', '', null, `${base}/missing.pdf`],
      ['Hall G', '', null, 'http://10.1.2.3/map.pdf'],
      ['X'.repeat(201), '', null, null],
    ]);
    const up = await uploaded(c, 'Location', 'locations.xlsx', file);
    expect(up.mapping).toEqual({
      name: 'Name',
      description: 'Description',
      mapLocationUrl: 'Map Location Url',
      pdfMap: 'Pdf Map',
    });
    const v = await verified(c, up.id);
    expect(v.counts).toMatchObject({ rows: 10, valid: 2, errors: 8 });
    expect(await errorsOf(up.id)).toEqual([
      [4, { pdfMap: 'Only one of "Pdf Map" or "Map Location Url" can be updated.' }],
      [5, { name: MESSAGES.required }],
      [6, { name: AGENDA_IMPORT_MESSAGES.duplicateLocation(2) }],
      [7, { mapLocationUrl: MESSAGES.invalidUrl }],
      [8, { pdfMap: AGENDA_IMPORT_MESSAGES.pdfMapNotPdf }],
      [9, { pdfMap: AGENDA_IMPORT_MESSAGES.pdfMapFetch }],
      [10, { pdfMap: AGENDA_IMPORT_MESSAGES.pdfMapRefused }],
      [11, { name: MESSAGES.maxLength }],
    ]);
    expect(MESSAGES.locationImportConflict).toBe(
      'Only one of "Pdf Map" or "Map Location Url" can be updated.',
    );

    const done = await committed(c, up.id, { skipInvalidRows: true });
    expect(done.status).toBe('COMPLETED');
    expect(done.counts).toMatchObject({ created: 2, updated: 0 });
    const [a, b] = await locations();
    expect(a).toMatchObject({ name: 'Hall A', description: 'Ground floor', mapLocationUrl: null });
    expect(b).toMatchObject({
      name: 'Hall B',
      description: '',
      mapLocationUrl: 'https://maps.example.com/?q=Hall+B',
      pdfMapKey: null,
    });
    // The stored PDF is served like an uploaded PDF map.
    const served = await t.as(undefined, { method: 'GET', url: `/api/v1/files/${a!.pdfMapKey}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.toString()).toContain('% hall a');
  });

  it('a new import updates by name in any case, leaves empty cells alone and replaces the PDF', async () => {
    const [before] = await locations();
    const file = await sheet([
      ['HALL A', null, null, `${base}/hall-a-v2.pdf`],
      ['Hall B', 'First floor', null, null],
      ['Hall H', 'New', null, null],
    ]);
    const up = await uploaded(c, 'Location', 'locations-2.xlsx', file);
    expect((await verified(c, up.id)).status).toBe('VERIFIED');
    const done = await committed(c, up.id);
    expect(done.counts).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    const [a, b, h] = await locations();
    expect(a).toMatchObject({ id: before!.id, name: 'Hall A', description: 'Ground floor' });
    expect(a!.pdfMapKey).not.toBe(before!.pdfMapKey);
    expect(b).toMatchObject({
      description: 'First floor',
      mapLocationUrl: 'https://maps.example.com/?q=Hall+B',
    });
    expect(h).toMatchObject({ name: 'Hall H', description: 'New' });
    // The replaced PDF goes once the commit is durable (the job's last step).
    await t.drainJobs();
    expect(
      (await t.as(undefined, { method: 'GET', url: `/api/v1/files/${before!.pdfMapKey}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as(undefined, { method: 'GET', url: `/api/v1/files/${a!.pdfMapKey}` })).rawPayload.toString(),
    ).toContain('second edition');
  });

  it('a row that changes nothing is skipped', async () => {
    const up = await uploaded(
      c,
      'Location',
      'locations-3.xlsx',
      await sheet([['Hall B', 'First floor', null, null]]),
    );
    await verified(c, up.id);
    expect((await committed(c, up.id)).counts).toMatchObject({ created: 0, updated: 0, skipped: 1 });
  });
});
