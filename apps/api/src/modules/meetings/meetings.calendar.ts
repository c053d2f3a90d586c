import ical from 'ical-generator';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import { findMeeting } from './meetings.repo.js';
import { participantOf } from './meetings.service.js';

/**
 * One accepted meeting of the caller as a calendar file (RFC 5545): a stable UID
 * (`meeting-<id>@<host>`), DTSTART/DTEND in UTC, "Meeting with <name>", the message, the meeting
 * point as LOCATION and the Meetings page as URL. Not a party, or not accepted: 404.
 */
export async function meetingCalendar(
  deps: { db: Db } & Pick<AppDeps, 'config' | 'brands'>,
  access: EventAccess,
  meetingId: string,
): Promise<string> {
  const me = await participantOf(deps.db, access);
  const m = await findMeeting(deps.db, access.event.id, meetingId);
  if (!m || (m.requester.participantId !== me && m.invitee.participantId !== me) || m.status !== 'ACCEPTED')
    throw notFound();
  const other = m.requester.participantId === me ? m.invitee : m.requester;
  const origin = await linkOrigin(deps, access.ctx.host.replace(/^cms\./i, ''), access.ctx.principal.userId);
  const cal = ical({
    name: access.event.name,
    prodId: { company: 'Plenary', product: 'Meetings', language: 'EN' },
  });
  cal.createEvent({
    id: `meeting-${m.id}@${new URL(origin).hostname}`,
    start: new Date(m.startAt),
    end: new Date(m.endAt),
    summary: `Meeting with ${other.userName}`,
    description: m.message,
    location: m.meetingPoint,
    url: `${origin}/event/${access.event.id}/meetings`,
  });
  return cal.toString();
}
