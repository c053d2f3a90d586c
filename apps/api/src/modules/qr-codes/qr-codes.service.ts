import type { FastifyRequest } from 'fastify';
import {
  ATTENDEE_MESSAGES,
  customQrPayloadText,
  encodeQrPayload,
  parseQrPayload,
  QR_MESSAGES,
  QR_SHEET_MAX_CODES,
  type CustomQrCode,
  type CustomQrScanResult,
  type QrExportSize,
  type QrScanVia,
} from '@plenary/domain';
import { z } from 'zod';
import { audit } from '../../platform/audit.js';
import type { Db } from '../../platform/db/index.js';
import { publish } from '../../platform/domain-events.js';
import { forbidden, notFound } from '../../platform/errors.js';
import { eventAccess, type EventAccess } from '../../platform/event-access.js';
import { fieldsError } from '../../platform/http.js';
import { qrPng, qrSheetPdf } from '../../platform/qr-export.js';
import { participantIdOfUser } from '../attendees/index.js';
import * as repo from './qr-codes.repo.js';

export interface ScannerAccess extends EventAccess {
  participantId: string;
}

/** The caller as a participant of the event (staff who do not take part: 403; another tenant: 404). */
export async function scannerAccess(
  db: Db,
  request: FastifyRequest,
  eventId: string,
): Promise<ScannerAccess> {
  const access = await eventAccess(db, request, eventId, 'member');
  const participantId = await participantIdOfUser(db, access.event.id, access.ctx.principal.userId);
  if (!participantId) throw forbidden(ATTENDEE_MESSAGES.notParticipant);
  return { ...access, participantId };
}

export async function codeRecord(db: Db, eventId: string, id: string): Promise<CustomQrCode> {
  const found = await repo.customQrCodeList.byId(db, eventId, id);
  if (!found) throw notFound();
  return found;
}

export async function createCode(
  db: Db,
  access: EventAccess,
  body: { name: string; description: string; points: number },
): Promise<CustomQrCode> {
  const eventId = access.event.id;
  const id = await db.transaction().execute(async (tx) => {
    const created = await repo.insertCode(tx, { eventId, ...body, userId: access.ctx.actorId });
    await audit(tx, access.ctx, 'create', 'custom-qr-code', created);
    return created;
  });
  return codeRecord(db, eventId, id);
}

export async function updateCode(
  db: Db,
  access: EventAccess,
  id: string,
  body: { name?: string | undefined; description?: string | undefined; points?: number | undefined },
): Promise<CustomQrCode> {
  const eventId = access.event.id;
  const changes = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
  await db.transaction().execute(async (tx) => {
    if (!(await repo.updateCode(tx, eventId, id, changes, access.ctx.actorId))) throw notFound();
    await audit(tx, access.ctx, 'update', 'custom-qr-code', id);
  });
  return codeRecord(db, eventId, id);
}

export async function deleteCode(db: Db, access: EventAccess, id: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    if (!(await repo.deleteCode(tx, access.event.id, id))) throw notFound();
    await audit(tx, access.ctx, 'delete', 'custom-qr-code', id);
  });
}

export async function codePng(db: Db, eventId: string, id: string, size: QrExportSize): Promise<Buffer> {
  const code = await repo.findCode(db, eventId, id);
  if (!code) throw notFound();
  return qrPng(customQrPayloadText(eventId, code.id), size);
}

const pointsNote = (points: number) => (points > 0 ? `${points} points` : '');

export async function codesSheet(db: Db, eventId: string, ids: string[] | undefined): Promise<Buffer> {
  const codes = await repo.codesForSheet(db, eventId, ids, QR_SHEET_MAX_CODES);
  return qrSheetPdf(
    'Custom QR codes',
    codes.map((c) => ({
      payload: customQrPayloadText(eventId, c.id),
      name: c.name,
      description: c.description,
      note: pointsNote(c.points),
    })),
  );
}

export async function sessionsSheet(db: Db, eventId: string, ids: string[] | undefined): Promise<Buffer> {
  const sessions = await repo.sessionsForSheet(db, eventId, ids, QR_SHEET_MAX_CODES);
  return qrSheetPdf(
    'Session QR codes',
    sessions.map((s) => ({
      payload: encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: s.id }),
      name: s.name,
      description: s.description,
      note: 'Scan to check in',
    })),
  );
}

const uuid = z.uuid();

/**
 * A participant scans a custom code (in the app, or from outside it). 400 on `qr` unless it is a
 * CUSTOM_QR_CODE payload; another event's code or an unknown id: 404. The first scan publishes
 * `qr.scanned` in the transaction that creates the scan row, so it happens exactly once.
 */
export async function scanCode(
  db: Db,
  access: ScannerAccess,
  body: { qr: string; via: QrScanVia },
): Promise<CustomQrScanResult> {
  const eventId = access.event.id;
  const payload = parseQrPayload(body.qr.trim());
  if (!payload || payload.type !== 'CUSTOM_QR_CODE') throw fieldsError({ qr: QR_MESSAGES.notCustomCode });
  if (payload.eventId !== eventId || !uuid.safeParse(payload.customQRCodeId).success) throw notFound();
  const code = await repo.findCode(db, eventId, payload.customQRCodeId);
  if (!code) throw notFound();
  const scan = await db.transaction().execute(async (tx) => {
    const done = await repo.recordScan(tx, {
      eventId,
      codeType: 'CUSTOM_QR_CODE',
      codeId: code.id,
      participantId: access.participantId,
      via: body.via,
    });
    if (done.first)
      await publish(tx, {
        name: 'qr.scanned',
        payload: { eventId, codeId: code.id, participantId: access.participantId, via: body.via },
      });
    return done;
  });
  return {
    eventId,
    codeId: code.id,
    name: code.name,
    description: code.description,
    firstScan: scan.first,
    scanCount: scan.scanCount,
    pointsEarned: await repo.pointsEarnedFor(db, eventId, access.participantId, code.id),
  };
}

/** The participant's own scan of a code (404 before they scanned it): what it earned so far. */
export async function myScan(db: Db, access: ScannerAccess, codeId: string): Promise<CustomQrScanResult> {
  const eventId = access.event.id;
  const code = await repo.findCode(db, eventId, codeId);
  const scan = code && (await repo.scanOf(db, code.id, access.participantId));
  if (!code || !scan) throw notFound();
  return {
    eventId,
    codeId: code.id,
    name: code.name,
    description: code.description,
    firstScan: false,
    scanCount: scan.scanCount,
    pointsEarned: await repo.pointsEarnedFor(db, eventId, access.participantId, code.id),
  };
}
