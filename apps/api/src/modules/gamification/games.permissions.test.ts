import { afterAll, beforeAll, describe } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.js';
import { at, eventCases, eventUrl as ev, itEachPermission } from '../../../test/permission-matrix.js';
import { participantIdOf } from '../meetings/meetings.test-utils.js';
import { asAdmin, gameWithTaskAndBadge, type GameTarget } from './games.test-utils.js';

/** Who may call the games, tasks, badges and teams routes (test/permission-matrix.ts). */
let t: TestContext;
let a: GameTarget;
let b: GameTarget;

const newTask = async (x: GameTarget) =>
  (
    await asAdmin(t, x.tenant, 'POST', `gamifications/${x.gameId}/tasks`, {
      kind: 'DOWNLOAD_APP',
      type: 'COMPLETION',
      name: 'App',
      points: 5,
    })
  ).id;

/** Per tenant: a MANUAL TEAM game with a team, and a LABELS TEAM game with a label of the event. */
const teamGames = new Map<GameTarget, { manual: string; teamId: string; labels: string; labelId: string }>();
const teamsOf = (x: GameTarget) => teamGames.get(x)!;
async function withTeams(x: GameTarget): Promise<GameTarget> {
  const game = (o: object) =>
    asAdmin(t, x.tenant, 'POST', 'gamifications', { name: 'Cup', mode: 'TEAM', ...o });
  const manual = (await game({ teamSource: 'MANUAL' })).id;
  const teamId = (await asAdmin(t, x.tenant, 'POST', `gamifications/${manual}/teams`, { name: 'Owls' })).id;
  const labels = (await game({ teamSource: 'LABELS' })).id;
  const labelId = (await asAdmin(t, x.tenant, 'POST', 'labels', { name: 'Red' })).id;
  teamGames.set(x, { manual, teamId, labels, labelId });
  return x;
}
const newTeam = async (x: GameTarget) =>
  (await asAdmin(t, x.tenant, 'POST', `gamifications/${teamsOf(x).manual}/teams`, { name: 'T' })).id;

const playerOf = (x: GameTarget) => participantIdOf(t, x.tenant.event.id, x.tenant.users.participant.id);

