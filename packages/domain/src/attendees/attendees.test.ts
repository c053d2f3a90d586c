import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { DATA_TYPES, type DataType } from '../spec/custom-fields.js';
import {
  checkCustomFieldValue,
  checkCustomFieldValues,
  createCustomFieldSchema,
  normaliseTime,
  type CustomFieldDef,
} from './custom-fields.js';
import { customFieldIdFromKey, customFieldKey } from './fields.js';
import { ATTENDEE_MESSAGES } from './messages.js';
import { checkParticipantRow } from './participants.js';
import { checkRules, rulesQueryParamSchema } from './rules.js';

const def = (dataType: DataType, settings: Partial<CustomFieldDef['settings']> = {}): CustomFieldDef => ({
  id: '3f2a0000-0000-4000-8000-000000000001',
  name: dataType,
  dataType,
  settings: {
    required: false,
    isEnumMultiple: false,
    enumValues: dataType === 'ENUM' ? ['Red', 'Green'] : [],
    ...settings,
  },
});

describe('custom-field values (spec parts 3 and 5)', () => {
  it.each<[DataType, unknown, unknown]>([
    ['STRING', '  hi  ', 'hi'],
    ['BOOLEAN', true, true],
    ['DATE', '2024-02-29', '2024-02-29'],
    ['NUMBER', -0.5, -0.5],
    ['CURRENCY', 12.3, 12.3],
    ['TIME', '7:05 pm', '07:05 PM'],
    ['PROFILE_LINK', 'https://example.com/x', 'https://example.com/x'],
    ['ENUM', 'red', 'Red'],
  ])('%s accepts %j as %j', (type, input, value) => {
    expect(checkCustomFieldValue(def(type), input)).toEqual({ ok: true, value });
  });

  it.each<[DataType, unknown, string]>([
    ['STRING', 5, MESSAGES.pleaseEnterValue],
    ['STRING', 'x'.repeat(2001), MESSAGES.maxLength],
    ['BOOLEAN', 'true', MESSAGES.pleaseEnterValue],
    ['DATE', '2023-02-29', MESSAGES.pleaseEnterValue],
    ['DATE', '01/02/2024', MESSAGES.pleaseEnterValue],
    ['NUMBER', Number.NaN, MESSAGES.pleaseEnterValue],
    ['NUMBER', '3', MESSAGES.pleaseEnterValue],
    ['CURRENCY', 0.001, MESSAGES.pleaseEnterValue],
    ['CURRENCY', 1e14, MESSAGES.pleaseEnterValue],
    ['TIME', '19:05', MESSAGES.timeFormat],
    ['TIME', '00:10 AM', MESSAGES.timeFormat],
    ['PROFILE_LINK', 'example.com', MESSAGES.invalidUrl],
    ['ENUM', 'Blue', MESSAGES.pleaseSelectValue],
    ['ENUM', ['Red', 'Green'], MESSAGES.pleaseSelectValue],
  ])('%s refuses %j with %s', (type, input, message) => {
    expect(checkCustomFieldValue(def(type), input)).toEqual({ ok: false, message });
  });

  it('says Required field for a missing required value and the dynamic message for an empty one', () => {
    for (const type of DATA_TYPES) {
      const required = def(type, { required: true });
      expect(checkCustomFieldValue(required, undefined)).toEqual({ ok: false, message: MESSAGES.required });
      expect(checkCustomFieldValue(required, null)).toEqual({ ok: false, message: MESSAGES.required });
      expect(checkCustomFieldValue(required, '')).toEqual({
        ok: false,
        message: type === 'ENUM' ? MESSAGES.pleaseSelectValue : MESSAGES.pleaseEnterValue,
      });
      expect(checkCustomFieldValue(def(type), '')).toEqual({ ok: true, value: null });
    }
    expect(checkCustomFieldValue(def('ENUM', { isEnumMultiple: true, required: true }), [])).toEqual({
      ok: false,
      message: MESSAGES.pleaseSelectValue,
    });
  });

  it('multiple select takes a list (or one value), deduplicated and spelt as defined', () => {
    const multi = def('ENUM', { isEnumMultiple: true });
    expect(checkCustomFieldValue(multi, ['green', 'RED', 'Green'])).toEqual({
      ok: true,
      value: ['Green', 'Red'],
    });
    expect(checkCustomFieldValue(multi, 'red')).toEqual({ ok: true, value: ['Red'] });
    expect(checkCustomFieldValue(multi, [1])).toEqual({ ok: false, message: MESSAGES.pleaseSelectValue });
  });

  it('checks several values by mode, naming unknown and non-editable fields', () => {
    const a = { ...def('STRING', { required: true }), id: 'a' };
    const b = { ...def('NUMBER'), id: 'b' };
    expect(checkCustomFieldValues([a, b], {}, 'create').fields).toEqual({
      'customFields.a': MESSAGES.required,
    });
    expect(checkCustomFieldValues([a, b], { b: 2 }, 'update')).toEqual({ values: { b: 2 }, fields: {} });
    expect(checkCustomFieldValues([a, b], { z: 1 }, 'update').fields).toEqual({
      'customFields.z': ATTENDEE_MESSAGES.unknownField,
    });
    expect(checkCustomFieldValues([a, b], { b: 1 }, 'update', (f) => f.id === 'a').fields).toEqual({
      'customFields.b': ATTENDEE_MESSAGES.notEditable,
    });
  });

  it('normalises times and keys', () => {
    expect(normaliseTime(' 9:30am ')).toBe('09:30 AM');
    const id = '3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b';
    expect(customFieldKey(id)).toBe('cf_3f2a1b4c5d6e4f708a9b0c1d2e3f4a5b');
    expect(customFieldIdFromKey(customFieldKey(id))).toBe(id);
    expect(customFieldIdFromKey('cf_nothex')).toBeUndefined();
  });

  it('settings: ENUM needs distinct values, other types none', () => {
    expect(
      createCustomFieldSchema.safeParse({ name: 'A', dataType: 'ENUM', settings: { enumValues: [] } })
        .success,
    ).toBe(false);
    expect(
      createCustomFieldSchema.safeParse({ name: 'A', dataType: 'ENUM', settings: { enumValues: ['x', 'X'] } })
        .success,
    ).toBe(false);
    expect(
      createCustomFieldSchema.safeParse({ name: 'A', dataType: 'NUMBER', settings: { enumValues: ['x'] } })
        .success,
    ).toBe(false);
    expect(createCustomFieldSchema.parse({ name: 'A', dataType: 'NUMBER' }).settings).toEqual({
      required: false,
      isCustomField: true,
      isEnumMultiple: false,
      enumValues: [],
      special: false,
    });
  });
});

