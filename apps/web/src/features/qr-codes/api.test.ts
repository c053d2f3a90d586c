import { MESSAGES, QR_MESSAGES } from '@plenary/domain';
import { describe, expect, it } from 'vitest';
import { checkCodeForm, codeErrorsFromApi, pngFileName, reportFileName } from './api';

describe('custom QR code dialog values', () => {
  it('sends trimmed text and the points as a number; empty points are 0', () => {
    expect(checkCodeForm({ name: '  Welcome desk ', description: ' Lobby ', points: ' 15 ' })).toEqual({
      ok: true,
      body: { name: 'Welcome desk', description: 'Lobby', points: 15 },
    });
    expect(checkCodeForm({ name: 'Coffee', description: '', points: '' })).toMatchObject({
      ok: true,
      body: { points: 0 },
    });
  });

  it("refuses with the domain schema's messages, one per field", () => {
    expect(checkCodeForm({ name: '   ', description: '', points: '-1' })).toEqual({
      ok: false,
      errors: { name: MESSAGES.required, points: MESSAGES.invalidInteger },
    });
    for (const points of ['abc', '1.5', '1e3'])
      expect(checkCodeForm({ name: 'A', description: '', points })).toEqual({
        ok: false,
        errors: { points: MESSAGES.invalidInteger },
      });
    expect(checkCodeForm({ name: 'A', description: '', points: '100001' })).toEqual({
      ok: false,
      errors: { points: QR_MESSAGES.points },
    });
  });

  it("puts the API's field errors on the inputs it has, by the path's first part", () => {
    expect(codeErrorsFromApi({ name: 'Too long', 'points.0': 'Bad', eventId: 'ignored' })).toEqual({
      name: 'Too long',
      points: 'Bad',
    });
    expect(codeErrorsFromApi(undefined)).toEqual({});
  });
});

describe('download file names', () => {
  it("names a code's PNG after the code and its size", () => {
    expect(pngFileName({ id: 'x', name: 'Sponsor booth: Contoso' }, 1200)).toBe(
      'sponsor-booth-contoso-qr-1200.png',
    );
    expect(pngFileName({ id: 'x', name: 'Café Größe' }, 1800)).toBe('cafe-gro-e-qr-1800.png');
    expect(pngFileName({ id: 'abc', name: '★★★' }, 1200)).toBe('abc-qr-1200.png');
  });

  it('dates the reports', () => {
    expect(reportFileName('session-qr-codes', 'csv', new Date('2026-11-26T10:00:00Z'))).toBe(
      'session-qr-codes-report-2026-11-26.csv',
    );
  });
});
