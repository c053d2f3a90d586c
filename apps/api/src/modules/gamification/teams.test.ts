import type { GameTeam, LeaderboardSnapshot, TeamMember } from '@plenary/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';
import { asAdmin } from './games.test-utils.js';
import { at, award, createTask, person } from './standings.test-utils.js';

let t: TestContext;
let tenant: Tenant;

const call = (method: 'POST' | 'PATCH' | 'PUT' | 'GET' | 'DELETE', path: string, payload?: unknown) =>
  t.as(tenant.tokens.eventAdmin, {
    method,
    url: `/api/v1/events/${tenant.event.id}/${path}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const newGame = async (o: Record<string, unknown>) =>
  (await asAdmin(t, tenant, 'POST', 'gamifications', { name: 'Team Cup', mode: 'TEAM', ...o })).id;
const newLabel = async (name: string, x: Tenant = tenant) =>
  (await asAdmin(t, x, 'POST', 'labels', { name })).id;
const teams = async (gameId: string) =>
  (await asAdmin<{ records: GameTeam[] }>(t, tenant, 'GET', `gamifications/${gameId}/teams`)).records;

beforeAll(async () => {
  t = await createTestContext();
  tenant = await t.f.tenant();
});
afterAll(() => t.close());

describe('teams of LABELS games', () => {
  it('creates, renames and deletes teams; labelId is a label of the event used by one team of the game', async () => {
    const gameId = await newGame({ teamSource: 'LABELS' });
    const red = await newLabel('Red');
    const [p1, p2] = [await person(t, tenant.event.id), await person(t, tenant.event.id)];
    await t.deps.db
      .insertInto('participantLabels')
      .values([
        { labelId: red, participantId: p1.id },
        { labelId: red, participantId: p2.id },
      ])
      .execute();

    const created = await asAdmin<GameTeam>(t, tenant, 'POST', `gamifications/${gameId}/teams`, {
      name: 'Red team',
      labelId: red,
    });
    expect(created).toMatchObject({ name: 'Red team', label: { id: red, name: 'Red' }, memberCount: 2 });

    const again = await call('POST', `gamifications/${gameId}/teams`, { name: 'Red again', labelId: red });
    expect(again.statusCode).toBe(400);
    expect(again.json().fields).toMatchObject({ labelId: 'Already in another team of this game' });

    const other = await t.f.tenant();
    const foreign = await newLabel('Theirs', other);
    const bad = await call('POST', `gamifications/${gameId}/teams`, { name: 'X', labelId: foreign });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ labelId: 'Please select value' });
    const none = await call('POST', `gamifications/${gameId}/teams`, { name: 'X' });
    expect(none.json().fields).toMatchObject({ labelId: 'Required field' });
    const blank = await call('POST', `gamifications/${gameId}/teams`, { name: ' ', labelId: red });
    expect(blank.json().fields).toMatchObject({ name: 'Required field' });

    const renamed = await asAdmin<GameTeam>(
      t,
      tenant,
      'PATCH',
      `gamifications/${gameId}/teams/${created.id}`,
      {
        name: 'Crimson',
      },
    );
    expect(renamed).toMatchObject({ name: 'Crimson', label: { id: red } });

    // another label: one of the event's without a team in this game
    const blue = await newLabel('Blue');
    const second = await asAdmin<GameTeam>(t, tenant, 'POST', `gamifications/${gameId}/teams`, {
      name: 'Blue team',
      labelId: blue,
    });
    const taken = await call('PATCH', `gamifications/${gameId}/teams/${second.id}`, { labelId: red });
    expect(taken.json().fields).toMatchObject({ labelId: 'Already in another team of this game' });
    const green = await newLabel('Green');
    const relabelled = await asAdmin<GameTeam>(
      t,
      tenant,
      'PATCH',
      `gamifications/${gameId}/teams/${second.id}`,
      { labelId: green },
    );
    expect(relabelled).toMatchObject({ label: { id: green, name: 'Green' }, memberCount: 0 });
    await asAdmin(t, tenant, 'DELETE', `gamifications/${gameId}/teams/${second.id}`);

    // members are the label's holders: no member list to set
    const members = await call('GET', `gamifications/${gameId}/teams/${created.id}/members`);
    expect(members.statusCode).toBe(409);
    expect(members.json().message).toBe('Teams of this game come from labels');
    const put = await call('PUT', `gamifications/${gameId}/teams/${created.id}/members`, {
      participantIds: [p1.id],
    });
    expect(put.statusCode).toBe(409);

    expect((await call('DELETE', `gamifications/${gameId}/teams/${created.id}`)).statusCode).toBe(204);
    expect(await teams(gameId)).toEqual([]);
    expect((await call('DELETE', `gamifications/${gameId}/teams/${created.id}`)).statusCode).toBe(404);
  });

  it('creates one team per label from labels, skipping labels that already have one', async () => {
    const gameId = await newGame({ teamSource: 'LABELS' });
    const [a, b, c] = [await newLabel('Alpha'), await newLabel('Beta'), await newLabel('Gamma')];
    await asAdmin(t, tenant, 'POST', `gamifications/${gameId}/teams`, { name: 'Team B', labelId: b });
    const list = await asAdmin<{ total: number; records: GameTeam[] }>(
      t,
      tenant,
      'POST',
      `gamifications/${gameId}/teams/from-labels`,
      { labelIds: [a, b, c, a] },
    );
    expect(list.records.map((r) => [r.name, r.label?.id, r.position])).toEqual([
      ['Team B', b, 0],
      ['Alpha', a, 1],
      ['Gamma', c, 2],
    ]);
    const other = await t.f.tenant();
    const bad = await call('POST', `gamifications/${gameId}/teams/from-labels`, {
      labelIds: [a, await newLabel('Theirs', other)],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'labelIds.1': 'Please select value' });
    const empty = await call('POST', `gamifications/${gameId}/teams/from-labels`, { labelIds: [] });
    expect(empty.statusCode).toBe(400);

    const manual = await newGame({ teamSource: 'MANUAL' });
    const refused = await call('POST', `gamifications/${manual}/teams/from-labels`, { labelIds: [a] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Teams of this game are set by hand');
  });

  it('refuses teams in INDIVIDUAL games and 404s another tenant’s game and team', async () => {
    const individual = await newGame({ mode: 'INDIVIDUAL', teamSource: 'MANUAL' });
    const res = await call('POST', `gamifications/${individual}/teams`, { name: 'Owls' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Teams are for games in TEAM mode');

    const other = await t.f.tenant();
    const theirGame = (
      await asAdmin(t, other, 'POST', 'gamifications', { name: 'T', mode: 'TEAM', teamSource: 'MANUAL' })
    ).id;
    const theirTeam = (await asAdmin(t, other, 'POST', `gamifications/${theirGame}/teams`, { name: 'T' })).id;
    expect((await call('GET', `gamifications/${theirGame}/teams`)).statusCode).toBe(404);
    expect((await call('POST', `gamifications/${theirGame}/teams`, { name: 'Mine' })).statusCode).toBe(404);
    const mine = await newGame({ teamSource: 'MANUAL' });
    expect(
      (await call('PATCH', `gamifications/${mine}/teams/${theirTeam}`, { name: 'Mine' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `gamifications/${mine}/teams/${theirTeam}`)).statusCode).toBe(404);
    expect((await call('GET', `gamifications/${mine}/teams/${theirTeam}/members`)).statusCode).toBe(404);
  });
});

describe('teams of MANUAL games', () => {
  it('sets members by hand, moving a player from another team, and the team board follows', async () => {
    const gameId = await newGame({ teamSource: 'MANUAL', teamAggregate: 'SUM' });
    const label = await newLabel('Ignored');
    const withLabel = await call('POST', `gamifications/${gameId}/teams`, { name: 'Owls', labelId: label });
    expect(withLabel.json().fields).toMatchObject({ labelId: 'Teams of this game are set by hand' });
    const owls = await asAdmin<GameTeam>(t, tenant, 'POST', `gamifications/${gameId}/teams`, {
      name: 'Owls',
    });
    const foxes = await asAdmin<GameTeam>(t, tenant, 'POST', `gamifications/${gameId}/teams`, {
      name: 'Foxes',
    });
    expect([owls.label, owls.memberCount, foxes.position]).toEqual([null, 0, 1]);

    const [m1, m2, m3] = [
      await person(t, tenant.event.id),
      await person(t, tenant.event.id),
      await person(t, tenant.event.id),
    ];
    const taskId = await createTask(t, tenant.event.id, gameId);
    const g = { eventId: tenant.event.id, gameId, taskId };
    await award(t, { ...g, participantId: m1.id, points: 10, at: at(1) });
    await award(t, { ...g, participantId: m2.id, points: 20, at: at(2) });
    await award(t, { ...g, participantId: m3.id, points: 5, at: at(3) });
    const board = () =>
      asAdmin<LeaderboardSnapshot>(t, tenant, 'GET', `gamifications/${gameId}/leaderboard`).then((s) =>
        s.teams.map((x) => [x.name, x.score, x.members]),
      );
    expect(await board()).toEqual([
      ['Owls', 0, 0],
      ['Foxes', 0, 0],
    ]);

    const set = await asAdmin<{ records: TeamMember[] }>(
      t,
      tenant,
      'PUT',
      `gamifications/${gameId}/teams/${owls.id}/members`,
      { participantIds: [m1.id, m2.id, m1.id] },
    );
    expect(set.records.map((r) => r.id).sort()).toEqual([m1.id, m2.id].sort());
    expect(set.records[0]).toMatchObject({ email: expect.stringContaining('@') });
    await asAdmin(t, tenant, 'PUT', `gamifications/${gameId}/teams/${foxes.id}/members`, {
      participantIds: [m3.id],
    });
    expect(await board()).toEqual([
      ['Owls', 30, 2],
      ['Foxes', 5, 1],
    ]);

    // m2 moves to the Foxes: the Owls keep m1 only
    await asAdmin(t, tenant, 'PUT', `gamifications/${gameId}/teams/${foxes.id}/members`, {
      participantIds: [m3.id, m2.id],
    });
    const owlsMembers = await asAdmin<{ records: TeamMember[] }>(
      t,
      tenant,
      'GET',
      `gamifications/${gameId}/teams/${owls.id}/members`,
    );
    expect(owlsMembers.records.map((r) => r.id)).toEqual([m1.id]);
    expect((await teams(gameId)).map((x) => [x.name, x.memberCount])).toEqual([
      ['Owls', 1],
      ['Foxes', 2],
    ]);
    expect(await board()).toEqual([
      ['Foxes', 25, 2],
      ['Owls', 10, 1],
    ]);

    // unknown ids (another event's participant) → field error on the index
    const other = await t.f.tenant();
    const stranger = await person(t, other.event.id);
    const bad = await call('PUT', `gamifications/${gameId}/teams/${owls.id}/members`, {
      participantIds: [m1.id, stranger.id],
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ 'participantIds.1': 'Please select value' });

    // deleting a team: its members are in no team
    await asAdmin(t, tenant, 'DELETE', `gamifications/${gameId}/teams/${foxes.id}`);
    expect(await board()).toEqual([['Owls', 10, 1]]);
    await asAdmin(t, tenant, 'PUT', `gamifications/${gameId}/teams/${owls.id}/members`, {
      participantIds: [],
    });
    expect(await board()).toEqual([['Owls', 0, 0]]);
  });

  it('lets moderators read and not write', async () => {
    const gameId = await newGame({ teamSource: 'MANUAL' });
    const team = (await asAdmin(t, tenant, 'POST', `gamifications/${gameId}/teams`, { name: 'Owls' })).id;
    const as = (method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      t.as(tenant.tokens.moderator, {
        method,
        url: `/api/v1/events/${tenant.event.id}/gamifications/${gameId}/${path}`,
        ...(payload ? { payload } : {}),
      });
    expect((await as('GET', 'teams')).statusCode).toBe(200);
    expect((await as('GET', `teams/${team}/members`)).statusCode).toBe(200);
    expect((await as('POST', 'teams', { name: 'No' })).statusCode).toBe(403);
    expect((await as('PUT', `teams/${team}/members`, { participantIds: [] })).statusCode).toBe(403);
  });
});
