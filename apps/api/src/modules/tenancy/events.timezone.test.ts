import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, TENANCY_MESSAGES } from '@plenary/domain';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { client, session, type Tenant } from '../agenda/agenda.test-utils.js';

/** PATCH /events/:id with a new time zone: what happens to the event's sessions (sessionTimes). */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** A tenant whose event (Europe/Berlin) has sessions at 9:00–10:30 AM on these Berlin dates. */
async function eventWithSessions(dates: readonly string[]) {
  const ten: Tenant = await t.f.tenant();
  const c = client(t, ten.tokens.eventAdmin, ten.event.id);
  const ids: string[] = [];
  for (const date of dates)
    ids.push(
      (await session(c, { startDate: date, startTime: '09:00 AM', endDate: date, endTime: '10:30 AM' })).id,
    );
  const patch = (payload: Record<string, unknown>) =>
    t.as(ten.tokens.eventAdmin, { method: 'PATCH', url: `/api/v1/events/${ten.event.id}`, payload });
  const sessions = async () => {
    const rows = await Promise.all(ids.map(async (id) => (await c.get(`sessions/${id}`)).json()));
    return rows.map((s) => ({
      startDate: s.startDate,
      startTime: s.startTime,
      endTime: s.endTime,
      startAt: s.startAt,
      endAt: s.endAt,
    }));
  };
  return { ten, c, ids, patch, sessions };
}

// 29 March 2026: Berlin moves to summer time that night; New York did on 8 March.
// 1 November 2026: New York goes back to standard time; Berlin did on 25 October.
const DATES = ['2026-03-29', '2026-10-28', '2026-11-01'] as const;
const local = (date: string) => ({ startDate: date, startTime: '09:00 AM', endTime: '10:30 AM' });

