import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AwardFact } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { awardFacts } from './awards.service.js';

/** The award function on the real database: idempotence and limits under 50 parallel deliveries. */
let t: TestContext;
let eventId: string;
let participantId: string;
let staffParticipantId: string;
let participantToken: string;

async function game(over: { startsAt?: Date } = {}) {
  const g = await t.deps.db
    .insertInto('games')
    .values({ eventId, name: `Game ${randomUUID().slice(0, 6)}`, ...over })
    .returning('id')
    .executeTakeFirstOrThrow();
  return g.id;
}

async function task(gameId: string, values: { type: 'COMPLETION' | 'TYPE_POINTS'; points?: number }) {
  const row = await t.deps.db
    .insertInto('gameTasks')
    .values({
      gameId,
      eventId,
      kind: 'SCAN_QR',
      name: 'Scan codes',
      pointsPerSubTask: 10,
      tasksPointsLimit: values.type === 'TYPE_POINTS' ? 25 : null,
      ...values,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const fact = (who: string, targetKey: string, occurredAt = new Date().toISOString()): AwardFact => ({
  eventId,
  participantId: who,
  kind: 'SCAN_QR',
  targetKey,
  occurredAt,
  sourceEventId: null,
});

const parallel = (facts: AwardFact[]) =>
  Promise.all(facts.map((f) => t.deps.db.transaction().execute((tx) => awardFacts(tx, [f]))));

const ledger = (gameId: string, who = participantId) =>
  t.deps.db
    .selectFrom('gameLedger')
    .select(['points', 'targetKey'])
    .where('gameId', '=', gameId)
    .where('participantId', '=', who)
    .execute();

beforeAll(async () => {
  t = await createTestContext();
  const tenant = await t.f.tenant();
  eventId = tenant.event.id;
  const p = await t.deps.db
    .selectFrom('participants')
    .select('id')
    .where('userId', '=', tenant.users.participant.id)
    .executeTakeFirstOrThrow();
  participantId = p.id;
  participantToken = tenant.tokens.participant;
  await t.f.participant(eventId, tenant.users.moderator.id);
  staffParticipantId = (
    await t.deps.db
      .selectFrom('participants')
      .select('id')
      .where('userId', '=', tenant.users.moderator.id)
      .executeTakeFirstOrThrow()
  ).id;
}, 120_000);
afterAll(() => t?.close());

describe('award', () => {
  it('50 parallel deliveries of one scan pay once', async () => {
    const gameId = await game();
    await task(gameId, { type: 'COMPLETION', points: 30 });
    const code = randomUUID();
    await parallel(Array.from({ length: 50 }, () => fact(participantId, code)));
    expect(await ledger(gameId)).toEqual([{ points: 30, targetKey: '' }]);
  });

  it('TYPE_POINTS: 50 parallel different targets never exceed the limit (10 + 10 + 5 trimmed = 25)', async () => {
    const gameId = await game();
    await task(gameId, { type: 'TYPE_POINTS' });
    await parallel(Array.from({ length: 50 }, () => fact(participantId, randomUUID())));
    const rows = await ledger(gameId);
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(25);
    expect(rows.map((r) => r.points).sort((a, b) => a - b)).toEqual([5, 10, 10]);
  });

  it('nothing before the window, nothing to staff', async () => {
    const gameId = await game({ startsAt: new Date(Date.now() + 3_600_000) });
    await task(gameId, { type: 'COMPLETION', points: 30 });
    await parallel([fact(participantId, randomUUID())]);
    expect(await ledger(gameId)).toEqual([]);
    const open = await game();
    await task(open, { type: 'COMPLETION', points: 30 });
    await parallel([fact(staffParticipantId, randomUUID())]);
    expect(await ledger(open, staffParticipantId)).toEqual([]);
  });

  it('the real path: app-installed publishes app.installed once, the subscriber pays DOWNLOAD_APP once', async () => {
    const gameId = await game();
    await t.deps.db
      .insertInto('gameTasks')
      .values({ gameId, eventId, kind: 'DOWNLOAD_APP', type: 'COMPLETION', name: 'Get the app', points: 15 })
      .execute();
    const post = () =>
      t.as(participantToken, {
        method: 'POST',
        url: `/api/v1/events/${eventId}/me/app-installed`,
        payload: { platform: 'ANDROID' },
      });
    expect((await post()).json()).toEqual({ firstTime: true });
    expect((await post()).json()).toEqual({ firstTime: false });
    await t.deps.events.dispatch();
    await t.drainJobs();
    expect(await ledger(gameId)).toEqual([{ points: 15, targetKey: '' }]);
  });

  it('an event no game could pay costs no transaction: no idempotency mark is written', async () => {
    const other = await t.f.tenant();
    const post = await t.as(other.tokens.participant, {
      method: 'POST',
      url: `/api/v1/events/${other.event.id}/me/app-installed`,
      payload: { platform: 'ANDROID' },
    });
    expect(post.json()).toEqual({ firstTime: true });
    await t.deps.events.dispatch();
    await t.drainJobs();
    const published = await t.deps.db
      .selectFrom('domainEvents')
      .select('id')
      .where('name', '=', 'app.installed')
      .where(sql<boolean>`payload->>'eventId' = ${other.event.id}`)
      .executeTakeFirstOrThrow();
    const marks = await t.deps.db
      .selectFrom('processedEvents')
      .select('handler')
      .where('eventId', '=', published.id)
      .where('handler', 'like', 'gamification.%')
      .execute();
    expect(marks).toEqual([]);
  });
});
