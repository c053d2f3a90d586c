import { sql } from 'kysely';
import type { ModerationAction } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';

export type DecisionAction = ModerationAction | 'REPLY';

/** One moderation decision, written in the transaction that makes it. */
export async function insertDecision(
  db: Db,
  values: {
    questionId: string;
    instanceId: string;
    eventId: string;
    action: DecisionAction;
    byUserId: string;
    beforeText: string | null;
    afterText: string | null;
  },
): Promise<void> {
  await db.insertInto('moderationDecisions').values(values).execute();
}

export interface DecisionRow {
  id: string;
  questionId: string;
  action: DecisionAction;
  by: string;
  at: Date;
  before: string | null;
  after: string | null;
}

/** The instance's decisions, newest first, a page at a time. */
export async function decisionsOf(
  db: Db,
  instanceId: string,
  page: { limit: number; offset: number },
): Promise<{ records: DecisionRow[]; total: number }> {
  const [{ rows }, count] = await Promise.all([
    sql<DecisionRow>`
      SELECT d.id, d.question_id AS "questionId", d.action, d.at, d.before_text AS before,
        d.after_text AS after, coalesce(trim(u.first_name || ' ' || u.last_name), '') AS by
      FROM moderation_decisions d LEFT JOIN users u ON u.id = d.by_user_id
      WHERE d.instance_id = ${instanceId}
      ORDER BY d.at DESC, d.id DESC
      LIMIT ${page.limit} OFFSET ${page.offset}`.execute(db),
    db
      .selectFrom('moderationDecisions')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('instanceId', '=', instanceId)
      .executeTakeFirstOrThrow(),
  ]);
  return { records: rows, total: Number(count.n) };
}
