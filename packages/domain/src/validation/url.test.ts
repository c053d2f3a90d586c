import { describe, it, expect } from 'vitest';
import { isUrl, urlSchema } from './url.js';
import { MESSAGES } from '../messages.js';

describe('isUrl (spec part 5)', () => {
  it.each([
    ['https://example.com', true],
    ['http://example.com', true],
    ['https://example.com/path?q=1', true],
    ['https://example.com/path?q=1#top', true],
    ['HTTPS://EXAMPLE.COM', true],
    ['https://sub.example.co.uk:8443/a', true],
    ['https://user:pw@example.com', true],
    ['http://localhost:3000/x', true],
    ['http://127.0.0.1:8080', true],
    ['http://[::1]:3000/', true],
    ['https://xn--bcher-kva.example', true],
    ['https://münchen.de', true],
    ['https://example.com.', true],
    ['http://', false],
    ['https://', false],
    ['https://exa mple.com', false],
    ['https://example.com/a b', false],
    [' https://example.com', false],
    ['https://example.com\n', false],
    ['ftp://x', false],
    ['ftp://x.com', false],
    ['example.com', false],
    ['www.example.com', false],
    ['https//example.com', false],
    ['https:/example.com', false],
    ['https://example', false],
    ['https://-example.com', false],
    ['https://example..com', false],
    ['https://example.com:99999', false],
    ['https://example.com:', false],
    ['https://exa_mple.com', false],
    ['https://:80', false],
    ['javascript:alert(1)', false],
    ['', false],
  ])('%j → %s', (value, expected) => {
    expect(isUrl(value)).toBe(expected);
  });
});

describe('urlSchema', () => {
  it.each([
    ['', MESSAGES.required],
    ['ftp://x.com', MESSAGES.invalidUrl],
  ])('%j → %s', (value, message) => {
    expect(urlSchema.safeParse(value).error?.issues.map((i) => i.message)).toEqual([message]);
  });
  it('trims surrounding whitespace before checking', () => {
    expect(urlSchema.parse('  https://example.com ')).toBe('https://example.com');
  });
});
