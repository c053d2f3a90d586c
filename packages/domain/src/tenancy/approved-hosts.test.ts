import { describe, expect, it } from 'vitest';
import { approvedHostInputSchema, isApprovedHostSyntax } from './approved-hosts.js';
import { TENANCY_MESSAGES } from './messages.js';

describe('approved host syntax', () => {
  it('accepts lower-case host names with an optional port 1–65535', () => {
    for (const host of [
      'events.example.com',
      'cms.events.example.com:8443',
      'a',
      'x-1.example',
      'localhost:1',
      'h.example:65535',
      `${'a'.repeat(63)}.example`,
    ]) {
      expect(isApprovedHostSyntax(host), host).toBe(true);
    }
  });

  it('refuses schemes, paths, users, spaces, empty labels, bad ports and over-long names', () => {
    for (const host of [
      'https://x.example',
      'x.example/',
      'u@x.example',
      'x .example',
      'x..example',
      '.x.example',
      'x.example.',
      '-x.example',
      'x-.example',
      'x.example:',
      'x.example:0',
      'x.example:65536',
      'x.example:08',
      'X.example',
      'ëx.example',
      `${'a'.repeat(64)}.example`,
      `${'a.'.repeat(127)}ab`,
    ]) {
      expect(isApprovedHostSyntax(host), host).toBe(false);
    }
  });

  it('the input schema trims and folds case, and names the rule on the field', () => {
    expect(approvedHostInputSchema.parse({ host: '  Events.Example.COM:8443 ' })).toEqual({
      host: 'events.example.com:8443',
    });
    const refused = approvedHostInputSchema.safeParse({ host: 'https://events.example.com' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['host', TENANCY_MESSAGES.approvedHostSyntax],
    ]);
  });
});
