import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';
import { multipart } from '../modules/attendees/attendees.test-utils.js';
import { fixture } from '../modules/imports/imports.test-utils.js';
import { IDEMPOTENCY_MESSAGES, PURGE_QUEUE } from './idempotency.js';

let t: TestContext;
let ten: Awaited<ReturnType<TestContext['f']['tenant']>>;

beforeAll(async () => {
  t = await createTestContext();
  ten = await t.f.tenant();
});
afterAll(() => t.close());

const labelsUrl = () => `/api/v1/events/${ten.event.id}/labels`;
const createLabel = (token: string, body: object, key?: string, headers: Record<string, string> = {}) =>
  t.as(token, {
    method: 'POST',
    url: labelsUrl(),
    payload: body,
    headers: { ...(key !== undefined ? { 'idempotency-key': key } : {}), ...headers },
  });
const labelsNamed = (name: string) =>
  t.deps.db
    .selectFrom('labels')
    .select('id')
    .where('eventId', '=', ten.event.id)
    .where('name', '=', name)
    .execute();
const storedKey = (userId: string, key: string) =>
  t.deps.db
    .selectFrom('idempotencyKeys')
    .selectAll()
    .where('userId', '=', userId)
    .where('key', '=', key)
    .executeTakeFirst();

describe('Idempotency-Key on creating POSTs', () => {
  it('a repeat with the same key and body answers the stored response without creating again', async () => {
    const key = randomUUID();
    const first = await createLabel(ten.tokens.eventAdmin, { name: 'Speakers', color: '#112233' }, key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    // The same body with its keys in another order is the same request.
    const again = await createLabel(ten.tokens.eventAdmin, { color: '#112233', name: 'Speakers' }, key);
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.json()).toEqual(first.json());
    expect(await labelsNamed('Speakers')).toEqual([{ id: first.json().id }]);
    const row = await storedKey(ten.users.eventAdmin.id, key);
    expect(row).toMatchObject({ method: 'POST', path: labelsUrl(), statusCode: 201 });
    const ttlHours = (row!.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(ttlHours).toBeGreaterThan(23.9);
    expect(ttlHours).toBeLessThanOrEqual(24);
    // Without a key nothing is stored and each POST runs.
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'No key' })).statusCode).toBe(201);
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'No key' })).statusCode).toBe(409);
  });

  it('the same key with another body or another route is 422', async () => {
    const key = randomUUID();
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Press' }, key)).statusCode).toBe(201);
    const other = await createLabel(ten.tokens.eventAdmin, { name: 'Press 2' }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({
      statusCode: 422,
      error: 'Unprocessable Entity',
      message: IDEMPOTENCY_MESSAGES.reused,
      fields: { 'idempotency-key': IDEMPOTENCY_MESSAGES.reused },
    });
    const elsewhere = await t.as(ten.tokens.eventAdmin, {
      method: 'POST',
      url: `/api/v1/events/${ten.event.id}/participants`,
      payload: { email: 'idem@example.com', firstName: 'I', lastName: 'D' },
      headers: { 'idempotency-key': key },
    });
    expect(elsewhere.statusCode).toBe(422);
    expect(await labelsNamed('Press 2')).toEqual([]);
    expect(
      await t.deps.db.selectFrom('users').select('id').where('email', '=', 'idem@example.com').execute(),
    ).toEqual([]);
  });

  it('keys are per user: another user with the same key creates', async () => {
    const key = randomUUID();
    const mine = await createLabel(ten.tokens.eventAdmin, { name: 'Mine' }, key);
    const theirs = await createLabel(ten.tokens.hubAdmin, { name: 'Theirs' }, key);
    expect(mine.statusCode).toBe(201);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await labelsNamed('Theirs')).toHaveLength(1);
  });

  it('a failed answer releases the key; an invalid key is 400', async () => {
    const key = randomUUID();
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Taken' })).statusCode).toBe(201);
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Taken' }, key)).statusCode).toBe(409);
    expect(await storedKey(ten.users.eventAdmin.id, key)).toBeUndefined();
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Not taken' }, key)).statusCode).toBe(201);
    for (const bad of ['', 'x'.repeat(256), 'has space', 'ümlaut']) {
      const res = await createLabel(ten.tokens.eventAdmin, { name: 'Bad key' }, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().fields).toEqual({ 'idempotency-key': IDEMPOTENCY_MESSAGES.invalidKey });
    }
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Long key' }, 'k'.repeat(255))).statusCode).toBe(
      201,
    );
  });

  it('concurrent duplicates create once (the others wait with 409 or get the replay)', async () => {
    const raceKey = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => createLabel(ten.tokens.eventAdmin, { name: 'Race' }, raceKey)),
    );
    expect(answers.every((a) => a.statusCode === 201 || a.statusCode === 409)).toBe(true);
    const created = answers.filter((a) => a.statusCode === 201);
    expect(new Set(created.map((a) => a.json().id)).size).toBe(1);
    expect(await labelsNamed('Race')).toHaveLength(1);
    for (const conflict of answers.filter((a) => a.statusCode === 409)) {
      expect(conflict.json().message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
      expect(conflict.headers['retry-after']).toBe('1');
    }
  });

  it('answers 409 for the same request while its first is in flight, and takes over a stale claim', async () => {
    const key = randomUUID();
    const first = await createLabel(ten.tokens.eventAdmin, { name: 'Flight' }, key);
    const row = (await storedKey(ten.users.eventAdmin.id, key))!;
    // As if the first request were still running: no answer stored yet.
    await t.deps.db
      .updateTable('idempotencyKeys')
      .set({ statusCode: null, responseBody: null })
      .where('key', '=', key)
      .execute();
    const busy = await createLabel(ten.tokens.eventAdmin, { name: 'Flight' }, key);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe(IDEMPOTENCY_MESSAGES.inFlight);
    // Its process died 10 minutes ago: the claim is taken over and the request runs again (409 from labels: the name exists).
    await sql`UPDATE idempotency_keys SET created_at = now() - interval '10 minutes' WHERE key = ${key}`.execute(
      t.deps.db,
    );
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Flight' }, key)).statusCode).toBe(409);
    expect(await storedKey(ten.users.eventAdmin.id, key)).toBeUndefined();
    expect(first.statusCode).toBe(201);
    expect(row.statusCode).toBe(201);
  });

  it('expired keys are purged by the scheduled job and can be used again', async () => {
    const key = randomUUID();
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Old' }, key)).statusCode).toBe(201);
    const fresh = randomUUID();
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Fresh' }, fresh)).statusCode).toBe(201);
    await t.deps.db
      .updateTable('idempotencyKeys')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();
    // An expired key is free again before the purge ran.
    expect((await createLabel(ten.tokens.eventAdmin, { name: 'Old again' }, key)).statusCode).toBe(201);
    await t.deps.db
      .updateTable('idempotencyKeys')
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where('key', '=', key)
      .execute();

    const { rows } = await sql<{
      cron: string;
    }>`SELECT cron FROM pgboss.schedule WHERE name = ${PURGE_QUEUE}`.execute(t.deps.db);
    expect(rows).toEqual([{ cron: '7 * * * *' }]);
    await t.deps.db.transaction().execute((tx) => t.deps.jobs.enqueue(tx, PURGE_QUEUE, {}));
    t.deps.jobs.wake(PURGE_QUEUE);
    await t.drainJobs();
    expect(await storedKey(ten.users.eventAdmin.id, key)).toBeUndefined();
    expect(await storedKey(ten.users.eventAdmin.id, fresh)).toBeDefined();
  });

  it('import uploads compare the file: the same file replays the import, another file is 422', async () => {
    const key = randomUUID();
    const upload = (name: string) => {
      const body = multipart(name, fixture(name));
      return t.as(ten.tokens.eventAdmin, {
        method: 'POST',
        url: `/api/v1/events/${ten.event.id}/imports/User`,
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': key },
      });
    };
    const first = await upload('participants-good.csv');
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload('participants-good.csv');
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.json().id);
    expect((await upload('participants-bad-emails.csv')).statusCode).toBe(422);
    expect(
      await t.deps.db.selectFrom('imports').select('id').where('eventId', '=', ten.event.id).execute(),
    ).toHaveLength(1);
  });

  it('the OpenAPI document shows the header on creating POSTs only', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json();
    const headerOf = (path: string, method: string) =>
      (doc.paths[path]?.[method]?.parameters ?? []).find(
        (p: { in: string; name: string }) => p.in === 'header' && p.name === 'idempotency-key',
      );
    for (const path of [
      '/api/v1/organizations',
      '/api/v1/event-hubs',
      '/api/v1/events',
      '/api/v1/admin-users',
      '/api/v1/app-versions',
      '/api/v1/events/{eventId}/participants',
      '/api/v1/events/{eventId}/labels',
      '/api/v1/events/{eventId}/custom-fields',
      '/api/v1/events/{eventId}/participants/magic-links',
      '/api/v1/events/{eventId}/imports/{table}',
    ]) {
      expect(headerOf(path, 'post'), path).toMatchObject({
        required: false,
        description: expect.stringContaining('Idempotent-Replayed'),
      });
      expect(doc.paths[path].post.responses['422'], path).toBeDefined();
    }
    expect(headerOf('/api/v1/events/{eventId}/labels', 'get')).toBeUndefined();
    expect(headerOf('/api/v1/auth', 'post')).toBeUndefined();
  });
});
