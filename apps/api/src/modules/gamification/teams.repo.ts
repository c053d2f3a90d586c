import { sql } from 'kysely';
import { teamListQuerySchema, type GameTeam, type TeamMember } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { defineList } from '../../platform/list.js';
import type { TaskScope } from './tasks.repo.js';

/** The SQL of a game's teams: the Teams list, the writes and MANUAL games' member lists. */

/** MANUAL games: the team's member rows; LABELS games: the event's participants holding its label. */
const memberCount = sql<number>`(SELECT CASE WHEN g.team_source = 'MANUAL'
      THEN (SELECT count(*)::int FROM game_team_members m WHERE m.team_id = list_page.id)
      ELSE (SELECT count(*)::int FROM participant_labels pl JOIN participants p ON p.id = pl.participant_id
        WHERE pl.label_id = list_page.label_id AND p.event_id = g.event_id) END
    FROM games g WHERE g.id = list_page.game_id)`;

/** `GET …/gamifications/{gameId}/teams`, in the game's team order. */
export const teamList = defineList({
  query: teamListQuerySchema,
  select: (db: Db, scope: TaskScope) =>
    db
      .selectFrom('gameTeams as gt')
      .innerJoin('games as g', 'g.id', 'gt.gameId')
      .leftJoin('labels as l', 'l.id', 'gt.labelId')
      .select([
        'gt.id',
        'gt.gameId',
        'gt.name',
        'gt.labelId',
        'l.name as labelName',
        'l.color as labelColor',
        'gt.position',
        'gt.createdAt',
      ])
      .where('g.eventId', '=', scope.eventId)
      .where('gt.gameId', '=', scope.gameId),
  pageColumns: { memberCount },
  record: (row): GameTeam => ({
    id: row.id,
    gameId: row.gameId,
    name: row.name,
    label:
      row.labelId !== null && row.labelName !== null
        ? { id: row.labelId, name: row.labelName, color: row.labelColor ?? '' }
        : null,
    memberCount: row.memberCount,
    position: row.position,
    createdAt: row.createdAt,
  }),
  id: sql.ref('gt.id'),
  fields: {
    position: { sql: sql.ref('gt.position'), sortable: true },
    name: { sql: sql.ref('gt.name'), sortable: sql`lower(gt.name)`, searchable: true, label: 'Name' },
    labelName: { sql: sql.ref('l.name'), sortable: sql`lower(l.name)`, label: 'Label' },
    memberCount: { label: 'Members' },
    createdAt: { sql: sql.ref('gt.createdAt'), sortable: true, label: 'Created at' },
  },
  filters: {},
  defaultSort: 'position:asc',
});

export interface TeamRow {
  id: string;
  name: string;
  labelId: string | null;
}

/** The team of this game (`lock`: FOR UPDATE). */
export async function findTeam(
  db: Db,
  gameId: string,
  id: string,
  lock = false,
): Promise<TeamRow | undefined> {
  return db
    .selectFrom('gameTeams')
    .select(['id', 'name', 'labelId'])
    .where('gameId', '=', gameId)
    .where('id', '=', id)
    .$if(lock, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The labels that already have a team in this game (`exceptTeamId`: but that one). */
export async function labelIdsWithTeam(db: Db, gameId: string, exceptTeamId?: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('gameTeams')
    .select('labelId')
    .where('gameId', '=', gameId)
    .where('labelId', 'is not', null)
    .$if(exceptTeamId !== undefined, (qb) => qb.where('id', '<>', exceptTeamId!))
    .execute();
  return new Set(rows.map((r) => r.labelId!));
}

/** The event's labels among `ids`, with their names. */
export async function labelsOfEvent(
  db: Db,
  eventId: string,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('labels')
    .select(['id', 'name'])
    .where('eventId', '=', eventId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** New teams at the end of the game's teams, in the order given; their ids. */
export async function insertTeams(
  tx: Db,
  gameId: string,
  teams: ReadonlyArray<{ name: string; labelId: string | null }>,
): Promise<string[]> {
  if (teams.length === 0) return [];
  const start = await tx
    .selectFrom('gameTeams')
    .select(sql<number>`coalesce(max(position) + 1, 0)::int`.as('next'))
    .where('gameId', '=', gameId)
    .executeTakeFirstOrThrow();
  const rows = await tx
    .insertInto('gameTeams')
    .values(teams.map((team, i) => ({ gameId, ...team, position: start.next + i })))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

export async function updateTeam(
  tx: Db,
  id: string,
  patch: { name?: string; labelId?: string | null },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await tx.updateTable('gameTeams').set(patch).where('id', '=', id).execute();
}

/** Deletes the team (its member rows cascade). */
export async function deleteTeam(tx: Db, id: string): Promise<void> {
  await tx.deleteFrom('gameTeams').where('id', '=', id).execute();
}

/** Which of `ids` are participants of the event (locked for share while the members are written). */
export async function participantsOfEvent(
  tx: Db,
  eventId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', eventId)
    .where('id', 'in', [...new Set(ids)])
    .forShare()
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** A MANUAL team's members, by name. */
export async function teamMembers(db: Db, teamId: string): Promise<TeamMember[]> {
  const { rows } = await sql<TeamMember>`
    SELECT p.id, coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email) AS name, p.email
    FROM game_team_members m JOIN participants p ON p.id = m.participant_id
    WHERE m.team_id = ${teamId}
    ORDER BY lower(coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), p.email)), p.id`.execute(
    db,
  );
  return rows;
}

/**
 * The team's members become exactly `participantIds`: others leave it; these leave any other team of
 * the game (one team per player and game) and join this one.
 */
export async function replaceMembers(
  tx: Db,
  gameId: string,
  teamId: string,
  participantIds: readonly string[],
): Promise<void> {
  await tx
    .deleteFrom('gameTeamMembers')
    .where('teamId', '=', teamId)
    .$if(participantIds.length > 0, (qb) => qb.where('participantId', 'not in', [...participantIds]))
    .execute();
  if (participantIds.length === 0) return;
  await tx
    .insertInto('gameTeamMembers')
    .values(participantIds.map((participantId) => ({ gameId, teamId, participantId })))
    .onConflict((oc) => oc.columns(['gameId', 'participantId']).doUpdateSet({ teamId }))
    .execute();
}
