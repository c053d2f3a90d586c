import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.js';
import { demoEventAndAdmin } from './agenda.js';

const day = 24 * 60 * 60 * 1000;
/** Days before now on which the participants not in the file registered (the dashboard's chart). */
const LATER_REGISTRATIONS = [9, 7, 6, 4, 3, 2, 1, 0];
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
 * first start; the participants' registration dates follow it (the file's people, then a few
 * registrations a day up to today). The file itself was discarded after the import, as a finished
 * import's is. Runs once: an event that already has imports is left alone.
 */
export async function seedImports({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const event = await demoEventAndAdmin(db);
  if (!event) return;
  const already = await db
    .selectFrom('imports')
    .select('id')
    .where('eventId', '=', event.id)
    .executeTakeFirst();
  if (already) return;
  const rows = await db
    .selectFrom('participants')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('eventId', '=', event.id)
    .executeTakeFirstOrThrow();
  // Most people came with the file; the others registered in the days after it, a few each day.
  const total = Math.max(0, Number(rows.n) - LATER_REGISTRATIONS.length);
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
      createdBy: event.adminId,
      createdAt: at,
      updatedAt: minutes(3),
      verifiedAt: minutes(1),
      completedAt: minutes(3),
    })
    .execute();
  const people = await db
    .selectFrom('participants')
    .select('id')
    .where('eventId', '=', event.id)
    .orderBy('email')
    .execute();
  const now = Date.now();
  for (const [i, p] of people.entries()) {
    const later = LATER_REGISTRATIONS[i - total];
    const createdAt = later === undefined ? minutes(3) : new Date(now - later * day - (i % 5) * 3_600_000);
    // created_at is never updated by the app (its type forbids it): the seed back-dates it.
    await sql`UPDATE participants SET created_at = ${createdAt} WHERE id = ${p.id}`.execute(db);
  }
}
