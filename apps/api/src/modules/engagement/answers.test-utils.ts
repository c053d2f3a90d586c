import { randomUUID } from 'node:crypto';
import type { TestContext } from '../../../test/harness.js';
import { client, session, type Client, type Tenant } from '../agenda/agenda.test-utils.js';
import { createUsers, SYSTEM_ACTOR } from '../../platform/users.repo.js';

/**
 * Fixtures for the answers, results, quiz and reports tests: tools, questions and instances are
 * written straight to their tables (the tools module's routes are tested on their own), sessions
 * through the agenda's API, participants in bulk.
 */
export type { Client, Tenant };
export { client };

export interface QuestionSpec {
  type: 'TEXTBOX' | 'RADIOBOX' | 'CHECKBOX' | 'LINEAR_SCALE' | 'TEXT_FIELD';
  text?: string;
  required?: boolean;
  options?: string[];
  scaleMax?: number;
  /** Quiz: labels of the correct options. */
  correct?: string[];
  points?: number;
  timeLimitSec?: number;
}

export interface ToolSpec {
  type: 'POLL' | 'SURVEY' | 'QUIZ' | 'QA' | 'DOCUMENT';
  name?: string;
  anonymity?: 'ANONYMOUS' | 'NOT_ANONYMOUS' | 'ALLOW_ANONYMOUS';
  settings?: Record<string, unknown>;
  questions?: QuestionSpec[];
}

export interface Fixture {
  eventId: string;
  sessionId: string;
  toolId: string;
  instanceId: string;
  questions: { id: string; options: { id: string; label: string }[] }[];
  /** Option id by label of question `q`. */
  option(q: number, label: string): string;
}

let n = 0;

/** A tool on a new session of the tenant's event with one instance (OPEN unless told). */
export async function toolFixture(
  t: TestContext,
  tenant: Tenant,
  spec: ToolSpec,
  instanceStatus: 'OPEN' | 'CLOSED' = 'OPEN',
): Promise<Fixture> {
  const db = t.deps.db;
  const eventId = tenant.event.id;
  const admin = client(t, tenant.tokens.eventAdmin, eventId);
  const s = await session(admin, { name: `Engagement session ${++n}` });
  const tool = await db
    .insertInto('engagementTools')
    .values({
      eventId,
      type: spec.type,
      name: spec.name ?? `${spec.type} ${n}`,
      anonymity: spec.anonymity ?? 'NOT_ANONYMOUS',
      settings: JSON.stringify(spec.settings ?? {}),
      createdBy: tenant.users.eventAdmin.id,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const questions: Fixture['questions'] = [];
  for (const [position, q] of (spec.questions ?? []).entries()) {
    const options = (q.options ?? []).map((label, i) => ({
      id: `o${i + 1}-${randomUUID().slice(0, 6)}`,
      label,
    }));
    const row = await db
      .insertInto('engagementQuestions')
      .values({
        toolId: tool.id,
        eventId,
        position,
        type: q.type,
        text: q.text ?? `Question ${position + 1}`,
        required: q.required ?? false,
        options: JSON.stringify(options),
        scaleMax: q.scaleMax ?? null,
        correctOptionIds: JSON.stringify(
          options.filter((o) => q.correct?.includes(o.label)).map((o) => o.id),
        ),
        ...(q.points === undefined ? {} : { points: q.points }),
        ...(q.timeLimitSec === undefined ? {} : { timeLimitSec: q.timeLimitSec }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    questions.push({ id: row.id, options });
  }
  await db
    .insertInto('engagementToolSessions')
    .values({ toolId: tool.id, sessionId: s.id, eventId })
    .execute();
  const instanceId = await addInstance(t, { eventId, toolId: tool.id, sessionId: s.id }, instanceStatus);
  return {
    eventId,
    sessionId: s.id,
    toolId: tool.id,
    instanceId,
    questions,
    option: (q, label) => {
      const o = questions[q]!.options.find((x) => x.label === label);
      if (!o) throw new Error(`no option ${label}`);
      return o.id;
    },
  };
}

/** Another instance of the fixture's tool in its session. */
export async function addInstance(
  t: TestContext,
  f: { eventId: string; toolId: string; sessionId: string },
  status: 'OPEN' | 'CLOSED' = 'OPEN',
): Promise<string> {
  const row = await t.deps.db
    .insertInto('engagementInstances')
    .values({
      toolId: f.toolId,
      sessionId: f.sessionId,
      eventId: f.eventId,
      status,
      openedAt: status === 'OPEN' ? new Date() : null,
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setStatus(t: TestContext, instanceId: string, status: 'OPEN' | 'CLOSED') {
  await t.deps.db.updateTable('engagementInstances').set({ status }).where('id', '=', instanceId).execute();
}

export interface Player {
  token: string;
  participantId: string;
  userId: string;
  name: string;
  email: string;
}

/** `count` participants of the event: users and participants each in one statement, then their tokens. */
export async function players(t: TestContext, eventId: string, count: number): Promise<Player[]> {
  const db = t.deps.db;
  const tag = randomUUID().slice(0, 8);
  const user = await t.f.user();
  const hash = (
    await db.selectFrom('users').select('passwordHash').where('id', '=', user.id).executeTakeFirstOrThrow()
  ).passwordHash;
  const created = await createUsers(
    db,
    SYSTEM_ACTOR,
    Array.from({ length: count }, (_, i) => ({
      email: `player-${tag}-${i}@example.com`,
      firstName: 'Player',
      lastName: `${tag} ${i}`,
      passwordHash: hash,
      emailVerifiedAt: new Date(),
    })),
  );
  // Names back from the e-mail (`player-<tag>-<i>@…`): RETURNING's order is not promised.
  const users = created.map((u) => ({
    ...u,
    firstName: 'Player',
    lastName: `${tag} ${u.email.split('@')[0]!.split('-').at(-1)}`,
  }));
  const parts = await db
    .insertInto('participants')
    .values(users.map((u) => ({ eventId, userId: u.id, updatedAt: new Date() })))
    .returning(['id', 'userId'])
    .execute();
  const idOf = new Map(parts.map((p) => [p.userId, p.id]));
  const out: Player[] = [];
  for (const u of users)
    out.push({
      token: await t.f.token(u.id, 'event'),
      participantId: idOf.get(u.id)!,
      userId: u.id,
      name: `${u.firstName} ${u.lastName}`,
      email: u.email,
    });
  return out;
}

/** POST …/engagement/instances/{id}/answers as `token`. */
export const vote = (
  t: TestContext,
  token: string,
  f: Pick<Fixture, 'eventId' | 'instanceId'>,
  body: unknown,
) =>
  t.as(token, {
    method: 'POST',
    url: `/api/v1/events/${f.eventId}/engagement/instances/${f.instanceId}/answers`,
    payload: body as object,
  });
