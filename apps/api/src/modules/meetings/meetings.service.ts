import {
  DEFAULT_MEETING_REQUEST_QUOTA,
  deriveSlots,
  eventDays,
  MEETING_MESSAGES,
  MESSAGES,
  meetingTimeSlotText,
  windowBounds,
  windowTimeIssues,
  type Availability,
  type BookMeeting,
  type CreateMeetingWindow,
  type Meeting,
  type MeetingSettings,
  type MeetingWindow,
  type MyMeetings,
  type OfferedSlot,
  type UpdateMeetingWindow,
} from '@plenary/domain';
import type { Db } from '../../platform/db/index.js';
import type { AppDeps } from '../../platform/deps.js';
import { publish } from '../../platform/domain-events.js';
import { conflict, forbidden, notFound, tooManyRequests } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { rooms } from '../../platform/realtime.js';
import { participantIdOfUser } from '../attendees/index.js';
import { queueBookedMails, type MailDeps } from './meetings.mail.js';
import * as repo from './meetings.repo.js';
import * as windows from './windows.repo.js';

export type MeetingDeps = Pick<AppDeps, 'db' | 'realtime'> & MailDeps;

const isUniqueViolation = (e: unknown) => (e as { code?: unknown } | null)?.code === '23505';

/** The caller's participant id in the event; staff who are not participants: 403. */
export async function participantOf(db: Db, access: EventAccess): Promise<string> {
  const id = await participantIdOfUser(db, access.event.id, access.ctx.principal.userId);
  if (!id) throw forbidden(MESSAGES.forbidden);
  return id;
}

async function tellParties(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  eventId: string,
  meetingId: string,
  status: Meeting['status'],
) {
  for (const userId of await repo.partyUserIds(deps.db, meetingId))
    deps.realtime.emit(rooms.user(userId), 'meetings.changed', { eventId, meetingId, status });
}

// ── windows ────────────────────────────────────────────────────────────────

async function checkWindow(
  db: Db,
  eventId: string,
  w: Required<Omit<CreateMeetingWindow, 'meetingPoints' | 'bookableBy'>> & {
    meetingPoints: string[];
    bookableBy: { type: 'EVERYONE' | 'LABELS'; labelIds: string[] };
  },
  exceptId?: string,
): Promise<windows.WindowValues> {
  const issues = windowTimeIssues(w);
  if (issues.length) throw fieldsError(Object.fromEntries(issues.map((i) => [i.path, i.message])));
  const event = await windows.eventTimes(db, eventId);
  const days = eventDays(event);
  if (w.date < days.first || w.date > days.last) throw fieldsError({ date: MEETING_MESSAGES.outsideEvent });
  const bookableBy = {
    type: w.bookableBy.type,
    labelIds: w.bookableBy.type === 'LABELS' ? [...new Set(w.bookableBy.labelIds)] : [],
  };
  if (bookableBy.type === 'LABELS' && bookableBy.labelIds.length === 0)
    throw fieldsError({ 'bookableBy.labelIds': MESSAGES.pleaseSelectValue });
  const foreign = await windows.foreignLabels(db, eventId, bookableBy.labelIds);
  if (foreign.length)
    throw fieldsError({
      [`bookableBy.labelIds.${bookableBy.labelIds.indexOf(foreign[0]!)}`]: MESSAGES.pleaseSelectValue,
    });
  const { startAt, endAt } = windowBounds(w, event.timezone);
  if (deriveSlots(w, event.timezone).length === 0)
    throw fieldsError({ slotMinutes: MEETING_MESSAGES.tooShort });
  if (await windows.overlapping(db, eventId, startAt, endAt, exceptId))
    throw fieldsError({ startTime: MEETING_MESSAGES.overlap });
  return {
    day: w.date,
    startTime: w.startTime,
    endTime: w.endTime,
    startsAt: startAt,
    endsAt: endAt,
    slotMinutes: w.slotMinutes,
    meetingPoints: w.meetingPoints,
    bookableBy,
  };
}

