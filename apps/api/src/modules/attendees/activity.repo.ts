import { sql } from 'kysely';
import type { ParticipantActivity } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

/** Audit entity of photo changes (a participant's other updates are entity 'participant'). */
export const PHOTO_ENTITY = 'participant-photo';

const name = (alias: string) =>
  sql.raw(
    `CASE WHEN ${alias}.id IS NULL THEN NULL ELSE trim(${alias}.first_name || ' ' || ${alias}.last_name) END`,
  );

/**
 * A participant's activity, newest first: audit rows about it (created, updated, photo changed or
 * removed) and its magic links (sent, used). Reads the audit log by (entity_id, entity) and the
 * links by participant: both indexed.
 */
export async function participantActivity(
  db: Db,
  eventId: string,
  participantId: string,
  limit: number,
): Promise<{ records: ParticipantActivity[]; total: number }> {
  const { rows } = await sql<ParticipantActivity & { total: number }>`
    WITH p AS (SELECT id, user_id FROM participants WHERE id = ${participantId} AND event_id = ${eventId}),
    x AS (
      SELECT a.id::text AS id,
        CASE WHEN a.entity = ${PHOTO_ENTITY} THEN (CASE WHEN a.action = 'delete' THEN 'PHOTO_REMOVED' ELSE 'PHOTO_CHANGED' END)
             WHEN a.action = 'create' THEN 'CREATED' ELSE 'UPDATED' END AS kind,
        a.created_at AS at, ${name('u')} AS actor_name, coalesce(a.actor_id = p.user_id, false) AS by_self, NULL::text AS email
      FROM p JOIN audit_log a ON a.entity_id = p.id::text AND a.entity IN ('participant', ${PHOTO_ENTITY}) AND a.action IN ('create', 'update', 'delete')
      LEFT JOIN users u ON u.id = a.actor_id
      WHERE NOT (a.entity = 'participant' AND a.action = 'delete')
      UNION ALL
      SELECT 'sent-' || m.id, 'MAGIC_LINK_SENT', m.sent_at, ${name('s')}, false, m.email
      FROM p JOIN magic_links m ON m.participant_id = p.id LEFT JOIN users s ON s.id = m.sent_by
      UNION ALL
      SELECT 'used-' || m.id, 'MAGIC_LINK_USED', t.used_at, ${name('pu')}, true, m.email
      FROM p JOIN magic_links m ON m.participant_id = p.id JOIN one_time_tokens t ON t.id = m.token_id LEFT JOIN users pu ON pu.id = m.user_id
      WHERE t.used_at IS NOT NULL
    )
    SELECT x.*, count(*) OVER ()::int AS total FROM x ORDER BY x.at DESC, x.id LIMIT ${limit}`.execute(db);
  return { total: rows[0]?.total ?? 0, records: rows.map(({ total: _total, ...r }) => r) };
}
