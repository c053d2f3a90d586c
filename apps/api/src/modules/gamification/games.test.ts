import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';
import { asAdmin, gameWithTaskAndBadge } from './games.test-utils.js';

let t: TestContext;
let tenant: Tenant;

const call = (method: 'POST' | 'PATCH' | 'PUT', path: string, payload: unknown) =>
  t.as(tenant.tokens.eventAdmin, {
    method,
    url: `/api/v1/events/${tenant.event.id}/${path}`,
    payload: payload as object,
  });

beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
});
afterAll(() => t.close());

describe('games', () => {
  it('refuses a window ending before it starts, a leaderboard size out of 3–100 and hostile names, with field messages', async () => {
    const res = await call('POST', 'gamifications', {
      name: 'W',
      startsAt: '2030-06-02T10:00:00Z',
      endsAt: '2030-06-01T10:00:00Z',
      leaderboardSize: 2,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toMatchObject({
      endsAt: 'End date can not be less than start date',
      leaderboardSize: 'Leaderboard size must be between 3 and 100',
    });
    const hostile = await call('POST', 'gamifications', { name: 'a\u0000b\ud800' });
    expect(hostile.statusCode).toBe(400);
    const empty = await call('POST', 'gamifications', { name: '  ' });
    expect(empty.json().fields).toMatchObject({ name: 'Required field' });
    const other = await t.f.tenant();
    const foreign = (await asAdmin(t, other, 'GET', 'labels?limit=1').catch(() => ({ records: [] }))) as {
      records: { id: string }[];
    };
    const bad = await call('POST', 'gamifications', {
      name: 'L',
      excludedLabelIds: [foreign.records[0]?.id ?? '00000000-0000-4000-8000-000000000000'],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'excludedLabelIds.0': 'Please select value' });
  });

  it('lists createdBy as a name, counts tasks and badges, and copies a game with its tasks and badges', async () => {
    const g = await gameWithTaskAndBadge(t, tenant, 'Copy me');
    const copy = await asAdmin<{ id: string; name: string; taskCount: number; badgeCount: number }>(
      t,
      tenant,
      'POST',
      `gamifications/${g.gameId}/copy`,
    );
    expect(copy).toMatchObject({ name: 'Copy me (copy)', taskCount: 1, badgeCount: 1 });
    const badges = await asAdmin<{ records: { taskIds: string[]; gameTasks: number }[] }>(
      t,
      tenant,
      'GET',
      `gamifications/${copy.id}/badges`,
    );
    const tasks = await asAdmin<{ records: { id: string }[] }>(
      t,
      tenant,
      'GET',
      `gamifications/${copy.id}/tasks`,
    );
    expect(badges.records[0]).toMatchObject({ taskIds: [tasks.records[0]!.id], gameTasks: 1 });
    const list = await asAdmin<{ records: { id: string; createdBy: string }[] }>(
      t,
      tenant,
      'GET',
      'gamifications?search=Copy%20me',
    );
    expect(list.records.length).toBe(2);
    for (const r of list.records) expect(r.createdBy).not.toBe('');
  });
});

describe('tasks', () => {
  it('shows tasksPointsCount as the spec defines it and enforces the rules between fields', async () => {
    const { id: gameId } = await asAdmin(t, tenant, 'POST', 'gamifications', { name: 'Counts' });
    const add = (body: object) => call('POST', `gamifications/${gameId}/tasks`, body);
    expect(
      (
        await add({
          kind: 'ATTEND_SESSION',
          type: 'TYPE_POINTS',
          name: 'A',
          pointsPerSubTask: 10,
          tasksPointsLimit: 50,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (await add({ kind: 'SCAN_QR', type: 'TYPE_POINTS', name: 'B', pointsPerSubTask: 10 })).statusCode,
    ).toBe(201);
    expect(
      (await add({ kind: 'POPULATE_PROFILE', type: 'COMPLETION', name: 'C', points: 20 })).statusCode,
    ).toBe(201);
    const list = await asAdmin<{ records: { name: string; tasksPointsCount: number | null }[] }>(
      t,
      tenant,
      'GET',
      `gamifications/${gameId}/tasks`,
    );
    expect(list.records.map((r) => [r.name, r.tasksPointsCount])).toEqual([
      ['A', 5],
      ['B', null],
      ['C', null],
    ]);
    const boolTargets = await add({
      kind: 'DOWNLOAD_APP',
      type: 'COMPLETION',
      name: 'D',
      points: 1,
      target: 'SPECIFIC',
    });
    expect(boolTargets.json().fields).toMatchObject({ target: 'This task kind has no items to choose' });
    const anyOnly = await add({
      kind: 'ACTIVITY_FEED',
      type: 'COMPLETION',
      name: 'E',
      points: 1,
      target: 'SPECIFIC',
    });
    expect(anyOnly.json().fields).toMatchObject({ target: 'This task kind counts any item only' });
    const noPoints = await add({ kind: 'QUIZ', type: 'COMPLETION', name: 'F' });
    expect(noPoints.json().fields).toMatchObject({ points: 'Required field' });
    const foreign = await add({
      kind: 'ATTEND_SESSION',
      type: 'COMPLETION',
      name: 'G',
      points: 1,
      target: 'SPECIFIC',
      targetIds: ['00000000-0000-4000-8000-000000000000'],
    });
    expect(foreign.json().fields).toMatchObject({ 'targetIds.0': 'Please select value' });
    const { id: weighted } = await asAdmin(t, tenant, 'POST', 'gamifications', {
      name: 'W',
      scoring: 'WEIGHTED_POINTS',
    });
    const noWeight = await call('POST', `gamifications/${weighted}/tasks`, {
      kind: 'QUIZ',
      type: 'COMPLETION',
      name: 'Q',
      points: 1,
    });
    expect(noWeight.json().fields).toMatchObject({ weight: 'Required field' });
    const badWeight = await call('POST', `gamifications/${weighted}/tasks`, {
      kind: 'QUIZ',
      type: 'COMPLETION',
      name: 'Q',
      points: 1,
      weight: 1.234,
    });
    expect(badWeight.statusCode).toBe(400);
  });

  it('reorders with the full list only, and concurrent reorders leave one whole order', async () => {
    const { id: gameId } = await asAdmin(t, tenant, 'POST', 'gamifications', { name: 'Order' });
    const ids: string[] = [];
    for (const name of ['1', '2', '3', '4'])
      ids.push(
        (
          await asAdmin(t, tenant, 'POST', `gamifications/${gameId}/tasks`, {
            kind: 'QA',
            type: 'COMPLETION',
            name,
            points: 1,
          })
        ).id,
      );
    expect(
      (await call('PUT', `gamifications/${gameId}/tasks/order`, { taskIds: ids.slice(1) })).statusCode,
    ).toBe(409);
    expect(
      (
        await call('PUT', `gamifications/${gameId}/tasks/order`, {
          taskIds: [ids[0], ids[0], ids[1], ids[2]],
        })
      ).statusCode,
    ).toBe(400);
    const orders = [
      [...ids].reverse(),
      [ids[1]!, ids[0]!, ids[3]!, ids[2]!],
      [ids[2]!, ids[3]!, ids[0]!, ids[1]!],
    ];
    const results = await Promise.all(
      orders.map((taskIds) => call('PUT', `gamifications/${gameId}/tasks/order`, { taskIds })),
    );
    expect(results.map((r) => r.statusCode)).toEqual([204, 204, 204]);
    const list = await asAdmin<{ records: { id: string; position: number }[] }>(
      t,
      tenant,
      'GET',
      `gamifications/${gameId}/tasks`,
    );
    expect(list.records.map((r) => r.position)).toEqual([0, 1, 2, 3]);
    expect(orders.map((o) => o.join())).toContain(list.records.map((r) => r.id).join());
  });
});
