import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';

const day = 24 * 60 * 60 * 1000;
const COLUMNS = [
  ['email', 'Email'],
  ['firstName', 'First name'],
  ['lastName', 'Last name'],
  ['company', 'Company'],
  ['jobTitle', 'Job title'],
] as const;

/**
 * The demo's import history (issue 11): the attendee list the event admin imported before the
 * event, completed, so Setup → Data import and the dashboard's recent imports are not empty on a
 * first start. The file itself was discarded after the import, as a finished import's is. Runs
 * once: an event that already has imports is left alone.
 */
export async function seedImports({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const event = await db
    .selectFrom('events')
    .select(['id', 'startAt'])
    .where('name', '=', DEMO_EVENT_NAME)
    .orderBy('createdAt')
    .executeTakeFirst();
  if (!event) return;
  const already = await db
    .selectFrom('imports')
    .select('id')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (already) return;
  const admin = await db
    .selectFrom('memberships')
    .select('userId')
    .where('scope', '=', 'event')
    .where('scopeId', '=', event.id)
    .where('role', '=', 'admin')
    .executeTakeFirst();
  const rows = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('eventId', '=', event.id)
    .executeTakeFirstOrThrow();
  const total = Number(rows.n);
  const at = new Date(event.startAt.getTime() - 12 * day);
  const minutes = (n: number) => new Date(at.getTime() + n * 60_000);
  await db
    .insertInto('imports')
    .values({
      eventId: event.id,
      tableName: 'User',
      fileName: 'northwind-summit-attendees.xlsx',
      fileType: 'xlsx',
      fileSize: 14_208,
      fileKey: null,
      status: 'COMPLETED',
      headers: JSON.stringify(COLUMNS.map(([, header]) => header)),
      mapping: JSON.stringify(COLUMNS),
      suggestedMapping: JSON.stringify(COLUMNS),
      phase: 'commit',
      progressDone: total,
      progressTotal: total,
      rowCount: total,
      validCount: total,
      createdCount: total,
      message: null,
      runId: null,
      createdBy: admin?.userId ?? null,
      createdAt: at,
      updatedAt: minutes(3),
      verifiedAt: minutes(1),
      completedAt: minutes(3),
    })
    .execute();
}
