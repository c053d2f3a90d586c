import { DIRECTORY_MESSAGES, MESSAGES } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { initialValues, toBody, validate } from './directoryForm';

describe('directory form', () => {
  it('starts as a list of everyone showing job title, company and photo', () => {
    const v = initialValues(null);
    expect(v).toMatchObject({ view: 'LIST_VIEW', filter: 'ALL_PARTICIPANTS', sort: 'LAST_NAME' });
    expect(v.shownFields).toEqual(['jobTitle', 'company', 'photo']);
    expect(validate(v)).toEqual({ name: MESSAGES.required });
  });

  it('sends only the arguments of the chosen filter', () => {
    const v = {
      ...initialValues(null),
      name: '  Speakers ',
      filter: 'SESSION_SPEAKERS' as const,
      sessionIds: ['s1'],
      labelIds: ['l1'],
      customFieldValues: [{ fieldId: 'f1', values: ['x'] }],
    };
    expect(toBody(v)).toMatchObject({
      name: 'Speakers',
      sessionIds: ['s1'],
      labelIds: [],
      customFieldValues: [],
    });
    const custom = toBody({ ...v, filter: 'CUSTOM' });
    expect(custom).toMatchObject({
      sessionIds: [],
      labelIds: ['l1'],
      customFieldValues: [{ fieldId: 'f1', values: ['x'] }],
    });
  });

  it('drops empty custom rows and asks for what a filter needs', () => {
    const base = { ...initialValues(null), name: 'D' };
    expect(validate({ ...base, filter: 'SESSION_SPEAKERS' })).toEqual({
      sessionIds: DIRECTORY_MESSAGES.sessionsRequired,
    });
    const custom = {
      ...base,
      filter: 'CUSTOM' as const,
      customFieldValues: [{ fieldId: 'f', values: [' '] }],
    };
    expect(toBody(custom).customFieldValues).toEqual([]);
    expect(validate(custom)).toEqual({ labelIds: DIRECTORY_MESSAGES.customRequired });
    expect(validate({ ...custom, labelIds: ['l'] })).toEqual({});
  });
});
