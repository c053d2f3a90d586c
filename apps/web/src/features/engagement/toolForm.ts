import {
  createToolSchema,
  DEFAULT_ANONYMITY,
  DEFAULT_TOOL_SETTINGS,
  isChoice,
  MESSAGES,
  QUESTION_TYPES,
  QUIZ_POINTS_DEFAULT,
  QUIZ_TIME_LIMIT_DEFAULT,
  zodFieldErrors,
  type Anonymity,
  type AudienceInput,
  type EngagementKind,
  type QuestionType,
  type ToolSettings,
} from '@plenary/domain';
import type { ToolBody, ToolPatch, ToolRow } from './api';

/**
 * The tool editor's values and their translation to the API's body. Pure: unit-tested in
 * toolForm.test.ts. Errors are keyed by the API's field paths ('name', 'questions.0.options',
 * 'questions.1.options.0.label'), so the browser's check and the server's refusal land on the
 * same inputs.
 */
export interface OptionValue {
  /** React key, stable while the option is edited or moved. */
  key: string;
  /** The stored option's id (kept: answers point at it); absent for a new option. */
  id?: string;
  label: string;
  /** Quiz: a correct answer. */
  correct: boolean;
}

export interface QuestionValue {
  key: string;
  id?: string;
  type: QuestionType;
  text: string;
  required: boolean;
  options: OptionValue[];
  /** LINEAR_SCALE: 2–10 (null until chosen). */
  scaleMax: number | null;
  scaleMinLabel: string;
  scaleMaxLabel: string;
  /** Quiz: points for a correct answer and seconds to answer ('' = not entered). */
  points: number | '';
  timeLimitSec: number | '';
}

export interface ToolValues {
  type: EngagementKind;
  name: string;
  description: string;
  anonymity: Anonymity;
  settings: ToolSettings;
  sessionIds: string[];
  materialId: string | null;
  questions: QuestionValue[];
}

export type ToolErrors = Record<string, string>;

let seq = 0;
const newKey = () => `k${(seq += 1)}`;

/** Which question types a kind offers: quizzes score choices; Q&A and documents have no questions. */
export function questionTypesOf(kind: EngagementKind): readonly QuestionType[] {
  if (kind === 'QUIZ') return ['RADIOBOX', 'CHECKBOX'];
  if (kind === 'POLL' || kind === 'SURVEY') return QUESTION_TYPES;
  return [];
}

export const hasQuestions = (kind: EngagementKind) => questionTypesOf(kind).length > 0;

export function newOption(label = ''): OptionValue {
  return { key: newKey(), label, correct: false };
}

export function newQuestion(type: QuestionType = 'RADIOBOX'): QuestionValue {
  return {
    key: newKey(),
    type,
    text: '',
    required: false,
    options: isChoice(type) ? [newOption(), newOption()] : [],
    scaleMax: type === 'LINEAR_SCALE' ? 5 : null,
    scaleMinLabel: '',
    scaleMaxLabel: '',
    points: QUIZ_POINTS_DEFAULT,
    timeLimitSec: QUIZ_TIME_LIMIT_DEFAULT,
  };
}

/** A question changed to `type`: choices get two empty options, a scale 1–5, others lose their options. */
export function withType(q: QuestionValue, type: QuestionType): QuestionValue {
  const choice = isChoice(type);
  const options = choice
    ? q.options.length >= 2
      ? q.options.map((o, i) =>
          type === 'RADIOBOX' && o.correct ? { ...o, correct: i === firstCorrect(q) } : o,
        )
      : [...q.options, ...Array.from({ length: 2 - q.options.length }, () => newOption())]
    : [];
  return {
    ...q,
    type,
    options,
    scaleMax: type === 'LINEAR_SCALE' ? (q.scaleMax ?? 5) : null,
  };
}

const firstCorrect = (q: QuestionValue) => q.options.findIndex((o) => o.correct);

/** A new tool of `type` (polls and quizzes start with one choice question). */
export function emptyValues(type: EngagementKind = 'POLL'): ToolValues {
  return {
    type,
    name: '',
    description: '',
    anonymity: DEFAULT_ANONYMITY,
    settings: { ...DEFAULT_TOOL_SETTINGS },
    sessionIds: [],
    materialId: null,
    questions: type === 'POLL' || type === 'QUIZ' ? [newQuestion('RADIOBOX')] : [],
  };
}

/** The kind changed on a new tool: questions of types the kind does not offer go, a poll or quiz keeps at least one. */
export function withKind(values: ToolValues, type: EngagementKind): ToolValues {
  const allowed = questionTypesOf(type);
  let questions = values.questions.filter((q) => allowed.includes(q.type));
  if (questions.length === 0 && (type === 'POLL' || type === 'QUIZ')) questions = [newQuestion('RADIOBOX')];
  return { ...values, type, questions };
}

/**
 * Word cloud on or off for a poll: on, its choice questions become short-text ones (a word cloud
 * gathers one word or a short phrase per participant); off leaves the questions as they are.
 */
export function withWordCloud(values: ToolValues, on: boolean): ToolValues {
  return {
    ...values,
    settings: { ...values.settings, wordCloud: on },
    questions: on
      ? values.questions.map((q) => (isChoice(q.type) ? withType(q, 'TEXT_FIELD') : q))
      : values.questions,
  };
}

