import { describe, it, expect } from 'vitest';
import * as spec from './index.js';

describe('single-value constants (spec parts 1, 3, 4, 9)', () => {
  it.each<[string, unknown, unknown]>([
    ['TOAST_DURATION_MS', spec.TOAST_DURATION_MS, 3000],
    ['TOAST_MAX_VISIBLE', spec.TOAST_MAX_VISIBLE, 10],
    ['DOUBLE_CLICK_GUARD_MS', spec.DOUBLE_CLICK_GUARD_MS, 400],
    ['REAUTH_DELAY_MS', spec.REAUTH_DELAY_MS, 5000],
    ['LOGIN_FAILURE_LOGOUT_DELAY_MS', spec.LOGIN_FAILURE_LOGOUT_DELAY_MS, 3000],
    ['OBJECT_URL_REVOKE_MS', spec.OBJECT_URL_REVOKE_MS, 7000],
    ['DROPDOWN_DEFAULT_WIDTH', spec.DROPDOWN_DEFAULT_WIDTH, 262],
    ['DROPDOWN_MAX_MENU_HEIGHT', spec.DROPDOWN_MAX_MENU_HEIGHT, 200],
    ['UPCOMING_WINDOW_DAYS', spec.UPCOMING_WINDOW_DAYS, 13],
    ['DEFAULT_LIST_VIEW_TYPE', spec.DEFAULT_LIST_VIEW_TYPE, 'list'],
    [
      'DEFAULT_COLORS',
      spec.DEFAULT_COLORS,
      { primary: '#000000', secondary: '#000000', background: '#ffffff', font: '#000000' },
    ],
    ['CMS_HOST_PREFIX', spec.CMS_HOST_PREFIX, 'cms.'],
    ['IMPERSONATE_HEADER', spec.IMPERSONATE_HEADER, 'impersonate'],
    ['PAGINATION_SIBLING_COUNT', spec.PAGINATION_SIBLING_COUNT, 2],
    [
      'unnamed numeric limits',
      [
        spec.ONE_MINUTE_MS,
        spec.SHORT_DELAY_MS,
        spec.SHORT_TEXT_MAX_LENGTH,
        spec.MAX_IMPORT_ROWS,
        spec.MAX_EXPORT_ROWS,
        spec.MAX_UPLOAD_BYTES,
        spec.MAX_IMAGE_UPLOAD_BYTES,
      ],
      [60000, 3000, 300, 100000, 1000000, 100000000, 10000000],
    ],
    ['FILE_NAME_LENGTH_LIMIT', spec.FILE_NAME_LENGTH_LIMIT, 32767],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });
});

describe('enumerations', () => {
  it.each<[string, readonly unknown[], unknown[]]>([
    ['DIRECTORY_VIEWS', spec.DIRECTORY_VIEWS, ['LIST_VIEW', 'GRID', 'CAROUSEL', 'PILL']],
    [
      'DIRECTORY_FILTERS',
      spec.DIRECTORY_FILTERS,
      [
        'ALL_PARTICIPANTS',
        'ALL_SPEAKERS',
        'SESSION_SPEAKERS',
        'CUSTOM',
        'BUSINESS_CARD_EXCHANGED',
        'USERS_AVAILABLE_FOR_MEETINGS',
      ],
    ],
    ['COMMUNICATION_SCHEDULES', spec.COMMUNICATION_SCHEDULES, ['NOW', 'DATE_AND_TIME']],
    ['COMMUNICATION_STATUSES', spec.COMMUNICATION_STATUSES, ['PENDING_TO_SCHEDULE', 'SCHEDULED']],
    ['COMMUNICATION_KINDS', spec.COMMUNICATION_KINDS, ['NOTIFICATION', 'EMAIL']],
    ['ORGANIZATION_STATUSES', spec.ORGANIZATION_STATUSES, ['DRAFT', 'PUBLISHED']],
    ['APP_VERSION_PLATFORMS', spec.APP_VERSION_PLATFORMS, ['iOS', 'Android']],
    ['LOGIN_TYPES', spec.LOGIN_TYPES, ['CMS', 'EVENT_WEBSITE', 'DEMO']],
    [
      'SESSION_TABLE_COLUMNS',
      spec.SESSION_TABLE_COLUMNS.slice(0, 4),
      ['name', 'description', 'speakers', 'startAt'],
    ],
  ])('%s', (_, actual, expected) => {
    expect(actual).toEqual(expected);
  });

  it('has the nine browser-stored keys, distinct', () => {
    expect(Object.keys(spec.STORAGE_KEYS)).toEqual([
      'accessToken',
      'role',
      'userId',
      'userData',
      'participantView',
      'redirectUrl',
      'loginType',
      'formAccessToken',
      'impersonatedUser',
    ]);
    expect(new Set(Object.values(spec.STORAGE_KEYS)).size).toBe(9);
  });

  it('clears token, role, user id, user data and participant view on login', () => {
    const { accessToken, role, userId, userData, participantView } = spec.STORAGE_KEYS;
    expect(spec.SESSION_STORAGE_KEYS).toEqual([accessToken, role, userId, userData, participantView]);
  });

  it.each([
    ['cms.plenary.example', true],
    ['CMS.example.org', true],
    ['plenary.example', false],
    ['mycms.example', false],
  ])('isCmsHost(%j) → %s', (host, expected) => {
    expect(spec.isCmsHost(host)).toBe(expected);
  });

  it.each([
    [true, 'Yes'],
    [false, 'No'],
  ])('yesNo(%s)', (value, text) => {
    expect(spec.yesNo(value)).toBe(text);
  });
});
