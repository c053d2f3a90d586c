import { sql, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import { viewerInAudience, type Viewer } from './audience.js';
import { effectiveAudience } from './sessions.repo.js';

/**
 * What a participant sees of the agenda, as SQL over `sessions s LEFT JOIN breakouts b`: PUBLISHED
 * sessions whose audience (the breakout's when it is enrollable) includes them, and whose
 * collections all include them (a collection's audience applies on top of the session's).
 */
export function visibleTo(v: Viewer) {
  return sql<SqlBool>`(s.status = 'PUBLISHED' AND ${viewerInAudience(effectiveAudience, v)}
    AND NOT EXISTS (SELECT 1 FROM session_collections vc JOIN collections c ON c.id = vc.collection_id
      WHERE vc.session_id = s.id AND c.audience->>'type' <> 'EVERYONE' AND NOT ${viewerInAudience(sql.ref('c.audience'), v)}))`;
}

export async function isVisible(db: Db, eventId: string, sessionId: string, v: Viewer): Promise<boolean> {
  const { rows } = await sql<{ id: string }>`
    SELECT s.id FROM sessions s LEFT JOIN breakouts b ON b.id = s.breakout_id
    WHERE s.event_id = ${eventId} AND s.id = ${sessionId} AND ${visibleTo(v)}`.execute(db);
  return rows.length > 0;
}