const CASES = eventCases<GameTarget>([
  { name: 'list games', method: 'GET', kind: 'read', ok: 200, request: at((x) => ev(x, 'gamifications')) },
  {
    name: 'export games',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, 'gamifications/export?format=csv')),
  },
  {
    name: 'create a game',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, 'gamifications'),
      () => ({ name: 'New game' }),
    ),
  },
  {
    name: 'read a game',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${x.gameId}`)),
  },
  {
    name: 'update a game',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `gamifications/${x.gameId}`),
      () => ({ description: 'changed' }),
    ),
  },
  {
    name: 'copy a game',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at((x) => ev(x, `gamifications/${x.gameId}/copy`)),
  },
  {
    name: 'delete a game',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({
      url: ev(
        x,
        `gamifications/${(await asAdmin(t, x.tenant, 'POST', 'gamifications', { name: 'Gone' })).id}`,
      ),
    }),
  },
  {
    name: 'list tasks',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${x.gameId}/tasks`)),
  },
  {
    name: 'task targets',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${x.gameId}/task-targets?kind=ATTEND_SESSION`)),
  },
  {
    name: 'add a task',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, `gamifications/${x.gameId}/tasks`),
      () => ({
        kind: 'SCAN_QR',
        type: 'TYPE_POINTS',
        name: 'Scan',
        pointsPerSubTask: 10,
        tasksPointsLimit: 50,
      }),
    ),
  },
  {
    name: 'read a task',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${x.gameId}/tasks/${x.taskId}`)),
  },
  {
    name: 'update a task',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `gamifications/${x.gameId}/tasks/${x.taskId}`),
      () => ({ points: 25 }),
    ),
  },
  {
    name: 'reorder tasks',
    method: 'PUT',
    kind: 'admin',
    ok: 204,
    request: async (x) => {
      const list = await asAdmin<{ records: { id: string }[] }>(
        t,
        x.tenant,
        'GET',
        `gamifications/${x.gameId}/tasks?limit=1000`,
      );
      return {
        url: ev(x, `gamifications/${x.gameId}/tasks/order`),
        payload: { taskIds: list.records.map((r) => r.id).reverse() },
      };
    },
  },
  {
    name: 'delete a task',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `gamifications/${x.gameId}/tasks/${await newTask(x)}`) }),
  },
  {
    name: 'list badges',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${x.gameId}/badges`)),
  },
  {
    name: 'add a badge',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, `gamifications/${x.gameId}/badges`),
      (x) => ({ name: 'Badge', taskIds: [x.taskId] }),
    ),
  },
  {
    name: 'update a badge',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `gamifications/${x.gameId}/badges/${x.badgeId}`),
      () => ({ icon: 'trophy' }),
    ),
  },
  {
    name: 'delete a badge',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => {
      const id = (
        await asAdmin(t, x.tenant, 'POST', `gamifications/${x.gameId}/badges`, {
          name: 'B',
          taskIds: [x.taskId],
        })
      ).id;
      return { url: ev(x, `gamifications/${x.gameId}/badges/${id}`) };
    },
  },
  {
    name: 'list assigned points',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${x.gameId}/assigned-points`)),
  },
  {
    name: 'export assigned points',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${x.gameId}/assigned-points/export?format=csv`)),
  },
  {
    name: 'assign points',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: async (x) => ({
      url: ev(x, `gamifications/${x.gameId}/assigned-points`),
      payload: { participantId: await playerOf(x), points: 5, reason: 'Helped' },
    }),
  },
  {
    name: 'take assigned points back',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => {
      const { id } = await asAdmin(t, x.tenant, 'POST', `gamifications/${x.gameId}/assigned-points`, {
        participantId: await playerOf(x),
        points: 5,
        reason: 'Helped',
      });
      return { url: ev(x, `gamifications/${x.gameId}/assigned-points/${id}`) };
    },
  },
  {
    name: 'list teams',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${teamsOf(x).manual}/teams`)),
  },
  {
    name: 'add a team',
    method: 'POST',
    kind: 'admin',
    ok: 201,
    request: at(
      (x) => ev(x, `gamifications/${teamsOf(x).manual}/teams`),
      () => ({ name: 'Foxes' }),
    ),
  },
  {
    name: 'teams from labels',
    method: 'POST',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `gamifications/${teamsOf(x).labels}/teams/from-labels`),
      (x) => ({ labelIds: [teamsOf(x).labelId] }),
    ),
  },
  {
    name: 'update a team',
    method: 'PATCH',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `gamifications/${teamsOf(x).manual}/teams/${teamsOf(x).teamId}`),
      () => ({ name: 'Night owls' }),
    ),
  },
  {
    name: 'delete a team',
    method: 'DELETE',
    kind: 'admin',
    ok: 204,
    request: async (x) => ({ url: ev(x, `gamifications/${teamsOf(x).manual}/teams/${await newTeam(x)}`) }),
  },
  {
    name: 'team members',
    method: 'GET',
    kind: 'read',
    ok: 200,
    request: at((x) => ev(x, `gamifications/${teamsOf(x).manual}/teams/${teamsOf(x).teamId}/members`)),
  },
  {
    name: 'set team members',
    method: 'PUT',
    kind: 'admin',
    ok: 200,
    request: at(
      (x) => ev(x, `gamifications/${teamsOf(x).manual}/teams/${teamsOf(x).teamId}/members`),
      () => ({ participantIds: [] }),
    ),
  },
]);

beforeAll(async () => {
  t = await createTestContext();
  a = await withTeams(await gameWithTaskAndBadge(t, await t.f.tenant()));
  b = await withTeams(await gameWithTaskAndBadge(t, await t.f.tenant()));
});
afterAll(() => t.close());

describe('games, tasks, badges and teams: permissions', () => {
  itEachPermission(CASES, () => ({ t, tokens: a.tenant.tokens, own: a, other: b }));
});