describe('a new time zone keeps the sessions’ local times by default', () => {
  it('Berlin → New York: 9:00 AM stays 9:00 AM on either side of the DST changes', async () => {
    const e = await eventWithSessions(DATES);
    const before = await e.sessions();
    expect(before.map((s) => s.startAt)).toEqual([
      '2026-03-29T07:00:00.000Z',
      '2026-10-28T08:00:00.000Z',
      '2026-11-01T08:00:00.000Z',
    ]);

    const res = await e.patch({ timezone: 'America/New_York' });
    expect(res.statusCode).toBe(200);
    expect(res.json().timezone).toBe('America/New_York');

    const after = await e.sessions();
    expect(after).toEqual([
      { ...local('2026-03-29'), startAt: '2026-03-29T13:00:00.000Z', endAt: '2026-03-29T14:30:00.000Z' },
      { ...local('2026-10-28'), startAt: '2026-10-28T13:00:00.000Z', endAt: '2026-10-28T14:30:00.000Z' },
      { ...local('2026-11-01'), startAt: '2026-11-01T14:00:00.000Z', endAt: '2026-11-01T15:30:00.000Z' },
    ]);

    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select(['entityId', 'actorId'])
      .where('entity', '=', 'session')
      .where('action', '=', 'update')
      .where('entityId', 'in', e.ids)
      .execute();
    expect(audit).toHaveLength(3);
    expect(new Set(audit.map((a) => a.actorId))).toEqual(new Set([e.ten.users.eventAdmin.id]));
    const row = await t.deps.db
      .selectFrom('sessions')
      .select('updatedBy')
      .where('id', '=', e.ids[0]!)
      .executeTakeFirstOrThrow();
    expect(row.updatedBy).toBe(e.ten.users.eventAdmin.id);
  });

  it('an explicit KEEP_LOCAL_TIMES also keeps the event’s own start and end local, unless the body sets them', async () => {
    const e = await eventWithSessions(['2026-06-01']);
    await t.deps.db
      .updateTable('events')
      .set({ startAt: new Date('2026-06-01T06:00:00Z'), endAt: new Date('2026-06-02T16:00:00Z') })
      .where('id', '=', e.ten.event.id)
      .execute();
    const moved = await e.patch({ timezone: 'Asia/Tokyo', sessionTimes: 'KEEP_LOCAL_TIMES' });
    // 08:00 and 18:00 in Berlin (CEST) → 08:00 and 18:00 in Tokyo.
    expect(moved.json()).toMatchObject({
      startAt: '2026-05-31T23:00:00.000Z',
      endAt: '2026-06-02T09:00:00.000Z',
    });
    expect(await e.sessions()).toEqual([
      { ...local('2026-06-01'), startAt: '2026-06-01T00:00:00.000Z', endAt: '2026-06-01T01:30:00.000Z' },
    ]);

    const given = await e.patch({
      timezone: 'Europe/Lisbon',
      startAt: '2026-06-01T07:00:00Z',
      endAt: '2026-06-02T17:00:00Z',
    });
    expect(given.json()).toMatchObject({
      startAt: '2026-06-01T07:00:00.000Z',
      endAt: '2026-06-02T17:00:00.000Z',
    });
    expect(await e.sessions()).toEqual([
      { ...local('2026-06-01'), startAt: '2026-06-01T08:00:00.000Z', endAt: '2026-06-01T09:30:00.000Z' },
    ]);
  });

  it('a body setting one bound moves the other one alone, and checks the order on the final values', async () => {
    const e = await eventWithSessions(['2026-06-01']);
    // 08:00 on 1 June and 18:00 on 2 June in Berlin.
    await t.deps.db
      .updateTable('events')
      .set({ startAt: new Date('2026-06-01T06:00:00Z'), endAt: new Date('2026-06-02T16:00:00Z') })
      .where('id', '=', e.ten.event.id)
      .execute();
    const startGiven = await e.patch({ timezone: 'Asia/Tokyo', startAt: '2026-05-31T22:00:00Z' });
    expect(startGiven.json()).toMatchObject({
      startAt: '2026-05-31T22:00:00.000Z',
      endAt: '2026-06-02T09:00:00.000Z',
    }); // the end: 18:00 in Tokyo

    // 07:00 in Tokyo is 07:00 in Honolulu (17:00 UTC), after the end given: refused, nothing moved.
    const sessions = await e.sessions();
    const refused = await e.patch({ timezone: 'Pacific/Honolulu', endAt: '2026-06-01T10:00:00Z' });
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().fields).sort()).toEqual(['endAt', 'startAt']);
    expect(
      (
        await t.as(e.ten.tokens.eventAdmin, { method: 'GET', url: `/api/v1/events/${e.ten.event.id}` })
      ).json(),
    ).toMatchObject({
      timezone: 'Asia/Tokyo',
      startAt: '2026-05-31T22:00:00.000Z',
      endAt: '2026-06-02T09:00:00.000Z',
    });
    expect(await e.sessions()).toEqual(sessions);

    const endGiven = await e.patch({ timezone: 'Pacific/Honolulu', endAt: '2026-06-02T20:00:00Z' });
    expect(endGiven.json()).toMatchObject({
      startAt: '2026-06-01T17:00:00.000Z',
      endAt: '2026-06-02T20:00:00.000Z',
    });
  });

  it('keeps the duration when the old zone’s repeated hour would put the end before the start', async () => {
    const e = await eventWithSessions(['2026-10-25']);
    // 02:45 CEST → 02:15 CET on the night Berlin goes back: a later instant, an earlier wall-clock time.
    await t.deps.db
      .updateTable('sessions')
      .set({ startAt: new Date('2026-10-25T00:45:00Z'), endAt: new Date('2026-10-25T01:15:00Z') })
      .where('id', '=', e.ids[0]!)
      .execute();
    expect((await e.patch({ timezone: 'America/New_York' })).statusCode).toBe(200);
    const [s] = await e.sessions();
    expect(s).toMatchObject({
      startAt: '2026-10-25T06:45:00.000Z',
      endAt: '2026-10-25T07:15:00.000Z',
      startTime: '02:45 AM',
      endTime: '03:15 AM',
    });
  });

  it('a zone derived from a new address moves the sessions too', async () => {
    const e = await eventWithSessions(['2026-06-01']);
    const res = await e.patch({ address: 'Portland, Oregon, USA' });
    expect(res.json()).toMatchObject({ timezone: 'America/Los_Angeles' });
    expect(await e.sessions()).toEqual([
      { ...local('2026-06-01'), startAt: '2026-06-01T16:00:00.000Z', endAt: '2026-06-01T17:30:00.000Z' },
    ]);
  });
});

