import { sql } from 'kysely';
import type { Db } from '../../platform/db/index.js';

/**
 * Tallies computed in SQL from the stored answers (never counted up in Node), over one instance or
 * every instance of a tool. `scope` is the set of instance ids as a subquery.
 */
type Scope = { instanceId: string } | { toolId: string };

const instancesOf = (scope: Scope) =>
  'instanceId' in scope
    ? sql`SELECT ${scope.instanceId}::uuid`
    : sql`SELECT id FROM engagement_instances WHERE tool_id = ${scope.toolId}`;

export interface TallyRows {
  respondents: number;
  responses: { questionId: string; count: number }[];
  options: { questionId: string; optionId: string; count: number }[];
  scale: { questionId: string; value: number; count: number }[];
  words: { questionId: string; text: string; count: number }[];
}

/** Words shown per question: the most frequent. */
export const WORDS_SHOWN = 100;

export async function tallies(db: Db, scope: Scope): Promise<TallyRows> {
  const ids = instancesOf(scope);
  // One round trip: four result sets tagged by kind.
  const { rows } = await sql<{
    kind: 'respondents' | 'responses' | 'option' | 'scale' | 'word';
    questionId: string | null;
    key: string | null;
    count: number;
  }>`
    SELECT 'respondents' AS kind, NULL::uuid AS question_id, NULL AS key, count(DISTINCT participant_id)::int AS count
      FROM engagement_answers WHERE instance_id IN (${ids})
    UNION ALL
    SELECT 'responses', question_id, NULL, count(*)::int
      FROM engagement_answers WHERE instance_id IN (${ids}) GROUP BY question_id
    UNION ALL
    SELECT 'option', a.question_id, o.option_id, count(*)::int
      FROM engagement_answers a CROSS JOIN LATERAL jsonb_array_elements_text(a.option_ids) AS o(option_id)
      WHERE a.instance_id IN (${ids}) GROUP BY a.question_id, o.option_id
    UNION ALL
    SELECT 'scale', question_id, value::text, count(*)::int
      FROM engagement_answers WHERE instance_id IN (${ids}) AND value IS NOT NULL GROUP BY question_id, value
    UNION ALL
    SELECT 'word', question_id, word, count::int FROM (
      SELECT question_id, word, count(*) AS count,
             row_number() OVER (PARTITION BY question_id ORDER BY count(*) DESC, word) AS n
        FROM engagement_answers WHERE instance_id IN (${ids}) AND word IS NOT NULL
        GROUP BY question_id, word
    ) w WHERE n <= ${WORDS_SHOWN}`.execute(db);
  const out: TallyRows = { respondents: 0, responses: [], options: [], scale: [], words: [] };
  for (const r of rows) {
    const questionId = r.questionId!;
    if (r.kind === 'respondents') out.respondents = r.count;
    else if (r.kind === 'responses') out.responses.push({ questionId, count: r.count });
    else if (r.kind === 'option') out.options.push({ questionId, optionId: r.key!, count: r.count });
    else if (r.kind === 'scale') out.scale.push({ questionId, value: Number(r.key), count: r.count });
    else out.words.push({ questionId, text: r.key!, count: r.count });
  }
  out.words.sort((a, b) => b.count - a.count || a.text.localeCompare(b.text));
  return out;
}

export async function instanceCount(db: Db, toolId: string): Promise<number> {
  const row = await db
    .selectFrom('engagementInstances')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('toolId', '=', toolId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The tool of this event (another event's id reads as none). */
export async function findTool(db: Db, eventId: string, toolId: string) {
  return db
    .selectFrom('engagementTools')
    .select(['id', 'eventId', 'type', 'name', 'anonymity', 'settings'])
    .where('id', '=', toolId)
    .where('eventId', '=', eventId)
    .executeTakeFirst();
}

/** A participant's name (the event profile's, else the account's) over `participants p JOIN users u`. */
export const PARTICIPANT_NAME = sql<string>`coalesce(nullif(trim(p.first_name || ' ' || p.last_name), ''), trim(u.first_name || ' ' || u.last_name))`;

export interface TextAnswerRow {
  questionId: string;
  text: string;
  author: string | null;
  createdAt: Date;
}

/** Free-text answers of a question in an instance, newest first; the author only where not anonymous. */
export async function textAnswers(
  db: Db,
  instanceId: string,
  questionId: string,
  page: { limit: number; offset: number },
  /** Word clouds: only answers whose word may be shown (a profane one has none). */
  shownWordsOnly: boolean,
): Promise<{ total: number; records: TextAnswerRow[] }> {
  const base = db
    .selectFrom('engagementAnswers as a')
    .where('a.instanceId', '=', instanceId)
    .where('a.questionId', '=', questionId)
    .where('a.text', 'is not', null)
    .$if(shownWordsOnly, (qb) => qb.where('a.word', 'is not', null));
  const [count, records] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    base
      .innerJoin('participants as p', 'p.id', 'a.participantId')
      .innerJoin('users as u', 'u.id', 'p.userId')
      .select([
        'a.questionId',
        sql<string>`a.text`.as('text'),
        sql<string | null>`CASE WHEN a.anonymous THEN NULL ELSE ${PARTICIPANT_NAME} END`.as('author'),
        'a.createdAt',
      ])
      .orderBy('a.createdAt', 'desc')
      .orderBy('a.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
  ]);
  return { total: Number(count.n), records };
}
