import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';
import type { Promotion } from './enrollment.repo.js';

/** What the promotion e-mail and toast say, while the participant still holds the seat (else undefined). */
export async function promotionNotice(
  db: Db,
  sessionId: string,
  participantId: string,
): Promise<Promotion | undefined> {
  const { rows } = await sql<Promotion>`
    SELECT s.id AS session_id, s.name AS session_name, s.event_id, ev.name AS event_name, p.id AS participant_id, p.user_id, p.email, p.first_name
    FROM enrollments e
    JOIN sessions s ON s.id = e.session_id
    JOIN events ev ON ev.id = s.event_id
    JOIN participants p ON p.id = e.participant_id
    WHERE e.session_id = ${sessionId} AND e.participant_id = ${participantId} AND e.state = 'ENROLLED'`.execute(
    db,
  );
  return rows[0];
}
