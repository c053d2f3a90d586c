import { sql } from 'kysely';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { startFakePushService, type FakePushService } from '../../../test/fake-push.js';
import {
  at,
  eventCases,
  eventUrl as ev,
  itEachPermission,
  statuses,
  by,
} from '../../../test/permission-matrix.js';
import { createPushSender, vapidKeys } from '../../platform/push.js';
import { addInboxItems, deliverPush } from './index.js';
import { runReminders } from './reminders.js';

type Tenant = Awaited<ReturnType<TestContext['f']['tenant']>>;
interface Target {
  tenant: Tenant;
  itemId: string;
  participantId: string;
}

let t: TestContext;
let fake: FakePushService;
let a: Target;
let b: Target;

async function participantIdOf(tenant: Tenant): Promise<string> {
  const row = await t.deps.db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', tenant.event.id)
    .where('userId', '=', tenant.users.participant.id)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function newItem(tenant: Tenant, participantId: string, title = 'Hello'): Promise<string> {
  await t.deps.db
    .transaction()
    .execute((tx) =>
      addInboxItems(tx, [{ eventId: tenant.event.id, participantId, title, body: 'Body', url: '/x' }]),
    );
  const row = await t.deps.db
    .selectFrom('inboxItems')
    .select('id')
    .where('participantId', '=', participantId)
    .orderBy('createdAt', 'desc')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function target(tenant: Tenant): Promise<Target> {
  const participantId = await participantIdOf(tenant);
  return { tenant, participantId, itemId: await newItem(tenant, participantId) };
}

beforeAll(async () => {
  fake = await startFakePushService();
  const push = createPushSender(
    vapidKeys({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'vapid-')),
      MAIL_FROM: 'x@plenary.local',
      VAPID_PUBLIC_KEY:
        'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U',
      VAPID_PRIVATE_KEY: undefined,
      VAPID_SUBJECT: undefined,
    }),
    { ca: fake.ca, allowHosts: ['127.0.0.1'] },
  );
  t = await createTestContext({}, undefined, { push });
  a = await target(await t.f.tenant());
  b = await target(await t.f.tenant());
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const sub = () => {
  const s = fake.subscribe();
  return { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } };
};

const CASES = [
  {
    name: 'GET push/public-key',
    method: 'GET' as const,
    request: at<Target>(() => '/api/v1/push/public-key'),
    expected: statuses(by(200, 200, 200, 200, 200, 200, 401)),
  },
  ...eventCases<Target>([
    {
      name: 'PUT push/subscription',
      method: 'PUT',
      kind: 'member',
      ok: 201,
      request: at((x) => ev(x, 'push/subscription'), sub),
    },
    {
      name: 'DELETE push/subscription',
      method: 'DELETE',
      kind: 'member',
      ok: 204,
      request: at(
        (x) => ev(x, 'push/subscription'),
        () => ({ endpoint: 'https://push.example/x' }),
      ),
    },
    { name: 'GET inbox', method: 'GET', kind: 'participant', ok: 200, request: at((x) => ev(x, 'inbox')) },
    {
      name: 'GET inbox/unread',
      method: 'GET',
      kind: 'participant',
      ok: 200,
      request: at((x) => ev(x, 'inbox/unread')),
    },
    {
      name: 'POST inbox/{id}/read',
      method: 'POST',
      kind: 'participant',
      ok: 200,
      request: at((x) => ev(x, `inbox/${x.itemId}/read`)),
    },
    {
      name: 'POST inbox/read-all',
      method: 'POST',
      kind: 'participant',
      ok: 200,
      request: at((x) => ev(x, 'inbox/read-all')),
    },
    {
      name: 'GET reminder-settings',
      method: 'GET',
      kind: 'read',
      ok: 200,
      request: at((x) => ev(x, 'reminder-settings')),
    },
    {
      name: 'PUT reminder-settings',
      method: 'PUT',
      kind: 'admin',
      ok: 200,
      request: at(
        (x) => ev(x, 'reminder-settings'),
        () => ({ enabled: true, minutesBefore: 10 }),
      ),
    },
  ]),
];

describe('notifications permission matrix', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});

