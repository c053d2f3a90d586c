import {
  dayInZone,
  seatState,
  SESSION_TYPES,
  timeSlotText,
  UPCOMING_WINDOW_DAYS,
  wallClockToInstant,
  type SessionType,
  type SessionView,
  type agendaViewQuerySchema,
} from '@plenary/domain';
import type { z } from 'zod';
import type { Db } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { viewerFrom, type Viewer } from './audience.js';
import * as repo from './views.repo.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Looker {
  timezone: string;
  /** 'all': an admin or moderator who does not take part sees every published session, with no place. */
  viewer: Viewer | 'all';
}

/** Who looks at the agenda: 1 statement, 2 when the event has rule audiences. */
export async function lookerOf(db: Db, { event, ctx }: EventAccess): Promise<Looker> {
  const c = await repo.viewerContext(db, event.id, ctx.principal.userId);
  if (!c) throw notFound();
  if (!c.participantId) return { timezone: c.timezone, viewer: 'all' };
  return {
    timezone: c.timezone,
    viewer: await viewerFrom(db, event.id, {
      participantId: c.participantId,
      labelIds: c.labelIds,
      ruleSets: c.ruleSets,
    }),
  };
}

/** A row as the participant sees it: the virtual link only for those allowed (ENROLLED_ONLY: enrolled). */
export function toView(row: repo.ViewRow, timezone: string): SessionView {
  const { accessControl, virtualLink, ...r } = row;
  return {
    ...r,
    day: dayInZone(r.startAt, timezone),
    timeSlot: timeSlotText(r.startAt, r.endAt, timezone),
    virtualLink: accessControl === 'ENROLLED_ONLY' && r.myState !== 'ENROLLED' ? null : virtualLink,
    seatState: seatState(r.capacity, r.enrolledCount, r.waitlist),
  };
}

/** A session's view as JSON text, its lists spliced in as the database wrote them (views.repo AgendaRow). */
export function sessionViewJson(r: repo.AgendaRow, timezone: string): string {
  const head = JSON.stringify({
    id: r.id,
    name: r.name,
    description: r.description,
    type: r.type,
    startAt: r.startAt,
    endAt: r.endAt,
    day: dayInZone(r.startAt, timezone),
    timeSlot: timeSlotText(r.startAt, r.endAt, timezone),
    virtualLink: r.accessControl === 'ENROLLED_ONLY' && r.myState !== 'ENROLLED' ? null : r.virtualLink,
    breakout:
      r.breakoutId && r.breakoutName !== null
        ? { id: r.breakoutId, name: r.breakoutName, enrollable: r.breakoutEnrollable === true }
        : null,
    enrollable: r.enrollable,
    capacity: r.capacity,
    enrolledCount: r.enrolledCount,
    waitlist: r.waitlist,
    seatState: seatState(r.capacity, r.enrolledCount, r.waitlist),
    myState: r.myState,
    waitlistPosition: r.waitlistPosition,
    checkedIn: r.checkedIn,
  });
  const location =
    r.locationId && r.locationName !== null
      ? `{"id":${JSON.stringify(r.locationId)},"name":${JSON.stringify(r.locationName)},"pins":${r.locationPins}}`
      : 'null';
  return `${head.slice(0, -1)},"location":${location},"collections":${r.collections},"speakers":${r.speakers},"materials":${r.materials}}`;
}

/**
 * The agenda answer (agendaViewSchema) as JSON text. Built from typed rows, so the route sends it
 * as it is instead of re-checking 400 sessions against the schema (measured: 70 ms of CPU for a
 * day of the bench's agenda); the tests parse answers with agendaViewSchema.
 */
export function agendaJson(rows: readonly repo.AgendaRow[], timezone: string): string {
  return `{"timezone":${JSON.stringify(timezone)},"sessions":[${rows.map((r) => sessionViewJson(r, timezone)).join(',')}]}`;
}

/** The event-zone day [start, end) as instants. */
function dayBounds(day: string, timezone: string): { from: Date; to: Date } {
  const next = new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  return {
    from: wallClockToInstant(day, '12:00 AM', timezone),
    to: wallClockToInstant(next, '12:00 AM', timezone),
  };
}

type AgendaQuery = z.output<typeof agendaViewQuerySchema>;

/** GET sessions/v2/view as JSON text (agendaViewSchema). */
export async function agendaView(db: Db, access: EventAccess, q: AgendaQuery): Promise<string> {
  const { timezone, viewer } = await lookerOf(db, access);
  return agendaJson(
    await repo.agendaRowsRaw(db, access.event.id, viewer, {
      ...q,
      ...(q.day ? dayBounds(q.day, timezone) : {}),
    }),
    timezone,
  );
}

/** Spec part 5: from now up to and including 13 days ahead. */
export async function upcomingView(
  db: Db,
  access: EventAccess,
  q: Omit<AgendaQuery, 'day'>,
  now = new Date(),
): Promise<string> {
  const { timezone, viewer } = await lookerOf(db, access);
  return agendaJson(
    await repo.agendaRowsRaw(db, access.event.id, viewer, {
      ...q,
      from: now,
      to: new Date(now.getTime() + UPCOMING_WINDOW_DAYS * DAY_MS + 1),
    }),
    timezone,
  );
}

export async function sessionView(db: Db, access: EventAccess, sessionId: string): Promise<SessionView> {
  const { timezone, viewer } = await lookerOf(db, access);
  const row = (await repo.agendaRows(db, access.event.id, viewer, { sessionId }))[0];
  if (!row) throw notFound();
  return toView(row, timezone);
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

export async function viewFilters(db: Db, access: EventAccess) {
  const { timezone, viewer } = await lookerOf(db, access);
  const rows = await repo.visibleFacets(db, access.event.id, viewer);
  const days = new Set<string>();
  const types = new Set<string>();
  const locations: Array<{ id: string; name: string }> = [];
  const collections: Array<{ id: string; name: string; color: string }> = [];
  for (const r of rows) {
    if (r.kind === 'start' && r.startAt) days.add(dayInZone(r.startAt, timezone));
    else if (r.kind === 'type' && r.name) types.add(r.name);
    else if (r.kind === 'location' && r.id && r.name !== null) locations.push({ id: r.id, name: r.name });
    else if (r.kind === 'collection' && r.id && r.name !== null)
      collections.push({ id: r.id, name: r.name, color: r.color ?? '' });
  }
  return {
    timezone,
    days: [...days].sort(),
    collections: collections.sort(byName),
    locations: locations.sort(byName),
    types: SESSION_TYPES.filter((t): t is SessionType => types.has(t)),
  };
}
