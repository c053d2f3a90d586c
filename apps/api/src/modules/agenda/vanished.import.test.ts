import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENDA_IMPORT_MESSAGES, AGENDA_MESSAGES, IMPORT_MESSAGES, type ImportRecord } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, participant, type Client } from '../attendees/attendees.test-utils.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';

/**
 * What a Session or SessionUser row names is deleted (through the API) between verify and commit:
 * the row becomes an error with verify's message; with skipInvalidRows the others are imported,
 * without it nothing is written and the import is INVALID with those rows as its errors.
 */
let t: TestContext;
let c: Client;
let eventId: string;

const SESSION_HEADERS = [
  'Session Id',
  'Name',
  'Start Date',
  'Start Time',
  'End Date',
  'End Time',
  'Location',
  'Collections',
  'Speakers',
  'Breakout',
];
type Value = string | null;
const times = {
  'Start Date': '2027-05-04',
  'Start Time': '09:00 AM',
  'End Date': '2027-05-04',
  'End Time': '10:00 AM',
};
const sessionRow = (v: Partial<Record<string, Value>>) => SESSION_HEADERS.map((h) => v[h] ?? null);

async function sheet(headers: string[], rows: Value[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Sheet1');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

type CellError = { column: string | null; header: string | null; value: string | null; message: string };
const errorRows = async (id: string) =>
  (await c.get(`imports/${id}/errors`)).json().records as Array<{ rowNumber: number; errors: CellError[] }>;
const errorsOf = async (id: string) =>
  (await errorRows(id)).map((r) => [
    r.rowNumber,
    Object.fromEntries(r.errors.map((e) => [e.column, e.message])),
  ]);
const sessionsNamed = (...names: string[]) =>
  t.deps.db
    .selectFrom('sessions')
    .select(['id', 'name', 'locationId', 'breakoutId'])
    .where('eventId', '=', eventId)
    .where('name', 'in', names)
    .orderBy('name')
    .execute();
const stagedCount = async (id: string) =>
  Number(
    (
      await t.deps.db
        .selectFrom('importRows')
        .select(t.deps.db.fn.countAll<number>().as('n'))
        .where('importId', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );
const importAudits = async (id: string) =>
  (
    await t.deps.db
      .selectFrom('auditLog')
      .select('id')
      .where('entity', '=', 'import')
      .where('action', '=', 'update')
      .where('entityId', '=', id)
      .execute()
  ).length;

async function make(path: string, name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const res = await c.post(path, { name, ...extra });
  if (res.statusCode !== 201) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
  return res.json().id;
}
async function remove(path: string): Promise<void> {
  const res = await c.delete(path);
  expect(res.statusCode).toBe(204);
}
async function verifiedFile(table: string, file: Buffer): Promise<ImportRecord> {
  const up = await uploaded(c, table, `${table}.xlsx`, file);
  const v = await verified(c, up.id);
  expect(v.status).toBe('VERIFIED');
  return v;
}

beforeAll(async () => {
  t = await createTestContext();
  const ten = await t.f.tenant();
  eventId = ten.event.id;
  c = client(t, ten.tokens.eventAdmin, eventId);
});
afterAll(() => t.close());

describe('Session import: names deleted between verify and commit', () => {
  it('without skipInvalidRows: nothing is written, the import is INVALID with the rows and their cell messages', async () => {
    const gone = await make('locations', 'Hall Gone');
    await make('locations', 'Hall Kept');
    await make('collections', 'Product');
    const temp = await make('collections', 'Temp');
    const v = await verifiedFile(
      'Session',
      await sheet(SESSION_HEADERS, [
        sessionRow({ Name: 'In gone hall', ...times, Location: 'hall gone' }),
        sessionRow({ Name: 'Tagged', ...times, Collections: 'Product, temp' }),
        sessionRow({ Name: 'Fine', ...times, Location: 'Hall Kept', Collections: 'Product' }),
      ]),
    );
    await remove(`locations/${gone}`);
    await remove(`collections/${temp}`);

    const done = await committed(c, v.id);
    expect(done.status).toBe('INVALID');
    expect(done.message).toBe(IMPORT_MESSAGES.invalidAtCommit(2));
    expect(done.counts).toMatchObject({ rows: 3, valid: 1, errors: 2, created: 0, updated: 0 });
    expect(await errorsOf(v.id)).toEqual([
      [2, { location: AGENDA_MESSAGES.unknownLocation }],
      [3, { collections: AGENDA_IMPORT_MESSAGES.unknownNames(AGENDA_MESSAGES.unknownCollection, ['temp']) }],
    ]);
    // The cell as the file had it, for the errors table and file.
    expect((await errorRows(v.id))[0]!.errors[0]).toEqual({
      column: 'location',
      header: 'Location',
      value: 'hall gone',
      message: AGENDA_MESSAGES.unknownLocation,
    });
    const file = await c.get(`imports/${v.id}/errors/file`);
    expect(file.statusCode).toBe(200);
    // Nothing half-written: no session (not even the good row's), no audit row, the good row still staged.
    expect(await sessionsNamed('In gone hall', 'Tagged', 'Fine')).toEqual([]);
    expect(await importAudits(v.id)).toBe(0);
    expect(await stagedCount(v.id)).toBe(1);
    const listed = (await c.get('imports?status=INVALID')).json().records as ImportRecord[];
    expect(listed.find((r) => r.id === v.id)?.message).toBe(IMPORT_MESSAGES.invalidAtCommit(2));

    // The admin then imports the rows that are still good.
    const again = await committed(c, v.id, { skipInvalidRows: true });
    expect(again.status).toBe('COMPLETED');
    expect(again.counts).toMatchObject({ valid: 1, errors: 2, created: 1, updated: 0, skipped: 2 });
    const [fine] = await sessionsNamed('Fine');
    expect(fine?.locationId).not.toBeNull();
    expect(await errorsOf(v.id)).toHaveLength(2);
  });

  it('with skipInvalidRows: a deleted breakout, collection and speaker make their rows skipped errors; the others are written', async () => {
    const ada = await participant(c);
    const bob = await participant(c);
    const track = await make('breakouts', 'Gone track');
    const kept = await make('breakouts', 'Kept track');
    const old = await make('collections', 'Old');
    const v = await verifiedFile(
      'Session',
      await sheet(SESSION_HEADERS, [
        sessionRow({ Name: 'Tracked', ...times, Breakout: 'Gone track' }),
        sessionRow({
          Name: 'Spoken',
          ...times,
          Speakers: `${ada.email}, ${bob.email.toUpperCase()}`,
          Collections: 'old',
        }),
        sessionRow({ Name: 'Kept', ...times, Breakout: 'kept track', Speakers: ada.email }),
      ]),
    );
    await remove(`breakouts/${track}`);
    await remove(`participants/${bob.id}`);
    await remove(`collections/${old}`);

    const done = await committed(c, v.id, { skipInvalidRows: true });
    expect(done.status).toBe('COMPLETED');
    expect(done.counts).toMatchObject({ rows: 3, valid: 1, errors: 2, created: 1, updated: 0, skipped: 2 });
    expect(await errorsOf(v.id)).toEqual([
      [2, { breakout: AGENDA_MESSAGES.unknownBreakout }],
      [
        3,
        {
          collections: AGENDA_IMPORT_MESSAGES.unknownNames(AGENDA_MESSAGES.unknownCollection, ['old']),
          speakers: AGENDA_IMPORT_MESSAGES.unknownNames(AGENDA_MESSAGES.unknownSpeaker, [
            bob.email.toLowerCase(),
          ]),
        },
      ],
    ]);
    const written = await sessionsNamed('Tracked', 'Spoken', 'Kept');
    expect(written.map((s) => [s.name, s.breakoutId])).toEqual([['Kept', kept]]);
    const speakers = await t.deps.db
      .selectFrom('sessionSpeakers')
      .select('participantId')
      .where('sessionId', '=', written[0]!.id)
      .execute();
    expect(speakers).toEqual([{ participantId: ada.id }]);
  });

  it('a session deleted after verify: by its Session Id an error, found by name and start a new session', async () => {
    const byId = await c.post('sessions', {
      name: 'By id',
      startDate: '2027-05-05',
      startTime: '09:00 AM',
      endDate: '2027-05-05',
      endTime: '10:00 AM',
    });
    expect(byId.statusCode).toBe(201);
    const byName = await c.post('sessions', {
      name: 'By name',
      ...{ startDate: '2027-05-04', startTime: '09:00 AM', endDate: '2027-05-04', endTime: '10:00 AM' },
    });
    expect(byName.statusCode).toBe(201);
    const v = await verifiedFile(
      'Session',
      await sheet(SESSION_HEADERS, [
        sessionRow({ 'Session Id': byId.json().id, Name: 'By id renamed', ...times }),
        sessionRow({ Name: 'By name', ...times }),
      ]),
    );
    await remove(`sessions/${byId.json().id}`);
    await remove(`sessions/${byName.json().id}`);

    const done = await committed(c, v.id, { skipInvalidRows: true });
    expect(done.counts).toMatchObject({ created: 1, updated: 0, skipped: 1 });
    expect(await errorsOf(v.id)).toEqual([[2, { sessionId: AGENDA_IMPORT_MESSAGES.unknownSessionId }]]);
    const made = await sessionsNamed('By name', 'By id renamed');
    expect(made.map((s) => s.name)).toEqual(['By name']);
    expect(made[0]!.id).not.toBe(byName.json().id);
  });
});

describe('SessionUser import: a participant or session deleted between verify and commit', () => {
  it('refuses the rows naming them; without skipInvalidRows nothing is written, with it the others get their places', async () => {
    const [ann, ben, cat] = [await participant(c), await participant(c), await participant(c)];
    const talk = await c.post('sessions', {
      name: 'Talk',
      startDate: '2027-05-06',
      startTime: '09:00 AM',
      endDate: '2027-05-06',
      endTime: '10:00 AM',
      capacity: 10,
    });
    const gone = await c.post('sessions', {
      name: 'Cancelled talk',
      startDate: '2027-05-06',
      startTime: '11:00 AM',
      endDate: '2027-05-06',
      endTime: '12:00 PM',
    });
    const talkId = talk.json().id as string;
    const v = await verifiedFile(
      'SessionUser',
      await sheet(
        ['Email', 'Session', 'Session Id'],
        [
          [ann.email, 'Talk', null],
          [ben.email, 'talk', null],
          [cat.email, 'Cancelled talk', null],
        ],
      ),
    );
    await remove(`participants/${ben.id}`);
    await remove(`sessions/${gone.json().id}`);
    const places = () =>
      t.deps.db
        .selectFrom('enrollments')
        .select(['participantId', 'state'])
        .where('sessionId', '=', talkId)
        .execute();

    const refused = await committed(c, v.id);
    expect(refused.status).toBe('INVALID');
    expect(refused.message).toBe(IMPORT_MESSAGES.invalidAtCommit(2));
    expect(refused.counts).toMatchObject({ valid: 1, errors: 2, created: 0 });
    expect(await errorsOf(v.id)).toEqual([
      [3, { email: IMPORT_MESSAGES.notInEvent }],
      [4, { session: AGENDA_IMPORT_MESSAGES.unknownSessionName }],
    ]);
    expect(await places()).toEqual([]);
    expect(
      (
        await t.deps.db
          .selectFrom('sessions')
          .select('enrolledCount')
          .where('id', '=', talkId)
          .executeTakeFirstOrThrow()
      ).enrolledCount,
    ).toBe(0);
    expect(await importAudits(v.id)).toBe(0);

    const done = await committed(c, v.id, { skipInvalidRows: true });
    expect(done.status).toBe('COMPLETED');
    expect(done.counts).toMatchObject({ created: 1, skipped: 2, errors: 2 });
    expect(await places()).toEqual([{ participantId: ann.id, state: 'ENROLLED' }]);
    expect(
      (
        await t.deps.db
          .selectFrom('sessions')
          .select('enrolledCount')
          .where('id', '=', talkId)
          .executeTakeFirstOrThrow()
      ).enrolledCount,
    ).toBe(1);
  });
});
