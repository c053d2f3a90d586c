import { z } from 'zod';
import { audienceInputSchema, audienceSchema } from '../agenda/audience.js';
import { CONTENT_DESCRIPTION_MAX_LENGTH, CONTENT_NAME_MAX_LENGTH } from '../agenda/content.js';
import { listQuerySchema } from '../list.js';
import { multiValueFilter } from '../list-filters.js';
import { MESSAGES } from '../messages.js';
import { ENGAGEMENT_MESSAGES } from './messages.js';
import {
  anonymitySchema,
  DEFAULT_ANONYMITY,
  ENGAGEMENT_LIST_TYPES,
  QUESTION_TYPES,
  type QuestionType,
} from '../spec/engagement.js';
import { timestampSchema } from '../tenancy/common.js';
import { linearScaleSchema } from '../validation/numbers.js';
import { maxLengthString, requiredString } from '../validation/strings.js';
import { nameString } from '../validation/text.js';

/**
 * Engagement tools of an event (console `/engagement`): a survey, poll, Q&A, quiz or document,
 * with its questions. A tool is run in sessions as instances (instances.ts). Routes:
 * apps/api/src/modules/engagement/README.md.
 */
export const ENGAGEMENT_KINDS = ENGAGEMENT_LIST_TYPES;
export type EngagementKind = (typeof ENGAGEMENT_KINDS)[number];
export const engagementKindSchema = z.enum(ENGAGEMENT_KINDS);

export const QUESTION_TEXT_MAX_LENGTH = 500;
export const OPTION_LABEL_MAX_LENGTH = 200;
export const QUESTIONS_MAX = 100;
export const OPTIONS_MAX = 30;
/** Quiz: seconds a question stays open, and what a correct answer is worth at most. */
export const QUIZ_TIME_LIMIT_MIN = 5;
export const QUIZ_TIME_LIMIT_MAX = 600;
export const QUIZ_TIME_LIMIT_DEFAULT = 30;
export const QUIZ_POINTS_MAX = 10_000;
export const QUIZ_POINTS_DEFAULT = 1000;

/** Question types whose answer is a choice of options (tallied per option). */
export const CHOICE_TYPES: readonly QuestionType[] = ['RADIOBOX', 'CHECKBOX'];
export const isChoice = (type: QuestionType): boolean => CHOICE_TYPES.includes(type);

/** An option: a stable id (kept across edits, so answers keep pointing at it) and its label. */
export const questionOptionInputSchema = z.object({
  /** Omitted for a new option; the server assigns one. */
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/i)
    .optional(),
  label: nameString(OPTION_LABEL_MAX_LENGTH),
});
export const questionOptionSchema = z.object({ id: z.string(), label: z.string() });

const questionBody = z.object({
  /** Omitted for a new question; present to keep an existing one (and its answers). */
  id: z.uuid().optional(),
  type: z.enum(QUESTION_TYPES),
  text: requiredString(QUESTION_TEXT_MAX_LENGTH),
  required: z.boolean().default(false),
  options: z.array(questionOptionInputSchema).max(OPTIONS_MAX, MESSAGES.maxLength).default([]),
  /** LINEAR_SCALE: 1..scaleMax (2–10) with optional end labels. */
  scaleMax: linearScaleSchema.nullable().default(null),
  scaleMinLabel: maxLengthString(OPTION_LABEL_MAX_LENGTH).default(''),
  scaleMaxLabel: maxLengthString(OPTION_LABEL_MAX_LENGTH).default(''),
  /** Quiz: indexes into `options` of the correct answers (ids may not exist yet on create). */
  correctOptionIndexes: z.array(z.number().int().min(0).max(OPTIONS_MAX)).max(OPTIONS_MAX).default([]),
  points: z.number().int().min(0).max(QUIZ_POINTS_MAX).default(QUIZ_POINTS_DEFAULT),
  timeLimitSec: z
    .number()
    .int()
    .min(QUIZ_TIME_LIMIT_MIN)
    .max(QUIZ_TIME_LIMIT_MAX)
    .default(QUIZ_TIME_LIMIT_DEFAULT),
});

export const questionInputSchema = questionBody.superRefine((q, ctx) => {
  if (isChoice(q.type) && q.options.length < 2)
    ctx.addIssue({ code: 'custom', path: ['options'], message: MESSAGES.required });
  if (q.type === 'LINEAR_SCALE' && q.scaleMax === null)
    ctx.addIssue({ code: 'custom', path: ['scaleMax'], message: MESSAGES.required });
  if (q.correctOptionIndexes.some((i) => i >= q.options.length))
    ctx.addIssue({
      code: 'custom',
      path: ['correctOptionIndexes'],
      message: ENGAGEMENT_MESSAGES.invalidCorrectAnswer,
    });
  if (q.type === 'RADIOBOX' && q.correctOptionIndexes.length > 1)
    ctx.addIssue({
      code: 'custom',
      path: ['correctOptionIndexes'],
      message: ENGAGEMENT_MESSAGES.invalidCorrectAnswer,
    });
});
export type QuestionInput = z.output<typeof questionInputSchema>;

