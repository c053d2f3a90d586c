import { describe, expect, it } from 'vitest';
import { quizPoints } from './quiz.js';
import { normaliseWord } from './words.js';
import { createToolSchema } from './tools.js';

describe('quiz scoring (Kahoot: round((1 − (t/T)/2) · P))', () => {
  it.each([
    [true, 2000, 30_000, 1000, 967],
    [true, 300, 30_000, 1000, 1000],
    [true, 499, 30_000, 1000, 1000],
    [true, 30_000, 30_000, 1000, 500],
    [true, 30_001, 30_000, 1000, 0],
    [false, 100, 30_000, 1000, 0],
    [true, 15_000, 30_000, 500, 375],
  ])('correct=%s t=%sms T=%sms P=%s → %s', (correct, t, limit, points, expected) => {
    expect(quizPoints(correct, t, limit, points)).toBe(expected);
  });
});

describe('word-cloud answers', () => {
  it('folds case and spaces so variants merge', () => {
    expect(normaliseWord('  Machine   Learning ')).toBe('machine learning');
    expect(normaliseWord('AI')).toBe(normaliseWord('ai '));
  });
  it('refuses empty, long and many-word answers', () => {
    expect(normaliseWord('   ')).toBeUndefined();
    expect(normaliseWord('x'.repeat(41))).toBeUndefined();
    expect(normaliseWord('one two three four')).toBeUndefined();
  });
});

describe('tool validation', () => {
  it('needs two options for a choice question and a scale for a linear scale', () => {
    const result = createToolSchema.safeParse({
      type: 'POLL',
      name: 'Lunch',
      questions: [
        { type: 'RADIOBOX', text: 'Pick', options: [{ label: 'A' }] },
        { type: 'LINEAR_SCALE', text: 'Rate' },
      ],
    });
    expect(result.success).toBe(false);
    const paths = result.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['questions.0.options', 'questions.1.scaleMax']));
  });
  it('refuses a linear scale outside 2–10 with the spec message', () => {
    const result = createToolSchema.safeParse({
      type: 'SURVEY',
      name: 'Feedback',
      questions: [{ type: 'LINEAR_SCALE', text: 'Rate', scaleMax: 11 }],
    });
    expect(result.error?.issues[0]?.message).toBe('Linear scale must be between 2 and 10');
  });
  it('defaults anonymity to NOT_ANONYMOUS and a document needs its material', () => {
    expect(createToolSchema.parse({ type: 'QA', name: 'Ask' }).anonymity).toBe('NOT_ANONYMOUS');
    expect(createToolSchema.safeParse({ type: 'DOCUMENT', name: 'Slides' }).success).toBe(false);
  });
});
