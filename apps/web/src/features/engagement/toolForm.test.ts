import { ENGAGEMENT_MESSAGES, EVERYONE, MESSAGES, createToolSchema } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import type { ToolRow } from './api';
import {
  emptyValues,
  firstErrorField,
  move,
  newOption,
  newQuestion,
  optionsError,
  ownErrors,
  toolBody,
  toolPatch,
  toolValues,
  validateTool,
  withKind,
  withType,
  withWordCloud,
} from './toolForm';

const poll = () => {
  const v = emptyValues('POLL');
  v.name = 'Favourite colour';
  v.questions[0]!.text = 'Which colour?';
  v.questions[0]!.options = [newOption('Red'), newOption('Blue')];
  return v;
};

describe('tool form', () => {
  it('a new tool is a poll with one single-choice question, NOT_ANONYMOUS and the domain defaults', () => {
    const v = emptyValues();
    expect(v.type).toBe('POLL');
    expect(v.anonymity).toBe('NOT_ANONYMOUS');
    expect(v.settings).toEqual({
      wordCloud: false,
      allowChangeAnswer: true,
      showResultsToParticipants: true,
      moderated: false,
      qaSort: 'MOST_VOTED',
    });
    expect(v.questions).toHaveLength(1);
    expect(v.questions[0]!.type).toBe('RADIOBOX');
    expect(v.questions[0]!.options).toHaveLength(2);
  });

  it('an empty form names the required fields with the domain messages, keyed like the API', () => {
    const errors = validateTool(emptyValues('POLL'), EVERYONE);
    expect(errors.name).toBe(MESSAGES.required);
    expect(errors['questions.0.text']).toBe(MESSAGES.required);
    expect(errors['questions.0.options.0.label']).toBe(MESSAGES.required);
    expect(firstErrorField(errors)).toBe('name');
  });

  it('a poll needs a question; a document needs its material', () => {
    const noQuestions = { ...poll(), questions: [] };
    expect(validateTool(noQuestions, EVERYONE).questions).toBe(MESSAGES.required);
    const doc = { ...emptyValues('DOCUMENT'), name: 'Slides' };
    expect(validateTool(doc, EVERYONE).materialId).toBe(MESSAGES.pleaseSelectValue);
  });

  it('a valid poll passes and its body passes the domain schema unchanged', () => {
    const v = poll();
    expect(validateTool(v, EVERYONE)).toEqual({});
    const body = toolBody(v, EVERYONE);
    expect(createToolSchema.safeParse(body).success).toBe(true);
    expect(body.questions?.[0]).toMatchObject({
      type: 'RADIOBOX',
      text: 'Which colour?',
      options: [{ label: 'Red' }, { label: 'Blue' }],
      correctOptionIndexes: [],
    });
  });

  it('a quiz sends correct answers as indexes, points and time limit; one correct answer for a single choice', () => {
    const v = withKind(poll(), 'QUIZ');
    v.questions[0]!.options[1]!.correct = true;
    v.questions[0]!.points = 500;
    v.questions[0]!.timeLimitSec = 20;
    expect(toolBody(v, EVERYONE).questions?.[0]).toMatchObject({
      correctOptionIndexes: [1],
      points: 500,
      timeLimitSec: 20,
    });
    v.questions[0]!.options[0]!.correct = true;
    const errors = validateTool(v, EVERYONE);
    expect(errors['questions.0.correctOptionIndexes']).toBe(ENGAGEMENT_MESSAGES.invalidCorrectAnswer);
    expect(optionsError(errors, 0)).toBe(ENGAGEMENT_MESSAGES.invalidCorrectAnswer);
    v.questions[0]!.points = '';
    expect(validateTool(v, EVERYONE)['questions.0.points']).toBe(MESSAGES.required);
  });

  it('a linear scale is 2–10 with end labels; other types send no options', () => {
    const q = withType(newQuestion('RADIOBOX'), 'LINEAR_SCALE');
    expect(q.options).toEqual([]);
    expect(q.scaleMax).toBe(5);
    const v = { ...emptyValues('SURVEY'), name: 'Feedback', questions: [{ ...q, text: 'How was it?' }] };
    v.questions[0]!.scaleMax = 11;
    expect(validateTool(v, EVERYONE)['questions.0.scaleMax']).toBeDefined();
    v.questions[0]!.scaleMax = 10;
    v.questions[0]!.scaleMinLabel = 'Poor';
    expect(validateTool(v, EVERYONE)).toEqual({});
    expect(toolBody(v, EVERYONE).questions?.[0]).toMatchObject({
      scaleMax: 10,
      scaleMinLabel: 'Poor',
      options: [],
    });
  });

  it('switching the kind keeps questions it offers; a quiz keeps only choices', () => {
    const survey = { ...emptyValues('SURVEY'), questions: [newQuestion('TEXTBOX'), newQuestion('CHECKBOX')] };
    expect(withKind(survey, 'QUIZ').questions.map((q) => q.type)).toEqual(['CHECKBOX']);
    expect(withKind(survey, 'QA').questions).toEqual([]);
    expect(toolBody(withKind(survey, 'QA'), EVERYONE).questions).toEqual([]);
  });

  it('a word cloud turns the poll’s choice questions into short text, keeping their text', () => {
    const v = withWordCloud(poll(), true);
    expect(v.settings.wordCloud).toBe(true);
    expect(v.questions[0]).toMatchObject({ type: 'TEXT_FIELD', text: 'Which colour?', options: [] });
    expect(validateTool(v, EVERYONE)).toEqual({});
    expect(withWordCloud(v, false).questions[0]!.type).toBe('TEXT_FIELD');
  });

  it('move clamps at the ends and keeps every item', () => {
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
  });

  it('a stored tool round-trips: ids of questions and options are kept, questions in position order, no kind in the PATCH', () => {
    const qid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
    const tool = {
      id: qid(9),
      eventId: qid(8),
      type: 'QUIZ',
      name: 'Trivia',
      description: '',
      anonymity: 'ALLOW_ANONYMOUS',
      settings: {},
      audience: { type: 'EVERYONE', labels: [], rules: [], rulesLength: 0 },
      sessions: [{ id: qid(7), name: 'Keynote' }],
      material: null,
      questions: [
        {
          id: qid(2),
          position: 1,
          type: 'RADIOBOX',
          text: 'Second',
          required: true,
          options: [
            { id: 'a', label: 'A' },
            { id: 'b', label: 'B' },
          ],
          scaleMax: null,
          scaleMinLabel: '',
          scaleMaxLabel: '',
          correctOptionIds: ['b'],
          points: 800,
          timeLimitSec: 15,
        },
        {
          id: qid(1),
          position: 0,
          type: 'CHECKBOX',
          text: 'First',
          required: false,
          options: [
            { id: 'c', label: 'C' },
            { id: 'd', label: 'D' },
          ],
          scaleMax: null,
          scaleMinLabel: '',
          scaleMaxLabel: '',
          correctOptionIds: ['c', 'd'],
          points: 1000,
          timeLimitSec: 30,
        },
      ],
      questionCount: 2,
      instanceCount: 0,
      openCount: 0,
      createdBy: 'Ada',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    } as unknown as ToolRow;
    const values = toolValues(tool);
    expect(values.sessionIds).toEqual([qid(7)]);
    const patch = toolPatch(values, EVERYONE);
    expect(patch).not.toHaveProperty('type');
    expect(patch.questions?.map((q) => [q.id, q.text, q.correctOptionIndexes])).toEqual([
      [qid(1), 'First', [0, 1]],
      [qid(2), 'Second', [1]],
    ]);
    expect(patch.questions?.[1]?.options).toEqual([
      { id: 'a', label: 'A' },
      { id: 'b', label: 'B' },
    ]);
  });

  it('API field errors: the audience ones go to the audience editor, the rest stay; first error in page order', () => {
    const fields = {
      'audience.rules.0.value': 'x',
      'questions.10.text': 'a',
      'questions.2.text': 'b',
      description: 'c',
    };
    const own = ownErrors(fields);
    expect(own).not.toHaveProperty('audience.rules.0.value');
    expect(firstErrorField(own)).toBe('description');
    expect(firstErrorField({ 'questions.10.text': 'a', 'questions.2.text': 'b' })).toBe('questions.2.text');
  });
});
