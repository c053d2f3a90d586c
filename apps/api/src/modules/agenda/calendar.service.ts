import ical from 'ical-generator';
import type { AppDeps } from '../../platform/deps.js';
import { notFound } from '../../platform/errors.js';
import { linkOrigin } from '../../platform/link-hosts.js';
import type { EventAccess } from '../../platform/event-access.js';
import { agendaRows, type ViewRow } from './views.repo.js';
import { lookerOf, toView } from './views.service.js';

/**
 * Calendar files (RFC 5545) of one session or of My Agenda: one VEVENT per session with a stable
 * UID (`<sessionId>@<host>`, so importing again updates instead of duplicating), DTSTART/DTEND in
 * UTC, SUMMARY, DESCRIPTION (with the virtual link when the caller may see it), LOCATION and the
 * session's URL in the participant app.
 */
async function calendarOf(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands'>,
  access: EventAccess,
  rows: ViewRow[],
  timezone: string,
  name: string,
): Promise<string> {
  const origin = await linkOrigin(deps, access.ctx.host.replace(/^cms\./i, ''), access.ctx.principal.userId);
  const host = new URL(origin).hostname;
  const cal = ical({ name, prodId: { company: 'Plenary', product: 'Agenda', language: 'EN' } });
  for (const row of rows) {
    const s = toView(row, timezone);
    cal.createEvent({
      id: `${s.id}@${host}`,
      start: new Date(s.startAt),
      end: new Date(s.endAt),
      summary: s.name,
      description: [s.description, s.virtualLink].filter(Boolean).join('\n\n'),
      location: s.location?.name ?? null,
      url: `${origin}/event/${access.event.id}/agenda/${s.id}`,
    });
  }
  return cal.toString();
}

export async function sessionCalendar(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands'>,
  access: EventAccess,
  sessionId: string,
): Promise<string> {
  const { timezone, viewer } = await lookerOf(deps.db, access);
  const rows = await agendaRows(deps.db, access.event.id, viewer, { sessionId });
  if (rows.length === 0) throw notFound();
  return calendarOf(deps, access, rows, timezone, rows[0]!.name);
}

export async function myAgendaCalendar(
  deps: Pick<AppDeps, 'db' | 'config' | 'brands'>,
  access: EventAccess,
): Promise<string> {
  const { timezone, viewer } = await lookerOf(deps.db, access);
  const rows = await agendaRows(deps.db, access.event.id, viewer, { mine: true });
  return calendarOf(deps, access, rows, timezone, `${access.event.name} — My Agenda`);
}
