import { z } from 'zod';

/** Spec part 3: engagement tool kinds (survey, poll, Q&A, quiz). */
export const ENGAGEMENT_TOOL_TYPES = ['SURVEY', 'POLL', 'QA', 'QUIZ'] as const;
export type EngagementToolType = (typeof ENGAGEMENT_TOOL_TYPES)[number];
export const engagementToolTypeSchema = z.enum(ENGAGEMENT_TOOL_TYPES);

/** Spec part 9: engagement types listed (document, quiz, survey, poll, Q&A). */
export const ENGAGEMENT_LIST_TYPES = ['DOCUMENT', 'QUIZ', 'SURVEY', 'POLL', 'QA'] as const;
export type EngagementListType = (typeof ENGAGEMENT_LIST_TYPES)[number];
export const engagementListTypeSchema = z.enum(ENGAGEMENT_LIST_TYPES);

export const ENGAGEMENT_TYPE_LABELS: Record<EngagementListType, string> = {
  DOCUMENT: 'Document',
  QUIZ: 'Quiz',
  SURVEY: 'Survey',
  POLL: 'Poll',
  QA: 'Q&A',
};

/** Spec part 3: question types. */
export const QUESTION_TYPES = ['TEXTBOX', 'RADIOBOX', 'CHECKBOX', 'LINEAR_SCALE', 'TEXT_FIELD'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];
export const questionTypeSchema = z.enum(QUESTION_TYPES);

/** Spec part 4: moderation/instance status (registration forms share it). */
export const INSTANCE_STATUSES = ['OPEN', 'CLOSED', 'SCHEDULED'] as const;
export type InstanceStatus = (typeof INSTANCE_STATUSES)[number];
export const instanceStatusSchema = z.enum(INSTANCE_STATUSES);

/** Spec part 9: anonymity; the default is NOT_ANONYMOUS. */
export const ANONYMITY_OPTIONS = ['ANONYMOUS', 'NOT_ANONYMOUS', 'ALLOW_ANONYMOUS'] as const;
export type Anonymity = (typeof ANONYMITY_OPTIONS)[number];
export const anonymitySchema = z.enum(ANONYMITY_OPTIONS);
export const DEFAULT_ANONYMITY: Anonymity = 'NOT_ANONYMOUS';

/** Spec part 9: Q&A sort, newest first or last. */
export const QA_SORT_ORDERS = ['NEWEST_FIRST', 'NEWEST_LAST'] as const;
export type QaSortOrder = (typeof QA_SORT_ORDERS)[number];
export const qaSortOrderSchema = z.enum(QA_SORT_ORDERS);
export const QA_SORT_LABELS: Record<QaSortOrder, string> = {
  NEWEST_FIRST: 'Newest first',
  NEWEST_LAST: 'Newest last',
};

/** Spec part 9: speed options; only 1 and 20 carry a label. */
export const SPEED_OPTIONS = [1, 5, 10, 15, 20] as const;
export type Speed = (typeof SPEED_OPTIONS)[number];
export const SPEED_LABELS: Partial<Record<Speed, string>> = { 1: 'Slower', 20: 'Faster' };
