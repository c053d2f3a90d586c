import {
  gamificationReportQuerySchema,
  leaderboardQuerySchema,
  leaderboardSnapshotSchema,
  myStandingSchema,
  standingSchema,
} from '@plenary/domain';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { canAccessEvent, canModerateEvent } from '../../platform/access.js';
import type { AppDeps } from '../../platform/deps.js';
import { writeContext } from '../../platform/audit.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { errors, eventParams, fieldsError } from '../../platform/http.js';
import { listRoute, registerExport, type ZodApp } from '../../platform/list.js';
import { SPREADSHEET_CONTENT_TYPES } from '../../platform/spreadsheets.js';
import type { RoomCheck } from '../../platform/realtime.js';
import { findEventRef } from '../../platform/event-access.repo.js';
import { gamificationReport } from './leaderboards.report.js';
import * as repo from './standings.repo.js';
import { boardOf, installProjection, leaderboardSnapshot, myStanding } from './standings.js';

const TAG = 'gamification';
const BOARD = '/events/:eventId/gamifications/:gameId';
const gameParams = eventParams.extend({ gameId: z.uuid() });

const MEMBERS =
  "Anyone with a role in the event; participants only while the game is published (else 404). Another event's game or another tenant: 404.";
const STAFF = "Event admins and moderators (participants 403). Another event's game or another tenant: 404.";
const PARTICIPANTS =
  "The event's participants (admins and moderators who are not participants: 403); an unpublished game, another event's game or another tenant: 404.";

/** The game of the event in the path (404 for another event's), after the caller's event access. */
async function gameOf(deps: AppDeps, eventId: string, gameId: string): Promise<repo.GameScope> {
  const game = await repo.findGame(deps.db, gameId);
  if (!game || game.eventId !== eventId) throw notFound();
  return game;
}

/** Staff of the event always; its participants while the game is published; anyone else refused. */
function leaderboardRoomCheck(deps: AppDeps): RoomCheck {
  return async (principal, gameId) => {
    const game = await repo.findGame(deps.db, gameId);
    if (!game) return false;
    const event = await findEventRef(deps.db, game.eventId);
    if (!event || !canAccessEvent(principal, event)) return false;
    if (canModerateEvent(principal, event)) return true;
    return (
      game.isPublished && (await repo.participantIdOf(deps.db, game.eventId, principal.userId)) !== undefined
    );
  };
}

/**
 * Leaderboards (issue 15 item 5; see README.md "Leaderboards"): the public board, a participant's
 * own standing, the staff standings (list and export), the gamifications report, the `leaderboard`
 * room and the coalesced `leaderboard.changed` reader.
 */
export function leaderboardRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;
  const projection = installProjection(deps, app.log);
  if (projection) app.addHook('onClose', () => projection.close());
  deps.realtime.registerRoomKind('leaderboard', leaderboardRoomCheck(deps));
  deps.realtime.registerLatest('leaderboard.changed', (_room, gameId) => boardOf(deps, gameId));

  app.get(
    `${BOARD}/leaderboard`,
    {
      schema: {
        tags: [TAG],
        summary: 'The public leaderboard of a game (the front-of-room board)',
        description:
          'The top `limit` players (default the game’s leaderboard size, at most 100) who did not opt out nor hide their profile, ' +
          'each with their rank among every player (equal scores: the earlier achiever first), and every team ranked in TEAM games. ' +
          `The same snapshot as the room’s \`leaderboard.changed\`. ${MEMBERS}`,
        params: gameParams,
        querystring: leaderboardQuerySchema,
        response: { 200: leaderboardSnapshotSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, gameId } = request.params;
      const { event, ctx } = await eventAccess(db, request, eventId, 'member');
      const game = await gameOf(deps, event.id, gameId);
      if (!game.isPublished && !canModerateEvent(ctx.principal, event)) throw notFound();
      return leaderboardSnapshot(deps, game, request.query.limit ?? game.leaderboardSize);
    },
  );

  app.get(
    `${BOARD}/leaderboard/me`,
    {
      schema: {
        tags: [TAG],
        summary: 'My score and rank in a game',
        description: `Rank among every player, also when I opted out or hide my profile; null before I have points. ${PARTICIPANTS}`,
        params: gameParams,
        response: { 200: myStandingSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { eventId, gameId } = request.params;
      const [{ event }, participantId] = await Promise.all([
        eventAccess(db, request, eventId, 'member'),
        repo.participantIdOf(db, eventId, writeContext(request).principal.userId),
      ]);
      const game = await gameOf(deps, event.id, gameId);
      if (!participantId) throw forbidden('Only participants of the event have a standing');
      if (!game.isPublished) throw notFound();
      return myStanding(deps, game.id, participantId);
    },
  );

  const staffScope = async (request: FastifyRequest): Promise<repo.StandingsScope> => {
    const { event } = await eventAccess(db, request, eventIdOf(request), 'read');
    const gameId = z.uuid().safeParse((request.params as { gameId?: unknown }).gameId);
    if (!gameId.success) throw fieldsError({ gameId: 'Invalid UUID' });
    const game = await gameOf(deps, event.id, gameId.data);
    return { gameId: game.id } satisfies repo.StandingsScope;
  };
  listRoute(app, `${BOARD}/standings`, {
    db,
    list: repo.standingsList,
    scope: staffScope,
    record: standingSchema,
    tags: [TAG],
    summary: `Every player of a game with points, ranked (opted-out and hidden players included and flagged). ${STAFF}`,
  });
  registerExport(app, 'standings', {
    db,
    list: repo.standingsList,
    scope: staffScope,
    tags: [TAG],
    path: `${BOARD}/standings/export`,
  });

  app.get(
    `${BOARD}/report`,
    {
      schema: {
        tags: [TAG],
        summary: 'The gamifications report (scores and awards)',
        description:
          'XLSX with two sheets, Standings (rank, name, e-mail, team, score, badges, opted out) and Awards (every ledger row: ' +
          'when, player, e-mail, task or reason, points), or CSV with both tables one after the other. ' +
          `Cells starting with = + - @ are prefixed with a single quote. ${STAFF}`,
        params: gameParams,
        querystring: gamificationReportQuerySchema,
        response: {
          200: {
            description: 'The file (Content-Disposition: attachment)',
            content: {
              'text/csv': { schema: z.string() },
              [SPREADSHEET_CONTENT_TYPES.xlsx]: { schema: z.string() },
            },
          },
          ...errors(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { eventId, gameId } = request.params;
      const { event } = await eventAccess(db, request, eventId, 'read');
      const game = await gameOf(deps, event.id, gameId);
      const { format } = request.query;
      const body = await gamificationReport(db, game, format, request.log);
      const file = `gamifications-${new Date().toISOString().slice(0, 10)}.${format}`;
      return reply
        .type(SPREADSHEET_CONTENT_TYPES[format])
        .header('content-disposition', `attachment; filename="${file}"`)
        .header('cache-control', 'no-store')
        .send(body as never);
    },
  );
}
