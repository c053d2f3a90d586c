import type { FastifyRequest } from 'fastify';
import type { CustomFieldDef } from '@plenary/domain';
import { writeContext } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import {
  checkEventAccess,
  rememberEvent,
  type EventAccess,
  type EventNeed,
} from '../../platform/event-access.js';
import { findEventWithFields } from './custom-fields.repo.js';

/**
 * eventAccess (platform/event-access.ts) and the event's custom fields (definitions, in their
 * order) in one statement: the participants list needs both on every request.
 */
export async function eventAccessWithFields(
  db: Db,
  request: FastifyRequest,
  eventId: string,
  need: EventNeed,
): Promise<EventAccess & { fields: CustomFieldDef[] }> {
  writeContext(request); // 401 before any query
  const found = await findEventWithFields(db, eventId);
  rememberEvent(request, eventId, found?.event);
  return { ...checkEventAccess(request, found?.event, need), fields: found?.fields ?? [] };
}