describe('rules (spec part 5: label rule operators per type)', () => {
  const fields = [def('NUMBER'), { ...def('ENUM'), id: '3f2a0000-0000-4000-8000-000000000002' }];
  it('resolves fields, allows operators per type and normalises values', () => {
    const check = checkRules(
      [
        { field: 'company', operator: 'EQUAL', value: ' Acme ' },
        { field: customFieldKey(fields[0]!.id), operator: 'GREATER_THAN', value: '5' },
        { field: fields[1]!.id, operator: 'INCLUDES', value: 'green' },
      ],
      fields,
    );
    expect(check).toEqual({
      fields: {},
      rules: [
        { field: 'company', operator: 'EQUAL', value: 'Acme' },
        { field: fields[0]!.id, operator: 'GREATER_THAN', value: 5 },
        { field: fields[1]!.id, operator: 'INCLUDES', value: ['Green'] },
      ],
    });
    expect(checkRules([{ field: 'company', operator: 'INCLUDES', value: 'x' }], fields).fields).toEqual({
      '0.operator': ATTENDEE_MESSAGES.operatorNotAllowed,
    });
    expect(
      checkRules([{ field: fields[1]!.id, operator: 'NOT_EQUAL', value: 'Red' }], fields).fields,
    ).toEqual({ '0.operator': ATTENDEE_MESSAGES.operatorNotAllowed });
  });

  it('reads rules from a query string', () => {
    expect(
      rulesQueryParamSchema.safeParse('[{"field":"company","operator":"EQUAL","value":"x"}]').success,
    ).toBe(true);
    expect(rulesQueryParamSchema.safeParse('{').error?.issues[0]?.message).toBe(
      ATTENDEE_MESSAGES.invalidFilter,
    );
    expect(
      rulesQueryParamSchema.safeParse('[{"field":"company","operator":"LIKE","value":"x"}]').success,
    ).toBe(false);
  });
});

describe('participant rows', () => {
  it('normalises a good row and names every problem of a bad one', () => {
    expect(
      checkParticipantRow(
        { email: ' A@Example.COM ', firstName: 'Ann', lastName: 'Lee', phone: 491701234 },
        [],
      ),
    ).toEqual({
      ok: true,
      value: {
        email: 'a@example.com',
        firstName: 'Ann',
        lastName: 'Lee',
        phone: '491701234',
        customFields: {},
        labelIds: [],
      },
    });
    expect(checkParticipantRow({ email: null, lastName: ' ', bio: 'b'.repeat(5001) }, [])).toEqual({
      ok: false,
      fields: {
        email: MESSAGES.required,
        firstName: MESSAGES.required,
        lastName: MESSAGES.required,
        bio: MESSAGES.maxLength,
      },
    });
    expect(checkParticipantRow({ email: 'a@example.com' }, [], 'update').ok).toBe(true);
  });
});
