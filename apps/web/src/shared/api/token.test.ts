import { describe, expect, it } from 'vitest';
import { isTokenExpired, tokenExpiry } from './token';

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
const token = (claims: object) => `${b64({ alg: 'HS256' })}.${b64(claims)}.sig`;

describe('token expiry', () => {
  it('reads exp', () => {
    expect(tokenExpiry(token({ exp: 1234 }))).toBe(1234);
  });
  it('is expired once exp is past, not before', () => {
    const exp = 2_000_000_000;
    expect(isTokenExpired(token({ exp }), exp * 1000 - 1)).toBe(false);
    expect(isTokenExpired(token({ exp }), exp * 1000)).toBe(true);
  });
  it('treats unreadable tokens and tokens without exp as not expired (the server decides)', () => {
    expect(isTokenExpired('garbage')).toBe(false);
    expect(isTokenExpired(token({ sub: 'x' }))).toBe(false);
  });
});