/** A question as staff see it (participants get `participantQuestionSchema`: no correct answers). */
export const questionSchema = z.object({
  id: z.uuid(),
  position: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  text: z.string(),
  required: z.boolean(),
  options: z.array(questionOptionSchema),
  scaleMax: z.number().int().nullable(),
  scaleMinLabel: z.string(),
  scaleMaxLabel: z.string(),
  correctOptionIds: z.array(z.string()),
  points: z.number().int(),
  timeLimitSec: z.number().int(),
});
export type EngagementQuestion = z.output<typeof questionSchema>;
export const participantQuestionSchema = questionSchema.omit({ correctOptionIds: true });

/** Per-kind settings; unknown keys are dropped. */
export const toolSettingsSchema = z.object({
  /** POLL: answers are single words or short phrases shown as a word cloud. */
  wordCloud: z.boolean().default(false),
  /** POLL and SURVEY: a second submission replaces the first (false: it is refused with 409). */
  allowChangeAnswer: z.boolean().default(true),
  /** POLL: participants see the results after voting. */
  showResultsToParticipants: z.boolean().default(true),
  /** QA: new questions wait for a moderator. */
  moderated: z.boolean().default(false),
  /** QA: the default order of the participant board (most voted is always offered too). */
  qaSort: z.enum(['NEWEST_FIRST', 'NEWEST_LAST', 'MOST_VOTED']).default('MOST_VOTED'),
});
export type ToolSettings = z.output<typeof toolSettingsSchema>;
export const DEFAULT_TOOL_SETTINGS: ToolSettings = toolSettingsSchema.parse({});

const toolBody = z.object({
  type: engagementKindSchema,
  name: nameString(CONTENT_NAME_MAX_LENGTH),
  description: maxLengthString(CONTENT_DESCRIPTION_MAX_LENGTH).default(''),
  anonymity: anonymitySchema.default(DEFAULT_ANONYMITY),
  settings: toolSettingsSchema.default(DEFAULT_TOOL_SETTINGS),
  audience: audienceInputSchema.default({ type: 'EVERYONE', labelIds: [], rules: [] }),
  /** Sessions the tool is attached to (instances are run in these). */
  sessionIds: z.array(z.uuid()).max(200, MESSAGES.maxLength).default([]),
  /** DOCUMENT: the material shown. */
  materialId: z.uuid().nullable().default(null),
  questions: z.array(questionInputSchema).max(QUESTIONS_MAX, MESSAGES.maxLength).default([]),
});

function refineTool(
  t: { type?: EngagementKind; materialId?: string | null; questions?: QuestionInput[] },
  ctx: z.RefinementCtx,
) {
  if (t.type === 'DOCUMENT' && t.materialId === null)
    ctx.addIssue({ code: 'custom', path: ['materialId'], message: MESSAGES.pleaseSelectValue });
  if (t.type === 'POLL' && t.questions && t.questions.length === 0)
    ctx.addIssue({ code: 'custom', path: ['questions'], message: MESSAGES.required });
}
export const createToolSchema = toolBody.superRefine(refineTool);
export type CreateTool = z.output<typeof createToolSchema>;
/** PATCH: any subset; `questions`, when given, is the whole new list (ids keep existing questions). */
export const updateToolSchema = z
  .object({
    name: toolBody.shape.name.optional(),
    description: maxLengthString(CONTENT_DESCRIPTION_MAX_LENGTH).optional(),
    anonymity: anonymitySchema.optional(),
    settings: toolSettingsSchema.partial().optional(),
    audience: audienceInputSchema.optional(),
    sessionIds: toolBody.shape.sessionIds.unwrap().optional(),
    materialId: z.uuid().nullable().optional(),
    questions: toolBody.shape.questions.unwrap().optional(),
  })
  .superRefine(refineTool);
export type UpdateTool = z.output<typeof updateToolSchema>;

const ref = z.object({ id: z.uuid(), name: z.string() });

/** The console's record of a tool (and the Engagement tools list row). */
export const toolSchema = z.object({
  id: z.uuid(),
  eventId: z.uuid(),
  type: engagementKindSchema,
  name: z.string(),
  description: z.string(),
  anonymity: anonymitySchema,
  settings: toolSettingsSchema,
  audience: audienceSchema,
  sessions: z.array(ref),
  material: ref.nullable(),
  questions: z.array(questionSchema),
  questionCount: z.number().int(),
  instanceCount: z.number().int(),
  /** OPEN instances right now. */
  openCount: z.number().int(),
  createdBy: z.string(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type EngagementTool = z.output<typeof toolSchema>;

/** The Engagement tools list: search by name, filter by type, sort by name, type, createdAt, updatedAt. */
export const toolListQuerySchema = listQuerySchema.extend({
  type: multiValueFilter(engagementKindSchema).optional(),
  sessionId: z.uuid().optional(),
});
export const toolListSchema = z.object({ records: z.array(toolSchema), total: z.number().int() });
