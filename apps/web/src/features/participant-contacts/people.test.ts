import { describe, expect, it } from 'vitest';
import { displayName, headline, isBadgeQr, svgDataUrl } from './people';

describe('people', () => {
  it('names a person, or falls back', () => {
    expect(displayName({ firstName: 'Ann', lastName: 'Lee' })).toBe('Ann Lee');
    expect(displayName({ firstName: ' ', lastName: '' }, 'someone')).toBe('someone');
  });

  it('joins job title and company', () => {
    expect(headline({ jobTitle: 'CTO', company: 'Acme' })).toBe('CTO, Acme');
    expect(headline({ jobTitle: '', company: 'Acme' })).toBe('Acme');
    expect(headline({ jobTitle: '', company: '' })).toBe('');
  });

  it('tells a badge from other codes', () => {
    expect(isBadgeQr('{"type":"PARTICIPANT_QR_CODE","eventId":"e","participantId":"p"}')).toBe(true);
    expect(isBadgeQr(' {"type":"PARTICIPANT_QR_CODE","eventId":"e","participantId":"p"}\n')).toBe(true);
    expect(isBadgeQr('{"type":"SESSION_QR_CODE","eventId":"e","sessionId":"s"}')).toBe(false);
    expect(isBadgeQr('https://example.com')).toBe(false);
  });

  it('encodes the SVG as an image address', () => {
    expect(svgDataUrl('<svg a="#"/>')).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%20a%3D%22%23%22%2F%3E');
  });
});
