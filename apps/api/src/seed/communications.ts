import { instantToWallClock, wallClockToInstant } from '@plenary/domain';
import type { AppDeps } from '../platform/deps.js';
import { DEMO_EVENT_NAME } from './agenda.js';
import { communicationsSeedTarget, insertScheduled, insertSentAnnouncement } from './communications.repo.js';

/**
 * Demo communications (issue 14, campaigns part): an announcement sent two hours ago to everyone
 * (push and e-mail, with its recipients and inbox items) and an e-mail scheduled for tomorrow at
 * 8 AM in the event's zone. Runs once (skipped when the event has communications).
 */
export async function seedCommunications({ db }: Pick<AppDeps, 'db'>): Promise<void> {
  const target = await communicationsSeedTarget(db, DEMO_EVENT_NAME, 'event.admin@northwind.example');
  if (!target) return;
  const { timezone } = target;
  const sentAt = new Date(Math.floor((Date.now() - 2 * 3_600_000) / 1000) * 1000);
  const tomorrow = new Date(Date.now() + 24 * 3_600_000);
  const local = instantToWallClock(tomorrow, timezone);
  const at = wallClockToInstant(local.date, '08:00 AM', timezone);
  await db.transaction().execute(async (tx) => {
    await insertSentAnnouncement(tx, {
      ...target,
      subject: 'Welcome to {eventName}, {firstName}',
      body: 'Registration opens at 8:30 in the main hall. Share your first impressions in the activity feed!',
      sentAt,
    });
    await insertScheduled(tx, {
      eventId: target.eventId,
      adminId: target.adminId,
      subject: 'Day 2 starts soon',
      body: 'Hello {firstName}, doors open at 8:30. See you at {eventName}!',
      at,
      sendDate: local.date,
      sendTime: '08:00 AM',
    });
  });
}
