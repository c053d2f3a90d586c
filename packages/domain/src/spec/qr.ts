import { z } from 'zod';

/** Spec part 3: QR payloads are JSON objects discriminated by `type`. */
export const QR_CODE_TYPES = ['SESSION_QR_CODE', 'CUSTOM_QR_CODE', 'PARTICIPANT_QR_CODE'] as const;
export type QrCodeType = (typeof QR_CODE_TYPES)[number];

const id = z.string().min(1);

export const sessionQrPayloadSchema = z.object({
  type: z.literal('SESSION_QR_CODE'),
  eventId: id,
  sessionId: id,
});
export const customQrPayloadSchema = z.object({
  type: z.literal('CUSTOM_QR_CODE'),
  eventId: id,
  customQRCodeId: id,
});
export const participantQrPayloadSchema = z.object({
  type: z.literal('PARTICIPANT_QR_CODE'),
  eventId: id,
  participantId: id,
});

export const qrPayloadSchema = z.discriminatedUnion('type', [
  sessionQrPayloadSchema,
  customQrPayloadSchema,
  participantQrPayloadSchema,
]);
export type QrPayload = z.infer<typeof qrPayloadSchema>;

/** Scanned text → payload, or undefined when it is not one of ours. */
export function parseQrPayload(text: string): QrPayload | undefined {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return undefined;
  }
  const result = qrPayloadSchema.safeParse(json);
  return result.success ? result.data : undefined;
}

export function encodeQrPayload(payload: QrPayload): string {
  return JSON.stringify(payload);
}

/** Spec part 9: QR export sizes, 1200x1200 or 1800x1800 pixels. */
export const QR_EXPORT_SIZES = [1200, 1800] as const;
export type QrExportSize = (typeof QR_EXPORT_SIZES)[number];