async function windowRecord(db: Db, eventId: string, id: string): Promise<MeetingWindow> {
  const record = await windows.windowList.byId(db, eventId, id);
  if (!record) throw notFound();
  return record;
}

export async function createWindow(
  db: Db,
  access: EventAccess,
  body: CreateMeetingWindow,
): Promise<MeetingWindow> {
  const eventId = access.event.id;
  const id = await db.transaction().execute(async (tx) => {
    const values = await checkWindow(tx, eventId, {
      date: body.date,
      startTime: body.startTime,
      endTime: body.endTime,
      slotMinutes: body.slotMinutes,
      meetingPoints: body.meetingPoints ?? [],
      bookableBy: { type: body.bookableBy?.type ?? 'EVERYONE', labelIds: body.bookableBy?.labelIds ?? [] },
    });
    return windows.insertWindow(tx, eventId, access.ctx.actorId, values);
  });
  return windowRecord(db, eventId, id);
}

export async function updateWindow(
  db: Db,
  access: EventAccess,
  id: string,
  body: UpdateMeetingWindow,
): Promise<MeetingWindow> {
  const eventId = access.event.id;
  await db.transaction().execute(async (tx) => {
    if (!(await windows.lockWindow(tx, eventId, id))) throw notFound();
    const current = (await windows.findWindow(tx, eventId, id))!;
    const next = {
      date: body.date ?? current.date,
      startTime: body.startTime ?? current.startTime,
      endTime: body.endTime ?? current.endTime,
      slotMinutes: body.slotMinutes ?? current.slotMinutes,
      meetingPoints: body.meetingPoints ?? current.meetingPoints,
      bookableBy: body.bookableBy
        ? { type: body.bookableBy.type, labelIds: body.bookableBy.labelIds ?? [] }
        : current.bookableBy,
    };
    const timesChange =
      next.date !== current.date ||
      next.startTime !== current.startTime ||
      next.endTime !== current.endTime ||
      next.slotMinutes !== current.slotMinutes;
    if (timesChange && (await windows.activeMeetingCount(tx, id)) > 0)
      throw conflict(MEETING_MESSAGES.hasMeetings);
    await windows.updateWindow(tx, id, await checkWindow(tx, eventId, next, id));
  });
  return windowRecord(db, eventId, id);
}

export async function deleteWindow(db: Db, access: EventAccess, id: string): Promise<void> {
  if (!(await windows.deleteWindow(db, access.event.id, id))) throw notFound();
}

// ── settings and availability ──────────────────────────────────────────────

export async function settings(db: Db, eventId: string): Promise<MeetingSettings> {
  return { requestQuota: (await windows.quotaOf(db, eventId)) ?? DEFAULT_MEETING_REQUEST_QUOTA };
}

export async function saveSettings(
  db: Db,
  access: EventAccess,
  body: MeetingSettings,
): Promise<MeetingSettings> {
  await windows.saveQuota(db, access.event.id, body.requestQuota, access.ctx.actorId);
  return settings(db, access.event.id);
}

export async function availability(db: Db, access: EventAccess): Promise<Availability> {
  const me = await participantOf(db, access);
  return { available: await repo.isAvailable(db, access.event.id, me) };
}

export async function setAvailability(
  db: Db,
  access: EventAccess,
  body: Availability,
): Promise<Availability> {
  const me = await participantOf(db, access);
  await repo.setAvailable(db, access.event.id, me, body.available);
  return body;
}

// ── slots ──────────────────────────────────────────────────────────────────

interface SlotRef {
  window: windows.WindowRow;
  startsAt: Date;
  endsAt: Date;
}

/** The slot starting at `startAt` (a slot of a window of the event), or 400 on `field`. */
async function slotAt(db: Db, eventId: string, startAt: string, field = 'startAt'): Promise<SlotRef> {
  const at = new Date(startAt);
  const window = await windows.windowAt(db, eventId, at);
  const slot =
    window &&
    deriveSlots(window, window.timezone).find((s) => new Date(s.startAt).getTime() === at.getTime());
  if (!window || !slot) throw fieldsError({ [field]: MEETING_MESSAGES.notASlot });
  if (at.getTime() <= Date.now()) throw fieldsError({ [field]: MEETING_MESSAGES.past });
  return { window, startsAt: at, endsAt: new Date(slot.endAt) };
}

