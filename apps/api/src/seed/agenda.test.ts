import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dayInZone } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { seedAgenda } from './agenda.js';
import { seed } from './index.js';

let t: TestContext;
let eventId: string;

beforeAll(async () => {
  t = await createTestContext({
    SUPERADMIN_EMAIL: 'super@northwind.example',
    SUPERADMIN_PASSWORD: 'Super!pass2026',
  });
  await seed(t.deps);
  eventId = (
    await t.deps.db
      .selectFrom('events')
      .select('id')
      .where('name', '=', 'Northwind Summit 2026')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

const count = async (query: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(query)}`.execute(t.deps.db)).rows[0]!.n;

describe('demo agenda seed', () => {
  it('writes rooms, tracks, a breakout of three workshops, sessions with speakers, a floor plan and two materials', async () => {
    const e = `event_id = '${eventId}'`;
    expect(await count(`locations WHERE ${e}`)).toBe(4);
    expect(await count(`collections WHERE ${e}`)).toBe(3);
    expect(await count(`sessions WHERE ${e}`)).toBe(24);
    expect(await count(`materials WHERE ${e}`)).toBe(2);
    expect(
      await count(`session_speakers ss JOIN sessions s ON s.id = ss.session_id WHERE s.${e}`),
    ).toBeGreaterThanOrEqual(12);
    const breakout = await t.deps.db
      .selectFrom('breakouts')
      .selectAll()
      .where('eventId', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(breakout).toMatchObject({ name: 'Afternoon workshops', enrollable: true, capacity: 20 });
    const workshops = await t.deps.db
      .selectFrom('sessions')
      .select(['id', 'enrolledCount', 'type'])
      .where('breakoutId', '=', breakout.id)
      .execute();
    expect(workshops).toHaveLength(3);
    expect(workshops.every((w) => w.type === 'WORKSHOP')).toBe(true);
    // The kept counts match the enrollments, and nobody holds two workshops of the breakout.
    expect(
      await count(
        `sessions s WHERE s.${e} AND s.enrolled_count <> (SELECT count(*) FROM enrollments en WHERE en.session_id = s.id AND en.state = 'ENROLLED')`,
      ),
    ).toBe(0);
    expect(workshops.reduce((sum, w) => sum + w.enrolledCount, 0)).toBe(9);
    expect(
      await count(
        `(SELECT participant_id FROM enrollments WHERE session_id IN (SELECT id FROM sessions WHERE breakout_id = '${breakout.id}') GROUP BY participant_id HAVING count(*) > 1) twice`,
      ),
    ).toBe(0);
    // A full session with its waitlist, and check-ins: the counts kept match the rows.
    const full = await t.deps.db
      .selectFrom('sessions')
      .select(['capacity', 'enrolledCount', 'waitlistedCount', 'waitlist'])
      .where('eventId', '=', eventId)
      .where('name', '=', 'Speed networking breakfast')
      .executeTakeFirstOrThrow();
    expect(full).toEqual({ capacity: 8, enrolledCount: 8, waitlistedCount: 3, waitlist: true });
    expect(await count(`session_check_ins WHERE ${e}`)).toBeGreaterThanOrEqual(25);
    expect(
      await count(
        `sessions s WHERE s.${e} AND (s.waitlisted_count <> (SELECT count(*) FROM enrollments en WHERE en.session_id = s.id AND en.state = 'WAITLISTED')
          OR s.attended_count <> (SELECT count(*) FROM session_check_ins c WHERE c.session_id = s.id))`,
      ),
    ).toBe(0);
    // The demo participant is left free to enroll.
    expect(
      await count(
        `enrollments en JOIN participants p ON p.id = en.participant_id JOIN users u ON u.id = p.user_id WHERE u.email = 'amara.okafor@example.com'`,
      ),
    ).toBe(0);
  });

  it("books seats at the first session of every day after the first (the dashboard's sessions today)", async () => {
    const event = await t.deps.db
      .selectFrom('events')
      .select(['timezone'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const sessions = await t.deps.db
      .selectFrom('sessions')
      .select(['startAt', 'name', 'enrolledCount'])
      .where('eventId', '=', eventId)
      .orderBy('startAt')
      .orderBy('name')
      .execute();
    const firstOfDay = new Map<string, (typeof sessions)[number]>();
    for (const s of sessions) {
      const d = dayInZone(s.startAt, event.timezone);
      if (!firstOfDay.has(d)) firstOfDay.set(d, s);
    }
    const [, ...later] = [...firstOfDay.values()];
    expect(later.map((s) => s.enrolledCount > 0)).toEqual([true, true]);
  });

  it("schedules every session on one of the event's days in its time zone", async () => {
    const event = await t.deps.db
      .selectFrom('events')
      .select(['startAt', 'endAt', 'timezone'])
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const first = dayInZone(event.startAt, event.timezone);
    const last = dayInZone(event.endAt, event.timezone);
    const sessions = await t.deps.db
      .selectFrom('sessions')
      .select(['startAt', 'endAt'])
      .where('eventId', '=', eventId)
      .execute();
    const days = new Set(sessions.map((s) => dayInZone(s.startAt, event.timezone)));
    expect(days.size).toBe(3);
    // The event lasts exactly its programme's three days: no empty day tab.
    expect([...days].sort()).toEqual([first, expect.any(String), last]);
    for (const s of sessions) {
      expect(
        dayInZone(s.startAt, event.timezone) >= first && dayInZone(s.endAt, event.timezone) <= last,
      ).toBe(true);
      expect(s.startAt.getTime()).toBeLessThan(s.endAt.getTime());
    }
  });

  it('serves the floor plan with a pin per room and the materials through the API', async () => {
    const admin = await t.deps.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'event.admin@northwind.example')
      .executeTakeFirstOrThrow();
    const token = await t.f.token(admin.id);
    const maps = (
      await t.as(token, { method: 'GET', url: `/api/v1/events/${eventId}/interactive-maps` })
    ).json();
    expect(maps.total).toBe(1);
    const map = (
      await t.as(token, {
        method: 'GET',
        url: `/api/v1/events/${eventId}/interactive-maps/${maps.records[0].id}`,
      })
    ).json();
    expect(map).toMatchObject({
      name: 'Ground floor',
      fileType: 'png',
      width: 1200,
      height: 800,
      pinCount: 5,
    });
    expect(map.pins.filter((p: { location: unknown }) => p.location !== null)).toHaveLength(4);
    const plan = await t.app.inject({ method: 'GET', url: map.url });
    expect(await sharp(plan.rawPayload).metadata()).toMatchObject({
      format: 'png',
      width: 1200,
      height: 800,
    });

    const locations = (
      await t.as(token, { method: 'GET', url: `/api/v1/events/${eventId}/locations` })
    ).json();
    const hall = locations.records.find((l: { name: string }) => l.name === 'Plenary Hall');
    expect(hall.pins).toEqual([
      { mapId: map.id, mapName: 'Ground floor', pinId: expect.any(String), pinName: 'Plenary Hall' },
    ]);
    expect(hall.sessionCount).toBeGreaterThan(3);
    // Its seating plan is the location's PDF map (the Locations list's "PDF map" column).
    const pdf = await t.app.inject({ method: 'GET', url: hall.pdfMapUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const materials = (
      await t.as(token, { method: 'GET', url: `/api/v1/events/${eventId}/materials` })
    ).json();
    expect(materials.records.map((m: { fileType: string }) => m.fileType).sort()).toEqual(['pdf', 'png']);
    for (const m of materials.records)
      expect((await t.app.inject({ method: 'GET', url: m.url })).statusCode).toBe(200);
  });

  it('runs once: a second run adds nothing', async () => {
    await seedAgenda(t.deps);
    expect(await count(`sessions WHERE event_id = '${eventId}'`)).toBe(24);
    expect(await count(`locations WHERE event_id = '${eventId}'`)).toBe(4);
  });
});
