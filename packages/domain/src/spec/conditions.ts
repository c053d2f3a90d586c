import { z } from 'zod';
import type { DataType } from './custom-fields.js';

/** Spec part 5: label rule operators. Registration-form conditions use the same names. */
export const LABEL_RULE_OPERATORS = [
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_EQUAL',
  'INCLUDES',
] as const;
export type ConditionOperator = (typeof LABEL_RULE_OPERATORS)[number];
export const conditionOperatorSchema = z.enum(LABEL_RULE_OPERATORS);

export const OPERATOR_LABELS: Record<ConditionOperator, string> = {
  EQUAL: 'Equal',
  NOT_EQUAL: 'Not equal',
  LESS_THAN: 'Less than',
  LESS_THAN_EQUAL: 'Less than or equal',
  GREATER_THAN: 'Greater than',
  GREATER_THAN_EQUAL: 'Greater than or equal',
  INCLUDES: 'Includes',
};

const EQUALITY = ['EQUAL', 'NOT_EQUAL'] as const;
const ORDERED = [...EQUALITY, 'GREATER_THAN', 'GREATER_THAN_EQUAL', 'LESS_THAN', 'LESS_THAN_EQUAL'] as const;

/** Spec part 5: registration-form condition operators allowed per field type. */
export const CONDITION_OPERATORS_BY_TYPE: Record<DataType, readonly ConditionOperator[]> = {
  BOOLEAN: EQUALITY,
  STRING: EQUALITY,
  PROFILE_LINK: EQUALITY,
  NUMBER: ORDERED,
  DATE: ORDERED,
  TIME: ORDERED,
  CURRENCY: ORDERED,
  ENUM: ['INCLUDES'],
};

export function operatorsFor(type: DataType): readonly ConditionOperator[] {
  return CONDITION_OPERATORS_BY_TYPE[type];
}

export function isOperatorAllowed(type: DataType, operator: ConditionOperator): boolean {
  return CONDITION_OPERATORS_BY_TYPE[type].includes(operator);
}