async function mayBook(db: Db, window: windows.WindowRow, participantId: string): Promise<boolean> {
  if (window.bookableBy.type === 'EVERYONE') return true;
  const mine = await repo.labelIdsOf(db, participantId);
  return window.bookableBy.labelIds.some((id) => mine.has(id));
}

/** Every slot of the event's windows (those `me` may book in, when given); free when no one of `people` holds it and it has not started. */
async function slotsFor(
  db: Db,
  eventId: string,
  people: string[],
  me: string | undefined,
): Promise<{ timezone: string; slots: OfferedSlot[] }> {
  const held = await repo.heldStarts(db, eventId, people);
  const { timezone } = await windows.eventTimes(db, eventId);
  const now = Date.now();
  const slots: OfferedSlot[] = [];
  for (const w of await windows.windowsOf(db, eventId)) {
    if (me !== undefined && !(await mayBook(db, w, me))) continue;
    for (const s of deriveSlots(w, w.timezone)) {
      const start = new Date(s.startAt).getTime();
      slots.push({
        windowId: w.id,
        date: w.date,
        startAt: s.startAt,
        endAt: s.endAt,
        timeSlot: meetingTimeSlotText(s.startAt, s.endAt, w.timezone),
        free: start > now && !held.has(start),
      });
    }
  }
  return { timezone, slots };
}

/** Slots of the windows the caller may book in; `free` when neither they nor `participantId` hold it and it has not started. */
export async function offeredSlots(
  db: Db,
  access: EventAccess,
  participantId: string | undefined,
): Promise<{ timezone: string; slots: OfferedSlot[] }> {
  const me = await participantOf(db, access);
  const eventId = access.event.id;
  if (participantId !== undefined) {
    const other = await repo.participantRow(db, eventId, participantId);
    if (!other || other.profileHidden) throw notFound();
  }
  return slotsFor(db, eventId, participantId ? [me, participantId] : [me], me);
}

/** Staff booking: every slot, free when none of the given participants of the event holds it. */
export async function staffSlots(
  db: Db,
  access: EventAccess,
  participantIds: string[],
): Promise<{ timezone: string; slots: OfferedSlot[] }> {
  for (const [i, id] of participantIds.entries())
    if (!(await repo.participantRow(db, access.event.id, id)))
      throw fieldsError({ [`participantId.${i}`]: MESSAGES.pleaseSelectValue });
  return slotsFor(db, access.event.id, participantIds, undefined);
}

// ── meetings ───────────────────────────────────────────────────────────────

async function meetingOrThrow(db: Db, eventId: string, id: string): Promise<Meeting> {
  const m = await repo.findMeeting(db, eventId, id);
  if (!m) throw notFound();
  return m;
}

async function hold(
  tx: Db,
  eventId: string,
  meetingId: string,
  startsAt: Date,
  people: readonly [string, string],
) {
  try {
    await repo.holdSlot(tx, eventId, meetingId, startsAt, people);
  } catch (e) {
    if (isUniqueViolation(e))
      throw conflict(MEETING_MESSAGES.slotTaken, { startAt: MEETING_MESSAGES.slotTaken });
    throw e;
  }
}

/** The first meeting point of the window no accepted meeting of the slot has; null when it has none. */
async function freePoint(tx: Db, slot: SlotRef): Promise<string | null> {
  if (slot.window.meetingPoints.length === 0) return null;
  const taken = await repo.takenPoints(tx, slot.window.id, slot.startsAt);
  const point = slot.window.meetingPoints.find((p) => !taken.has(p));
  if (point === undefined) throw conflict(MEETING_MESSAGES.noPointFree);
  return point;
}