describe('zone changes at the same time as other writes', () => {
  it('two zone changes at once move the sessions once each: 9:00 AM in whichever zone is last', async () => {
    const e = await eventWithSessions(['2026-06-01', '2026-06-02']);
    const [ny, tokyo] = await Promise.all([
      e.patch({ timezone: 'America/New_York' }),
      e.patch({ timezone: 'Asia/Tokyo' }),
    ]);
    expect([ny.statusCode, tokyo.statusCode]).toEqual([200, 200]);
    expect(await e.sessions()).toEqual([
      expect.objectContaining(local('2026-06-01')),
      expect.objectContaining(local('2026-06-02')),
    ]);
  });

  it('a session created during a zone change takes its times in the zone it ends up in', async () => {
    const e = await eventWithSessions(['2026-06-01']);
    const [moved, created] = await Promise.all([
      e.patch({ timezone: 'America/New_York' }),
      session(e.c, {
        startDate: '2026-06-03',
        startTime: '09:00 AM',
        endDate: '2026-06-03',
        endTime: '10:30 AM',
      }),
    ]);
    expect(moved.statusCode).toBe(200);
    expect((await e.c.get(`sessions/${created.id}`)).json()).toMatchObject(local('2026-06-03'));
  });
});

describe('sessionTimes KEEP_INSTANTS and no-ops', () => {
  it('KEEP_INSTANTS keeps the instants (and the event’s start and end); the local times change', async () => {
    const e = await eventWithSessions(DATES);
    const before = await e.sessions();
    const event = (await e.patch({ timezone: 'America/New_York', sessionTimes: 'KEEP_INSTANTS' })).json();
    expect(event).toMatchObject({
      timezone: 'America/New_York',
      startAt: e.ten.event.startAt.toISOString(),
      endAt: e.ten.event.endAt.toISOString(),
    });
    const after = await e.sessions();
    expect(after.map((s) => [s.startAt, s.endAt])).toEqual(before.map((s) => [s.startAt, s.endAt]));
    expect(after.map((s) => s.startTime)).toEqual(['03:00 AM', '04:00 AM', '03:00 AM']);
  });

  it('changes nothing when the zone stays (given again, or an address in the same zone)', async () => {
    const e = await eventWithSessions(['2026-06-01']);
    const stamp = async () =>
      t.deps.db
        .selectFrom('sessions')
        .select(['startAt', 'endAt', 'updatedAt'])
        .where('id', '=', e.ids[0]!)
        .executeTakeFirstOrThrow();
    const before = await stamp();
    expect(
      (await e.patch({ name: 'Renamed', timezone: 'Europe/Berlin', sessionTimes: 'KEEP_LOCAL_TIMES' }))
        .statusCode,
    ).toBe(200);
    expect((await e.patch({ address: 'Alexanderplatz 1, Berlin, Germany' })).json()).toMatchObject({
      timezone: 'Europe/Berlin',
    });
    expect((await e.patch({ name: 'Renamed again' })).statusCode).toBe(200);
    expect(await stamp()).toEqual(before);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('id')
      .where('entity', '=', 'session')
      .where('action', '=', 'update')
      .where('entityId', '=', e.ids[0]!)
      .execute();
    expect(audit).toEqual([]);
  });

  it('answers 400 with a field message for an unknown choice, and changes nothing', async () => {
    const e = await eventWithSessions(['2026-06-01']);
    const before = await e.sessions();
    for (const sessionTimes of ['KEEP_WALL_CLOCK', '', 1, null]) {
      const res = await e.patch({ timezone: 'America/New_York', sessionTimes });
      expect(res.statusCode).toBe(400);
      expect(res.json().fields).toEqual({ sessionTimes: TENANCY_MESSAGES.invalidSessionTimes });
    }
    expect(await e.sessions()).toEqual(before);
    expect(
      (await t.as(e.ten.tokens.eventAdmin, { method: 'GET', url: `/api/v1/events/${e.ten.event.id}` })).json()
        .timezone,
    ).toBe('Europe/Berlin');
  });
});

