import type { z } from 'zod';
import {
  AGENDA_MESSAGES,
  type BreakoutRecord,
  type createBreakoutSchema,
  type updateBreakoutSchema,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { notFound } from '../../platform/errors.js';
import type { EventAccess } from '../../platform/event-access.js';
import { announceAgendaChangeOf, validateAudience } from '../agenda/index.js';
import { promoteWaitlisted, type Promotion } from '../agenda/index.js';
import { afterSeatChange, queuePromotionMails, type NotifyDeps } from '../agenda/index.js';
import type { ContentScope } from './content.repo.js';
import * as repo from './breakouts.repo.js';
import { adminScope } from './content.http.js';
import { fieldsError } from '../../platform/http.js';
import { inUseError, nameTakenError, shownChange, uniqueName } from './content.service.js';

const ENTITY = 'breakout';

export async function getBreakout(db: Db, scope: ContentScope, id: string): Promise<BreakoutRecord> {
  const record = await repo.breakoutList.byId(db, scope, id);
  if (!record) throw notFound();
  return record;
}

export async function createBreakout(
  db: Db,
  { ctx, event }: EventAccess,
  body: z.output<typeof createBreakoutSchema>,
): Promise<BreakoutRecord> {
  if (await repo.nameTaken(db, event.id, body.name)) throw nameTakenError();
  const audience = await validateAudience(db, event.id, body.audience);
  const id = await uniqueName(() =>
    db.transaction().execute(async (tx) => {
      const id = await repo.insertBreakout(tx, event.id, { ...body, audience }, ctx.actorId);
      await audit(tx, ctx, 'create', ENTITY, id);
      return id;
    }),
  );
  return getBreakout(db, adminScope(event.id), id);
}

/**
 * The seats per session the write lowers an enrollable breakout to (null when it does not lower
 * them): a smaller capacity, or seats turned on over the sessions' own. The web form sends every
 * field, so an unchanged or raised capacity passes even after an admin over-filled a session
 * (`overrideCapacity`).
 */
function loweredCapacity(
  row: { enrollable: boolean; capacity: number | null },
  body: { enrollable?: boolean | undefined; capacity?: number | null | undefined },
): number | null {
  const enrollable = body.enrollable ?? row.enrollable;
  const capacity = body.capacity !== undefined ? body.capacity : row.capacity;
  if (!enrollable || capacity === null) return null;
  return !row.enrollable || row.capacity === null || capacity < row.capacity ? capacity : null;
}

/**
 * An enrollable breakout's capacity applies to each of its sessions: it can not be lowered below the
 * seats a session has already given (400); an unchanged or raised one is kept even below them.
 * A change of capacity or of `enrollable` can free seats: each session then fills them from its
 * waitlist, oldest first, and the promoted participants are told (the agenda's promotion, e-mail
 * and realtime). Locks: the breakout's sessions (in id order), then
 * the breakout, the order enrolling takes them in, so no seat is taken between check and write.
 * A new name, audience, capacity or `enrollable` reaches the open agendas of its published sessions
 * (`agenda.changed`, after the commit).
 */
export async function updateBreakout(
  deps: NotifyDeps,
  { ctx, event }: EventAccess,
  id: string,
  body: z.output<typeof updateBreakoutSchema>,
): Promise<BreakoutRecord> {
  const { db } = deps;
  const breakout = await repo.findBreakout(db, event.id, id);
  if (!breakout) throw notFound();
  if (
    body.name !== undefined &&
    body.name.toLowerCase() !== breakout.name.toLowerCase() &&
    (await repo.nameTaken(db, event.id, body.name, id))
  )
    throw nameTakenError();
  const audience = body.audience ? await validateAudience(db, event.id, body.audience) : undefined;
  const seatsChange = body.capacity !== undefined || body.enrollable !== undefined;
  const { sessionIds } = await uniqueName(() =>
    db.transaction().execute(async (tx) => {
      const sessionIds = seatsChange ? await repo.lockSessions(tx, id) : [];
      const row = await repo.findBreakout(tx, event.id, id, true);
      if (!row) throw notFound();
      const lowered = loweredCapacity(row, body);
      if (lowered !== null && (await repo.sessionStats(tx, id)).maxEnrolled > lowered) {
        throw fieldsError({ capacity: AGENDA_MESSAGES.capacityBelowEnrolled });
      }
      await repo.updateBreakout(tx, id, { ...body, ...(audience ? { audience } : {}) }, ctx.actorId);
      await audit(tx, ctx, 'update', ENTITY, id);
      const promotions: Promotion[] = [];
      for (const sessionId of sessionIds) promotions.push(...(await promoteWaitlisted(tx, sessionId)));
      await queuePromotionMails(tx, ctx.host, promotions);
      return { sessionIds, promotions };
    }),
  );
  afterSeatChange(deps, event.id, sessionIds);
  const shown = shownChange([
    [breakout.name, body.name],
    [breakout.audience, audience],
    [breakout.capacity, body.capacity],
    [breakout.enrollable, body.enrollable],
  ]);
  if (shown) announceAgendaChangeOf(deps, event.id, { breakoutIds: [id] });
  return getBreakout(db, adminScope(event.id), id);
}

/**
 * Refused (409) while sessions belong to it: its capacity, audience and one-of rule would silently
 * stop applying to them. Move the sessions out first. No session belonged to it, so the agenda is not told.
 */
export async function deleteBreakout(db: Db, { ctx, event }: EventAccess, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await repo.findBreakout(tx, event.id, id, true))) throw notFound();
    if ((await repo.sessionStats(tx, id)).sessions > 0) throw inUseError();
    await repo.deleteBreakout(tx, id);
    await audit(tx, ctx, 'delete', ENTITY, id);
  });
}
