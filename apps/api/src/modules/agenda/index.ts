import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../platform/deps.js';
import { setParticipantRemoval } from '../attendees/index.js';
import { audienceRoutes } from './audience.routes.js';
import { calendarRoutes } from './calendar.routes.js';
import { bookmarkRoutes } from './bookmarks.routes.js';
import { checkInRoutes } from './checkin.routes.js';
import { SEATS_EVENT, seatsReader } from './enrollment.notify.js';
import { enrollmentRoutes } from './enrollment.routes.js';
import { moderatorRoutes } from './moderators.routes.js';
import { subscribeEnrollmentConfirmation } from './enrollment-confirmation.js';
import { subscribePromotionNotice } from './promotion-notice.js';
import { sessionRoomCheck } from './session-room.js';
import { removeWithPlaces } from './places.service.js';
import { sessionRoutes } from './sessions.routes.js';
import { viewRoutes } from './views.routes.js';

/** For the content module (breakouts, collections): audiences on the server. */
export {
  audienceCondition,
  audienceRecord,
  audienceRecords,
  countAudience,
  countAudiences,
  EVERYONE_STORED,
  validateAudience,
  viewerInAudience,
  viewerOf,
  type StoredAudience,
  type Viewer,
} from './audience.js';
/** For the content module's map pins: the agenda's "this participant sees session s" (over `sessions s LEFT JOIN breakouts b`). */
export { visibleTo } from './visibility.repo.js';
/** For engagement's moderation sessions: a fresh moderator link for a listed moderator. */
export { mailModeratorLink } from './moderators.service.js';

/** For the event's time zone (tenancy) and the content module (locations, collections, breakouts, materials): `agenda.changed` after their commit. */
export {
  AGENDA_CHANGED_EVENT,
  announceAgendaChange,
  announceAgendaChangeOf,
  type AgendaScope,
} from './agenda.notify.js';

/** For content's breakouts: a breakout's new capacity promotes the waitlist, and tells people after commit. */
export { promoteWaitlisted, type Promotion } from './enrollment.repo.js';
export { afterSeatChange, queuePromotionMails, type NotifyDeps } from './enrollment.notify.js';

/** For the data import (registered by modules/index.ts): the Session and SessionUser tables. */
export { sessionsImport } from './sessions.import.js';
export { sessionUsersImport } from './session-users.import.js';

/** Agenda: sessions, enrollment, participant views, QR check-in, calendars, target audiences. */
export const agendaRoutes =
  (deps: AppDeps): FastifyPluginAsyncZod =>
  async (app) => {
    deps.realtime.registerRoomKind('session', sessionRoomCheck(deps.db));
    deps.realtime.registerLatest(SEATS_EVENT, seatsReader(deps.db));
    // A participant removed from the event gives up their session places first (counters, waitlist).
    setParticipantRemoval(removeWithPlaces);
    subscribePromotionNotice(deps);
    subscribeEnrollmentConfirmation(deps);
    audienceRoutes(app, deps);
    sessionRoutes(app, deps);
    enrollmentRoutes(app, deps);
    viewRoutes(app, deps);
    bookmarkRoutes(app, deps);
    checkInRoutes(app, deps);
    calendarRoutes(app, deps);
    moderatorRoutes(app, deps);
  };
