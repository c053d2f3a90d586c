import { describe, expect, it } from 'vitest';
import { exportOptionsSchema, neutraliseCell } from './export.js';

describe('neutraliseCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+49 30 1234', "'+49 30 1234"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', "'\rcmd"],
    ['\0x', "'\0x"],
  ])('prefixes %j with a single quote', (input, expected) => {
    expect(neutraliseCell(input)).toBe(expected);
  });

  it.each(['Northwind', '', ' =not at start', "'already quoted", 'a=b', '1-2'])(
    'leaves %j alone',
    (input) => {
      expect(neutraliseCell(input)).toBe(input);
    },
  );

  it('passes values that are not text unchanged', () => {
    const date = new Date();
    expect(neutraliseCell(-5)).toBe(-5);
    expect(neutraliseCell(true)).toBe(true);
    expect(neutraliseCell(null)).toBe(null);
    expect(neutraliseCell(undefined)).toBe(undefined);
    expect(neutraliseCell(date)).toBe(date);
  });
});

describe('exportOptionsSchema', () => {
  it('defaults to CSV with every column', () => {
    expect(exportOptionsSchema.parse({})).toEqual({ format: 'csv' });
  });
  it('splits and trims the column list', () => {
    expect(exportOptionsSchema.parse({ format: 'xlsx', columns: ' name, createdAt,,status ' })).toEqual({
      format: 'xlsx',
      columns: ['name', 'createdAt', 'status'],
    });
  });
  it('refuses other formats', () => {
    expect(exportOptionsSchema.safeParse({ format: 'pdf' }).success).toBe(false);
  });
});
