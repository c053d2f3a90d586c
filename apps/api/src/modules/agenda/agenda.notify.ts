import { AGENDA_CHANGED_EVENT } from '@plenary/domain';
import type { AppDeps } from '../../platform/deps.js';
import { rooms } from '../../platform/realtime.js';
import { publishedSessionsTouched } from './agenda-changes.repo.js';

/**
 * `agenda.changed { sessionIds }` on the event room: what participants see of these sessions
 * changed (created, edited, published, unpublished, deleted, moved). It carries no content —
 * audiences differ per participant — so clients refetch their own view.
 */
export { AGENDA_CHANGED_EVENT };

type Status = 'DRAFT' | 'PUBLISHED';

/** Participants could see the session before or after the write (a draft that stays a draft is nobody's business). */
export const shownToParticipants = (before: Status | undefined, after: Status | undefined): boolean =>
  before === 'PUBLISHED' || after === 'PUBLISHED';

/** After the commit: one `agenda.changed` for the write, ids coalesced; nothing when none was visible. */
export function announceAgendaChange(
  deps: Pick<AppDeps, 'realtime'>,
  eventId: string,
  sessionIds: readonly string[],
): void {
  const unique = [...new Set(sessionIds)];
  if (unique.length === 0) return;
  deps.realtime.emit(rooms.event(eventId), AGENDA_CHANGED_EVENT, { sessionIds: unique });
}

/** What a change outside the sessions (event time zone, a location, collection, breakout or material) touches. */
export interface AgendaScope {
  /** Every session of the event (its time zone changed: the agenda's times read differently). */
  all?: boolean;
  locationIds?: readonly string[];
  collectionIds?: readonly string[];
  breakoutIds?: readonly string[];
  materialIds?: readonly string[];
}

/**
 * After the commit of a change that leaves the sessions' status alone: reads which PUBLISHED sessions
 * it touches (as committed) and announces them. Fire and forget, like the seat broadcast: a missed
 * one is repaired by the next or by a reload.
 */
export function announceAgendaChangeOf(
  deps: Pick<AppDeps, 'db' | 'realtime'>,
  eventId: string,
  scope: AgendaScope,
): void {
  const ids = (list: readonly string[] | undefined) => (list && list.length > 0 ? [...list] : null);
  const [locations, collections, breakouts, materials] = [
    ids(scope.locationIds),
    ids(scope.collectionIds),
    ids(scope.breakoutIds),
    ids(scope.materialIds),
  ];
  if (!scope.all && !locations && !collections && !breakouts && !materials) return;
  publishedSessionsTouched(deps.db, eventId, {
    all: scope.all ?? false,
    locationIds: locations,
    collectionIds: collections,
    breakoutIds: breakouts,
    materialIds: materials,
  })
    .then((sessionIds) => announceAgendaChange(deps, eventId, sessionIds))
    .catch(() => {
      // The write itself is committed; the next change or a reload shows it.
    });
}
