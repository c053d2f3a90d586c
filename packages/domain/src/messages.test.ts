import { describe, it, expect } from 'vitest';
import { MESSAGES, attendeeCount, copied, breakoutEnrollable } from './messages.js';

describe('MESSAGES quoted by the spec', () => {
  it.each([
    ['required', 'Required field'],
    ['pleaseEnterValue', 'Please enter value'],
    ['pleaseSelectValue', 'Please select value'],
    ['startDateAfterEndDate', 'Start date can not be greater than end date'],
    ['endDateBeforeStartDate', 'End date can not be less than start date'],
    ['startTimeAfterEndTime', 'Start time can not be greater than end time'],
    ['endTimeBeforeStartTime', 'End time can not be less than start time'],
    ['timeFormat', 'Time format should be like: hh:mm AM/PM'],
    ['maxLength', 'Max length exceeded'],
    ['notAuthorizedCms', 'You are not authorized to access cms'],
    ['loginFailed', 'An error occurred when logging in.'],
    ['tokenExpired', 'Token expired'],
    [
      'noRecords',
      'We can not find any records matching your search or filter criteria. Please change criteria and try again.',
    ],
    ['noAttendees', 'No attendees'],
    ['noResponse', 'No response'],
    ['noOptions', 'No options'],
    ['locationImportConflict', 'Only one of "Pdf Map" or "Map Location Url" can be updated.'],
    ['continueOnApp', 'Continue On App'],
    ['downloadOurApp', 'Download Our App'],
    ['continueOnWeb', 'Continue On Web'],
    ['viewAll', 'View All'],
  ] as const)('%s', (key, text) => {
    expect(MESSAGES[key]).toBe(text);
  });

  it('has a non-empty text for every key', () => {
    for (const text of Object.values(MESSAGES)) expect(text.trim()).not.toBe('');
  });
});

describe('message helpers', () => {
  it.each([
    [0, 'No attendees'],
    [1, '1 attendee'],
    [25, '25 attendees'],
  ])('attendeeCount(%i)', (n, text) => {
    expect(attendeeCount(n)).toBe(text);
  });

  it('copied', () => {
    expect(copied('Event URL')).toBe('Copied: Event URL');
  });

  it('breakoutEnrollable', () => {
    expect(breakoutEnrollable('Morning tracks')).toBe(
      'This session is used in breakout "Morning tracks" which is enrollable. So, rules will be applied from breakout',
    );
  });
});
