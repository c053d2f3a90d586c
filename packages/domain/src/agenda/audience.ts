import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { ruleSchema, rulesInputSchema } from '../attendees/rules.js';

/**
 * Who a session, breakout or collection is for (spec: "audience"): everyone, holders of any of
 * the given labels, or participants matching all rules (the label rule engine: `{ field,
 * operator, value }` over standard and custom fields). The audience decides who sees the item in
 * the participant app and who may enroll. Admins always see everything.
 */
export const AUDIENCE_TYPES = ['EVERYONE', 'LABELS', 'RULES'] as const;
export type AudienceType = (typeof AUDIENCE_TYPES)[number];
export const audienceTypeSchema = z.enum(AUDIENCE_TYPES);

export const audienceInputSchema = z
  .object({
    type: audienceTypeSchema.default('EVERYONE'),
    labelIds: z.array(z.uuid()).max(100, MESSAGES.maxLength).default([]),
    rules: rulesInputSchema.default([]),
  })
  .superRefine((v, ctx) => {
    if (v.type === 'LABELS' && v.labelIds.length === 0)
      ctx.addIssue({ code: 'custom', path: ['labelIds'], message: MESSAGES.pleaseSelectValue });
    if (v.type === 'RULES' && v.rules.length === 0)
      ctx.addIssue({ code: 'custom', path: ['rules'], message: MESSAGES.required });
  });
export type AudienceInput = z.output<typeof audienceInputSchema>;

export const audienceSchema = z.object({
  type: audienceTypeSchema,
  labels: z.array(z.object({ id: z.uuid(), name: z.string(), color: z.string() })),
  rules: z.array(ruleSchema),
});
export type Audience = z.output<typeof audienceSchema>;

export const EVERYONE: AudienceInput = { type: 'EVERYONE', labelIds: [], rules: [] };

/** POST events/{eventId}/target-audiences/check: how many participants an audience reaches. */
export const audienceCheckSchema = z.object({ audience: audienceInputSchema });
export const audienceCheckResultSchema = z.object({ count: z.number().int() });

/**
 * GET events/{eventId}/target-audiences/update-options: what the audience editor offers —
 * labels, and fields with the operators allowed per type (custom fields carry their enum values).
 */
export const audienceOptionsSchema = z.object({
  labels: z.array(
    z.object({ id: z.uuid(), name: z.string(), color: z.string(), memberCount: z.number().int() }),
  ),
  fields: z.array(
    z.object({
      field: z.string(),
      name: z.string(),
      dataType: z.string(),
      operators: z.array(z.string()),
      enumValues: z.array(z.string()).optional(),
    }),
  ),
});
export type AudienceOptions = z.output<typeof audienceOptionsSchema>;
