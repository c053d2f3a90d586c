import { ATTENDEE_MESSAGES, MESSAGES } from '@plenary/domain';
import type { CustomFieldRow } from '../../shared/custom-fields';
import { describe, expect, it } from 'vitest';
import {
  ADMIN_SETTINGS,
  DATA_TYPE_OPTIONS,
  firstErrorField,
  formFieldOf,
  initialValues,
  toBody,
  validateCustomField,
  type CustomFieldFormValues,
} from './customFieldForm.schema';

const blank = initialValues(null);
const values = (patch: Partial<CustomFieldFormValues>): CustomFieldFormValues => ({
  ...blank,
  name: 'Diet',
  dataType: 'STRING',
  ...patch,
});

describe('validateCustomField', () => {
  it('asks for a name and a type with the spec message', () => {
    expect(validateCustomField(blank)).toMatchObject({
      name: MESSAGES.required,
      dataType: MESSAGES.required,
    });
  });

  it('refuses an ENUM without values, blank values and duplicates', () => {
    expect(validateCustomField(values({ dataType: 'ENUM', enumValues: [] }))).toEqual({
      enumValues: ATTENDEE_MESSAGES.enumValuesRequired,
    });
    expect(validateCustomField(values({ dataType: 'ENUM', enumValues: ['Vegan', '  '] }))).toEqual({
      'enumValues.1': MESSAGES.required,
    });
    expect(validateCustomField(values({ dataType: 'ENUM', enumValues: ['Vegan', 'vegan'] }))).toEqual({
      'enumValues.1': ATTENDEE_MESSAGES.enumValuesDuplicate,
    });
  });

  it('checks the ENUM values even while the name is missing', () => {
    expect(validateCustomField(values({ name: '', dataType: 'ENUM', enumValues: [] }))).toEqual({
      name: MESSAGES.required,
      enumValues: ATTENDEE_MESSAGES.enumValuesRequired,
    });
  });

  it('wants a three-letter currency code for CURRENCY only', () => {
    expect(validateCustomField(values({ dataType: 'CURRENCY', currencyCode: 'EURO' }))).toEqual({
      currencyCode: ATTENDEE_MESSAGES.currencyCode,
    });
    expect(validateCustomField(values({ dataType: 'CURRENCY', currencyCode: 'eur' }))).toEqual({});
    expect(validateCustomField(values({ dataType: 'NUMBER', currencyCode: 'nonsense' }))).toEqual({});
  });

  it('passes a complete field of every type', () => {
    for (const dataType of [
      'STRING',
      'BOOLEAN',
      'DATE',
      'NUMBER',
      'CURRENCY',
      'TIME',
      'PROFILE_LINK',
    ] as const) {
      expect(validateCustomField(values({ dataType }))).toEqual({});
    }
    expect(
      validateCustomField(values({ dataType: 'ENUM', enumValues: ['S', 'M', 'L'], isEnumMultiple: true })),
    ).toEqual({});
  });
});

describe('toBody', () => {
  it('drops ENUM settings and the currency code from other types', () => {
    const body = toBody(
      values({ dataType: 'NUMBER', isEnumMultiple: true, enumValues: ['x'], currencyCode: 'EUR' }),
    );
    expect(body.settings).toMatchObject({ isEnumMultiple: false, enumValues: [] });
    expect(body).not.toHaveProperty('currencyCode');
  });

  it('keeps trimmed ENUM values, the multiple flag and every setting', () => {
    const body = toBody(
      values({
        name: ' Size ',
        dataType: 'ENUM',
        isEnumMultiple: true,
        enumValues: [' S ', 'M'],
        required: true,
        special: true,
        showInProfile: true,
      }),
    );
    expect(body).toMatchObject({
      name: 'Size',
      dataType: 'ENUM',
      showInProfile: true,
      settings: { required: true, special: true, isEnumMultiple: true, enumValues: ['S', 'M'] },
    });
  });

  it('sends the currency code of a CURRENCY field', () => {
    expect(toBody(values({ dataType: 'CURRENCY', currencyCode: 'EUR' }))).toMatchObject({
      currencyCode: 'EUR',
    });
  });
});

describe('initialValues', () => {
  it('starts an edit from the record', () => {
    const record: CustomFieldRow = {
      id: '6f1c2d3e-4a5b-4c6d-8e7f-8091a2b3c4d5',
      eventId: '0e1d2c3b-4a59-4867-9f8e-7d6c5b4a3928',
      key: 'cf_6f1c2d3e4a5b4c6d8e7f8091a2b3c4d5',
      name: 'Size',
      dataType: 'ENUM',
      settings: {
        required: true,
        isCustomField: false,
        isEnumMultiple: true,
        enumValues: ['S'],
        special: false,
      },
      editableByParticipant: true,
      showInProfile: false,
      currencyCode: null,
      position: 0,
      createdAt: '2026-03-01T08:00:00.000Z',
      updatedAt: '2026-03-01T08:00:00.000Z',
    };
    expect(initialValues(record)).toMatchObject({
      name: 'Size',
      dataType: 'ENUM',
      required: true,
      isCustomField: false,
      isEnumMultiple: true,
      enumValues: ['S'],
      editableByParticipant: true,
      currencyCode: 'USD',
    });
  });
});

describe('error placement', () => {
  it('maps API setting paths to the form', () => {
    expect(formFieldOf('settings.enumValues.3')).toBe('enumValues.3');
    expect(formFieldOf('dataType')).toBe('dataType');
  });

  it('focuses the first invalid field in the dialog order, values by index', () => {
    expect(firstErrorField({ 'enumValues.10': 'x', 'enumValues.2': 'y' })).toBe('enumValues.2');
    expect(firstErrorField({ enumValues: 'x', name: 'y' })).toBe('name');
  });
});

describe('the dialog shows no internals', () => {
  it('names the types plainly (Free Text, not "Free Text (STRING)")', () => {
    expect(DATA_TYPE_OPTIONS.find((o) => o.value === 'STRING')?.label).toBe('Free Text');
    for (const option of DATA_TYPE_OPTIONS)
      expect(option.label, option.value).not.toMatch(/\(|[A-Z]{2,}_?[A-Z]*$/);
  });

  it('lets admins tick only their settings; the system flags "Custom field" and "Built in" are sent back unchanged', () => {
    expect([...ADMIN_SETTINGS]).toEqual(['required', 'editableByParticipant', 'showInProfile']);
    const builtIn = { ...values({}), isCustomField: false, special: true };
    expect(toBody(builtIn).settings).toMatchObject({ isCustomField: false, special: true });
  });
});
