import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { timestampSchema } from './common.js';
import { TENANCY_MESSAGES } from './messages.js';

/** RFC 1123 labels (1–63 characters, no leading or trailing hyphen), at most 253 in all; optional port. */
const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const APPROVED_HOST_PATTERN = new RegExp(`^${LABEL}(?:\\.${LABEL})*(?::(?:[1-9]\\d{0,4}))?$`);
export const APPROVED_HOST_MAX_LENGTH = 259;

/** True for a lower-case `hostname[:port]` (no scheme, path, user or trailing dot; port 1–65535). */
export function isApprovedHostSyntax(host: string): boolean {
  if (host.length > APPROVED_HOST_MAX_LENGTH || !APPROVED_HOST_PATTERN.test(host)) return false;
  const [name = '', port] = host.split(':');
  return name.length <= 253 && (port === undefined || Number(port) <= 65535);
}

/**
 * A host a super admin approves for one organisation: written as the browser shows it
 * (`events.acme.example` or `events.acme.example:8443`); upper case is folded, anything else
 * (a scheme, a path, spaces) is refused on the field.
 */
export const approvedHostInputSchema = z.object({
  host: z
    .string({ error: MESSAGES.required })
    .trim()
    .min(1, MESSAGES.required)
    .max(APPROVED_HOST_MAX_LENGTH, MESSAGES.maxLength)
    .transform((h) => h.toLowerCase())
    .refine(isApprovedHostSyntax, TENANCY_MESSAGES.approvedHostSyntax),
});
export type ApprovedHostInput = z.output<typeof approvedHostInputSchema>;

export const approvedHostSchema = z.object({
  host: z.string(),
  approvedAt: timestampSchema,
  approvedBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type ApprovedHost = z.output<typeof approvedHostSchema>;

export const approvedHostListSchema = z.object({
  records: z.array(approvedHostSchema),
  total: z.number().int(),
});

export const approvedHostParamsSchema = z.object({
  id: z.uuid(),
  host: approvedHostInputSchema.shape.host,
});
