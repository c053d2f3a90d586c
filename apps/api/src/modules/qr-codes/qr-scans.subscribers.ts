import type { AppDeps } from '../../platform/deps.js';
import { recordScan } from './qr-codes.repo.js';

/**
 * Session QR codes are scanned by the agenda's check-in; a QR check-in becomes a SESSION_QR_CODE
 * row of qr_scans here, so the session-QR report lists it (staff check-ins are no scans).
 */
export function subscribeSessionScans(deps: Pick<AppDeps, 'events'>): void {
  deps.events.subscribe('session.checkedIn', 'qrCodes.sessionScan', async (event, { once }) => {
    const { eventId, sessionId, participantId, method } = event.payload;
    if (method !== 'QR') return;
    await once(async (tx) => {
      await recordScan(tx, {
        eventId,
        codeType: 'SESSION_QR_CODE',
        codeId: sessionId,
        participantId,
        via: 'APP',
        at: new Date(event.occurredAt),
      });
    });
  });
}
