import { sql } from 'kysely';
import type { Db } from '../platform/db/index.js';
import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';

export const DEMO_MODERATOR_EMAIL = 'moderator@northwind.example';
export const DEMO_PARTICIPANT_EMAIL = 'amara.okafor@example.com';

type QuestionType = 'TEXTBOX' | 'RADIOBOX' | 'CHECKBOX' | 'LINEAR_SCALE' | 'TEXT_FIELD';
interface DemoQuestion {
  type: QuestionType;
  text: string;
  required?: boolean;
  options?: Array<[id: string, label: string]>;
  correct?: string[];
  scale?: [max: number, minLabel: string, maxLabel: string];
  timeLimitSec?: number;
}
interface DemoTool {
  key: 'poll' | 'qa' | 'quiz' | 'survey';
  type: 'POLL' | 'QA' | 'QUIZ' | 'SURVEY';
  name: string;
  description: string;
  anonymity: 'ANONYMOUS' | 'NOT_ANONYMOUS' | 'ALLOW_ANONYMOUS';
  settings: Record<string, unknown>;
  questions: DemoQuestion[];
}

const TOOLS: DemoTool[] = [
  {
    key: 'poll',
    type: 'POLL',
    name: 'How is the summit going?',
    description: 'A quick pulse check, results live on the screen.',
    anonymity: 'ANONYMOUS',
    settings: { showResultsToParticipants: true, allowChangeAnswer: true },
    questions: [
      {
        type: 'RADIOBOX',
        text: 'How would you rate the summit so far?',
        required: true,
        options: [
          ['great', 'Great'],
          ['good', 'Good'],
          ['okay', 'Okay'],
          ['meh', 'Not for me'],
        ],
      },
    ],
  },
  {
    key: 'qa',
    type: 'QA',
    name: 'Ask the speaker',
    description: 'Questions for the speaker; a moderator approves them before they reach the room.',
    anonymity: 'ALLOW_ANONYMOUS',
    settings: { moderated: true, qaSort: 'MOST_VOTED' },
    questions: [],
  },
  {
    key: 'quiz',
    type: 'QUIZ',
    name: 'Event trivia',
    description: 'Three questions, the fastest correct answers score most.',
    anonymity: 'NOT_ANONYMOUS',
    settings: {},
    questions: [
      {
        type: 'RADIOBOX',
        text: 'In which city is the Northwind Summit 2026?',
        options: [
          ['berlin', 'Berlin'],
          ['vienna', 'Vienna'],
          ['zurich', 'Zurich'],
        ],
        correct: ['berlin'],
        timeLimitSec: 20,
      },
      {
        type: 'CHECKBOX',
        text: 'Which of these are engagement tools in Plenary?',
        options: [
          ['poll', 'Poll'],
          ['qa', 'Q&A'],
          ['fax', 'Fax'],
          ['quiz', 'Quiz'],
        ],
        correct: ['poll', 'qa', 'quiz'],
        timeLimitSec: 30,
      },
      {
        type: 'RADIOBOX',
        text: 'How many days does the summit last?',
        options: [
          ['two', 'Two'],
          ['three', 'Three'],
          ['four', 'Four'],
        ],
        correct: ['three'],
        timeLimitSec: 15,
      },
    ],
  },
  {
    key: 'survey',
    type: 'SURVEY',
    name: 'Session feedback',
    description: 'Two minutes that help us make the next session better.',
    anonymity: 'ALLOW_ANONYMOUS',
    settings: { allowChangeAnswer: true },
    questions: [
      {
        type: 'LINEAR_SCALE',
        text: 'How useful was this session?',
        required: true,
        scale: [5, 'Not at all', 'Very'],
      },
      {
        type: 'CHECKBOX',
        text: 'What did you like?',
        options: [
          ['speaker', 'The speaker'],
          ['content', 'The content'],
          ['discussion', 'The discussion'],
        ],
      },
      { type: 'TEXTBOX', text: 'What should we change next time?' },
    ],
  },
];

const QA_QUESTIONS: Array<{
  text: string;
  status: 'APPROVED' | 'PENDING';
  anonymous: boolean;
  upvotes: number;
}> = [
  {
    text: 'How do you keep remote attendees as engaged as the people in the room?',
    status: 'APPROVED',
    anonymous: false,
    upvotes: 4,
  },
  {
    text: 'What is the one metric you watch during a live event?',
    status: 'APPROVED',
    anonymous: true,
    upvotes: 2,
  },
  { text: 'Will the slides be shared after the talk?', status: 'PENDING', anonymous: false, upvotes: 0 },
];

/**
 * Demo engagement (issue 12): a poll, a moderated Q&A, a quiz and a survey attached to the demo
 * event's sessions, each with one instance OPEN now on the session happening now (else the first
 * published one), so every screen can be tried at once. The moderator demo account is listed on
 * that session (it lands on /moderation). A few other participants have voted, answered and asked
 * (two approved questions, one waiting); the demo participant has not, so they can try it all.
 * Runs once: an event with tools is left alone.
 */
