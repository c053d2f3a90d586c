import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/** The SQL of the `GameTaskPoint` import: what its rows name, and the commit's writes. */

/** The event's games, tasks and participants, as a row check looks them up. */
export async function lookups(db: Db, eventId: string) {
  const [games, tasks, participants] = await Promise.all([
    db.selectFrom('games').select(['id', 'name']).where('eventId', '=', eventId).execute(),
    db.selectFrom('gameTasks').select(['id', 'gameId', 'name']).where('eventId', '=', eventId).execute(),
    db.selectFrom('participants').select(['id', 'email']).where('eventId', '=', eventId).execute(),
  ]);
  return { games, tasks, participants };
}

export interface StagedPoints {
  rowNumber: number;
  cells: Array<[string, string]> | null;
  gameGone: boolean;
  participantGone: boolean;
  taskGone: boolean;
}

/**
 * Locks what the staged rows name (games, participants, tasks: FOR KEY SHARE, so a delete waits for
 * the commit) and answers the rows naming one that was deleted since verify.
 */
export async function lockAndFindGone(tx: Db, eventId: string, importId: string): Promise<StagedPoints[]> {
  await sql`
    SELECT 1 FROM games WHERE event_id = ${eventId} AND id IN (
      SELECT (data->>'gameId')::uuid FROM import_rows WHERE import_id = ${importId})
    ORDER BY id FOR KEY SHARE`.execute(tx);
  await sql`
    SELECT 1 FROM participants WHERE event_id = ${eventId} AND id IN (
      SELECT (data->>'participantId')::uuid FROM import_rows WHERE import_id = ${importId})
    ORDER BY id FOR KEY SHARE`.execute(tx);
  await sql`
    SELECT 1 FROM game_tasks WHERE event_id = ${eventId} AND id IN (
      SELECT (data->>'taskId')::uuid FROM import_rows WHERE import_id = ${importId} AND data ? 'taskId')
    ORDER BY id FOR KEY SHARE`.execute(tx);
  const { rows } = await sql<StagedPoints>`
    SELECT r.row_number, r.cells,
      NOT EXISTS (SELECT 1 FROM games g WHERE g.id = (r.data->>'gameId')::uuid AND g.event_id = ${eventId}) AS game_gone,
      NOT EXISTS (SELECT 1 FROM participants p WHERE p.id = (r.data->>'participantId')::uuid AND p.event_id = ${eventId}) AS participant_gone,
      (r.data ? 'taskId' AND NOT EXISTS (SELECT 1 FROM game_tasks t
        WHERE t.id = (r.data->>'taskId')::uuid AND t.game_id = (r.data->>'gameId')::uuid)) AS task_gone
    FROM import_rows r WHERE r.import_id = ${importId}`.execute(tx);
  return rows.filter((r) => r.gameGone || r.participantGone || r.taskGone);
}

/**
 * Every staged row becomes an assigned-points row (import_id set) and its ledger row, in the file's
 * order (created_at a microsecond apart, so ties on the board keep it). Answers the games touched.
 */
export async function insertStagedPoints(
  tx: Db,
  eventId: string,
  importId: string,
  actor: { actorId: string; impersonatedUserId: string | null; requestId: string | null },
): Promise<{ created: number; gameIds: string[] }> {
  const { rows } = await sql<{ gameId: string; n: number }>`
    WITH src AS (
      SELECT r.row_number, (r.data->>'gameId')::uuid AS gid, (r.data->>'participantId')::uuid AS pid,
        (r.data->>'taskId')::uuid AS tid, (r.data->>'points')::int AS pts, r.data->>'reason' AS reason
      FROM import_rows r WHERE r.import_id = ${importId}
    ),
    ins AS (
      INSERT INTO game_assigned_points (game_id, event_id, participant_id, task_id, points, reason, import_id, created_by, created_at)
      SELECT gid, ${eventId}, pid, tid, pts, reason, ${importId}, ${actor.actorId}::uuid,
        clock_timestamp() + row_number() OVER (ORDER BY row_number) * interval '1 microsecond'
      FROM src
      RETURNING id, game_id, participant_id, points, created_at
    ),
    led AS (
      INSERT INTO game_ledger (game_id, event_id, participant_id, assigned_id, points, awarded_at)
      SELECT game_id, ${eventId}, participant_id, id, points, created_at FROM ins
      RETURNING game_id
    ),
    a AS (
      INSERT INTO audit_log (actor_id, impersonated_user_id, action, entity, entity_id, request_id)
      SELECT ${actor.actorId}::uuid, ${actor.impersonatedUserId}::uuid, 'create', 'gameAssignedPoints', ins.id::text, ${actor.requestId} FROM ins
    )
    SELECT game_id, count(*)::int AS n FROM led GROUP BY game_id`.execute(tx);
  return { created: rows.reduce((s, r) => s + r.n, 0), gameIds: rows.map((r) => r.gameId) };
}
