import { MEETING_EMAIL, meetingTimeSlotText, instantToWallClock } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { eventEmailBrand, renderEmail } from '../../platform/email/index.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import { meetingNotice } from './meetings.repo.js';

export type MailDeps = Pick<AppDeps, 'mail' | 'config' | 'brands'>;

/**
 * Inside the transaction that booked a meeting (accepted, or booked by staff): one e-mail to each of
 * the two people, saying with whom, when (in the event's zone) and where. Queued in `tx`, so a
 * rolled-back booking sends nothing; the caller wakes the outbox after the commit.
 */
export async function queueBookedMails(
  deps: MailDeps,
  tx: Db,
  host: string,
  meetingId: string,
): Promise<void> {
  const n = await meetingNotice(tx, meetingId);
  const day = instantToWallClock(n.startsAt, n.timezone).date;
  const when = `${day}, ${meetingTimeSlotText(n.startsAt, n.endsAt, n.timezone)} (${n.timezone})`;
  const people = [
    {
      userId: n.requesterUserId,
      email: n.requesterEmail,
      firstName: n.requesterFirstName,
      other: n.inviteeName,
    },
    { userId: n.inviteeUserId, email: n.inviteeEmail, firstName: n.inviteeFirstName, other: n.requesterName },
  ];
  for (const p of people) {
    const origin = await linkOrigin({ ...deps, db: tx }, host.replace(/^cms\./i, ''), p.userId);
    const brand = await eventEmailBrand({ ...deps, db: tx }, n.eventId, origin);
    await deps.mail.enqueue(tx, {
      eventId: n.eventId,
      ...renderEmail(p.email, brand, {
        subject: MEETING_EMAIL.subject(n.eventName),
        preview: MEETING_EMAIL.preview(p.other, when),
        greeting: MEETING_EMAIL.greeting(p.firstName),
        paragraphs: [
          MEETING_EMAIL.body(p.other, when, n.eventName),
          ...(n.meetingPoint ? [MEETING_EMAIL.where(n.meetingPoint)] : []),
        ],
        action: { label: MEETING_EMAIL.action, url: `${origin}/event/${n.eventId}/meetings` },
        reason: MEETING_EMAIL.reason,
      }),
    });
  }
}
