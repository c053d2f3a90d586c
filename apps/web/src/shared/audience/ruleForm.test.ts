import { ATTENDEE_MESSAGES, MESSAGES, type AvailableField } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import {
  draftsFromRules,
  operatorsOfField,
  ruleErrorsFromApi,
  ruleValueText,
  validateRules,
  withField,
  type RuleDraft,
} from './ruleForm';

const DIET_ID = '3f2a0000-0000-4000-8000-000000000001';
const field = (patch: Partial<AvailableField>): AvailableField => ({
  key: 'company',
  name: 'Company',
  source: 'standard',
  customFieldId: null,
  dataType: 'STRING',
  isEnumMultiple: false,
  enumValues: [],
  required: false,
  operators: [],
  sortable: true,
  filterable: true,
  exportable: true,
  editableByParticipant: true,
  showInProfile: true,
  ...patch,
});
const company = field({});
const diet = field({
  key: `cf_${DIET_ID.replace(/-/g, '')}`,
  name: 'Diet',
  source: 'custom',
  customFieldId: DIET_ID,
  dataType: 'ENUM',
  enumValues: ['Vegan', 'Vegetarian'],
});
const budget = field({
  key: 'cf_3f2a0000000040008000000000000002',
  name: 'Budget',
  source: 'custom',
  customFieldId: '3f2a0000-0000-4000-8000-000000000002',
  dataType: 'CURRENCY',
});
const arrival = field({
  key: 'cf_3f2a0000000040008000000000000003',
  name: 'Arrival',
  source: 'custom',
  customFieldId: '3f2a0000-0000-4000-8000-000000000003',
  dataType: 'TIME',
});
const fields = [company, diet, budget, arrival];

describe('operators per type (spec part 5)', () => {
  it('offers INCLUDES for enums only, ordering operators for currency, equality for text', () => {
    expect(operatorsOfField(diet)).toEqual(['INCLUDES']);
    expect(operatorsOfField(company)).toEqual(['EQUAL', 'NOT_EQUAL']);
    expect(operatorsOfField(budget)).toEqual(
      expect.arrayContaining(['EQUAL', 'LESS_THAN', 'GREATER_THAN_EQUAL']),
    );
    expect(operatorsOfField(undefined)).toEqual([]);
  });

  it('a new field keeps an operator its type allows, else takes the first allowed; the value starts again', () => {
    expect(withField({ field: 'company', operator: 'NOT_EQUAL', value: 'x' }, budget)).toEqual({
      field: budget.key,
      operator: 'NOT_EQUAL',
      value: undefined,
    });
    expect(withField({ field: 'company', operator: 'NOT_EQUAL', value: 'x' }, diet)).toEqual({
      field: diet.key,
      operator: 'INCLUDES',
      value: undefined,
    });
  });
});

describe('validateRules', () => {
  it('builds the API rules from complete rows', () => {
    const drafts: RuleDraft[] = [
      { field: diet.key, operator: 'INCLUDES', value: ['vegan'] },
      { field: 'company', operator: 'EQUAL', value: ' Acme ' },
      { field: budget.key, operator: 'GREATER_THAN', value: '1500.5' },
    ];
    expect(validateRules(drafts, fields)).toEqual({
      errors: {},
      rules: [
        { field: diet.key, operator: 'INCLUDES', value: ['vegan'] },
        { field: 'company', operator: 'EQUAL', value: 'Acme' },
        { field: budget.key, operator: 'GREATER_THAN', value: 1500.5 },
      ],
    });
  });

  it('says what is missing with the spec messages', () => {
    const { errors, rules } = validateRules(
      [
        { field: '', operator: '', value: undefined },
        { field: diet.key, operator: 'INCLUDES', value: [] },
        { field: 'company', operator: 'EQUAL', value: '  ' },
        { field: arrival.key, operator: 'LESS_THAN', value: '25:00' },
        { field: diet.key, operator: 'INCLUDES', value: ['Pescatarian'] },
        { field: 'company', operator: 'LESS_THAN', value: 'Acme' },
      ],
      fields,
    );
    expect(rules).toEqual([]);
    expect(errors).toEqual({
      '0.field': MESSAGES.required,
      '1.value': MESSAGES.pleaseSelectValue,
      '2.value': MESSAGES.pleaseEnterValue,
      '3.value': MESSAGES.timeFormat,
      '4.value': MESSAGES.pleaseSelectValue,
      '5.operator': ATTENDEE_MESSAGES.operatorNotAllowed,
    });
  });
});

describe('stored rules and API errors', () => {
  it('turns stored rules (custom fields by id) into rows by key', () => {
    expect(draftsFromRules([{ field: DIET_ID, operator: 'INCLUDES', value: ['Vegan'] }], fields)).toEqual([
      { field: diet.key, operator: 'INCLUDES', value: ['Vegan'] },
    ]);
  });

  it('puts rules.<i>.<part> errors on the rows', () => {
    expect(ruleErrorsFromApi({ 'rules.2.value': 'Please enter value', name: 'x' })).toEqual({
      '2.value': 'Please enter value',
    });
  });

  it('writes values as text', () => {
    expect(ruleValueText(['Vegan', 'Vegetarian'], { yes: 'Yes', no: 'No' })).toBe('Vegan, Vegetarian');
    expect(ruleValueText(true, { yes: 'Yes', no: 'No' })).toBe('Yes');
    expect(ruleValueText(12.5, { yes: 'Yes', no: 'No' })).toBe('12.5');
  });
});
