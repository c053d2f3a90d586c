import { encodeQrPayload } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { isCustomQr, isSessionQr } from './qr';

const eventId = '11111111-1111-4111-8111-111111111111';
const id = '22222222-2222-4222-8222-222222222222';

describe('scanner payloads', () => {
  it('tells custom codes from session codes and from anything else', () => {
    const custom = encodeQrPayload({ type: 'CUSTOM_QR_CODE', eventId, customQRCodeId: id });
    const session = encodeQrPayload({ type: 'SESSION_QR_CODE', eventId, sessionId: id });
    expect([isCustomQr(custom), isSessionQr(custom)]).toEqual([true, false]);
    expect([isCustomQr(session), isSessionQr(session)]).toEqual([false, true]);
    expect([isCustomQr('https://example.org'), isSessionQr('https://example.org')]).toEqual([false, false]);
  });
});
