import type { TestContext } from '../../../test/harness.js';

/**
 * A Q&A tool attached to `sessionId` with one instance (OPEN unless told), written straight to the
 * database so the Q&A tests do not depend on the tool routes. Answers the tool and instance ids.
 */
export async function qaInstance(
  t: TestContext,
  eventId: string,
  sessionId: string,
  opts: {
    moderated?: boolean;
    anonymity?: 'ANONYMOUS' | 'NOT_ANONYMOUS' | 'ALLOW_ANONYMOUS';
    qaSort?: 'NEWEST_FIRST' | 'NEWEST_LAST' | 'MOST_VOTED';
    status?: 'OPEN' | 'CLOSED' | 'SCHEDULED';
    type?: 'QA' | 'POLL';
    name?: string;
  } = {},
): Promise<{ toolId: string; instanceId: string }> {
  const { db } = t.deps;
  const tool = await db
    .insertInto('engagementTools')
    .values({
      eventId,
      type: opts.type ?? 'QA',
      name: opts.name ?? 'Ask the speaker',
      anonymity: opts.anonymity ?? 'ALLOW_ANONYMOUS',
      settings: JSON.stringify({ moderated: opts.moderated ?? false, qaSort: opts.qaSort ?? 'MOST_VOTED' }),
      updatedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('engagementToolSessions').values({ toolId: tool.id, sessionId, eventId }).execute();
  const instance = await db
    .insertInto('engagementInstances')
    .values({ toolId: tool.id, sessionId, eventId, status: opts.status ?? 'OPEN', updatedAt: new Date() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { toolId: tool.id, instanceId: instance.id };
}