describe('POST /events without a time zone takes the one of its address', () => {
  const create = async (payload: Record<string, unknown>) => {
    const ten: Tenant = await t.f.tenant();
    const res = await t.as(ten.tokens.hubAdmin, {
      method: 'POST',
      url: '/api/v1/events',
      payload: {
        name: 'Harbour Summit',
        eventHubId: ten.hub.id,
        startAt: '2027-05-01T09:00:00Z',
        endAt: '2027-05-02T17:00:00Z',
        ...payload,
      },
    });
    const inHub = await t.deps.db
      .selectFrom('events')
      .select(['id', 'timezone'])
      .where('eventHubId', '=', ten.hub.id)
      .where('id', '!=', ten.event.id)
      .execute();
    return { res, inHub };
  };

  it.each([
    ['Portland, Maine, USA', 'America/New_York'],
    ['Alexanderplatz 1, 10178 Berlin, Germany', 'Europe/Berlin'],
  ])('%s → %s, stored and audited', async (address, timezone) => {
    const { res, inHub } = await create({ address });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ address, timezone });
    expect(inHub).toEqual([{ id: res.json().id, timezone }]);
    const audit = await t.deps.db
      .selectFrom('auditLog')
      .select('action')
      .where('entity', '=', 'event')
      .where('entityId', '=', res.json().id)
      .execute();
    expect(audit).toEqual([{ action: 'create' }]);
  });

  it('a time zone given with the address wins', async () => {
    const { res } = await create({ address: 'Portland, Maine, USA', timezone: 'asia/tokyo' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ address: 'Portland, Maine, USA', timezone: 'Asia/Tokyo' });
  });

  it.each([
    ['neither', {}],
    ['a blank address', { address: '   ' }],
  ])('answers 400 on timezone with %s, and creates nothing', async (_, payload) => {
    const { res, inHub } = await create(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ timezone: TENANCY_MESSAGES.timezoneOrAddressRequired });
    expect(inHub).toEqual([]);
  });

  it('answers 400 on timezone when the address gives none, and creates nothing', async () => {
    const { res, inHub } = await create({ address: 'Qwxz Zzyzzq Vvvbnm' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: expect.stringContaining(TENANCY_MESSAGES.timezoneNotFoundForAddress),
      fields: { timezone: TENANCY_MESSAGES.timezoneNotFoundForAddress },
    });
    expect(inHub).toEqual([]);
  });

  it('is documented: timezone optional on create, derived from the address', async () => {
    const doc = (await t.as(undefined, { method: 'GET', url: '/api/v1/openapi.json' })).json();
    const post = doc.paths['/api/v1/events'].post;
    const schema = post.requestBody.content['application/json'].schema;
    expect(schema.properties).toHaveProperty('timezone');
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'eventHubId', 'startAt', 'endAt']));
    expect(schema.required).not.toContain('timezone');
    expect(post.description).toMatch(/timezone may be left out when an address is given/);
  });

  it('still checks a given zone and the other fields first', async () => {
    expect(
      (await create({ address: 'Berlin, Germany', timezone: 'Atlantis/Central' })).res.json().fields,
    ).toEqual({ timezone: TENANCY_MESSAGES.invalidTimezone });
    expect((await create({ address: 'Berlin, Germany', timezone: '' })).res.json().fields).toEqual({
      timezone: MESSAGES.required,
    });
    expect((await create({ address: 'Berlin, Germany', name: ' ' })).res.json().fields).toEqual({
      name: MESSAGES.required,
    });
  });
});
