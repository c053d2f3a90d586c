import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/**
 * Of `participantIds` (all of the event), how many of `labelIds` each already carries: the bulk
 * label actions skip those with all of them (add) or none of them (remove).
 */
export async function labelCounts(
  db: Db,
  participantIds: readonly string[],
  labelIds: readonly string[],
): Promise<Map<string, number>> {
  if (participantIds.length === 0) return new Map();
  const { rows } = await sql<{ participantId: string; held: number }>`
    SELECT p.id AS participant_id, count(pl.label_id)::int AS held
    FROM unnest(${[...participantIds]}::uuid[]) AS p(id)
    LEFT JOIN participant_labels pl ON pl.participant_id = p.id AND pl.label_id = ANY(${[...labelIds]}::uuid[])
    GROUP BY p.id`.execute(db);
  return new Map(rows.map((r) => [r.participantId, r.held]));
}
