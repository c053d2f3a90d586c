import { describe, it, expect } from 'vitest';
import { QR_CODE_TYPES, QR_EXPORT_SIZES, encodeQrPayload, parseQrPayload, qrPayloadSchema } from './qr.js';

describe('QR payloads (spec part 3)', () => {
  it('lists the three types and export sizes', () => {
    expect(QR_CODE_TYPES).toEqual(['SESSION_QR_CODE', 'CUSTOM_QR_CODE', 'PARTICIPANT_QR_CODE']);
    expect(QR_EXPORT_SIZES).toEqual([1200, 1800]);
  });

  it.each([
    [{ type: 'SESSION_QR_CODE', eventId: 'e1', sessionId: 's1' }],
    [{ type: 'CUSTOM_QR_CODE', eventId: 'e1', customQRCodeId: 'c1' }],
    [{ type: 'PARTICIPANT_QR_CODE', eventId: 'e1', participantId: 'p1' }],
  ])('accepts %j and round-trips it', (payload) => {
    expect(qrPayloadSchema.parse(payload)).toEqual(payload);
    const parsed = qrPayloadSchema.parse(payload);
    expect(parseQrPayload(encodeQrPayload(parsed))).toEqual(payload);
  });

  it.each([
    ['wrong id field for the type', '{"type":"SESSION_QR_CODE","eventId":"e1","participantId":"p1"}'],
    ['unknown type', '{"type":"OTHER","eventId":"e1"}'],
    ['missing event id', '{"type":"CUSTOM_QR_CODE","customQRCodeId":"c1"}'],
    ['empty id', '{"type":"PARTICIPANT_QR_CODE","eventId":"","participantId":"p1"}'],
    ['not JSON', 'https://example.com'],
    ['JSON array', '[]'],
    ['JSON null', 'null'],
  ])('rejects %s', (_, text) => {
    expect(parseQrPayload(text)).toBeUndefined();
  });

  it('drops unknown keys', () => {
    expect(parseQrPayload('{"type":"SESSION_QR_CODE","eventId":"e1","sessionId":"s1","x":1}')).toEqual({
      type: 'SESSION_QR_CODE',
      eventId: 'e1',
      sessionId: 's1',
    });
  });
});
