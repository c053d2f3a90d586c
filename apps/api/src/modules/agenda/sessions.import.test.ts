import ExcelJS from 'exceljs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  AGENDA_IMPORT_MESSAGES,
  AGENDA_MESSAGES,
  IMPORT_MESSAGES,
  MESSAGES,
  sessionOutsideEventMessage,
} from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { recordEmits, type Emitted } from '../../../test/realtime.js';
import { client, participant, type Client } from '../attendees/attendees.test-utils.js';
import { PROMOTED_EVENT, SEATS_EVENT } from './enrollment.notify.js';
import { committed, uploaded, verified } from '../imports/imports.test-utils.js';

/** Session import end to end through the API with real xlsx files (event zone Europe/Berlin). */
let t: TestContext;
let c: Client;
let eventId: string;
type Person = { id: string; userId: string; email: string };
let ada: Person;
let bob: Person;
const emitted: Emitted[] = [];
let hallA: string;
let product: string;
let keynotes: string;
let tracks: string;

const HEADERS = [
  'Name',
  'Description',
  'Type',
  'Status',
  'Start Date',
  'Start Time',
  'End Date',
  'End Time',
  'Location',
  'Collections',
  'Speakers',
  'Capacity',
  'Enrollable',
  'Waitlist',
  'Virtual Link',
  'Breakout',
];
type Value = string | number | Date | null;

async function sheet(rows: Value[][], headers = HEADERS): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const ws = book.addWorksheet('Sessions');
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}
/** A row by column name (the rest empty). */
const row = (v: Partial<Record<(typeof HEADERS)[number], Value>>, headers = HEADERS): Value[] =>
  headers.map((h) => v[h] ?? null);
const times = {
  'Start Date': '2027-05-04',
  'Start Time': '09:00 AM',
  'End Date': '2027-05-04',
  'End Time': '10:00 AM',
};

type ErrorRow = { rowNumber: number; errors: Array<{ column: string | null; message: string }> };
const errorsOf = async (id: string) =>
  ((await c.get(`imports/${id}/errors`)).json().records as ErrorRow[]).map((r) => [
    r.rowNumber,
    Object.fromEntries(r.errors.map((e) => [e.column, e.message])),
  ]);
const sessions = () =>
  t.deps.db
    .selectFrom('sessions')
    .selectAll()
    .where('eventId', '=', eventId)
    .orderBy('name')
    .orderBy('startAt')
    .execute();

async function run(file: Buffer, commit = true) {
  const up = await uploaded(c, 'Session', 'sessions.xlsx', file);
  const v = await verified(c, up.id);
  return { up, v, done: commit ? await committed(c, up.id, { skipInvalidRows: true }) : undefined };
}