export async function seedEngagement({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select('id')
    .where('name', '=', DEMO_EVENT_NAME)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return;
  const already = await db
    .selectFrom('engagementTools')
    .select('id')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (already) return;
  const { rows: sessions } = await sql<{ id: string; live: boolean }>`
    SELECT id, (start_at <= now() AND end_at > now()) AS live FROM sessions
    WHERE event_id = ${event.id} AND status = 'PUBLISHED' AND audience->>'type' = 'EVERYONE'
    ORDER BY (start_at <= now() AND end_at > now()) DESC, start_at, id`.execute(db);
  const live = sessions[0];
  if (!live) return;
  const others = sessions.slice(1, 4).map((s) => s.id);
  const admin = await db
    .selectFrom('memberships')
    .select('userId')
    .where('scope', '=', 'event')
    .where('scopeId', '=', event.id)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  const moderator = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', DEMO_MODERATOR_EMAIL)
    .executeTakeFirst();
  const respondents = await db
    .selectFrom('participants as p')
    .innerJoin('users as u', 'u.id', 'p.userId')
    .select('p.id')
    .where('p.eventId', '=', event.id)
    .where('u.email', '<>', DEMO_PARTICIPANT_EMAIL)
    .orderBy('u.createdAt')
    .orderBy('u.email')
    .limit(6)
    .execute();

  await db.transaction().execute(async (tx) => {
    if (moderator)
      await tx
        .insertInto('sessionModerators')
        .values({ sessionId: live.id, userId: moderator.id })
        .onConflict((oc) => oc.doNothing())
        .execute();
    const now = new Date();
    for (const tool of TOOLS) {
      const t = await tx
        .insertInto('engagementTools')
        .values({
          eventId: event.id,
          type: tool.type,
          name: tool.name,
          description: tool.description,
          anonymity: tool.anonymity,
          settings: JSON.stringify(tool.settings),
          createdBy: admin?.userId ?? null,
          updatedBy: admin?.userId ?? null,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await tx
        .insertInto('engagementToolSessions')
        .values([live.id, ...others].map((sessionId) => ({ toolId: t.id, sessionId, eventId: event.id })))
        .execute();
      const questionIds: string[] = [];
      for (const [position, q] of tool.questions.entries()) {
        const row = await tx
          .insertInto('engagementQuestions')
          .values({
            toolId: t.id,
            eventId: event.id,
            position,
            type: q.type,
            text: q.text,
            required: q.required ?? false,
            options: JSON.stringify((q.options ?? []).map(([id, label]) => ({ id, label }))),
            scaleMax: q.scale?.[0] ?? null,
            scaleMinLabel: q.scale?.[1] ?? '',
            scaleMaxLabel: q.scale?.[2] ?? '',
            correctOptionIds: JSON.stringify(q.correct ?? []),
            timeLimitSec: q.timeLimitSec ?? 30,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        questionIds.push(row.id);
      }
      const instance = await tx
        .insertInto('engagementInstances')
        .values({
          eventId: event.id,
          toolId: t.id,
          sessionId: live.id,
          status: 'OPEN',
          openedAt: now,
          createdBy: admin?.userId ?? null,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await demoAnswers(
        tx,
        event.id,
        instance.id,
        tool,
        questionIds,
        respondents.map((r) => r.id),
        moderator?.id,
      );
    }
  });
}

async function demoAnswers(
  tx: Db,
  eventId: string,
  instanceId: string,
  tool: DemoTool,
  questionIds: string[],
  respondents: string[],
  moderatorId: string | undefined,
): Promise<void> {
  const now = new Date();
  if (tool.key === 'poll') {
    const votes = ['great', 'good', 'great', 'okay', 'great', 'good'];
    const rows = respondents.map((participantId, i) => ({
      instanceId,
      questionId: questionIds[0]!,
      eventId,
      participantId,
      optionIds: JSON.stringify([votes[i % votes.length]!]),
      anonymous: true,
      updatedAt: now,
    }));
    if (rows.length > 0) await tx.insertInto('engagementAnswers').values(rows).execute();
  }
  if (tool.key === 'survey') {
    const rows = respondents.slice(0, 3).flatMap((participantId, i) => [
      { instanceId, questionId: questionIds[0]!, eventId, participantId, value: 5 - i, updatedAt: now },
      {
        instanceId,
        questionId: questionIds[1]!,
        eventId,
        participantId,
        optionIds: JSON.stringify(i === 1 ? ['content'] : ['speaker', 'discussion']),
        updatedAt: now,
      },
    ]);
    if (rows.length > 0) await tx.insertInto('engagementAnswers').values(rows).execute();
  }
  if (tool.key === 'qa') {
    for (const [i, q] of QA_QUESTIONS.entries()) {
      const asker = respondents[i];
      if (!asker) break;
      const upvoters = respondents.filter((p) => p !== asker).slice(0, q.upvotes);
      const row = await tx
        .insertInto('qaQuestions')
        .values({
          instanceId,
          eventId,
          participantId: asker,
          text: q.text,
          anonymous: q.anonymous,
          status: q.status,
          upvoteCount: upvoters.length,
          updatedAt: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      if (upvoters.length > 0)
        await tx
          .insertInto('qaUpvotes')
          .values(upvoters.map((participantId) => ({ questionId: row.id, participantId })))
          .execute();
      if (q.status === 'APPROVED')
        await tx
          .insertInto('moderationDecisions')
          .values({
            questionId: row.id,
            instanceId,
            eventId,
            action: 'APPROVE',
            byUserId: moderatorId ?? null,
          })
          .execute();
    }
  }
}
