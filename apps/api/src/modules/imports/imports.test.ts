import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_MESSAGES, MESSAGES, type ImportRecord, type ImportTableDescriptor } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, field, participant, type Client, type Tenant } from '../attendees/attendees.test-utils.js';
import { committed, fixture, settled, uploaded, uploadFile, verified } from './imports.test-utils.js';

let t: TestContext;
let ten: Tenant;
let c: Client;
let eventId: string;
const f: Record<string, { id: string; key: string; name: string }> = {};

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
  eventId = ten.event.id;
  c = client(t, ten.tokens.eventAdmin, eventId);
  f.size = await field(c, {
    name: 'T-shirt size',
    dataType: 'ENUM',
    settings: { enumValues: ['S', 'M', 'L'] },
  });
  f.vegan = await field(c, { name: 'Vegan', dataType: 'BOOLEAN' });
  f.arrival = await field(c, { name: 'Arrival', dataType: 'DATE' });
  f.dietary = await field(c, { name: 'Dietary needs', dataType: 'STRING' });
});
afterAll(() => t.close());

const participantsOf = async (id = eventId) =>
  t.deps.db
    .selectFrom('participants')
    .select(['email', 'firstName', 'lastName', 'company', 'phone', 'customFields'])
    .where('eventId', '=', id)
    .orderBy('email')
    .execute();