export async function myMeetings(db: Db, access: EventAccess): Promise<MyMeetings> {
  const me = await participantOf(db, access);
  const { timezone } = await windows.eventTimes(db, access.event.id);
  return { participantId: me, timezone, meetings: await repo.meetingsOf(db, access.event.id, me) };
}

export async function requestMeeting(
  deps: MeetingDeps,
  access: EventAccess,
  body: { inviteeId: string; startAt: string; message: string },
): Promise<Meeting> {
  const { db } = deps;
  const eventId = access.event.id;
  const me = await participantOf(db, access);
  if (body.inviteeId === me) throw fieldsError({ inviteeId: MEETING_MESSAGES.self });
  const id = await db.transaction().execute(async (tx) => {
    // Locking the requester's row serialises their requests, so the quota holds under races.
    await repo.participantRow(tx, eventId, me, true);
    const invitee = await repo.participantRow(tx, eventId, body.inviteeId);
    if (!invitee || invitee.profileHidden) throw notFound();
    if (!invitee.available) throw conflict(MEETING_MESSAGES.notAvailable);
    const slot = await slotAt(tx, eventId, body.startAt);
    if (!(await mayBook(tx, slot.window, me))) throw forbidden(MEETING_MESSAGES.notBookable);
    const quota = (await windows.quotaOf(tx, eventId)) ?? DEFAULT_MEETING_REQUEST_QUOTA;
    if ((await repo.pendingSentCount(tx, me)) >= quota) throw tooManyRequests(MEETING_MESSAGES.quota(quota));
    const meetingId = await repo.insertMeeting(tx, {
      eventId,
      windowId: slot.window.id,
      requesterId: me,
      inviteeId: invitee.id,
      awaitingId: invitee.id,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      message: body.message,
      status: 'PENDING',
      bookedBy: 'PARTICIPANT',
      meetingPoint: null,
    });
    await hold(tx, eventId, meetingId, slot.startsAt, [me, invitee.id]);
    return meetingId;
  });
  await tellParties(deps, eventId, id, 'PENDING');
  return meetingOrThrow(db, eventId, id);
}

type Answer =
  | { kind: 'accept' }
  | { kind: 'decline' }
  | { kind: 'cancel' }
  | { kind: 'propose'; startAt: string; message?: string | undefined };

/** A party's answer or change: accept, decline, propose another slot (pending, their turn) or cancel. */
export async function answerMeeting(
  deps: MeetingDeps,
  access: EventAccess,
  meetingId: string,
  answer: Answer,
): Promise<Meeting> {
  const { db } = deps;
  const eventId = access.event.id;
  const me = await participantOf(db, access);
  let booked = false;
  const status = await db.transaction().execute(async (tx) => {
    const m = await repo.lockMeeting(tx, eventId, meetingId);
    if (!m || (m.requesterId !== me && m.inviteeId !== me)) throw notFound();
    if (answer.kind === 'cancel') {
      if (m.status !== 'PENDING' && m.status !== 'ACCEPTED') throw conflict(MEETING_MESSAGES.notPending);
      await repo.setMeeting(tx, m.id, { status: 'CANCELLED', awaitingId: null });
      await repo.releaseSlot(tx, m.id);
      return 'CANCELLED' as const;
    }
    if (m.status !== 'PENDING') throw conflict(MEETING_MESSAGES.notPending);
    if (m.awaitingId !== me) throw conflict(MEETING_MESSAGES.notYourTurn);
    const other = m.requesterId === me ? m.inviteeId : m.requesterId;
    if (answer.kind === 'decline') {
      await repo.setMeeting(tx, m.id, { status: 'DECLINED', awaitingId: null });
      await repo.releaseSlot(tx, m.id);
      return 'DECLINED' as const;
    }
    if (answer.kind === 'propose') {
      const slot = await slotAt(tx, eventId, answer.startAt);
      if (!(await mayBook(tx, slot.window, me))) throw forbidden(MEETING_MESSAGES.notBookable);
      await repo.releaseSlot(tx, m.id);
      await hold(tx, eventId, m.id, slot.startsAt, [me, other]);
      await repo.setMeeting(tx, m.id, {
        windowId: slot.window.id,
        startsAt: slot.startsAt,
        endsAt: slot.endsAt,
        awaitingId: other,
        ...(answer.message !== undefined ? { message: answer.message } : {}),
      });
      return 'PENDING' as const;
    }
    const window = (await windows.findWindow(tx, eventId, m.windowId))!;
    const point = await freePoint(tx, { window, startsAt: m.startsAt, endsAt: m.endsAt });
    await repo.setMeeting(tx, m.id, { status: 'ACCEPTED', awaitingId: null, meetingPoint: point });
    await publish(tx, {
      name: 'meeting.booked',
      payload: {
        eventId,
        meetingId: m.id,
        requesterId: m.requesterId,
        inviteeId: m.inviteeId,
        startsAt: m.startsAt.toISOString(),
        by: 'PARTICIPANT',
      },
    });
    await queueBookedMails(deps, tx, access.ctx.host, m.id);
    booked = true;
    return 'ACCEPTED' as const;
  });
  if (booked) deps.mail.wake();
  await tellParties(deps, eventId, meetingId, status);
  return meetingOrThrow(db, eventId, meetingId);
}

