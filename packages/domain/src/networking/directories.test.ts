import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import {
  createDirectorySchema,
  DEFAULT_SHOWN_FIELDS,
  DIRECTORY_MESSAGES,
  isCustomShownField,
  updateDirectorySchema,
} from './directories.js';

const ID = '6f1d7a1e-3d1b-4d59-9b7c-2a3f7c0b9f11';
const issues = (r: {
  success: boolean;
  error?: { issues: Array<{ path: PropertyKey[]; message: string }> };
}) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('directory contracts', () => {
  it('defaults to a list of everyone by last name showing job title, company and photo', () => {
    expect(createDirectorySchema.parse({ name: ' Everyone ' })).toEqual({
      name: 'Everyone',
      view: 'LIST_VIEW',
      filter: 'ALL_PARTICIPANTS',
      sessionIds: [],
      labelIds: [],
      customFieldValues: [],
      shownFields: DEFAULT_SHOWN_FIELDS,
      sort: 'LAST_NAME',
      position: 0,
    });
  });

  it('asks for what a filter needs', () => {
    expect(issues(createDirectorySchema.safeParse({ name: 'S', filter: 'SESSION_SPEAKERS' }))).toEqual({
      sessionIds: DIRECTORY_MESSAGES.sessionsRequired,
    });
    expect(issues(createDirectorySchema.safeParse({ name: 'C', filter: 'CUSTOM' }))).toEqual({
      labelIds: DIRECTORY_MESSAGES.customRequired,
    });
    expect(
      createDirectorySchema.safeParse({
        name: 'C',
        filter: 'CUSTOM',
        customFieldValues: [{ fieldId: ID, values: ['Lisbon'] }],
      }).success,
    ).toBe(true);
  });

  it('refuses unknown views, fields and empty values with field messages', () => {
    const bad = issues(
      createDirectorySchema.safeParse({
        name: '',
        view: 'TABLE',
        shownFields: ['email'],
        customFieldValues: [{ fieldId: ID, values: [] }],
      }),
    );
    expect(bad.name).toBe(MESSAGES.required);
    expect(bad.view).toBeTruthy();
    expect(bad['shownFields.0']).toBe(MESSAGES.pleaseSelectValue);
    expect(bad['customFieldValues.0.values']).toBe(MESSAGES.required);
    expect(updateDirectorySchema.parse({})).toEqual({});
  });

  it('tells custom shown fields from standard ones', () => {
    expect(isCustomShownField('bio')).toBe(false);
    expect(isCustomShownField(ID)).toBe(true);
  });
});
