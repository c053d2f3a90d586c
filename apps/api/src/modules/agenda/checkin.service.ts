import {
  AGENDA_MESSAGES,
  ATTENDEE_MESSAGES,
  encodeQrPayload,
  parseQrPayload,
  type QrExportSize,
} from '@plenary/domain';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { publish } from '../../platform/domain-events.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { fieldsError } from '../../platform/http.js';
import { qrPng } from '../../platform/qr-export.js';
import * as repo from './enrollment.repo.js';
import { broadcastSeats, type NotifyDeps } from './enrollment.notify.js';
import { visibleSessionFor, type ParticipantAccess } from './enrollment.service.js';
import { idsInEvent } from './sessions.repo.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The session's QR code: a PNG of exactly size × size pixels at 300 dpi holding the SESSION_QR_CODE payload. */
export async function sessionQrPng(
  db: Db,
  eventId: string,
  sessionId: string,
  size: QrExportSize,
): Promise<Buffer> {
  if (!(await idsInEvent(db, 'sessions', eventId, [sessionId])).has(sessionId)) throw notFound();
  return qrPng(encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId }), size);
}

/**
 * POST sessions/check-in: the participant app sends the scanned text. Refused: not a session code
 * or another event's (400 on `qr`), a session the caller can not see (404), ENROLLED_ONLY without
 * a seat (403). A second scan answers the first check-in (alreadyCheckedIn).
 */
export async function scanCheckIn(deps: NotifyDeps, access: ParticipantAccess, qr: string) {
  const { db } = deps;
  const { event, participantId, ctx } = access;
  const payload = parseQrPayload(qr.trim());
  if (!payload || payload.type !== 'SESSION_QR_CODE') throw fieldsError({ qr: AGENDA_MESSAGES.unknownQr });
  if (payload.eventId !== event.id) throw fieldsError({ qr: AGENDA_MESSAGES.wrongEvent });
  if (!UUID.test(payload.sessionId)) throw notFound();
  await visibleSessionFor(db, event.id, payload.sessionId, participantId);
  const result = await db.transaction().execute(async (tx) => {
    const s = await repo.lockSession(tx, event.id, payload.sessionId);
    if (!s) throw notFound();
    if (s.accessControl === 'ENROLLED_ONLY' && (await repo.stateOf(tx, s.id, participantId)) !== 'ENROLLED')
      throw forbidden(AGENDA_MESSAGES.checkInNotEnrolled);
    if (!(await repo.lockParticipantsToPlace(tx, event.id, [participantId])).has(participantId))
      throw forbidden(ATTENDEE_MESSAGES.notParticipant);
    const done = await repo.checkIn(tx, s, participantId, 'QR', ctx.actorId);
    if (!done.already) await audit(tx, ctx, 'create', 'session-check-in', `${s.id}:${participantId}`);
    if (!done.already)
      await publish(tx, {
        name: 'session.checkedIn',
        payload: { eventId: event.id, sessionId: s.id, participantId, method: 'QR' },
      });
    return {
      sessionId: s.id,
      sessionName: s.name,
      checkedInAt: done.checkedInAt,
      alreadyCheckedIn: done.already,
    };
  });
  broadcastSeats(deps, event.id, [result.sessionId]);
  return result;
}
