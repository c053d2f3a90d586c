import {
  createTeamSchema,
  gameTeamSchema,
  listResponse,
  teamMembersListSchema,
  teamMembersSchema,
  teamsFromLabelsSchema,
  updateTeamSchema,
} from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { eventAccess, eventIdOf } from '../../platform/event-access.js';
import { listRoute, PAGE_ROWS_MAX, type ZodApp } from '../../platform/list.js';
import {
  ADMINS,
  errors,
  gameIdOf,
  gameParams,
  GAMES,
  noContent,
  STAFF,
  TAG,
  teamParams,
} from './games.http.js';
import { gameOf } from './games.service.js';
import { teamList } from './teams.repo.js';
import * as service from './teams.service.js';

const TEAMS = `${GAMES}/:gameId/teams`;

/** A TEAM game's teams (README.md, Teams): from labels or set by hand. */
export function teamRoutes(app: ZodApp, deps: AppDeps): void {
  const { db } = deps;

  listRoute(app, TEAMS, {
    db,
    list: teamList,
    scope: async (request) => {
      const { event } = await eventAccess(db, request, eventIdOf(request), 'read');
      const game = await gameOf(db, event.id, gameIdOf(request));
      return { eventId: event.id, gameId: game.id };
    },
    record: gameTeamSchema,
    tags: [TAG],
    summary: `A game's teams in order: label (LABELS games) and memberCount (MANUAL: its members; LABELS: the event's participants holding the label). ${STAFF}`,
  });

  app.post(
    TEAMS,
    {
      schema: {
        tags: [TAG],
        summary: 'Add a team',
        description: `TEAM games only (409). LABELS games: labelId, a label of the event without a team in this game; MANUAL games: no label. ${ADMINS}`,
        params: gameParams,
        body: createTeamSchema,
        response: { 201: gameTeamSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      return reply
        .status(201)
        .send(await service.createTeam(deps, access, request.params.gameId, request.body));
    },
  );

  app.post(
    `${TEAMS}/from-labels`,
    {
      schema: {
        tags: [TAG],
        summary: 'Create teams from labels',
        description: `LABELS TEAM games (else 409): one team per label, named after it; labels that already have a team are skipped. Answers the game's teams. ${ADMINS}`,
        params: gameParams,
        body: teamsFromLabelsSchema,
        response: { 200: listResponse(gameTeamSchema), ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { gameId } = request.params;
      const access = await eventAccess(db, request, request.params.eventId, 'admin');
      await service.teamsFromLabels(deps, access, gameId, request.body.labelIds);
      const page = await teamList.page(
        db,
        { eventId: access.event.id, gameId },
        teamList.query.parse({ limit: PAGE_ROWS_MAX }),
      );
      return 'records' in page ? page : { total: page.total, records: [] };
    },
  );

  app.patch(
    `${TEAMS}/:teamId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Update a team',
        description: `Rename; LABELS games: another label of the event without a team in this game. ${ADMINS}`,
        params: teamParams,
        body: updateTeamSchema,
        response: { 200: gameTeamSchema, ...errors(400, 401, 403, 404) },
      },
    },
    async (request) =>
      service.updateTeam(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.teamId,
        request.body,
      ),
  );

  app.delete(
    `${TEAMS}/:teamId`,
    {
      schema: {
        tags: [TAG],
        summary: 'Delete a team',
        description: `Its members leave it (points stay). ${ADMINS}`,
        params: teamParams,
        response: { 204: noContent, ...errors(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.deleteTeam(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.teamId,
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${TEAMS}/:teamId/members`,
    {
      schema: {
        tags: [TAG],
        summary: "A team's members",
        description: `MANUAL games (a LABELS game: 409, its teams are the labels' holders). ${STAFF}`,
        params: teamParams,
        response: { 200: teamMembersListSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { event } = await eventAccess(db, request, request.params.eventId, 'read');
      return {
        records: await service.listMembers(db, event.id, request.params.gameId, request.params.teamId),
      };
    },
  );

  app.put(
    `${TEAMS}/:teamId/members`,
    {
      schema: {
        tags: [TAG],
        summary: "Set a team's members",
        description: `MANUAL TEAM games (else 409): the members become exactly participantIds (participants of this event); one in another team of the game moves to this one. ${ADMINS}`,
        params: teamParams,
        body: teamMembersSchema,
        response: { 200: teamMembersListSchema, ...errors(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      records: await service.setMembers(
        deps,
        await eventAccess(db, request, request.params.eventId, 'admin'),
        request.params.gameId,
        request.params.teamId,
        request.body.participantIds,
      ),
    }),
  );
}
