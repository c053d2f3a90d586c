import { describe, it, expect } from 'vitest';
import {
  DATA_TYPES,
  DATA_TYPE_LABELS,
  customFieldSettingsSchema,
  dynamicValueMessage,
  type DataType,
} from './custom-fields.js';

describe('custom-field data types (spec part 3)', () => {
  it('lists the eight types', () => {
    expect(DATA_TYPES).toEqual([
      'STRING',
      'BOOLEAN',
      'DATE',
      'NUMBER',
      'CURRENCY',
      'TIME',
      'PROFILE_LINK',
      'ENUM',
    ]);
  });
  it('labels STRING Free Text and BOOLEAN Y/N', () => {
    expect(DATA_TYPE_LABELS.STRING).toBe('Free Text');
    expect(DATA_TYPE_LABELS.BOOLEAN).toBe('Y/N');
    expect(Object.keys(DATA_TYPE_LABELS).sort()).toEqual([...DATA_TYPES].sort());
  });
  it.each<[DataType, string]>([
    ['ENUM', 'Please select value'],
    ['STRING', 'Please enter value'],
    ['NUMBER', 'Please enter value'],
    ['BOOLEAN', 'Please enter value'],
  ])('dynamic value message for %s', (type, message) => {
    expect(dynamicValueMessage(type)).toBe(message);
  });
});

describe('customFieldSettingsSchema', () => {
  it('has the spec settings with defaults', () => {
    expect(customFieldSettingsSchema.parse({})).toEqual({
      required: false,
      isCustomField: true,
      isEnumMultiple: false,
      enumValues: [],
      special: false,
    });
  });
  it('keeps given values and trims enum values', () => {
    expect(
      customFieldSettingsSchema.parse({ required: true, isEnumMultiple: true, enumValues: [' Red ', 'Blue'] })
        .enumValues,
    ).toEqual(['Red', 'Blue']);
  });
  it.each([[{ required: 'yes' }], [{ enumValues: [''] }], [{ enumValues: 'Red' }]])('rejects %j', (value) => {
    expect(customFieldSettingsSchema.safeParse(value).success).toBe(false);
  });
});
