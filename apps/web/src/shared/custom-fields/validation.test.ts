import { MESSAGES } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { formatCustomFieldValue } from './format';
import type { CustomFieldInputField, CustomFieldRow } from './types';
import {
  customFieldErrorsFromApi,
  draftFrom,
  timeFrom24h,
  timeTo24h,
  validateCustomFieldValues,
} from './validation';

let n = 0;
function field(
  dataType: CustomFieldRow['dataType'],
  settings: Partial<CustomFieldRow['settings']> = {},
  extra: Partial<CustomFieldInputField> = {},
): CustomFieldInputField {
  n += 1;
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `${dataType} ${n}`,
    dataType,
    currencyCode: dataType === 'CURRENCY' ? 'EUR' : null,
    settings: {
      required: false,
      isCustomField: true,
      isEnumMultiple: false,
      enumValues: [],
      special: false,
      ...settings,
    },
    ...extra,
  };
}

describe('validateCustomFieldValues', () => {
  it("says 'Required field' for a required field without a value", () => {
    const f = field('STRING', { required: true });
    expect(validateCustomFieldValues([f], {}).errors).toEqual({ [f.id]: MESSAGES.required });
    expect(validateCustomFieldValues([f], { [f.id]: undefined }).errors).toEqual({
      [f.id]: MESSAGES.required,
    });
  });

  it("says 'Please enter value' for an empty required field, 'Please select value' for ENUM", () => {
    const text = field('STRING', { required: true });
    const number = field('NUMBER', { required: true });
    const single = field('ENUM', { required: true, enumValues: ['A', 'B'] });
    const multi = field('ENUM', { required: true, isEnumMultiple: true, enumValues: ['A', 'B'] });
    const { errors } = validateCustomFieldValues([text, number, single, multi], {
      [text.id]: '  ',
      [number.id]: '',
      [single.id]: '',
      [multi.id]: [],
    });
    expect(errors).toEqual({
      [text.id]: MESSAGES.pleaseEnterValue,
      [number.id]: MESSAGES.pleaseEnterValue,
      [single.id]: MESSAGES.pleaseSelectValue,
      [multi.id]: MESSAGES.pleaseSelectValue,
    });
  });

  it('checks values by type with the spec messages', () => {
    const time = field('TIME');
    const link = field('PROFILE_LINK');
    const money = field('CURRENCY');
    const half = field('NUMBER');
    const choice = field('ENUM', { enumValues: ['Vegan', 'None'] });
    const { errors } = validateCustomFieldValues([time, link, money, half, choice], {
      [time.id]: '25:00',
      [link.id]: 'not a url',
      [money.id]: 1.234,
      [half.id]: '1.',
      [choice.id]: 'Fish',
    });
    expect(errors).toEqual({
      [time.id]: MESSAGES.timeFormat,
      [link.id]: MESSAGES.invalidUrl,
      [money.id]: MESSAGES.pleaseEnterValue,
      [half.id]: MESSAGES.pleaseEnterValue,
      [choice.id]: MESSAGES.pleaseSelectValue,
    });
  });

  it('normalises good values and clears empty optional ones', () => {
    const text = field('STRING');
    const yes = field('BOOLEAN');
    const date = field('DATE');
    const time = field('TIME');
    const multi = field('ENUM', { isEnumMultiple: true, enumValues: ['Red', 'Blue'] });
    const untouched = field('NUMBER');
    const result = validateCustomFieldValues([text, yes, date, time, multi, untouched], {
      [text.id]: '',
      [yes.id]: false,
      [date.id]: '2026-05-04',
      [time.id]: '9:05 pm',
      [multi.id]: ['blue', 'Red', 'Blue'],
    });
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({
      [text.id]: null,
      [yes.id]: false,
      [date.id]: '2026-05-04',
      [time.id]: '09:05 PM',
      [multi.id]: ['Blue', 'Red'],
    });
    expect(validateCustomFieldValues([text], { [text.id]: '' }, { dropEmpty: true }).values).toEqual({});
  });

  it('checks only the fields a participant may edit when asked to, ignoring values of other fields', () => {
    const mine = field('STRING', { required: true }, { editableByParticipant: true });
    const theirs = field('STRING', { required: true }, { editableByParticipant: false });
    const viaProfile = field('STRING', { required: true }, { editableByParticipant: false, editable: true });
    const result = validateCustomFieldValues(
      [mine, theirs, viaProfile],
      { [mine.id]: 'x', [theirs.id]: 'y' },
      { onlyEditableByParticipant: true },
    );
    expect(result.errors).toEqual({ [viaProfile.id]: MESSAGES.required });
    expect(result.values).toEqual({ [mine.id]: 'x' });
  });
});

describe('customFieldErrorsFromApi', () => {
  it("keeps the API's customFields.<id> messages by id", () => {
    expect(
      customFieldErrorsFromApi({ 'customFields.abc': 'Please enter value', firstName: 'Required field' }),
    ).toEqual({ abc: 'Please enter value' });
    expect(customFieldErrorsFromApi(undefined)).toEqual({});
  });
});

describe('draftFrom', () => {
  it("takes the record's values of the given fields, leaving empty ones absent", () => {
    const a = field('STRING');
    const b = field('NUMBER');
    expect(draftFrom([a, b], { [a.id]: 'x', [b.id]: null, other: 'z' })).toEqual({ [a.id]: 'x' });
  });
});

describe('time conversion', () => {
  it("turns 'hh:mm AM/PM' into the picker's 24-hour time and back", () => {
    expect(timeTo24h('12:15 AM')).toBe('00:15');
    expect(timeTo24h('09:30 pm')).toBe('21:30');
    expect(timeTo24h('12:00 PM')).toBe('12:00');
    expect(timeTo24h('nonsense')).toBe('');
    expect(timeFrom24h('00:15')).toBe('12:15 AM');
    expect(timeFrom24h('21:30:00')).toBe('09:30 PM');
    expect(timeFrom24h('12:00')).toBe('12:00 PM');
    expect(timeFrom24h('')).toBe('');
  });
});

describe('formatCustomFieldValue', () => {
  it('formats by type and leaves empty values blank', () => {
    expect(formatCustomFieldValue(field('DATE'), '2026-01-31', 'en')).toBe('Jan 31, 2026');
    expect(formatCustomFieldValue(field('CURRENCY'), 1234.5, 'en')).toBe('€1,234.50');
    expect(formatCustomFieldValue(field('ENUM', { isEnumMultiple: true }), ['A', 'B'], 'en')).toBe('A, B');
    expect(formatCustomFieldValue(field('NUMBER'), 1500, 'en')).toBe('1,500');
    expect(formatCustomFieldValue(field('STRING'), '', 'en')).toBe('');
    expect(formatCustomFieldValue(field('STRING'), null, 'en')).toBe('');
  });
});
