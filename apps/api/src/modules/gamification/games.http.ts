import { z } from 'zod';
import { badRequest } from '../../platform/errors.js';
import { eventParams } from '../../platform/http.js';

export { errors, eventParams, noContent } from '../../platform/http.js';

export const TAG = 'gamification';
export const ADMINS = 'Event admins (and the hub, organisation and super admins above).';
export const STAFF = 'Event admins and moderators.';

export const GAMES = '/events/:eventId/gamifications';
export const gameParams = eventParams.extend({ gameId: z.uuid() });
export const taskParams = gameParams.extend({ taskId: z.uuid() });
export const badgeParams = gameParams.extend({ badgeId: z.uuid() });
export const assignedParams = gameParams.extend({ assignedId: z.uuid() });
export const teamParams = gameParams.extend({ teamId: z.uuid() });

/** The `gameId` path parameter of list routes (their schema declares only the query): 400 unless a uuid. */
export function gameIdOf(request: { params: unknown }): string {
  const parsed = z.uuid().safeParse((request.params as Record<string, unknown> | undefined)?.gameId);
  if (!parsed.success) throw badRequest('gameId: Invalid UUID', { gameId: 'Invalid UUID' });
  return parsed.data;
}
