import { describe, it, expect } from 'vitest';
import {
  LABEL_RULE_OPERATORS,
  isOperatorAllowed,
  operatorsFor,
  type ConditionOperator,
} from './conditions.js';
import { DATA_TYPES, type DataType } from './custom-fields.js';

describe('label rule operators (spec part 5)', () => {
  it('lists them in order', () => {
    expect(LABEL_RULE_OPERATORS).toEqual([
      'EQUAL',
      'NOT_EQUAL',
      'LESS_THAN',
      'LESS_THAN_EQUAL',
      'GREATER_THAN',
      'GREATER_THAN_EQUAL',
      'INCLUDES',
    ]);
  });
});

const EQ = ['EQUAL', 'NOT_EQUAL'];
const ORDERED = ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'GREATER_THAN_EQUAL', 'LESS_THAN', 'LESS_THAN_EQUAL'];

describe('registration-form condition operators per field type (spec part 5)', () => {
  it.each<[DataType, string[]]>([
    ['BOOLEAN', EQ],
    ['STRING', EQ],
    ['PROFILE_LINK', EQ],
    ['NUMBER', ORDERED],
    ['DATE', ORDERED],
    ['TIME', ORDERED],
    ['CURRENCY', ORDERED],
    ['ENUM', ['INCLUDES']],
  ])('%s', (type, operators) => {
    expect([...operatorsFor(type)].sort()).toEqual([...operators].sort());
  });

  it('allows INCLUDES for ENUM only', () => {
    expect(DATA_TYPES.filter((t) => isOperatorAllowed(t, 'INCLUDES'))).toEqual(['ENUM']);
  });

  it.each<ConditionOperator>(['GREATER_THAN', 'GREATER_THAN_EQUAL', 'LESS_THAN', 'LESS_THAN_EQUAL'])(
    '%s only for number, date, time and currency',
    (operator) => {
      expect(DATA_TYPES.filter((t) => isOperatorAllowed(t, operator)).sort()).toEqual([
        'CURRENCY',
        'DATE',
        'NUMBER',
        'TIME',
      ]);
    },
  );

  it.each<ConditionOperator>(['EQUAL', 'NOT_EQUAL'])('%s for every type but enum', (operator) => {
    expect(DATA_TYPES.filter((t) => isOperatorAllowed(t, operator))).toEqual(
      DATA_TYPES.filter((t) => t !== 'ENUM'),
    );
  });
});
