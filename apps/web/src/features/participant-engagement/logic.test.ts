import { describe, expect, it } from 'vitest';
import type { QaQuestionView, Results } from './api';
import { answersOf, arrangeBoard, errorsByQuestion, msLeft, resultRows, withUpvote } from './logic';

const q = (id: string, type: 'TEXTBOX' | 'RADIOBOX' | 'CHECKBOX' | 'LINEAR_SCALE' | 'TEXT_FIELD') => ({
  id,
  type,
});

describe('answers sent from the drafts', () => {
  it('sends one answer per answered question of every type, in order, and skips the empty ones', () => {
    const questions = [
      q('a', 'RADIOBOX'),
      q('b', 'CHECKBOX'),
      q('c', 'LINEAR_SCALE'),
      q('d', 'TEXTBOX'),
      q('e', 'TEXT_FIELD'),
      q('f', 'TEXT_FIELD'),
    ];
    const answers = answersOf(questions, {
      a: { optionIds: ['x'], text: '', value: null },
      b: { optionIds: ['y', 'z'], text: '', value: null },
      c: { optionIds: [], text: '', value: 4 },
      d: { optionIds: [], text: '  Long thoughts ', value: null },
      e: { optionIds: [], text: '   ', value: null },
    });
    expect(answers).toEqual([
      { questionId: 'a', optionIds: ['x'], text: null, value: null },
      { questionId: 'b', optionIds: ['y', 'z'], text: null, value: null },
      { questionId: 'c', optionIds: [], text: null, value: 4 },
      { questionId: 'd', optionIds: [], text: 'Long thoughts', value: null },
    ]);
  });

  it('puts the API field messages under their question (by position sent or by id)', () => {
    const sent = [{ questionId: 'q1' }, { questionId: 'q2' }];
    expect(
      errorsByQuestion(
        {
          'answers.1.value': 'Please select a value on the scale',
          'questions.q3': 'Required field',
          x: 'Other',
        },
        sent,
        ['q1', 'q2', 'q3'],
      ),
    ).toEqual({ q2: 'Please select a value on the scale', q3: 'Required field', '': 'Other' });
  });
});

describe('poll results', () => {
  it('gives every option a bar with its count and share of the responses', () => {
    const results = {
      instanceId: 'i',
      toolId: 't',
      respondents: 3,
      questions: [
        { questionId: 'p', responses: 3, options: [{ optionId: 'a', count: 2 }], scale: [], words: [] },
      ],
    } as Results;
    const rows = resultRows(
      {
        id: 'p',
        options: [
          { id: 'a', label: 'Tea' },
          { id: 'b', label: 'Coffee' },
        ],
      },
      results,
    );
    expect(rows).toEqual([
      { optionId: 'a', label: 'Tea', count: 2, percent: 67 },
      { optionId: 'b', label: 'Coffee', count: 0, percent: 0 },
    ]);
    expect(resultRows({ id: 'p', options: [{ id: 'a', label: 'Tea' }] }, undefined)[0]?.percent).toBe(0);
  });
});

const question = (id: string, at: string, upvotes: number, extra: Partial<QaQuestionView> = {}) =>
  ({
    id,
    instanceId: 'i',
    text: id,
    author: null,
    upvotes,
    highlighted: false,
    answered: false,
    replies: [],
    createdAt: at,
    ...extra,
  }) as QaQuestionView;

describe('the Q&A board', () => {
  const board = [
    question('old', '2026-01-01T10:00:00Z', 5),
    question('new', '2026-01-01T10:05:00Z', 1),
    question('mid', '2026-01-01T10:02:00Z', 3, { highlighted: true }),
    question('done', '2026-01-01T10:03:00Z', 9, { answered: true }),
    question('tie', '2026-01-01T10:04:00Z', 5),
  ];
  const ids = (l: QaQuestionView[]) => l.map((x) => x.id);

  it('pins the highlighted question and keeps answered ones apart, in each order', () => {
    const newest = arrangeBoard(board, 'NEWEST_FIRST');
    expect(ids(newest.pinned)).toEqual(['mid']);
    expect(ids(newest.open)).toEqual(['new', 'tie', 'old']);
    expect(ids(newest.answered)).toEqual(['done']);
    expect(ids(arrangeBoard(board, 'NEWEST_LAST').open)).toEqual(['old', 'tie', 'new']);
    // Most voted; equal votes: the newer first.
    expect(ids(arrangeBoard(board, 'MOST_VOTED').open)).toEqual(['tie', 'old', 'new']);
  });

  it('counts an upvote once and takes it back', () => {
    const start = { records: board, myUpvotes: [] as string[] };
    const up = withUpvote(start, 'new', true);
    expect(up.records.find((x) => x.id === 'new')?.upvotes).toBe(2);
    expect(up.myUpvotes).toEqual(['new']);
    expect(withUpvote(up, 'new', true)).toBe(up);
    const down = withUpvote(up, 'new', false);
    expect(down.records.find((x) => x.id === 'new')?.upvotes).toBe(1);
    expect(down.myUpvotes).toEqual([]);
  });
});

describe('the quiz countdown', () => {
  it('runs on the server clock whatever the device clock says', () => {
    const serverNow = '2026-01-01T10:00:00.000Z';
    const deadline = '2026-01-01T10:00:30.000Z';
    // The device clock is an hour off: only the time elapsed on the device counts.
    const received = Date.parse('2026-01-01T11:00:00.000Z');
    expect(msLeft(deadline, serverNow, received, received)).toBe(30_000);
    expect(msLeft(deadline, serverNow, received, received + 2_000)).toBe(28_000);
    expect(msLeft(deadline, serverNow, received, received + 31_000)).toBe(0);
    expect(msLeft(null, serverNow, received, received)).toBe(0);
  });
});
