import { describe, it, expect } from 'vitest';
import {
  ANONYMITY_OPTIONS,
  DEFAULT_ANONYMITY,
  ENGAGEMENT_LIST_TYPES,
  ENGAGEMENT_TOOL_TYPES,
  ENGAGEMENT_TYPE_LABELS,
  INSTANCE_STATUSES,
  QA_SORT_ORDERS,
  QUESTION_TYPES,
  SPEED_LABELS,
  SPEED_OPTIONS,
  anonymitySchema,
} from './engagement.js';

describe('engagement enumerations', () => {
  it.each<[string, readonly unknown[], unknown[]]>([
    ['tool kinds', ENGAGEMENT_TOOL_TYPES, ['SURVEY', 'POLL', 'QA', 'QUIZ']],
    ['listed types', ENGAGEMENT_LIST_TYPES, ['DOCUMENT', 'QUIZ', 'SURVEY', 'POLL', 'QA']],
    ['question types', QUESTION_TYPES, ['TEXTBOX', 'RADIOBOX', 'CHECKBOX', 'LINEAR_SCALE', 'TEXT_FIELD']],
    ['instance statuses', INSTANCE_STATUSES, ['OPEN', 'CLOSED', 'SCHEDULED']],
    ['anonymity', ANONYMITY_OPTIONS, ['ANONYMOUS', 'NOT_ANONYMOUS', 'ALLOW_ANONYMOUS']],
    ['Q&A sort', QA_SORT_ORDERS, ['NEWEST_FIRST', 'NEWEST_LAST']],
    ['speed options', SPEED_OPTIONS, [1, 5, 10, 15, 20]],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('defaults anonymity to the second option, NOT_ANONYMOUS', () => {
    expect(DEFAULT_ANONYMITY).toBe('NOT_ANONYMOUS');
    expect(DEFAULT_ANONYMITY).toBe(ANONYMITY_OPTIONS[1]);
    expect(anonymitySchema.safeParse('SOMETIMES').success).toBe(false);
  });

  it('labels speed 1 Slower and 20 Faster only', () => {
    expect(SPEED_LABELS).toEqual({ 1: 'Slower', 20: 'Faster' });
  });

  it('labels Q&A', () => {
    expect(ENGAGEMENT_TYPE_LABELS.QA).toBe('Q&A');
  });
});
