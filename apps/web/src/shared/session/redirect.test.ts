import { describe, expect, it } from 'vitest';
import { isSafeRedirect } from './redirect';

describe('isSafeRedirect', () => {
  it('keeps same-origin paths', () => {
    expect(isSafeRedirect('/event-details')).toBe(true);
    expect(isSafeRedirect('/event/abc/home?x=1')).toBe(true);
  });
  it('refuses other origins and odd values', () => {
    expect(isSafeRedirect('//evil.example/x')).toBe(false);
    expect(isSafeRedirect('/\\evil.example')).toBe(false);
    expect(isSafeRedirect('https://evil.example')).toBe(false);
    expect(isSafeRedirect('')).toBe(false);
    expect(isSafeRedirect(null)).toBe(false);
  });
});
