import { canModerateEvent, type Principal } from '../../platform/access.js';
import type { Db } from '../../platform/db/index.js';
import type { RoomCheck } from '../../platform/realtime.js';
import { viewerOf } from './audience.js';
import { participantOf } from './enrollment.repo.js';
import { sessionEventScope } from './session-room.repo.js';
import { isVisible } from './visibility.repo.js';

/**
 * Who may be in `session:<id>`: the event's admins and moderators (drafts included), and the
 * participants the agenda shows the session to (published, in its audience).
 */
export function sessionRoomCheck(db: Db): RoomCheck {
  return async (principal: Principal, sessionId: string) => {
    const event = await sessionEventScope(db, sessionId);
    if (!event) return false;
    if (canModerateEvent(principal, event)) return true;
    const participantId = await participantOf(db, event.id, principal.userId);
    return (
      participantId !== undefined &&
      isVisible(db, event.id, sessionId, await viewerOf(db, event.id, participantId))
    );
  };
}