/** Staff book a meeting for two people: accepted at once (availability not needed; hidden profiles not). */
export async function bookMeeting(
  deps: MeetingDeps,
  access: EventAccess,
  body: BookMeeting,
): Promise<Meeting> {
  const { db } = deps;
  const eventId = access.event.id;
  const id = await db.transaction().execute(async (tx) => {
    const people: [string, string] = [body.requesterId, body.inviteeId];
    for (const [field, pid] of [
      ['requesterId', body.requesterId],
      ['inviteeId', body.inviteeId],
    ] as const) {
      const p = await repo.participantRow(tx, eventId, pid);
      if (!p) throw fieldsError({ [field]: MESSAGES.pleaseSelectValue });
      if (p.profileHidden) throw fieldsError({ [field]: MEETING_MESSAGES.notAvailable });
    }
    const slot = await slotAt(tx, eventId, body.startAt);
    const point = await freePoint(tx, slot);
    const meetingId = await repo.insertMeeting(tx, {
      eventId,
      windowId: slot.window.id,
      requesterId: body.requesterId,
      inviteeId: body.inviteeId,
      awaitingId: null,
      startsAt: slot.startsAt,
      endsAt: slot.endsAt,
      message: body.message ?? '',
      status: 'ACCEPTED',
      bookedBy: 'ADMIN',
      meetingPoint: point,
    });
    await hold(tx, eventId, meetingId, slot.startsAt, people);
    await publish(tx, {
      name: 'meeting.booked',
      payload: {
        eventId,
        meetingId,
        requesterId: body.requesterId,
        inviteeId: body.inviteeId,
        startsAt: slot.startsAt.toISOString(),
        by: 'ADMIN',
      },
    });
    await queueBookedMails(deps, tx, access.ctx.host, meetingId);
    return meetingId;
  });
  deps.mail.wake();
  await tellParties(deps, eventId, id, 'ACCEPTED');
  return meetingOrThrow(db, eventId, id);
}

/** Staff cancel a meeting (kept as CANCELLED; its slot is free again for both). */
export async function cancelByStaff(
  deps: MeetingDeps,
  access: EventAccess,
  meetingId: string,
): Promise<void> {
  const eventId = access.event.id;
  await deps.db.transaction().execute(async (tx) => {
    const m = await repo.lockMeeting(tx, eventId, meetingId);
    if (!m) throw notFound();
    if (m.status === 'PENDING' || m.status === 'ACCEPTED') {
      await repo.setMeeting(tx, m.id, { status: 'CANCELLED', awaitingId: null });
      await repo.releaseSlot(tx, m.id);
    }
  });
  await tellParties(deps, eventId, meetingId, 'CANCELLED');
}
