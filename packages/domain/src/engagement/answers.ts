import { z } from 'zod';
import { MESSAGES } from '../messages.js';
import { maxLengthString } from '../validation/strings.js';
import { OPTIONS_MAX, QUESTIONS_MAX } from './tools.js';

/** Longest free-text answer (TEXTBOX); TEXT_FIELD answers are one line of at most 200. */
export const TEXTBOX_MAX_LENGTH = 2000;
export const TEXT_FIELD_MAX_LENGTH = 200;

/** One question's answer: options for RADIOBOX/CHECKBOX, text for TEXTBOX/TEXT_FIELD (and word clouds), value for LINEAR_SCALE. */
export const answerInputSchema = z.object({
  questionId: z.uuid(),
  optionIds: z.array(z.string().max(40, MESSAGES.maxLength)).max(OPTIONS_MAX, MESSAGES.maxLength).default([]),
  text: maxLengthString(TEXTBOX_MAX_LENGTH).nullable().default(null),
  value: z.number().int().min(1).max(10).nullable().default(null),
});
export type AnswerInput = z.output<typeof answerInputSchema>;

/**
 * POST …/instances/{instanceId}/answers: a poll vote or a survey submission (every answered
 * question at once; required questions must be among them). `anonymous` is honoured when the
 * tool's anonymity is ALLOW_ANONYMOUS (ANONYMOUS tools are always anonymous).
 */
export const submitAnswersSchema = z.object({
  answers: z.array(answerInputSchema).min(1, MESSAGES.required).max(QUESTIONS_MAX, MESSAGES.maxLength),
  anonymous: z.boolean().default(false),
});
export type SubmitAnswers = z.output<typeof submitAnswersSchema>;

/** One question's tally: computed in SQL from the stored answers. */
export const questionResultSchema = z.object({
  questionId: z.uuid(),
  /** Participants who answered this question. */
  responses: z.number().int(),
  /** RADIOBOX / CHECKBOX: votes per option id (every option present, 0 included). */
  options: z.array(z.object({ optionId: z.string(), count: z.number().int() })),
  /** LINEAR_SCALE: count per value 1..scaleMax. */
  scale: z.array(z.object({ value: z.number().int(), count: z.number().int() })),
  /** Word-cloud polls: merged words (case-folded, filtered), most frequent first, at most 100. */
  words: z.array(z.object({ text: z.string(), count: z.number().int() })),
});
export type QuestionResult = z.output<typeof questionResultSchema>;

/** The results of one instance: what results screens show and `engagement.results` carries. */
export const instanceResultsSchema = z.object({
  instanceId: z.uuid(),
  toolId: z.uuid(),
  respondents: z.number().int(),
  questions: z.array(questionResultSchema),
});
export type InstanceResults = z.output<typeof instanceResultsSchema>;

/** A tool's results aggregated over all its instances (console and `/view-aggregated-result`). */
export const toolResultsSchema = z.object({
  toolId: z.uuid(),
  instanceCount: z.number().int(),
  respondents: z.number().int(),
  questions: z.array(questionResultSchema),
});
export type ToolResults = z.output<typeof toolResultsSchema>;

/** Free-text answers of a question, for the console's results (authors only where not anonymous). */
export const textAnswerSchema = z.object({
  questionId: z.uuid(),
  text: z.string(),
  author: z.string().nullable(),
  createdAt: z.string(),
});
export const textAnswerListSchema = z.object({ records: z.array(textAnswerSchema), total: z.number().int() });
