import { describe, expect, it } from 'vitest';
import { contactsToVcard, sendCardRequestSchema } from './cards.js';

const base = {
  participantId: 'p',
  photoUrl: null,
  jobTitle: '',
  company: '',
  email: '',
  phone: '',
  note: '',
};

describe('business cards', () => {
  it('writes one vCard 3.0 per contact, escaped, CRLF', () => {
    const vcf = contactsToVcard([
      { ...base, firstName: 'Ann', lastName: 'Lee', company: 'A; B, C', note: 'line1\nline2' },
      { ...base, firstName: '', lastName: '', email: 'x@example.com' },
    ]);
    expect(vcf).toBe(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Lee;Ann;;;\r\nFN:Ann Lee\r\nORG:A\\; B\\, C\r\nNOTE:line1\\nline2\r\nEND:VCARD\r\n' +
        'BEGIN:VCARD\r\nVERSION:3.0\r\nN:;;;;\r\nFN:x@example.com\r\nEMAIL;TYPE=INTERNET:x@example.com\r\nEND:VCARD\r\n',
    );
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const vcf = contactsToVcard([{ ...base, firstName: 'A', lastName: 'B', note: 'é'.repeat(100) }]);
    const lines = vcf.split('\r\n');
    const note = lines.findIndex((l) => l.startsWith('NOTE:'));
    // 'NOTE:' is 5 octets, each 'é' 2: 35 of them fill 75 octets.
    expect(lines[note]).toBe(`NOTE:${'é'.repeat(35)}`);
    expect(lines[note + 1]!.startsWith(' ')).toBe(true);
    const unfolded = vcf.replace(/\r\n /g, '');
    expect(unfolded).toContain(`NOTE:${'é'.repeat(100)}\r\n`);
  });

  it('wants a scanned code or a person, not both', () => {
    expect(sendCardRequestSchema.safeParse({ qr: 'x' }).success).toBe(true);
    expect(sendCardRequestSchema.safeParse({}).success).toBe(false);
    expect(
      sendCardRequestSchema.safeParse({ qr: 'x', participantId: '0b5e7a52-3c1d-4c52-9f3e-0d6a1f3f7c11' })
        .success,
    ).toBe(false);
  });
});
