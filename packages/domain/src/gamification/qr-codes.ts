import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { MESSAGES } from '../messages.js';
import { encodeQrPayload, QR_EXPORT_SIZES } from '../spec/qr.js';
import { maxLengthString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';

/**
 * Issue 15: custom QR codes (spec parts 2, 3, 7 and 9) — codes organisers print for places and things
 * (a booth, a poster, a sponsor), the scans of them and of session codes, and their exports.
 */
export const CUSTOM_QR_NAME_MAX = 200;
export const CUSTOM_QR_DESCRIPTION_MAX = 2000;
export const CUSTOM_QR_POINTS_MAX = 100_000;
/** Codes one PDF sheet may hold (chosen ids, or the event's first ones by name). */
export const QR_SHEET_MAX_CODES = 500;

export const QR_MESSAGES = {
  points: `Please enter a whole number of 0 or more (at most ${CUSTOM_QR_POINTS_MAX})`,
  notCustomCode: 'This is not a custom QR code',
} as const;

/** Spec part 5's integer check, bounded by the column's 0–100000. */
const pointsSchema = z
  .number({ error: MESSAGES.invalidInteger })
  .int(MESSAGES.invalidInteger)
  .min(0, MESSAGES.invalidInteger)
  .max(CUSTOM_QR_POINTS_MAX, QR_MESSAGES.points);

export const createCustomQrCodeSchema = z.object({
  name: nameString(CUSTOM_QR_NAME_MAX),
  description: maxLengthString(CUSTOM_QR_DESCRIPTION_MAX).trim().default(''),
  points: pointsSchema.default(0),
});
export type CreateCustomQrCode = z.input<typeof createCustomQrCodeSchema>;

export const updateCustomQrCodeSchema = z.object({
  name: nameString(CUSTOM_QR_NAME_MAX).optional(),
  description: maxLengthString(CUSTOM_QR_DESCRIPTION_MAX).trim().optional(),
  points: pointsSchema.optional(),
});
export type UpdateCustomQrCode = z.input<typeof updateCustomQrCodeSchema>;

export const customQrCodeSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  description: z.string(),
  points: z.number().int(),
  /** The text the code holds: `{"type":"CUSTOM_QR_CODE","eventId","customQRCodeId"}`. */
  payload: z.string(),
  /** Participants who scanned it, and their scans in all. */
  scanners: z.number().int().nonnegative(),
  scans: z.number().int().nonnegative(),
  /** The creator's full name, else e-mail ('' once the user is gone). */
  createdBy: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type CustomQrCode = z.output<typeof customQrCodeSchema>;

export const customQrCodeListQuerySchema = listQuerySchema;

export const customQrPayloadText = (eventId: string, customQRCodeId: string): string =>
  encodeQrPayload({ type: 'CUSTOM_QR_CODE', eventId, customQRCodeId });

export const QR_SCAN_VIA = ['APP', 'EXTERNAL'] as const;
export type QrScanVia = (typeof QR_SCAN_VIA)[number];

export const scanCustomQrCodeSchema = z.object({
  /** The scanned text (the code's JSON payload). */
  qr: z.string({ error: MESSAGES.required }).min(1, MESSAGES.required).max(2000, MESSAGES.maxLength),
  via: z.enum(QR_SCAN_VIA).default('APP'),
});

export const customQrScanResultSchema = z.object({
  eventId: z.uuid(),
  codeId: z.uuid(),
  name: z.string(),
  description: z.string(),
  /** True on the participant's first scan of this code (the one games pay for). */
  firstScan: z.boolean(),
  scanCount: z.number().int().positive(),
  /** Points the participant's games have paid for this code so far (awards follow the scan within seconds). */
  pointsEarned: z.number(),
});
export type CustomQrScanResult = z.output<typeof customQrScanResultSchema>;

/** A scan row of the QR reports and of a code's scans: one per participant and code. */
export const qrScanSchema = z.object({
  id: z.uuid(),
  codeType: z.enum(['CUSTOM_QR_CODE', 'SESSION_QR_CODE']),
  codeId: z.uuid(),
  /** The custom code's or the session's name. */
  codeName: z.string(),
  participantId: z.uuid(),
  participantName: z.string(),
  email: z.string(),
  firstScannedAt: z.iso.datetime({ offset: true }),
  lastScannedAt: z.iso.datetime({ offset: true }),
  scanCount: z.number().int().positive(),
  via: z.enum(QR_SCAN_VIA),
});
export type QrScan = z.output<typeof qrScanSchema>;

export const qrScanListQuerySchema = listQuerySchema.extend({
  codeType: z.enum(['CUSTOM_QR_CODE', 'SESSION_QR_CODE']).optional(),
  codeId: z.uuid().optional(),
});

const sizeSchema = z.coerce
  .number()
  .refine(
    (n) => (QR_EXPORT_SIZES as readonly number[]).includes(n),
    `Size must be one of ${QR_EXPORT_SIZES.join(', ')}`,
  )
  .default(QR_EXPORT_SIZES[0])
  .transform((n) => n as (typeof QR_EXPORT_SIZES)[number]);
export const qrPngQuerySchema = z.object({ size: sizeSchema });

const idList = z
  .string()
  .max(QR_SHEET_MAX_CODES * 37)
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(z.array(z.uuid()).max(QR_SHEET_MAX_CODES));
/** `?ids=a,b`: the chosen codes (sessions for the session sheet); none = all of the event's. */
export const qrSheetQuerySchema = z.object({ ids: idList.optional() });

/** Spec part 9: 300 dpi = 11811 pixels per metre (the PNG pHYs chunk). */
export const QR_EXPORT_DPI = 300;
export const QR_EXPORT_PIXELS_PER_METRE = Math.round(QR_EXPORT_DPI / 0.0254);
