import { z } from 'zod';
import { requiredString } from '../validation/strings.js';
import { timestampSchema } from '../tenancy/common.js';

/**
 * Q&A: participants ask questions in an OPEN Q&A instance and upvote others' (once each, toggled).
 * With moderation on, a question is PENDING until a moderator approves it; participants never see
 * PENDING or REJECTED questions (not in answers, not in realtime frames). The spec calls a Q&A
 * question an "answer" of the instance (`/answers/{answerId}/moderate`, `/reply/{answerId}`).
 */
export const QA_QUESTION_MAX_LENGTH = 500;
export const QA_REPLY_MAX_LENGTH = 2000;

export const QA_STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
export type QaStatus = (typeof QA_STATUSES)[number];

/** Participant board order: the spec's newest first / last, plus most voted (Slido's default). */
export const QA_BOARD_SORTS = ['NEWEST_FIRST', 'NEWEST_LAST', 'MOST_VOTED'] as const;
export type QaBoardSort = (typeof QA_BOARD_SORTS)[number];

export const askQuestionSchema = z.object({
  text: requiredString(QA_QUESTION_MAX_LENGTH),
  /** Honoured when the tool allows anonymity (ANONYMOUS tools are always anonymous). */
  anonymous: z.boolean().default(false),
});

export const qaBoardQuerySchema = z.object({ sort: z.enum(QA_BOARD_SORTS).optional() });

/** What POST …/questions answers: the question as stored (PENDING while a moderator has not approved it). */
export const askedQuestionSchema = z.object({
  id: z.uuid(),
  instanceId: z.uuid(),
  text: z.string(),
  anonymous: z.boolean(),
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
  createdAt: timestampSchema,
});
export type AskedQuestion = z.output<typeof askedQuestionSchema>;

/** What PUT / DELETE …/questions/{id}/upvote answer (idempotent: the state either way). */
export const qaUpvoteSchema = z.object({
  questionId: z.uuid(),
  upvoted: z.boolean(),
  upvotes: z.number().int(),
});
export type QaUpvote = z.output<typeof qaUpvoteSchema>;

/** The moderators' queue: every status by default, or the ones asked for. */
export const moderatorQueueQuerySchema = z.object({
  status: z.enum(['PENDING', 'APPROVED', 'REJECTED']).optional(),
  sort: z.enum(QA_BOARD_SORTS).optional(),
});

/** The decisions log: newest first, a page at a time. */
export const moderationDecisionQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});

export const qaReplySchema = z.object({
  id: z.uuid(),
  text: z.string(),
  /** The moderator's name. */
  author: z.string(),
  createdAt: timestampSchema,
});

/** A question as participants and front-of-room screens see it (APPROVED only). */
export const qaQuestionSchema = z.object({
  id: z.uuid(),
  instanceId: z.uuid(),
  text: z.string(),
  /** null when asked anonymously. */
  author: z.string().nullable(),
  upvotes: z.number().int(),
  highlighted: z.boolean(),
  /** Marked answered: archived (shown apart, restorable by moderators). */
  answered: z.boolean(),
  replies: z.array(qaReplySchema),
  createdAt: timestampSchema,
});
export type QaQuestion = z.output<typeof qaQuestionSchema>;

/** The participant board: approved questions, and which of them this participant upvoted / asked. */
export const qaBoardSchema = z.object({
  records: z.array(qaQuestionSchema),
  myUpvotes: z.array(z.uuid()),
  /** The participant's own questions still waiting for a moderator (only they see them). */
  myPending: z.array(z.object({ id: z.uuid(), text: z.string(), createdAt: timestampSchema })),
});

/** What moderators see: every question with its status and star (an anonymous asker stays anonymous to them too). */
export const moderatorQuestionSchema = qaQuestionSchema.extend({
  status: z.enum(QA_STATUSES),
  starred: z.boolean(),
  /** The text as asked, when a moderator edited it before approving. */
  originalText: z.string().nullable(),
});
export type ModeratorQuestion = z.output<typeof moderatorQuestionSchema>;
export const moderatorQuestionListSchema = z.object({
  records: z.array(moderatorQuestionSchema),
  total: z.number().int(),
});

export const MODERATION_ACTIONS = [
  'APPROVE',
  'REJECT',
  'EDIT_AND_APPROVE',
  'STAR',
  'UNSTAR',
  'HIGHLIGHT',
  'UNHIGHLIGHT',
  'MARK_ANSWERED',
  'RESTORE',
] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** POST …/answers/{answerId}/moderate */
export const moderateSchema = z
  .object({
    action: z.enum(MODERATION_ACTIONS),
    /** EDIT_AND_APPROVE: the corrected text. */
    text: requiredString(QA_QUESTION_MAX_LENGTH).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.action === 'EDIT_AND_APPROVE' && v.text === undefined)
      ctx.addIssue({ code: 'custom', path: ['text'], message: 'Required field' });
  });
export type Moderate = z.output<typeof moderateSchema>;

/** POST …/reply/{answerId} */
export const replySchema = z.object({ text: requiredString(QA_REPLY_MAX_LENGTH) });

/** Every moderation decision, with who and when (event admins read it: openly moderated Q&A). */
export const moderationDecisionSchema = z.object({
  id: z.uuid(),
  questionId: z.uuid(),
  action: z.union([z.enum(MODERATION_ACTIONS), z.literal('REPLY')]),
  by: z.string(),
  at: timestampSchema,
  /** EDIT_AND_APPROVE: the text before and after; REPLY: the reply. */
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export const moderationDecisionListSchema = z.object({
  records: z.array(moderationDecisionSchema),
  total: z.number().int(),
});
