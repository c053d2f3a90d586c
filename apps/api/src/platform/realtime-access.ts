import type { RoomKind } from '@plenary/domain';
import { canAccessEvent, canModerateEvent, type Principal } from './access.js';
import type { Db } from './db/index.js';
import { eventScope } from './realtime.repo.js';

/** May this principal be in room `<kind>:<id>`? Read fresh: a revoked role answers false at once. */
export type RoomCheck = (principal: Principal, id: string) => Promise<boolean>;

/**
 * The access check of each room kind. The platform knows users and events; a module that owns a
 * kind (the agenda's sessions, later engagement, moderator queues, conversations, leaderboards)
 * registers its check when its routes register. A kind nobody registered admits no one.
 */
export class RoomAccess {
  private readonly checks = new Map<RoomKind, RoomCheck>();

  constructor(db: Db) {
    this.checks.set('user', async (p, id) => p.userId === id);
    this.checks.set('event', async (p, id) => {
      const event = await eventScope(db, id);
      return event !== undefined && canAccessEvent(p, event);
    });
    this.checks.set('eventStaff', async (p, id) => {
      const event = await eventScope(db, id);
      return event !== undefined && canModerateEvent(p, event);
    });
  }

  register(kind: RoomKind, check: RoomCheck): void {
    if (this.checks.has(kind)) throw new Error(`realtime room kind '${kind}' is registered already`);
    this.checks.set(kind, check);
  }

  known(kind: RoomKind): boolean {
    return this.checks.has(kind);
  }

  async allows(principal: Principal, kind: RoomKind, id: string): Promise<boolean> {
    const check = this.checks.get(kind);
    return check !== undefined && (await check(principal, id));
  }
}