describe('malformed input', () => {
  it.each([
    ['http endpoint', { endpoint: 'http://push.example/x', keys: { p256dh: 'abc', auth: 'abc' } }],
    ['not a URL', { endpoint: 'nope', keys: { p256dh: 'abc', auth: 'abc' } }],
    ['NUL byte', { endpoint: 'https://push.example/\u0000', keys: { p256dh: 'abc', auth: 'abc' } }],
    ['lone surrogate', { endpoint: 'https://push.example/x', keys: { p256dh: '\ud800', auth: 'abc' } }],
    [
      'huge endpoint',
      { endpoint: `https://push.example/${'x'.repeat(5000)}`, keys: { p256dh: 'a', auth: 'a' } },
    ],
    ['keys not base64url', { endpoint: 'https://push.example/x', keys: { p256dh: 'a b', auth: 'a' } }],
    ['no keys', { endpoint: 'https://push.example/x' }],
  ])('PUT push/subscription: %s → 400', async (_n, payload) => {
    const res = await t.as(a.tenant.tokens.participant, {
      method: 'PUT',
      url: ev(a, 'push/subscription'),
      payload,
    });
    expect(res.statusCode).toBe(400);
  });

  it.each([
    ['reminder-settings minutes 0', 'PUT', 'reminder-settings', { enabled: true, minutesBefore: 0 }],
    ['reminder-settings minutes text', 'PUT', 'reminder-settings', { enabled: true, minutesBefore: 'ten' }],
    ['inbox bad cursor', 'GET', 'inbox?cursor=%00', undefined],
    ['inbox limit 1000', 'GET', 'inbox?limit=1000', undefined],
    ['read: not a uuid', 'POST', 'inbox/nope/read', undefined],
  ] as const)('%s → 400', async (_n, method, path, payload) => {
    const res = await t.as(a.tenant.tokens.eventAdmin, {
      method,
      url: ev(a, path),
      ...(payload ? { payload } : {}),
    });
    const res2 = await t.as(a.tenant.tokens.participant, {
      method,
      url: ev(a, path),
      ...(payload ? { payload } : {}),
    });
    expect(path.startsWith('reminder') ? res.statusCode : res2.statusCode).toBe(400);
  });

  it("another participant's inbox item is 404", async () => {
    const res = await t.as(a.tenant.tokens.participant, {
      method: 'POST',
      url: ev(a, `inbox/${b.itemId}/read`),
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('subscriptions and inbox', () => {
  it('upserts by endpoint (201 then 200) and deletes', async () => {
    const s = sub();
    const url = ev(a, 'push/subscription');
    expect((await t.as(a.tenant.tokens.participant, { method: 'PUT', url, payload: s })).statusCode).toBe(
      201,
    );
    expect((await t.as(a.tenant.tokens.participant, { method: 'PUT', url, payload: s })).statusCode).toBe(
      200,
    );
    const rows = await t.deps.db
      .selectFrom('pushSubscriptions')
      .selectAll()
      .where('endpoint', '=', s.endpoint)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.userId).toBe(a.tenant.users.participant.id);
    const del = await t.as(a.tenant.tokens.participant, {
      method: 'DELETE',
      url,
      payload: { endpoint: s.endpoint },
    });
    expect(del.statusCode).toBe(204);
    expect(
      await t.deps.db
        .selectFrom('pushSubscriptions')
        .selectAll()
        .where('endpoint', '=', s.endpoint)
        .execute(),
    ).toEqual([]);
  });

  it('lists newest first with keyset pages, counts unread, marks read', async () => {
    const tenant = await t.f.tenant();
    const pid = await participantIdOf(tenant);
    // A second apart: PGlite's clock can give two quick inserts the same created_at (ties go by id).
    for (const [i, title] of ['one', 'two', 'three'].entries()) {
      await newItem(tenant, pid, title);
      const at = new Date(Date.now() - (3 - i) * 1000).toISOString();
      await sql`UPDATE inbox_items SET created_at = ${at}::timestamptz WHERE participant_id = ${pid} AND title = ${title}`.execute(
        t.deps.db,
      );
    }
    const token = tenant.tokens.participant;
    const url = `/api/v1/events/${tenant.event.id}/inbox`;
    const first = (await t.as(token, { method: 'GET', url: `${url}?limit=2` })).json();
    expect(first.items.map((i: { title: string }) => i.title)).toEqual(['three', 'two']);
    expect(first.unread).toBe(3);
    const second = (
      await t.as(token, {
        method: 'GET',
        url: `${url}?limit=2&cursor=${encodeURIComponent(first.nextCursor)}`,
      })
    ).json();
    expect(second.items.map((i: { title: string }) => i.title)).toEqual(['one']);
    expect(second.nextCursor).toBeNull();
    const read = await t.as(token, { method: 'POST', url: `${url}/${first.items[0].id}/read` });
    expect(read.json().readAt).not.toBeNull();
    expect((await t.as(token, { method: 'GET', url: `${url}/unread` })).json()).toEqual({ unread: 2 });
    await t.as(token, { method: 'POST', url: `${url}/read-all` });
    expect((await t.as(token, { method: 'GET', url: `${url}/unread` })).json()).toEqual({ unread: 0 });
  });

  it('reminder settings default to on, 10 minutes, and are saved', async () => {
    const tenant = await t.f.tenant();
    const url = `/api/v1/events/${tenant.event.id}/reminder-settings`;
    expect((await t.as(tenant.tokens.eventAdmin, { method: 'GET', url })).json()).toEqual({
      enabled: true,
      minutesBefore: 10,
    });
    await t.as(tenant.tokens.eventAdmin, {
      method: 'PUT',
      url,
      payload: { enabled: false, minutesBefore: 15 },
    });
    expect((await t.as(tenant.tokens.moderator, { method: 'GET', url })).json()).toEqual({
      enabled: false,
      minutesBefore: 15,
    });
  });
});

describe('push delivery', () => {
  it('retries 429/5xx (Retry-After honoured, capped by the TTL) and then gives up; sent after a retry counts once', async () => {
    const tenant = await t.f.tenant();
    const pid = await participantIdOf(tenant);
    const device = fake.subscribe();
    await t.as(tenant.tokens.participant, {
      method: 'PUT',
      url: `/api/v1/events/${tenant.event.id}/push/subscription`,
      payload: { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    });
    const waits: number[] = [];
    const wait = async (ms: number) => {
      waits.push(ms);
    };
    const delivery = {
      participantId: pid,
      message: { title: 'Hello', body: 'World', url: '/x' },
      opts: { ttlSeconds: 3600, urgency: 'normal' as const },
    };
    fake.answer(device.endpoint, { status: 503 }, { status: 429, headers: { 'retry-after': '5' } });
    expect(await deliverPush(t.deps, [delivery], wait)).toEqual({ sent: 1, gone: 0, failed: 0 });
    expect(waits).toEqual([2000, 5000]);

    waits.length = 0;
    fake.answer(device.endpoint, { status: 500 }, { status: 500 }, { status: 500 }, { status: 500 });
    expect(await deliverPush(t.deps, [delivery], wait)).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(waits).toHaveLength(3);

    // A retry that would land after the TTL is not tried.
    waits.length = 0;
    fake.answer(device.endpoint, { status: 503, headers: { 'retry-after': '120' } });
    const short = { ...delivery, opts: { ...delivery.opts, ttlSeconds: 60 } };
    expect(await deliverPush(t.deps, [short], wait)).toEqual({ sent: 0, gone: 0, failed: 1 });
    expect(waits).toEqual([]);
  });
});

describe('automatic reminders', () => {
  it('sends a session reminder once (two runs → one inbox item, one push), and a 410 removes the subscription', async () => {
    const tenant = await t.f.tenant();
    const pid = await participantIdOf(tenant);
    const db = t.deps.db;
    const soon = new Date(Date.now() + 5 * 60_000);
    const session = await db
      .insertInto('sessions')
      .values({
        eventId: tenant.event.id,
        name: 'Keynote',
        status: 'PUBLISHED',
        startAt: soon,
        endAt: new Date(soon.getTime() + 3600_000),
        createdBy: null,
        updatedBy: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const later = await db
      .insertInto('sessions')
      .values({
        eventId: tenant.event.id,
        name: 'Later',
        status: 'PUBLISHED',
        startAt: new Date(Date.now() + 3 * 3600_000),
        endAt: new Date(Date.now() + 4 * 3600_000),
        createdBy: null,
        updatedBy: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('enrollments')
      .values({
        sessionId: session.id,
        participantId: pid,
        eventId: tenant.event.id,
        state: 'ENROLLED',
        createdBy: null,
        updatedAt: new Date(),
      })
      .execute();
    await db
      .insertInto('sessionBookmarks')
      .values({ userId: tenant.users.participant.id, sessionId: session.id, eventId: tenant.event.id })
      .execute();
    await db
      .insertInto('sessionBookmarks')
      .values({ userId: tenant.users.participant.id, sessionId: later.id, eventId: tenant.event.id })
      .execute();
    const device = fake.subscribe();
    const put = await t.as(tenant.tokens.participant, {
      method: 'PUT',
      url: `/api/v1/events/${tenant.event.id}/push/subscription`,
      payload: { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    });
    expect(put.statusCode).toBe(201);

    const [first, second] = await Promise.all([runReminders(t.deps), runReminders(t.deps)]);
    const reports = await Promise.all([first.push, second.push]);
    expect(first.reminders.length + second.reminders.length).toBe(1);
    expect(reports.reduce((n, r) => n + r.sent, 0)).toBe(1);
    const third = await runReminders(t.deps);
    expect(third.reminders.filter((r) => r.participantId === pid)).toEqual([]);

    const items = await db.selectFrom('inboxItems').selectAll().where('participantId', '=', pid).execute();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      title: 'Keynote',
      url: `/event/${tenant.event.id}/agenda/${session.id}`,
    });
    expect(items[0]!.body).toMatch(/^Starts in [45] minutes$/);
    const req = fake.requests
      .filter((r) => r.headers[':path'] === undefined && r.payload?.includes('Keynote'))
      .at(-1)!;
    expect(JSON.parse(req.payload!)).toMatchObject({ title: 'Keynote', url: items[0]!.url });
    expect(req.urgency).toBe('high');
    expect(req.ttl).toBeGreaterThan(200);
    expect(req.ttl).toBeLessThanOrEqual(300);
    expect(req.vapidError).toBeUndefined();

    // Another session soon: the push service answers 410 → the subscription is deleted.
    fake.answer(device.endpoint, { status: 410 });
    const session2 = await db
      .insertInto('sessions')
      .values({
        eventId: tenant.event.id,
        name: 'Workshop',
        status: 'PUBLISHED',
        startAt: new Date(Date.now() + 8 * 60_000),
        endAt: new Date(Date.now() + 60 * 60_000),
        createdBy: null,
        updatedBy: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('enrollments')
      .values({
        sessionId: session2.id,
        participantId: pid,
        eventId: tenant.event.id,
        state: 'ENROLLED',
        createdBy: null,
        updatedAt: new Date(),
      })
      .execute();
    const run = await runReminders(t.deps);
    expect(await run.push).toMatchObject({ gone: 1 });
    expect(
      await db.selectFrom('pushSubscriptions').selectAll().where('endpoint', '=', device.endpoint).execute(),
    ).toEqual([]);
  });

  it('reminds both people of an accepted meeting, once each', async () => {
    const tenant = await t.f.tenant();
    const db = t.deps.db;
    const pid = await participantIdOf(tenant);
    const otherUser = await t.f.user({ firstName: 'Lukas', lastName: 'Becker' });
    await t.f.participant(tenant.event.id, otherUser.id);
    const other = await db
      .selectFrom('participants')
      .select('id')
      .where('userId', '=', otherUser.id)
      .where('eventId', '=', tenant.event.id)
      .executeTakeFirstOrThrow();
    await db
      .updateTable('participants')
      .set({ firstName: 'Lukas', lastName: 'Becker' })
      .where('id', '=', other.id)
      .execute();
    const startsAt = new Date(Date.now() + 7 * 60_000);
    const window = await db
      .insertInto('meetingWindows')
      .values({
        eventId: tenant.event.id,
        day: startsAt.toISOString().slice(0, 10),
        startTime: '00:00',
        endTime: '23:59',
        startsAt: new Date(Date.now() - 3600_000),
        endsAt: new Date(Date.now() + 3600_000),
        slotMinutes: 15,
        createdBy: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const meeting = await db
      .insertInto('meetings')
      .values({
        eventId: tenant.event.id,
        windowId: window.id,
        requesterId: pid,
        inviteeId: other.id,
        awaitingId: null,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 15 * 60_000),
        status: 'ACCEPTED',
        meetingPoint: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await runReminders(t.deps);
    await first.push;
    const mine = first.reminders.filter((r) => r.itemId === meeting.id);
    expect(mine.map((r) => r.participantId).sort()).toEqual([pid, other.id].sort());
    expect(mine.find((r) => r.participantId === pid)).toMatchObject({
      kind: 'MEETING',
      title: 'Meeting with Lukas Becker',
      url: `/event/${tenant.event.id}/meetings`,
    });
    const second = await runReminders(t.deps);
    await second.push;
    expect(second.reminders.filter((r) => r.itemId === meeting.id)).toEqual([]);
  });

  it('sends nothing when the event turned reminders off', async () => {
    const tenant = await t.f.tenant();
    const pid = await participantIdOf(tenant);
    await t.as(tenant.tokens.eventAdmin, {
      method: 'PUT',
      url: `/api/v1/events/${tenant.event.id}/reminder-settings`,
      payload: { enabled: false, minutesBefore: 10 },
    });
    const s = await t.deps.db
      .insertInto('sessions')
      .values({
        eventId: tenant.event.id,
        name: 'Off',
        status: 'PUBLISHED',
        startAt: new Date(Date.now() + 5 * 60_000),
        endAt: new Date(Date.now() + 60 * 60_000),
        createdBy: null,
        updatedBy: null,
        updatedAt: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.deps.db
      .insertInto('enrollments')
      .values({
        sessionId: s.id,
        participantId: pid,
        eventId: tenant.event.id,
        state: 'ENROLLED',
        createdBy: null,
        updatedAt: new Date(),
      })
      .execute();
    const run = await runReminders(t.deps);
    await run.push;
    expect(run.reminders.filter((r) => r.participantId === pid)).toEqual([]);
  });
});
