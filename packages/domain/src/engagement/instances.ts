import { z } from 'zod';
import { instanceStatusSchema } from '../spec/engagement.js';
import { timestampSchema } from '../tenancy/common.js';
import {
  engagementKindSchema,
  participantQuestionSchema,
  questionSchema,
  toolSettingsSchema,
} from './tools.js';
import { anonymitySchema } from '../spec/engagement.js';
import { ENGAGEMENT_MESSAGES } from './messages.js';

/**
 * An instance is one run of a tool in a session: SCHEDULED → OPEN → CLOSED (spec part 4). Staff
 * open and close by hand (OPEN ⇄ CLOSED may repeat: a poll reopened keeps its answers); a SCHEDULED
 * instance opens at `opensAt` and closes at `closesAt` (when set) on its own.
 */
export const createInstanceSchema = z
  .object({
    sessionId: z.uuid(),
    status: instanceStatusSchema.default('CLOSED'),
    opensAt: z.iso.datetime({ offset: true }).nullable().default(null),
    closesAt: z.iso.datetime({ offset: true }).nullable().default(null),
  })
  .superRefine(refineSchedule);
export type CreateInstance = z.output<typeof createInstanceSchema>;

export const updateInstanceScheduleSchema = z
  .object({
    opensAt: z.iso.datetime({ offset: true }).nullable(),
    closesAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .superRefine((v, ctx) => refineSchedule({ status: 'SCHEDULED', ...v }, ctx));

/** PUT …/status: open or close now (SCHEDULED is set through the schedule). */
export const instanceStatusChangeSchema = z.object({ status: z.enum(['OPEN', 'CLOSED']) });

function refineSchedule(
  v: { status: string; opensAt: string | null; closesAt: string | null },
  ctx: z.RefinementCtx,
) {
  if (v.status === 'SCHEDULED' && v.opensAt === null)
    ctx.addIssue({ code: 'custom', path: ['opensAt'], message: ENGAGEMENT_MESSAGES.scheduleRequired });
  if (v.opensAt && v.closesAt && Date.parse(v.closesAt) <= Date.parse(v.opensAt))
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: ENGAGEMENT_MESSAGES.closesBeforeOpens });
}

export const instanceSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  toolId: z.uuid(),
  toolName: z.string(),
  toolType: engagementKindSchema,
  session: z.object({ id: z.uuid(), name: z.string() }),
  status: instanceStatusSchema,
  opensAt: timestampSchema.nullable(),
  closesAt: timestampSchema.nullable(),
  openedAt: timestampSchema.nullable(),
  closedAt: timestampSchema.nullable(),
  /** Participants who answered (Q&A: who asked). */
  respondentCount: z.number().int(),
  createdAt: timestampSchema,
});
export type EngagementInstance = z.output<typeof instanceSchema>;
export const instanceListSchema = z.object({ records: z.array(instanceSchema), total: z.number().int() });

/**
 * GET /engagement/instances/{instanceId}/context (staff): what a front-of-room or moderation screen
 * needs to find its way from an instance id alone (its URLs carry no event id), so it can then use
 * the event-scoped routes. Questions are the staff view (with correct answers).
 */
export const instanceContextSchema = z.object({
  eventId: z.uuid(),
  toolId: z.uuid(),
  toolType: engagementKindSchema,
  toolName: z.string(),
  sessionId: z.uuid(),
  sessionName: z.string(),
  status: instanceStatusSchema,
  anonymity: anonymitySchema,
  settings: toolSettingsSchema,
  questions: z.array(questionSchema),
});
export type InstanceContext = z.output<typeof instanceContextSchema>;

/**
 * What a participant gets for an OPEN instance they may see (GET …/sessions/{id}/live-tools): the
 * tool without correct answers, and their own answers so far.
 */
export const liveToolSchema = z.object({
  instanceId: z.uuid(),
  sessionId: z.uuid(),
  toolId: z.uuid(),
  type: engagementKindSchema,
  name: z.string(),
  description: z.string(),
  anonymity: anonymitySchema,
  settings: toolSettingsSchema,
  material: z.object({ id: z.uuid(), name: z.string(), url: z.string(), fileType: z.string() }).nullable(),
  questions: z.array(participantQuestionSchema),
  /** The participant's answers, by question id (empty until they answer). */
  myAnswers: z.record(
    z.string(),
    z.object({
      optionIds: z.array(z.string()),
      text: z.string().nullable(),
      value: z.number().int().nullable(),
    }),
  ),
  closesAt: timestampSchema.nullable(),
});
export type LiveTool = z.output<typeof liveToolSchema>;
export const liveToolListSchema = z.object({ records: z.array(liveToolSchema) });
