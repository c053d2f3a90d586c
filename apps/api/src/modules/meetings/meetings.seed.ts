import { deriveSlots, eventDays, windowBounds } from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import { holdSlot, insertMeeting, setAvailable } from './meetings.repo.js';
import { eventAdminOf, eventTimes, insertWindow, windowsOf } from './windows.repo.js';

const POINTS = ['Table 1', 'Table 2', 'Table 3', 'Table 4', 'Lounge A', 'Lounge B'];

/**
 * Demo meetings (the development seed): on every day of the event two windows (10:00–12:00 and
 * 14:00–17:00, 30-minute meetings, six tables); the demo participant and a dozen others available;
 * the demo participant has one booked meeting on the last day and a request to answer; a few other
 * pairs have met. Does nothing when the event has windows already.
 */
export async function seedMeetings(
  db: Db,
  people: { eventId: string; me: string; others: string[] },
): Promise<void> {
  const { eventId, me, others } = people;
  if ((await windowsOf(db, eventId)).length > 0 || others.length < 8) return;
  await db.transaction().execute(async (tx) => {
    const event = await eventTimes(tx, eventId);
    const createdBy = await eventAdminOf(tx, eventId);
    const zone = event.timezone;
    const { first, last } = eventDays(event);
    const days: string[] = [];
    for (
      let d = new Date(`${first}T12:00:00Z`);
      d.toISOString().slice(0, 10) <= last;
      d.setUTCDate(d.getUTCDate() + 1)
    )
      days.push(d.toISOString().slice(0, 10));
    const windows: Array<{ id: string; day: string; startTime: string; endTime: string }> = [];
    for (const day of days)
      for (const [startTime, endTime] of [
        ['10:00 AM', '12:00 PM'],
        ['02:00 PM', '05:00 PM'],
      ] as const) {
        const { startAt, endAt } = windowBounds({ date: day, startTime, endTime }, zone);
        const id = await insertWindow(tx, eventId, createdBy, {
          day,
          startTime,
          endTime,
          startsAt: startAt,
          endsAt: endAt,
          slotMinutes: 30,
          meetingPoints: POINTS,
          bookableBy: { type: 'EVERYONE', labelIds: [] },
        });
        windows.push({ id, day, startTime, endTime });
      }
    for (const p of [me, ...others.slice(0, 12)]) await setAvailable(tx, eventId, p, true);

    const slotOf = (w: (typeof windows)[number], i: number) => {
      const s = deriveSlots(
        { date: w.day, startTime: w.startTime, endTime: w.endTime, slotMinutes: 30 },
        zone,
      )[i]!;
      return { startsAt: new Date(s.startAt), endsAt: new Date(s.endAt) };
    };
    const lastMorning = windows.find((w) => w.day === last && w.startTime === '10:00 AM')!;
    const lastAfternoon = windows.find((w) => w.day === last && w.startTime === '02:00 PM')!;
    const book = async (
      w: (typeof windows)[number],
      i: number,
      requesterId: string,
      inviteeId: string,
      status: 'ACCEPTED' | 'PENDING',
      meetingPoint: string | null,
      message: string,
    ) => {
      const slot = slotOf(w, i);
      const id = await insertMeeting(tx, {
        eventId,
        windowId: w.id,
        requesterId,
        inviteeId,
        awaitingId: status === 'PENDING' ? inviteeId : null,
        ...slot,
        message,
        status,
        bookedBy: 'PARTICIPANT',
        meetingPoint,
      });
      await holdSlot(tx, eventId, id, slot.startsAt, [requesterId, inviteeId]);
    };
    await book(
      lastMorning,
      1,
      others[0]!,
      me,
      'ACCEPTED',
      'Table 1',
      'Would love to compare notes on hybrid formats.',
    );
    await book(lastAfternoon, 0, others[1]!, me, 'PENDING', null, 'Quick chat about sponsorship packages?');
    await book(lastMorning, 1, others[2]!, others[3]!, 'ACCEPTED', 'Table 2', '');
    await book(
      lastMorning,
      2,
      others[4]!,
      others[5]!,
      'ACCEPTED',
      'Table 1',
      'Coffee and the venue shortlist.',
    );
    await book(lastAfternoon, 3, others[6]!, others[7]!, 'PENDING', null, '');
  });
}