describe('tables and templates', () => {
  it('lists User with the custom fields as columns, and ImportPhoto', async () => {
    const res = await c.get('imports/tables');
    expect(res.statusCode).toBe(200);
    const tables = res.json().tables as ImportTableDescriptor[];
    expect(tables.map((x) => x.table)).toEqual([
      'User',
      'ImportPhoto',
      'Location',
      'Session',
      'SessionUser',
      'Communication',
      'GameTaskPoint',
    ]);
    const user = tables[0]!;
    expect(user.fileTypes).toEqual(['xlsx', 'csv']);
    expect(tables[1]!.fileTypes).toEqual(['xlsx']);
    expect(user.columns.slice(0, 3).map((x) => [x.key, x.label, x.required, x.identifies])).toEqual([
      ['email', 'E-mail', true, true],
      ['firstName', 'First name', true, false],
      ['lastName', 'Last name', true, false],
    ]);
    const size = user.columns.find((x) => x.key === f.size!.key)!;
    expect(size).toMatchObject({
      label: 'T-shirt size',
      type: 'ENUM',
      enumValues: ['S', 'M', 'L'],
      example: 'S',
      required: false,
    });
  });

  it('answers an xlsx template with the columns and an instructions sheet, and a csv template for User only', async () => {
    const xlsx = await c.get('imports/User/template?format=xlsx');
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toContain('participants-template.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect((sheet.getRow(1).values as unknown[]).slice(1, 4)).toEqual(['E-mail', 'First name', 'Last name']);
    expect(sheet.getRow(1).values).toContain('T-shirt size');
    expect(sheet.actualRowCount).toBe(1);
    expect(book.getWorksheet('Instructions')!.getColumn(1).values).toContain('T-shirt size');

    const csv = await c.get('imports/User/template?format=csv');
    expect(csv.statusCode).toBe(200);
    expect(
      csv.body
        .replace(/^\ufeff/, '')
        .trim()
        .split(',')
        .slice(0, 3),
    ).toEqual(['E-mail', 'First name', 'Last name']);
    expect((await c.get('imports/ImportPhoto/template?format=csv')).statusCode).toBe(400);
    expect((await c.get('imports/ImportPhoto/template')).statusCode).toBe(200);
    expect((await c.get('imports/User/template?format=pdf')).statusCode).toBe(400);
    expect((await c.get('imports/GameTaskPoint/template')).statusCode).toBe(200);
    expect((await c.get('imports/Nope/template')).statusCode).toBe(400);
  });

  it('a filled-in template imports as it is', async () => {
    const tpl = await c.get('imports/User/template?format=xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(tpl.rawPayload as unknown as ArrayBuffer);
    book.worksheets[0]!.addRow([
      'tpl@example.com',
      'Tem',
      'Plate',
      '',
      'Acme',
      '+49 170 000',
      '',
      'M',
      'Yes',
    ]);
    const buffer = Buffer.from(await book.xlsx.writeBuffer());
    const up = await uploaded(c, 'User', 'filled.xlsx', buffer);
    expect(Object.values(up.mapping).filter(Boolean)).toHaveLength(up.headers.length);
    const done = await committed(c, (await verified(c, up.id)).id);
    expect(done.counts).toMatchObject({ created: 1, updated: 0 });
  });
});

describe('a participants import from csv and from xlsx written by a spreadsheet program', () => {
  it('uploads, matches the headers, verifies and commits; a second import of the same people updates them', async () => {
    const csv = await uploaded(c, 'User', 'participants-good.csv');
    expect(csv).toMatchObject({
      status: 'UPLOADED',
      fileType: 'csv',
      table: 'User',
      createdBy: `${ten.users.eventAdmin.firstName} ${ten.users.eventAdmin.lastName}`.trim(),
    });
    expect(csv.headers).toEqual([
      'E-mail',
      'First name',
      'Last name',
      'Company',
      'Job title',
      'Phone',
      'T-shirt size',
      'Vegan',
      'Arrival',
      'Dietary needs',
    ]);
    expect(csv.mapping).toMatchObject({
      email: 'E-mail',
      firstName: 'First name',
      phone: 'Phone',
      bio: null,
      [f.size!.key]: 'T-shirt size',
      [f.arrival!.key]: 'Arrival',
    });
    expect(csv.suggestedMapping).toEqual(csv.mapping);

    const before = (await participantsOf()).length;
    const v = await verified(c, csv.id);
    expect(v).toMatchObject({
      status: 'VERIFIED',
      counts: { rows: 5, valid: 5, errors: 0 },
      progress: { phase: 'verify', done: 5, total: 5 },
    });
    expect(await participantsOf()).toHaveLength(before); // verify writes nothing
    const done = await committed(c, csv.id);
    expect(done).toMatchObject({ status: 'COMPLETED', counts: { created: 5, updated: 0, skipped: 0 } });
    expect(done.completedAt).not.toBeNull();

    const people = await participantsOf();
    const hedy = people.find((p) => p.email === 'hedy.lamarr@example.com')!;
    expect(hedy).toMatchObject({ firstName: 'Hedy', company: 'MGM', phone: '+49 30 1234567' });
    expect(hedy.customFields).toEqual({
      [f.size!.id]: 'S',
      [f.vegan!.id]: false,
      [f.arrival!.id]: '2026-05-04',
    });
    expect(people.find((p) => p.email === 'grace.hopper@example.com')!.customFields[f.dietary!.id]).toBe(
      'No shellfish',
    );

    // The same people from the xlsx: duplicates by e-mail update (here: nothing changed → skipped).
    const xlsx = await uploaded(c, 'User', 'participants-good.xlsx');
    expect(xlsx.headers).toEqual(csv.headers);
    const v2 = await verified(c, xlsx.id);
    expect(v2.counts).toMatchObject({ rows: 5, valid: 5, errors: 0 });
    const done2 = await committed(c, xlsx.id);
    expect(done2.counts).toMatchObject({ created: 0, updated: 0, skipped: 5 });
    expect(await participantsOf()).toHaveLength(before + 5);
    expect((await participantsOf()).find((p) => p.email === 'hedy.lamarr@example.com')).toEqual(hedy);

    // A changed company updates, and only that participant.
    const changed = Buffer.from(
      'E-mail,Company\nada.lovelace@example.com,Difference Engines\nalan.turing@example.com,Bletchley Park\n',
    );
    const up3 = await uploaded(c, 'User', 'changes.csv', changed);
    expect(up3.mapping.firstName).toBeNull();
    const v3 = await verified(c, up3.id);
    expect(v3.status).toBe('VERIFIED'); // names not needed for people who are participants already
    expect((await committed(c, up3.id)).counts).toMatchObject({ created: 0, updated: 1, skipped: 1 });
    expect((await participantsOf()).find((p) => p.email === 'ada.lovelace@example.com')!.company).toBe(
      'Difference Engines',
    );

    const audits = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM audit_log WHERE entity = 'participant' AND actor_id = ${ten.users.eventAdmin.id}`.execute(
      t.deps.db,
    );
    expect(audits.rows[0]!.n).toBe(1 + 5 + 1);
  });

  it('reports bad e-mails, duplicates in the file and new people without names per row and cell; the errors download as the same format with an Errors column', async () => {
    const up = await uploaded(c, 'User', 'participants-bad-emails.xlsx');
    const v = await verified(c, up.id);
    expect(v).toMatchObject({ status: 'INVALID', counts: { rows: 6, valid: 2, errors: 4 } });
    const errors = (await c.get(`imports/${up.id}/errors?limit=10`)).json();
    expect(errors.total).toBe(4);
    expect(
      errors.records.map(
        (r: {
          rowNumber: number;
          errors: Array<{ column: string; message: string; header: string; value: string }>;
        }) => [r.rowNumber, r.errors.map((e) => [e.column, e.header, e.value, e.message])],
      ),
    ).toEqual([
      [3, [['email', 'E-mail', 'not-an-address', MESSAGES.invalidEmail]]],
      [4, [['email', 'E-mail', 'alan.turing@', MESSAGES.invalidEmail]]],
      [5, [['email', 'E-mail', '', MESSAGES.required]]],
      [7, [['email', 'E-mail', 'ADA.LOVELACE@example.com', IMPORT_MESSAGES.duplicateInFile(2)]]],
    ]);
    expect(errors.records[0].values).toEqual({
      'E-mail': 'not-an-address',
      'First name': 'Grace',
      'Last name': 'Hopper',
      Company: 'US Navy',
    });
    expect((await c.get(`imports/${up.id}/errors?page=2&limit=3`)).json().records).toHaveLength(1);

    const file = await c.get(`imports/${up.id}/errors/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const rows = book.worksheets[0]!.getSheetValues()
      .slice(1)
      .map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['E-mail', 'First name', 'Last name', 'Company', 'Errors']);
    expect(rows[1]).toEqual([
      'not-an-address',
      'Grace',
      'Hopper',
      'US Navy',
      `E-mail: ${MESSAGES.invalidEmail}`,
    ]);
    expect(rows).toHaveLength(5);

    // Commit is refused while rows have errors, unless they are skipped.
    expect((await c.post(`imports/${up.id}/commit`)).statusCode).toBe(409);
    const done = await committed(c, up.id, { skipInvalidRows: true });
    expect(done.counts).toMatchObject({
      errors: 4,
      skipped: 4 + 2 - done.counts.created - done.counts.updated,
    });
  });

  it('a new participant needs names and required custom fields; an existing one does not (the API rules)', async () => {
    const must = await field(c, { name: 'Badge name', dataType: 'STRING', settings: { required: true } });
    const csv = Buffer.from(
      [
        'E-mail,First name,Last name,Badge name',
        'hedy.lamarr@example.com,,,',
        'new.person@example.com,,,',
        'newer.person@example.com,New,Person,',
      ].join('\r\n'),
    );
    const up = await uploaded(c, 'User', 'names.csv', csv);
    const v = await verified(c, up.id);
    expect(v.counts).toMatchObject({ rows: 3, valid: 1, errors: 2 });
    const rows = (await c.get(`imports/${up.id}/errors`)).json().records as Array<{
      rowNumber: number;
      errors: Array<{ column: string; message: string }>;
    }>;
    expect(
      rows.map((r) => [r.rowNumber, Object.fromEntries(r.errors.map((e) => [e.column, e.message]))]),
    ).toEqual([
      [3, { firstName: MESSAGES.required, lastName: MESSAGES.required, [must.key]: MESSAGES.required }],
      [4, { [must.key]: MESSAGES.required }],
    ]);
    await c.delete(`custom-fields/${must.id}`);
  });

  it('an ENUM value not in enumValues says "Please select value"; the csv errors file neutralises formulas', async () => {
    const up = await uploaded(c, 'User', 'participants-bad-enum.csv');
    const v = await verified(c, up.id);
    expect(v.counts).toMatchObject({ valid: 1, errors: 1 });
    const rows = (await c.get(`imports/${up.id}/errors`)).json().records;
    expect(rows[0].errors).toEqual([
      { column: f.size!.key, header: 'T-shirt size', value: 'XXL', message: MESSAGES.pleaseSelectValue },
    ]);

    const evil = Buffer.from('E-mail,First name,Last name\n=HYPERLINK("http://x"),A,B\n');
    const bad = await uploaded(c, 'User', 'evil.csv', evil);
    await verified(c, bad.id);
    const file = await c.get(`imports/${bad.id}/errors/file`);
    expect(file.headers['content-type']).toContain('text/csv');
    const parsed = Papa.parse<string[]>(file.body.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual(['E-mail', 'First name', 'Last name', 'Errors']);
    expect(parsed[1]![0]).toBe(`'=HYPERLINK("http://x")`);
  });

  it('wrong headers: only the known synonyms match, verify refuses until the e-mail column is mapped, then checks with the new mapping', async () => {
    const up = await uploaded(c, 'User', 'participants-wrong-headers.xlsx');
    expect(up.headers).toEqual(['Mail address', 'Name', 'Surname', 'Organisation']);
    // 'Surname' and 'Organisation' are synonyms of Last name and Company; the other two match nothing.
    const { lastName, company, ...others } = up.mapping as Record<string, string | null>;
    expect({ lastName, company }).toEqual({ lastName: 'Surname', company: 'Organisation' });
    expect(Object.values(others).every((h) => h === null)).toBe(true);
    const refused = await c.post(`imports/${up.id}/verify`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields).toEqual({ 'mapping.email': MESSAGES.required });
    expect((await c.patch(`imports/${up.id}`, { mapping: { email: 'Nope' } })).json().fields).toEqual({
      'mapping.email': IMPORT_MESSAGES.unknownHeader,
    });
    expect(
      (await c.patch(`imports/${up.id}`, { mapping: { email: 'Name', firstName: 'Name' } })).json().fields,
    ).toEqual({ 'mapping.firstName': IMPORT_MESSAGES.headerMappedTwice });
    expect(
      (await c.patch(`imports/${up.id}`, { mapping: { shoeSize: 'Name' } })).json().fields,
    ).toMatchObject({ 'mapping.shoeSize': IMPORT_MESSAGES.unknownColumn });
    expect((await c.patch(`imports/${up.id}`, { mapping: 'all' })).statusCode).toBe(400);
    const patched = await c.patch(`imports/${up.id}`, {
      mapping: { email: 'Mail address', firstName: 'Name', lastName: 'Surname', company: 'Organisation' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().mapping).toMatchObject({
      email: 'Mail address',
      company: 'Organisation',
      jobTitle: null,
    });
    expect((await verified(c, up.id)).status).toBe('VERIFIED');
  });

  it('keeps the history with who and when; search and filters by table and status', async () => {
    const list = await c.get('imports?limit=100');
    expect(list.statusCode).toBe(200);
    const { records, total } = list.json() as {
      records: Array<ImportRecord & { counts: ImportRecord['counts'] }>;
      total: number;
    };
    expect(total).toBe(records.length);
    expect(records[0]!.createdAt >= records.at(-1)!.createdAt).toBe(true);
    const good = records.find((r) => r.fileName === 'participants-good.csv')!;
    expect(good).toMatchObject({
      table: 'User',
      status: 'COMPLETED',
      counts: { created: 5 },
      createdById: ten.users.eventAdmin.id,
    });
    expect(good.createdBy).toBe(`${ten.users.eventAdmin.firstName} ${ten.users.eventAdmin.lastName}`.trim());
    const completed = (await c.get('imports?status=COMPLETED&table=User')).json();
    expect(completed.records.every((r: ImportRecord) => r.status === 'COMPLETED')).toBe(true);
    expect(
      (await c.get('imports?search=wrong-headers')).json().records.map((r: ImportRecord) => r.fileName),
    ).toEqual(['participants-wrong-headers.xlsx']);
    expect((await c.get('imports?table=ImportPhoto')).json().total).toBe(0);
    expect((await c.get('imports?status=DONE')).statusCode).toBe(400);
    expect((await c.get('imports?sort=fileName:asc')).statusCode).toBe(200);
    expect((await c.get('imports?sort=secret:asc')).statusCode).toBe(400);
  });
});

describe('statuses, discard and bad input', () => {
  it('refuses commit before verify, changes after commit, and discards an upload (CANCELLED, staging removed)', async () => {
    const up = await uploaded(c, 'User', 'participants-good.csv');
    expect((await c.post(`imports/${up.id}/commit`)).statusCode).toBe(409);
    await verified(c, up.id);
    const staged = async () =>
      (
        await sql<{
          n: number;
        }>`SELECT count(*)::int AS n FROM import_rows WHERE import_id = ${up.id}`.execute(t.deps.db)
      ).rows[0]!.n;
    expect(await staged()).toBe(5);
    const gone = await c.delete(`imports/${up.id}`);
    expect(gone.statusCode).toBe(200);
    expect(gone.json().status).toBe('CANCELLED');
    expect(await staged()).toBe(0);
    expect((await c.delete(`imports/${up.id}`)).statusCode).toBe(409);
    expect((await c.post(`imports/${up.id}/verify`)).statusCode).toBe(409);
    const res = await c.patch(`imports/${up.id}`, { mapping: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IMPORT_MESSAGES.wrongStatus('CANCELLED'));

    const other = await uploaded(c, 'User', 'participants-good.csv');
    await committed(c, (await verified(c, other.id)).id);
    expect((await c.delete(`imports/${other.id}`)).statusCode).toBe(409);
    expect((await c.post(`imports/${other.id}/commit`)).statusCode).toBe(409);
  });

  it('asks for a new verify when the custom fields changed after verify', async () => {
    const up = await uploaded(c, 'User', 'participants-good.csv');
    await verified(c, up.id);
    const extra = await field(c, { name: 'Added later', dataType: 'STRING', settings: { required: true } });
    const res = await c.post(`imports/${up.id}/commit`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(IMPORT_MESSAGES.stale);
    await c.delete(`custom-fields/${extra.id}`);
    // Back as it was at verify: the commit may go.
    expect((await c.post(`imports/${up.id}/commit`)).statusCode).toBe(202);
    expect((await settled(c, up.id)).record.status).toBe('COMPLETED');

    // A mapped field removed after verify: verify again.
    const again = await uploaded(c, 'User', 'participants-good.csv');
    await verified(c, again.id);
    expect((await c.delete(`custom-fields/${f.dietary!.id}`)).statusCode).toBe(204);
    expect((await c.post(`imports/${again.id}/commit`)).json().message).toBe(IMPORT_MESSAGES.stale);
    expect((await verified(c, again.id)).status).toBe('VERIFIED');
    expect((await c.post(`imports/${again.id}/commit`)).statusCode).toBe(202);
    await settled(c, again.id);
  });

  it('answers 400/404 for bad ids, unknown tables and missing files', async () => {
    expect((await c.get('imports/not-a-uuid')).statusCode).toBe(400);
    expect((await c.get('imports/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await c.get('imports/00000000-0000-4000-8000-000000000000/errors')).statusCode).toBe(404);
    expect((await c.post('imports/00000000-0000-4000-8000-000000000000/verify')).statusCode).toBe(404);
    expect((await c.post('imports/Nobody')).statusCode).toBe(400);
    const noFile = await c.post('imports/User', {});
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(IMPORT_MESSAGES.fileMissing);
    expect(
      (await c.post(`imports/00000000-0000-4000-8000-000000000000/commit`, { skipInvalidRows: 'yes' }))
        .statusCode,
    ).toBe(400);
    expect((await c.get(`imports/00000000-0000-4000-8000-000000000000/errors?limit=5000`)).statusCode).toBe(
      400,
    );
  });

  it('refuses files before parsing with clear messages', async () => {
    const refuse = async (table: string, name: string, bytes?: Buffer) => {
      const res = await uploadFile(c, table, name, bytes ?? fixture(name));
      return [res.statusCode, res.json().message];
    };
    expect(await refuse('User', 'png-named.xlsx')).toEqual([
      400,
      IMPORT_MESSAGES.fileContentMismatch('xlsx'),
    ]);
    expect(await refuse('User', 'zip-bomb.xlsx')).toEqual([400, IMPORT_MESSAGES.zipBomb]);
    expect(await refuse('User', 'two-million-rows.xlsx')).toEqual([
      400,
      IMPORT_MESSAGES.tooManyRows(2_000_000),
    ]);
    expect(await refuse('User', 'picture.png')).toEqual([
      400,
      IMPORT_MESSAGES.fileTypeNotAllowed(['.xlsx', '.csv']),
    ]);
    expect(await refuse('ImportPhoto', 'participants-good.csv')).toEqual([
      400,
      IMPORT_MESSAGES.fileTypeNotAllowed(['.xlsx']),
    ]);
    expect(await refuse('User', 'renamed.csv', fixture('participants-good.xlsx'))).toEqual([
      400,
      IMPORT_MESSAGES.fileContentMismatch('csv'),
    ]);
    expect(await refuse('User', 'empty.csv', Buffer.alloc(0))).toEqual([400, IMPORT_MESSAGES.fileEmpty]);
    expect(await refuse('User', 'header-only.csv', Buffer.from('E-mail,First name\n'))).toEqual([
      400,
      IMPORT_MESSAGES.noDataRows,
    ]);
    expect(
      await refuse('User', 'twice.csv', Buffer.from('E-mail,E-mail\na@example.com,b@example.com\n')),
    ).toEqual([400, IMPORT_MESSAGES.duplicateHeader('E-mail')]);
    const lines = ['E-mail', ...Array.from({ length: 100_001 }, (_, i) => `p${i}@example.com`)].join('\n');
    expect(await refuse('User', 'too-many.csv', Buffer.from(lines))).toEqual([
      400,
      IMPORT_MESSAGES.tooManyRows(100_001),
    ]);
    expect(
      await refuse(
        'User',
        'broken.xlsx',
        Buffer.concat([fixture('participants-good.xlsx').subarray(0, 2000)]),
      ),
    ).toEqual([400, IMPORT_MESSAGES.zipUnreadable]);
  });
});

describe('jobs, progress and all-or-nothing', () => {
  const bigCsv = (n: number, prefix = 'bulk') =>
    Buffer.from(
      [
        'E-mail,First name,Last name,T-shirt size',
        ...Array.from(
          { length: n },
          (_, i) => `${prefix}${i}@example.com,Bulk,Person ${i},${['S', 'M', 'L'][i % 3]}`,
        ),
      ].join('\n'),
    );

  it('shows progress while a large file verifies (record, and realtime to the uploader only), then commits through the job runner', async () => {
    const emitted: Array<{ status: string; progress: { done: number } }> = [];
    const realtime = t.deps.realtime;
    const emit = realtime.emit;
    const rooms: string[] = [];
    realtime.emit = (room, event, payload) => {
      if (event === 'import.progress') rooms.push(room);
      if (room === `user:${ten.users.eventAdmin.id}` && event === 'import.progress')
        emitted.push(payload as (typeof emitted)[number]);
      emit.call(realtime, room, event, payload);
    };
    try {
      const up = await uploaded(c, 'User', 'bulk.csv', bigCsv(12_000));
      const start = await c.post(`imports/${up.id}/verify`);
      expect(start.statusCode).toBe(202);
      expect(start.json().status).toBe('VERIFYING');
      const { record, seen } = await settled(c, up.id);
      expect(record).toMatchObject({ status: 'VERIFIED', counts: { rows: 12_000, valid: 12_000 } });
      const partial = [...seen, ...emitted].filter(
        (s) => s.status === 'VERIFYING' && s.progress.done > 0 && s.progress.done < 12_000,
      );
      expect(partial.length).toBeGreaterThan(0);
      // The event follows the record's commit, so it may still be on its way.
      for (let i = 0; i < 100 && !emitted.some((e) => e.status === 'VERIFIED'); i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(emitted.map((e) => e.status)).toContain('VERIFIED');
      const done = await committed(c, up.id);
      expect(done.counts).toMatchObject({ created: 12_000 });
      // The room hears the end too (right after the record says so).
      for (let i = 0; i < 100 && emitted.at(-1)?.status !== 'COMPLETED'; i++)
        await new Promise((r) => setTimeout(r, 20));
      expect(emitted.at(-1)).toMatchObject({ status: 'COMPLETED' });
      expect(new Set(rooms)).toEqual(new Set([`user:${ten.users.eventAdmin.id}`]));
      const n = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM participants WHERE event_id = ${eventId} AND email LIKE 'bulk%'`.execute(
        t.deps.db,
      );
      expect(n.rows[0]!.n).toBe(12_000);
    } finally {
      realtime.emit = emit;
    }
  });

  it('a commit that fails at the database level writes nothing: no accounts, no participants, FAILED, staging kept', async () => {
    const other = await t.f.event({ eventHubId: ten.hub.id });
    const admin = client(t, ten.tokens.hubAdmin, other.id);
    const up = await uploaded(admin, 'User', 'bulk.csv', bigCsv(3000, 'crash'));
    await verified(admin, up.id);
    // A real failure inside the transaction, late: the 2,999th new participant can not be inserted.
    await t.deps.database.execScript(`
      CREATE FUNCTION test_refuse_participant() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.email = 'crash2998@example.com' THEN RAISE EXCEPTION 'disk full (test)'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER test_refuse_participant BEFORE INSERT ON participants FOR EACH ROW EXECUTE FUNCTION test_refuse_participant();`);
    try {
      const failed = await committed(admin, up.id);
      expect(failed).toMatchObject({
        status: 'FAILED',
        message: IMPORT_MESSAGES.failed,
        counts: { created: 0, updated: 0 },
      });
      const users = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM users WHERE email LIKE 'crash%@example.com'`.execute(t.deps.db);
      expect(users.rows[0]!.n).toBe(0);
      expect(await participantsOf(other.id)).toHaveLength(0);
      const staged = await sql<{
        n: number;
      }>`SELECT count(*)::int AS n FROM import_rows WHERE import_id = ${up.id}`.execute(t.deps.db);
      expect(staged.rows[0]!.n).toBe(3000);
    } finally {
      await t.deps.database.execScript(
        'DROP TRIGGER test_refuse_participant ON participants; DROP FUNCTION test_refuse_participant();',
      );
    }
    // Verify again and commit: all of it arrives.
    await verified(admin, up.id);
    expect((await committed(admin, up.id)).counts.created).toBe(3000);
    expect(await participantsOf(other.id)).toHaveLength(3000);
  });

  it('discarding a verify that runs stops it', async () => {
    const up = await uploaded(c, 'User', 'bulk.csv', bigCsv(20_000, 'gone'));
    await c.post(`imports/${up.id}/verify`);
    const gone = await c.delete(`imports/${up.id}`);
    expect(gone.statusCode).toBe(200);
    const { record } = await settled(c, up.id);
    expect(record.status).toBe('CANCELLED');
    await new Promise((r) => setTimeout(r, 500));
    const staged = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM import_rows WHERE import_id = ${up.id}`.execute(t.deps.db);
    expect((await c.get(`imports/${up.id}`)).json().status).toBe('CANCELLED');
    expect(staged.rows[0]!.n).toBe(0);
  });

  it('rule labels follow the imported values', async () => {
    const label = await c.post('labels', {
      name: 'Large shirts',
      type: 'RULE',
      rules: [{ field: f.size!.id, operator: 'INCLUDES', value: ['L'] }],
    });
    expect(label.statusCode).toBe(201);
    const someone = await participant(c, { customFields: { [f.size!.id]: 'S' } });
    const up = await uploaded(
      c,
      'User',
      'sizes.csv',
      Buffer.from(`E-mail,T-shirt size\n${someone.email},L\n`),
    );
    await committed(c, (await verified(c, up.id)).id);
    const members = await sql<{
      n: number;
    }>`SELECT count(*)::int AS n FROM participant_labels WHERE label_id = ${label.json().id} AND participant_id = ${someone.id}`.execute(
      t.deps.db,
    );
    expect(members.rows[0]!.n).toBe(1);
  });
});
