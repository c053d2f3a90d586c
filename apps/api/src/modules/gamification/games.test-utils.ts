import type { TestContext } from '../../../test/harness.js';
import type { Tenant } from '../agenda/agenda.test-utils.js';

/** `/api/v1/events/<tenant's event>/<path>` called by the tenant's event admin; throws unless 2xx. */
export async function asAdmin<T = { id: string }>(
  t: TestContext,
  tenant: Tenant,
  method: 'POST' | 'PATCH' | 'PUT' | 'GET' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<T> {
  const res = await t.as(tenant.tokens.eventAdmin, {
    method,
    url: `/api/v1/events/${tenant.event.id}/${path}`,
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });
  if (res.statusCode >= 300) throw new Error(`${res.statusCode} ${res.body}`);
  return (res.body ? res.json() : undefined) as T;
}

export interface GameTarget {
  tenant: Tenant;
  gameId: string;
  taskId: string;
  badgeId: string;
}

/** A game with one task and one badge in the tenant's event. */
export async function gameWithTaskAndBadge(
  t: TestContext,
  tenant: Tenant,
  name = 'Quest',
): Promise<GameTarget> {
  const gameId = (await asAdmin(t, tenant, 'POST', 'gamifications', { name })).id;
  const taskId = (
    await asAdmin(t, tenant, 'POST', `gamifications/${gameId}/tasks`, {
      kind: 'POPULATE_PROFILE',
      type: 'COMPLETION',
      name: 'Complete your profile',
      points: 20,
    })
  ).id;
  const badgeId = (
    await asAdmin(t, tenant, 'POST', `gamifications/${gameId}/badges`, { name: 'Starter', taskIds: [taskId] })
  ).id;
  return { tenant, gameId, taskId, badgeId };
}
