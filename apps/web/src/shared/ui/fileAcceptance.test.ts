import { describe, expect, it } from 'vitest';
import { acceptAttribute, dragVerdict, isAccepted, refusalOf, type FileAccept } from './fileAcceptance';

const SHEETS: FileAccept = {
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
};
const IMAGES: FileAccept = { 'image/*': ['.png', '.jpg'] };
const file = (name: string, type: string, size = 10) => ({ name, type, size });

describe('acceptAttribute', () => {
  it('lists each MIME type and each extension once, for the native input', () => {
    expect(acceptAttribute(SHEETS)).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv,application/vnd.ms-excel,.xlsx,.csv',
    );
  });
});

describe('isAccepted', () => {
  it('takes a listed MIME type, a wildcard type, or a listed extension in any letter case', () => {
    expect(isAccepted(file('a.CSV', ''), SHEETS)).toBe(true);
    expect(isAccepted(file('export', 'text/csv'), SHEETS)).toBe(true);
    expect(isAccepted(file('photo.webp', 'image/webp'), IMAGES)).toBe(true);
    expect(isAccepted(file('photo.PNG', ''), IMAGES)).toBe(true);
  });
  it('refuses an unlisted type with an unlisted extension', () => {
    expect(isAccepted(file('notes.txt', 'text/plain'), SHEETS)).toBe(false);
    expect(isAccepted(file('sheet.xls', ''), SHEETS)).toBe(false);
    expect(isAccepted(file('doc.pdf', 'application/pdf'), IMAGES)).toBe(false);
  });
});

describe('refusalOf', () => {
  it('passes one listed file within the limit', () => {
    expect(refusalOf([file('a.xlsx', '', 100)], SHEETS, 100)).toBeNull();
  });
  it('refuses no file or several files, before looking at them', () => {
    expect(refusalOf([], SHEETS, 100)).toBe('count');
    expect(refusalOf([file('a.csv', 'text/csv'), file('b.csv', 'text/csv')], SHEETS, 100)).toBe('count');
  });
  it('refuses a file over the limit, even of a wrong type, as too large', () => {
    expect(refusalOf([file('a.xlsx', '', 101)], SHEETS, 100)).toBe('size');
    expect(refusalOf([file('a.txt', 'text/plain', 101)], SHEETS, 100)).toBe('size');
  });
  it('refuses a file of a type not listed', () => {
    expect(refusalOf([file('a.txt', 'text/plain')], SHEETS, 100)).toBe('type');
  });
});

describe('dragVerdict', () => {
  it('accepts one file of a listed or an unknown type', () => {
    expect(dragVerdict([{ kind: 'file', type: 'text/csv' }], SHEETS)).toBe('accept');
    expect(dragVerdict([{ kind: 'file', type: '' }], SHEETS)).toBe('accept');
    expect(dragVerdict([{ kind: 'file', type: 'image/jpeg' }], IMAGES)).toBe('accept');
  });
  it('rejects several files, no file, or a known type not listed', () => {
    expect(
      dragVerdict(
        [
          { kind: 'file', type: 'text/csv' },
          { kind: 'file', type: 'text/csv' },
        ],
        SHEETS,
      ),
    ).toBe('reject');
    expect(dragVerdict([{ kind: 'string', type: 'text/plain' }], SHEETS)).toBe('reject');
    expect(dragVerdict([{ kind: 'file', type: 'application/pdf' }], IMAGES)).toBe('reject');
  });
});