beforeAll(async () => {
  t = await createTestContext();
  const ten = await t.f.tenant();
  eventId = ten.event.id;
  c = client(t, ten.tokens.eventAdmin, eventId);
  ada = await participant(c);
  bob = await participant(c);
  const db = t.deps.db;
  hallA = (
    await db
      .insertInto('locations')
      .values({ eventId, name: 'Hall A' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  product = (
    await db
      .insertInto('collections')
      .values({ eventId, name: 'Product' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  keynotes = (
    await db
      .insertInto('collections')
      .values({ eventId, name: 'Keynotes' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  tracks = (
    await db
      .insertInto('breakouts')
      .values({ eventId, name: 'Afternoon tracks' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  recordEmits(t, emitted);
});
afterAll(() => t.close());

describe('Session import', () => {
  it('creates sessions with times in the event zone, their location, collections, speakers and settings', async () => {
    const { v, done } = await run(
      await sheet([
        row({
          Name: 'Opening keynote',
          Description: 'Welcome',
          Type: 'keynote',
          Status: 'draft',
          ...times,
          Location: 'hall a',
          Collections: 'Product, keynotes',
          Speakers: `${bob.email}; ${ada.email.toUpperCase()}`,
          Capacity: 120,
          Enrollable: 'Yes',
          Waitlist: 'No',
          'Virtual Link': 'https://meet.example.com/opening',
          Breakout: 'afternoon tracks',
        }),
        // Spreadsheet date cells and a time across midnight into the next day.
        row({
          Name: 'Party',
          'Start Date': new Date(Date.UTC(2027, 4, 4)),
          'Start Time': '10:30 PM',
          'End Date': new Date(Date.UTC(2027, 4, 5)),
          'End Time': '01:00 AM',
        }),
      ]),
    );
    expect(v.status).toBe('VERIFIED');
    expect(done?.counts).toMatchObject({ created: 2, updated: 0 });
    const [opening, party] = await sessions();
    expect(opening).toMatchObject({
      name: 'Opening keynote',
      description: 'Welcome',
      type: 'KEYNOTE',
      status: 'DRAFT',
      locationId: hallA,
      breakoutId: tracks,
      capacity: 120,
      enrollable: true,
      waitlist: false,
      virtualLink: 'https://meet.example.com/opening',
      enrolledCount: 0,
    });
    // 09:00 in Berlin in May (CEST, UTC+2).
    expect(opening!.startAt.toISOString()).toBe('2027-05-04T07:00:00.000Z');
    expect(opening!.endAt.toISOString()).toBe('2027-05-04T08:00:00.000Z');
    expect(party).toMatchObject({
      type: 'SESSION',
      status: 'PUBLISHED',
      capacity: null,
      enrollable: false,
      waitlist: true,
      locationId: null,
    });
    expect(party!.startAt.toISOString()).toBe('2027-05-04T20:30:00.000Z');
    expect(party!.endAt.toISOString()).toBe('2027-05-04T23:00:00.000Z');
    const collections = await t.deps.db
      .selectFrom('sessionCollections')
      .select('collectionId')
      .where('sessionId', '=', opening!.id)
      .execute();
    expect(collections.map((x) => x.collectionId).sort()).toEqual([product, keynotes].sort());
    const speakers = await t.deps.db
      .selectFrom('sessionSpeakers')
      .select(['participantId', 'position'])
      .where('sessionId', '=', opening!.id)
      .orderBy('position')
      .execute();
    expect(speakers.map((s) => s.participantId)).toEqual([bob.id, ada.id]);
  });

  it('reports every kind of bad cell with the spec part 5 messages', async () => {
    const { up, v } = await run(
      await sheet([
        row({ ...times }),
        row({ Name: 'Bad type', ...times, Type: 'LECTURE', Status: 'LIVE' }),
        row({ Name: 'Bad date', ...times, 'Start Date': '04/05/2027' }),
        row({ Name: 'Bad time', ...times, 'End Time': '10am' }),
        row({ Name: 'Dates reversed', ...times, 'Start Date': '2027-05-05' }),
        row({ Name: 'Times reversed', ...times, 'Start Time': '11:00 AM' }),
        row({ Name: 'No times' }),
        row({
          Name: 'Unknown names',
          ...times,
          Location: 'Hall Z',
          Collections: 'Product, Nope, Nada',
          Breakout: 'Morning',
          Speakers: 'nobody@example.com',
        }),
        row({
          Name: 'Bad values',
          ...times,
          Speakers: 'not-an-email',
          Capacity: 'ten',
          Enrollable: 'maybe',
          Waitlist: 'sure',
          'Virtual Link': 'meet.example.com',
        }),
        row({ Name: 'Negative', ...times, Capacity: -1 }),
        row({ Name: 'Twice', ...times }),
        row({ Name: 'twice', ...times }),
      ]),
      false,
    );
    expect(v.counts).toMatchObject({ rows: 12, valid: 1, errors: 11 });
    expect(await errorsOf(up.id)).toEqual([
      [2, { name: MESSAGES.required }],
      [3, { type: MESSAGES.pleaseSelectValue, status: MESSAGES.pleaseSelectValue }],
      [4, { startDate: MESSAGES.invalidDate }],
      [5, { endTime: MESSAGES.timeFormat }],
      [
        6,
        {
          startDate: 'Start date can not be greater than end date',
          endDate: 'End date can not be less than start date',
        },
      ],
      [
        7,
        {
          startTime: 'Start time can not be greater than end time',
          endTime: 'End time can not be less than start time',
        },
      ],
      [
        8,
        {
          startDate: MESSAGES.required,
          startTime: MESSAGES.required,
          endDate: MESSAGES.required,
          endTime: MESSAGES.required,
        },
      ],
      [
        9,
        {
          location: AGENDA_MESSAGES.unknownLocation,
          collections: 'Unknown collection: Nope, Nada',
          breakout: AGENDA_MESSAGES.unknownBreakout,
          speakers: 'Unknown participant: nobody@example.com',
        },
      ],
      [
        10,
        {
          speakers: MESSAGES.invalidEmail,
          capacity: MESSAGES.invalidInteger,
          enrollable: AGENDA_IMPORT_MESSAGES.yesOrNo,
          waitlist: AGENDA_IMPORT_MESSAGES.yesOrNo,
          virtualLink: MESSAGES.invalidUrl,
        },
      ],
      [11, { capacity: MESSAGES.invalidInteger }],
      [13, { name: AGENDA_IMPORT_MESSAGES.duplicateSession(12) }],
    ]);
  });

  it("refuses, per cell, dates outside the event's days (in its zone)", async () => {
    const other = await t.f.tenant();
    // 4–5 May 2027, 09:00–18:00 in Berlin.
    await t.deps.db
      .updateTable('events')
      .set({ startAt: new Date('2027-05-04T07:00:00Z'), endAt: new Date('2027-05-05T16:00:00Z') })
      .where('id', '=', other.event.id)
      .execute();
    const admin = client(t, other.tokens.eventAdmin, other.event.id);
    const file = await sheet([
      row({ Name: 'Day one', ...times }),
      row({ Name: 'Day before', ...times, 'Start Date': '2027-05-03', 'End Date': '2027-05-03' }),
      row({ Name: 'Into the day after', ...times, 'Start Date': '2027-05-05', 'End Date': '2027-05-06' }),
    ]);
    const up = await uploaded(admin, 'Session', 'sessions.xlsx', file);
    const v = await verified(admin, up.id);
    expect(v.counts).toMatchObject({ rows: 3, valid: 1, errors: 2 });
    const message = sessionOutsideEventMessage('2027-05-04', '2027-05-05');
    const errors = ((await admin.get(`imports/${up.id}/errors`)).json().records as ErrorRow[]).map((r) => [
      r.rowNumber,
      Object.fromEntries(r.errors.map((e) => [e.column, e.message])),
    ]);
    expect(errors).toEqual([
      [3, { startDate: message, endDate: message }],
      [4, { endDate: message }],
    ]);
  });

  it('updates by name (any case) and start, or by Session Id; a filled list replaces, an empty cell keeps', async () => {
    const [opening, party] = await sessions();
    const withId = ['Session Id', ...HEADERS];
    const { v, done } = await run(
      await sheet(
        [
          row({ Name: 'OPENING KEYNOTE', ...times, Collections: 'Keynotes', Capacity: 200 }, withId),
          row(
            {
              'Session Id': party!.id,
              Name: 'After party',
              'Start Date': '2027-05-04',
              'Start Time': '11:00 PM',
              'End Date': '2027-05-05',
              'End Time': '02:00 AM',
            },
            withId,
          ),
          row({ 'Session Id': '00000000-0000-4000-8000-000000000000', Name: 'Ghost', ...times }, withId),
        ],
        withId,
      ),
    );
    expect(v.counts).toMatchObject({ valid: 2, errors: 1 });
    expect(done?.counts).toMatchObject({ created: 0, updated: 2 });
    const after = await sessions();
    expect(after).toHaveLength(2);
    const [renamed, keynote] = after;
    expect(keynote).toMatchObject({
      id: opening!.id,
      name: 'OPENING KEYNOTE',
      capacity: 200,
      type: 'KEYNOTE',
      locationId: hallA,
      description: 'Welcome',
    });
    expect(renamed).toMatchObject({ id: party!.id, name: 'After party' });
    expect(renamed!.startAt.toISOString()).toBe('2027-05-04T21:00:00.000Z');
    const collections = await t.deps.db
      .selectFrom('sessionCollections')
      .select('collectionId')
      .where('sessionId', '=', opening!.id)
      .execute();
    expect(collections.map((x) => x.collectionId)).toEqual([keynotes]);
    const speakers = await t.deps.db
      .selectFrom('sessionSpeakers')
      .select('participantId')
      .where('sessionId', '=', opening!.id)
      .execute();
    expect(speakers).toHaveLength(2);
  });

  it('capacity: not below the enrolled; raising it seats the waitlist in order', async () => {
    const [, keynote] = await sessions();
    const db = t.deps.db;
    // Out of its (enrollable) breakout, so the session's own capacity counts; published (drafts' seats are not broadcast).
    await db
      .updateTable('sessions')
      .set({ capacity: 1, waitlist: true, breakoutId: null, status: 'PUBLISHED' })
      .where('id', '=', keynote!.id)
      .execute();
    // Ada holds the seat, Bob waits (as the SessionUser import or enrolling would leave it).
    await sql`INSERT INTO enrollments (session_id, participant_id, event_id, state) VALUES (${keynote!.id}, ${ada.id}, ${eventId}, 'ENROLLED'), (${keynote!.id}, ${bob.id}, ${eventId}, 'WAITLISTED')`.execute(
      db,
    );
    await db
      .updateTable('sessions')
      .set({ enrolledCount: 1, waitlistedCount: 1 })
      .where('id', '=', keynote!.id)
      .execute();

    const low = await run(await sheet([row({ Name: 'Opening keynote', ...times, Capacity: 0 })]), false);
    expect(await errorsOf(low.up.id)).toEqual([[2, { capacity: AGENDA_MESSAGES.capacityBelowEnrolled }]]);

    const { done } = await run(await sheet([row({ Name: 'Opening keynote', ...times, Capacity: 5 })]));
    expect(done?.counts).toMatchObject({ updated: 1 });
    const now = await db
      .selectFrom('sessions')
      .select(['capacity', 'enrolledCount', 'waitlistedCount'])
      .where('id', '=', keynote!.id)
      .executeTakeFirstOrThrow();
    expect(now).toEqual({ capacity: 5, enrolledCount: 2, waitlistedCount: 0 });
    const states = await db
      .selectFrom('enrollments')
      .select('state')
      .where('sessionId', '=', keynote!.id)
      .execute();
    expect(states.map((s) => s.state)).toEqual(['ENROLLED', 'ENROLLED']);
    // Bob is told, as the agenda tells a promoted participant: in his room, by e-mail; everyone sees the seats.
    await vi.waitFor(() => {
      expect(emitted).toContainEqual({
        room: `user:${bob.userId}`,
        event: PROMOTED_EVENT,
        payload: { sessionId: keynote!.id, sessionName: 'Opening keynote' },
      });
      expect(emitted).toContainEqual({
        room: `event:${eventId}`,
        event: SEATS_EVENT,
        payload: expect.objectContaining({
          sessionId: keynote!.id,
          enrolledCount: 2,
          waitlistedCount: 0,
          capacity: 5,
        }),
      });
    });
    await t.drainJobs();
    expect(t.mail.lastTo(bob.email)?.subject).toBe('You have a seat in Opening keynote');
    expect(t.mail.linkTo(bob.email).pathname).toBe(`/event/${eventId}/agenda/${keynote!.id}`);
  });

  it('capacity: a session an admin over-filled is re-imported with its capacity unchanged', async () => {
    const crowded = await seeded('Crowded', { capacity: 1 }, [
      [ada.id, 'ENROLLED'],
      [bob.id, 'ENROLLED'],
    ]);
    const same = await run(
      await sheet([row({ Name: 'Crowded', ...times, Capacity: 1, Description: 'Now with slides' })]),
    );
    expect(same.v.status).toBe('VERIFIED');
    expect(same.done?.counts).toMatchObject({ updated: 1 });
    expect(
      await t.deps.db
        .selectFrom('sessions')
        .select(['capacity', 'description', 'enrolledCount'])
        .where('id', '=', crowded)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      capacity: 1,
      description: 'Now with slides',
      enrolledCount: 2,
    });
    // Lowering it further is still refused.
    const lower = await run(await sheet([row({ Name: 'Crowded', ...times, Capacity: 0 })]), false);
    expect(await errorsOf(lower.up.id)).toEqual([[2, { capacity: AGENDA_MESSAGES.capacityBelowEnrolled }]]);
  });

  it('moving into an enrollable breakout: its capacity and one-session rule hold, more seats promote', async () => {
    const [carol, dave, erin] = [await participant(c), await participant(c), await participant(c)];
    const breakout = async (name: string, capacity: number | null) =>
      (
        await t.deps.db
          .insertInto('breakouts')
          .values({ eventId, name, enrollable: true, capacity })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await breakout('Small track', 1);
    const wide = await breakout('Wide track', 10);
    const open = await breakout('Open track', null);
    await t.deps.db
      .insertInto('breakouts')
      .values({ eventId, name: 'Plain track', enrollable: false })
      .execute();
    await seeded('Pair', {}, [
      [ada.id, 'ENROLLED'],
      [bob.id, 'ENROLLED'],
    ]);
    await seeded('Wide held', { breakoutId: wide }, [[carol.id, 'ENROLLED']]);
    await seeded('Carol elsewhere', {}, [[carol.id, 'ENROLLED']]);
    const left = await seeded('Left', {}, [[dave.id, 'ENROLLED']]);
    const right = await seeded('Right', { capacity: 0 }, [[dave.id, 'WAITLISTED']]);
    const grow = await seeded('Grow', { capacity: 1 }, [
      [erin.id, 'ENROLLED'],
      [ada.id, 'WAITLISTED'],
    ]);
    // 2 seated with the wide track's 10 seats; its own capacity, 1, would count out of it.
    const leaving = await seeded('Leaving wide', { capacity: 1, breakoutId: wide }, [
      [bob.id, 'ENROLLED'],
      [dave.id, 'ENROLLED'],
    ]);

    const { up, v, done } = await run(
      await sheet([
        row({ Name: 'Pair', ...times, Breakout: 'Small track' }),
        row({ Name: 'Carol elsewhere', ...times, Breakout: 'Wide track' }),
        row({ Name: 'Left', ...times, Breakout: 'Open track' }),
        row({ Name: 'Right', ...times, Breakout: 'Open track' }),
        row({ Name: 'Grow', ...times, Breakout: 'Wide track' }),
        // Staying in its breakout is no move: no check.
        row({ Name: 'Wide held', ...times, Breakout: 'Wide track' }),
        row({ Name: 'Leaving wide', ...times, Breakout: 'Plain track' }),
      ]),
    );
    expect(v.counts).toMatchObject({ valid: 3, errors: 4 });
    expect(await errorsOf(up.id)).toEqual([
      [2, { breakout: AGENDA_MESSAGES.breakoutCapacityBelowEnrolled }],
      [3, { breakout: AGENDA_MESSAGES.breakoutHeldTwice }],
      [5, { breakout: AGENDA_MESSAGES.breakoutHeldTwice }],
      [8, { breakout: AGENDA_MESSAGES.breakoutCapacityBelowEnrolled }],
    ]);
    expect(done?.counts).toMatchObject({ updated: 3 });
    const breakoutOf = async (id: string) =>
      await t.deps.db
        .selectFrom('sessions')
        .select(['breakoutId', 'enrolledCount', 'waitlistedCount'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    expect(await breakoutOf(left)).toEqual({ breakoutId: open, enrolledCount: 1, waitlistedCount: 0 });
    expect(await breakoutOf(right)).toEqual({ breakoutId: null, enrolledCount: 0, waitlistedCount: 1 });
    expect(await breakoutOf(leaving)).toEqual({ breakoutId: wide, enrolledCount: 2, waitlistedCount: 0 });
    // The breakout's 10 seats replace Grow's 1: Ada moves up from the waitlist and is told.
    expect(await breakoutOf(grow)).toEqual({ breakoutId: wide, enrolledCount: 2, waitlistedCount: 0 });
    await vi.waitFor(() => {
      expect(emitted).toContainEqual({
        room: `user:${ada.userId}`,
        event: PROMOTED_EVENT,
        payload: { sessionId: grow, sessionName: 'Grow' },
      });
      expect(emitted).toContainEqual({
        room: `event:${eventId}`,
        event: SEATS_EVENT,
        payload: expect.objectContaining({
          sessionId: grow,
          enrolledCount: 2,
          waitlistedCount: 0,
          capacity: 10,
        }),
      });
    });
    await t.drainJobs();
    expect(t.mail.lastTo(ada.email)?.subject).toBe('You have a seat in Grow');
  });

  it('checks the breakout rule again at commit: a place taken after verify refuses the move', async () => {
    const fay = await participant(c);
    const track = (
      await t.deps.db
        .insertInto('breakouts')
        .values({ eventId, name: 'Late track', enrollable: true })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const inTrack = await seeded('In late track', { breakoutId: track }, []);
    const mover = await seeded('Mover', {}, [[fay.id, 'ENROLLED']]);
    const up = await uploaded(
      c,
      'Session',
      'sessions.xlsx',
      await sheet([row({ Name: 'Mover', ...times, Breakout: 'Late track' })]),
    );
    expect((await verified(c, up.id)).status).toBe('VERIFIED');
    // Fay enrolls in the breakout's other session between verify and commit.
    await sql`INSERT INTO enrollments (session_id, participant_id, event_id, state) VALUES (${inTrack}, ${fay.id}, ${eventId}, 'ENROLLED')`.execute(
      t.deps.db,
    );
    // All or nothing: the import is INVALID with the row's message, nothing written.
    const refused = await committed(c, up.id);
    expect(refused).toMatchObject({
      status: 'INVALID',
      message: IMPORT_MESSAGES.invalidAtCommit(1),
      counts: { valid: 0, errors: 1, updated: 0 },
    });
    expect(await errorsOf(up.id)).toEqual([[2, { breakout: AGENDA_MESSAGES.breakoutHeldTwice }]]);
    expect(
      (
        await t.deps.db
          .selectFrom('sessions')
          .select('breakoutId')
          .where('id', '=', mover)
          .executeTakeFirstOrThrow()
      ).breakoutId,
    ).toBeNull();
  });

  it("refuses the commit when the event's time zone is another than at verify (a change after the commit was asked for)", async () => {
    const up = await uploaded(
      c,
      'Session',
      'sessions.xlsx',
      await sheet([row({ Name: 'Zone check', ...times })]),
    );
    expect((await verified(c, up.id)).status).toBe('VERIFIED');
    // The zone as a PATCH sets it, without the event's updated_at the start of the commit compares with verify's time.
    await t.deps.db
      .updateTable('events')
      .set({ timezone: 'America/New_York' })
      .where('id', '=', eventId)
      .execute();
    try {
      const done = await committed(c, up.id);
      expect(done).toMatchObject({
        status: 'FAILED',
        message: AGENDA_IMPORT_MESSAGES.zoneChangedSinceVerify,
      });
      expect((await sessions()).filter((s) => s.name === 'Zone check')).toEqual([]);
      // Verified again in the new zone, it imports: 9:00 AM in New York.
      expect((await verified(c, up.id)).status).toBe('VERIFIED');
      expect((await committed(c, up.id)).status).toBe('COMPLETED');
      const [made] = (await sessions()).filter((s) => s.name === 'Zone check');
      expect(made?.startAt.toISOString()).toBe('2027-05-04T13:00:00.000Z');
    } finally {
      await t.deps.db
        .updateTable('events')
        .set({ timezone: 'Europe/Berlin' })
        .where('id', '=', eventId)
        .execute();
    }
  });
});

/** A session at `times` with places (in this order: the waitlist order) and its counters. */
async function seeded(
  name: string,
  over: { capacity?: number | null; breakoutId?: string },
  places: Array<[string, 'ENROLLED' | 'WAITLISTED']>,
): Promise<string> {
  const db = t.deps.db;
  const { id } = await db
    .insertInto('sessions')
    .values({
      eventId,
      name,
      startAt: new Date('2027-05-04T07:00:00Z'),
      endAt: new Date('2027-05-04T08:00:00Z'),
      capacity: over.capacity ?? null,
      breakoutId: over.breakoutId ?? null,
      waitlist: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, [participantId, state]] of places.entries()) {
    await db
      .insertInto('enrollments')
      .values({
        sessionId: id,
        participantId,
        eventId,
        state,
        createdAt: new Date(Date.UTC(2027, 0, 1, 0, 0, i)),
      })
      .execute();
  }
  const count = (state: string) => places.filter((x) => x[1] === state).length;
  await db
    .updateTable('sessions')
    .set({ enrolledCount: count('ENROLLED'), waitlistedCount: count('WAITLISTED') })
    .where('id', '=', id)
    .execute();
  return id;
}
