import {
  createCustomQrCodeSchema,
  type QR_EXPORT_SIZES,
  type CreateCustomQrCode,
  type customQrCodeSchema,
  type qrScanSchema,
} from '@plenary/domain';
import type { z } from 'zod';

/** A custom QR code as the API sends it (timestamps as ISO text). */
export type CodeRow = z.input<typeof customQrCodeSchema>;
export type ScanRow = z.input<typeof qrScanSchema>;
export type QrSize = (typeof QR_EXPORT_SIZES)[number];
export type ReportKind = 'custom-qr-codes' | 'session-qr-codes';
export type ReportFormat = 'xlsx' | 'csv';

const enc = encodeURIComponent;
export const codesPath = (eventId: string) => `events/${enc(eventId)}/custom-qr-codes`;
export const codePngPath = (eventId: string, codeId: string) =>
  `${codesPath(eventId)}/${enc(codeId)}/qr-code`;
export const codesSheetPath = (eventId: string) => `${codesPath(eventId)}/sheet`;
export const scansPath = (eventId: string) => `events/${enc(eventId)}/qr-scans`;
export const reportPath = (eventId: string, report: ReportKind) => `events/${enc(eventId)}/reports/${report}`;

export const MORE_ROUTE = '/more';
export const CODES_ROUTE = '/more/custom-qr-codes';
export const SCANS_ROUTE = `${CODES_ROUTE}/scans`;
/** The scans page, filtered by one code. */
export const scansOfCodeRoute = (codeId: string) => `${SCANS_ROUTE}?codeId=${enc(codeId)}`;

/** 'welcome-desk-qr-1200.png': the code's name made safe for a file name (else its id). */
export function pngFileName(code: { id: string; name: string }, size: QrSize): string {
  const slug = code.name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return `${slug || code.id}-qr-${size}.png`;
}

/** `custom-qr-codes-report-2026-11-26.xlsx`. */
export const reportFileName = (report: ReportKind, format: ReportFormat, today = new Date()) =>
  `${report}-report-${today.toISOString().slice(0, 10)}.${format}`;

/** What the dialog edits: the points as typed. */
export interface CodeFormValues {
  name: string;
  description: string;
  points: string;
}
export const CODE_FIELDS = ['name', 'description', 'points'] as const;
export type CodeField = (typeof CODE_FIELDS)[number];
export type CodeErrors = Partial<Record<CodeField, string>>;

/**
 * The dialog's values checked with the domain's create schema (its messages, the first per field):
 * the body to send, or the errors to show. Points left empty are 0; other text that is not a whole
 * number fails the schema's integer check.
 */
export function checkCodeForm(
  values: CodeFormValues,
): { ok: true; body: CreateCustomQrCode } | { ok: false; errors: CodeErrors } {
  const typed = values.points.trim();
  const points = typed === '' ? 0 : /^[+-]?\d+(\.\d+)?$/.test(typed) ? Number(typed) : Number.NaN;
  const candidate = { name: values.name, description: values.description, points };
  const result = createCustomQrCodeSchema.safeParse(candidate);
  if (result.success) return { ok: true, body: result.data };
  const errors: CodeErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (CODE_FIELDS as readonly string[]).includes(field))
      errors[field as CodeField] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The API's `fields` answer on the dialog's inputs ('points' or 'name.0' → the field). */
export function codeErrorsFromApi(fields: Record<string, string> | undefined): CodeErrors {
  const errors: CodeErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = path.split('.')[0];
    if (field && (CODE_FIELDS as readonly string[]).includes(field)) errors[field as CodeField] ??= message;
  }
  return errors;
}
