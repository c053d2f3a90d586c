import { describe, it, expect } from 'vitest';
import { checkDateOrder, checkTimeOrder } from './order.js';

const dateErrors = {
  start: 'Start date can not be greater than end date',
  end: 'End date can not be less than start date',
};
const timeErrors = {
  start: 'Start time can not be greater than end time',
  end: 'End time can not be less than start time',
};

describe('checkDateOrder', () => {
  it.each([
    ['2026-03-01', '2026-03-02', {}],
    ['2026-03-01', '2026-03-01', {}],
    ['2026-03-02', '2026-03-01', dateErrors],
    [new Date('2026-03-01T10:00:00Z'), new Date('2026-03-01T09:59:59Z'), dateErrors],
    ['2026-03-02', null, {}],
    [undefined, '2026-03-01', {}],
    ['not a date', '2026-03-01', {}],
  ])('%j → %j', (start, end, expected) => {
    expect(checkDateOrder(start, end)).toEqual(expected);
  });
});

describe('checkTimeOrder', () => {
  it.each([
    ['09:00 AM', '10:00 AM', {}],
    ['10:00 AM', '10:00 AM', {}],
    ['11:00 AM', '10:00 AM', timeErrors],
    ['12:30 PM', '01:00 PM', {}],
    ['01:00 PM', '12:30 PM', timeErrors],
    ['12:00 AM', '11:59 PM', {}],
    ['14:00', '13:59', timeErrors],
    ['', '10:00 AM', {}],
    ['garbage', '10:00 AM', {}],
  ])('%j → %j', (start, end, expected) => {
    expect(checkTimeOrder(start, end)).toEqual(expected);
  });
});