/** A stored tool as the form's values. */
export function toolValues(tool: ToolRow): ToolValues {
  return {
    type: tool.type,
    name: tool.name,
    description: tool.description,
    anonymity: tool.anonymity,
    settings: { ...DEFAULT_TOOL_SETTINGS, ...tool.settings },
    sessionIds: tool.sessions.map((s) => s.id),
    materialId: tool.material?.id ?? null,
    questions: [...tool.questions]
      .sort((a, b) => a.position - b.position)
      .map((q) => ({
        key: newKey(),
        id: q.id,
        type: q.type,
        text: q.text,
        required: q.required,
        options: q.options.map((o) => ({
          key: newKey(),
          id: o.id,
          label: o.label,
          correct: q.correctOptionIds.includes(o.id),
        })),
        scaleMax: q.scaleMax,
        scaleMinLabel: q.scaleMinLabel,
        scaleMaxLabel: q.scaleMaxLabel,
        points: q.points,
        timeLimitSec: q.timeLimitSec,
      })),
  };
}

/** Moves item `from` by `delta` places (clamped): the questions' and options' up/down buttons. */
export function move<T>(list: readonly T[], from: number, delta: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, from + delta));
  if (to === from) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

const num = (v: number | '') => (v === '' ? Number.NaN : v);

function questionBody(q: QuestionValue, kind: EngagementKind) {
  const choice = isChoice(q.type);
  return {
    ...(q.id ? { id: q.id } : {}),
    type: q.type,
    text: q.text,
    required: q.required,
    options: choice ? q.options.map((o) => ({ ...(o.id ? { id: o.id } : {}), label: o.label })) : [],
    scaleMax: q.type === 'LINEAR_SCALE' ? q.scaleMax : null,
    scaleMinLabel: q.type === 'LINEAR_SCALE' ? q.scaleMinLabel : '',
    scaleMaxLabel: q.type === 'LINEAR_SCALE' ? q.scaleMaxLabel : '',
    correctOptionIndexes:
      kind === 'QUIZ' && choice ? q.options.flatMap((o, i) => (o.correct ? [i] : [])) : [],
    ...(kind === 'QUIZ' ? { points: num(q.points), timeLimitSec: num(q.timeLimitSec) } : {}),
  };
}

/** The POST body of a new tool (every field the form shows). */
export function toolBody(values: ToolValues, audience: AudienceInput): ToolBody {
  return {
    type: values.type,
    name: values.name.trim(),
    description: values.description,
    anonymity: values.anonymity,
    settings: values.settings,
    audience,
    sessionIds: values.sessionIds,
    materialId: values.type === 'DOCUMENT' ? values.materialId : null,
    questions: hasQuestions(values.type) ? values.questions.map((q) => questionBody(q, values.type)) : [],
  };
}

/** The PATCH body of an existing tool: the same, without the kind (it cannot change). */
export function toolPatch(values: ToolValues, audience: AudienceInput): ToolPatch {
  const { type: _type, ...rest } = toolBody(values, audience);
  return rest;
}

/** The domain's own check of the body, as field errors keyed like the API's (the audience is checked by its editor). */
export function validateTool(values: ToolValues, audience: AudienceInput): ToolErrors {
  const parsed = createToolSchema.safeParse(toolBody(values, audience));
  const errors = parsed.success ? {} : ownErrors(zodFieldErrors(parsed.error));
  // An empty number field: 'Required field' rather than zod's message about NaN.
  values.questions.forEach((q, i) => {
    if (values.type !== 'QUIZ') return;
    if (q.points === '') errors[`questions.${i}.points`] = MESSAGES.required;
    if (q.timeLimitSec === '') errors[`questions.${i}.timeLimitSec`] = MESSAGES.required;
  });
  return errors;
}

/** The form's own fields among the API's (the audience's go to the audience editor). */
export function ownErrors(fields: Readonly<Record<string, string>>): ToolErrors {
  return Object.fromEntries(
    Object.entries(fields).filter(([k]) => k !== 'audience' && !k.startsWith('audience.')),
  );
}

/**
 * The error of a question's options as a whole ('questions.0.options'), or of their correct
 * answers, shown under the options list.
 */
export function optionsError(errors: ToolErrors, index: number): string | undefined {
  return errors[`questions.${index}.options`] ?? errors[`questions.${index}.correctOptionIndexes`];
}

/** The first field with an error, in page order: its `data-field` gets the focus. */
export function firstErrorField(errors: ToolErrors): string | undefined {
  const order = [
    'type',
    'name',
    'description',
    'anonymity',
    'settings',
    'materialId',
    'sessionIds',
    'questions',
  ];
  const keys = Object.keys(errors);
  for (const head of order) {
    const found = keys.filter((k) => k === head || k.startsWith(`${head}.`)).sort(byPosition)[0];
    if (found) return found;
  }
  return keys[0];
}

/** 'questions.2.text' after 'questions.10.text'? No: numeric parts compare as numbers. */
function byPosition(a: string, b: string): number {
  const pa = a.split('.');
  const pb = b.split('.');
  for (let i = 0; i < Math.min(pa.length, pb.length); i += 1) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    const nx = Number(x);
    const ny = Number(y);
    if (!Number.isNaN(nx) && !Number.isNaN(ny)) return nx - ny;
    return x.localeCompare(y);
  }
  return pa.length - pb.length;
}
