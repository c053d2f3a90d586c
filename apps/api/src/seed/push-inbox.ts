import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { DEMO_PARTICIPANT_EMAIL } from './engagement.js';
import { inboxSeedTarget, insertSeedInboxItem } from './push-inbox.repo.js';

/**
 * Demo inbox (issue 14, push and inbox part): the demo participant has two earlier reminders (read)
 * and a welcome from the organisers (unread), so the inbox and the header badge show something.
 * Campaign messages are seeded by the campaigns part. Runs once.
 */
export async function seedInbox({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const target = await inboxSeedTarget(db, DEMO_EVENT_NAME, DEMO_PARTICIPANT_EMAIL);
  if (!target || target.hasItems) return;
  const { eventId, participantId } = target;
  const now = Date.now();
  const minutesAgo = (m: number) => new Date(Math.floor((now - m * 60_000) / 1000) * 1000);
  await db.transaction().execute(async (tx) => {
    await insertSeedInboxItem(tx, {
      eventId,
      participantId,
      title: 'Opening keynote',
      body: 'Starts in 10 minutes',
      url: `/event/${eventId}/agenda`,
      createdAt: minutesAgo(190),
      readAt: minutesAgo(185),
    });
    await insertSeedInboxItem(tx, {
      eventId,
      participantId,
      title: 'Meeting with Lukas Becker',
      body: 'Starts in 10 minutes',
      url: `/event/${eventId}/meetings`,
      createdAt: minutesAgo(70),
      readAt: minutesAgo(65),
    });
    await insertSeedInboxItem(tx, {
      eventId,
      participantId,
      title: 'Welcome to Northwind Summit',
      body: 'Turn on notifications in your inbox to get reminders before your sessions and meetings, even when the app is closed.',
      url: `/event/${eventId}/inbox`,
      createdAt: minutesAgo(5),
      readAt: null,
    });
  });
}
