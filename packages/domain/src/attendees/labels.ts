import { z } from 'zod';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { timestampSchema } from '../tenancy/common.js';
import { colorSchema } from '../tenancy/events.js';
import { nameString } from '../validation/text.js';
import { ATTENDEE_MESSAGES } from './messages.js';
import { ruleSchema, rulesInputSchema } from './rules.js';

export const LABEL_NAME_MAX_LENGTH = 100;
/** MANUAL: members are set by hand. RULE: members are every participant matching all rules, kept by the server. */
export const LABEL_TYPES = ['MANUAL', 'RULE'] as const;
export type LabelType = (typeof LABEL_TYPES)[number];
export const labelTypeSchema = z.enum(LABEL_TYPES);

export const labelSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  name: z.string(),
  color: z.string(),
  type: labelTypeSchema,
  rules: z.array(ruleSchema),
  memberCount: z.number().int(),
  /** Spec part 3: the creator's full name ('' when the account is gone). */
  createdBy: z.string(),
  createdById: z.uuid().nullable(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type LabelRecord = z.output<typeof labelSchema>;

function refineRules(
  v: { type?: LabelType | undefined; rules?: unknown[] | undefined },
  ctx: z.RefinementCtx,
) {
  if (v.type === 'RULE' && (v.rules === undefined || v.rules.length === 0))
    ctx.addIssue({ code: 'custom', path: ['rules'], message: ATTENDEE_MESSAGES.rulesRequired });
  if (v.type === 'MANUAL' && v.rules !== undefined && v.rules.length > 0)
    ctx.addIssue({ code: 'custom', path: ['rules'], message: ATTENDEE_MESSAGES.manualHasNoRules });
}

export const createLabelSchema = z
  .object({
    name: nameString(LABEL_NAME_MAX_LENGTH),
    color: colorSchema.default('#000000'),
    type: labelTypeSchema.default('MANUAL'),
    rules: rulesInputSchema.default([]),
  })
  .superRefine(refineRules);
export type CreateLabel = z.output<typeof createLabelSchema>;

/** Partial. New rules (or a change to RULE) recompute the members; a change to MANUAL keeps them as manual members. */
export const updateLabelSchema = z
  .object({
    name: nameString(LABEL_NAME_MAX_LENGTH),
    color: colorSchema,
    type: labelTypeSchema,
    rules: rulesInputSchema,
  })
  .partial();
export type UpdateLabel = z.output<typeof updateLabelSchema>;

export const LABEL_SORT_FIELDS = ['name', 'createdAt', 'updatedAt'] as const;
export const labelListQuerySchema = listQuerySchema.extend({
  type: multiValueFilter(labelTypeSchema).optional(),
});

export const labelMembersSchema = z.object({
  participantIds: z.array(z.uuid()).min(1, MESSAGES.required).max(10_000, MESSAGES.maxLength),
});
