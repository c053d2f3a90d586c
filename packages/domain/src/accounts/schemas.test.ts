import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.js';
import { zodFieldErrors } from '../validation/errors.js';
import { ACCOUNT_MESSAGES } from './messages.js';
import { registerBodySchema, requestHostSchema, signInBodySchema } from './schemas.js';

const fields = (schema: { safeParse(v: unknown): { success: boolean; error?: unknown } }, value: unknown) => {
  const r = schema.safeParse(value);
  return r.success ? {} : zodFieldErrors(r.error as Parameters<typeof zodFieldErrors>[0]);
};

describe('accounts schemas', () => {
  it('sign-in body: credentials or sso, chosen by `sso`', () => {
    expect(
      signInBodySchema.parse({ email: ' A@Example.com ', password: 'x', host: 'cms.localhost:3000' }),
    ).toEqual({ email: 'A@Example.com', password: 'x', host: 'cms.localhost:3000' });
    expect(
      signInBodySchema.parse({ sso: true, token: 'code', state: 'st', host: 'localhost' }),
    ).toMatchObject({ sso: true, token: 'code' });
    expect(fields(signInBodySchema, { email: '', password: '', host: 'localhost' })).toEqual({
      email: MESSAGES.required,
      password: MESSAGES.required,
    });
    expect(fields(signInBodySchema, { sso: true, token: '', state: 's', host: 'h' })).toEqual({
      token: MESSAGES.required,
    });
  });

  it('register body: the spec password rule, required names, max lengths', () => {
    expect(
      fields(registerBodySchema, {
        email: 'a@example.com',
        password: 'weakpass',
        firstName: 'A',
        lastName: 'B',
        host: 'h',
      }),
    ).toEqual({ password: MESSAGES.invalidPassword });
    expect(
      fields(registerBodySchema, {
        email: `${'a'.repeat(255)}@x.io`,
        password: 'Good!pass1',
        firstName: ' ',
        lastName: 'b'.repeat(101),
        host: 'h',
      }),
    ).toEqual({
      email: MESSAGES.maxLength,
      firstName: MESSAGES.required,
      lastName: MESSAGES.maxLength,
    });
  });

  it('hosts: a DNS name or IPv4 with an optional port, nothing else', () => {
    for (const ok of ['localhost', 'cms.localhost:3000', '127.0.0.1:5173', 'events.example.com'])
      expect(requestHostSchema.safeParse(ok).success, ok).toBe(true);
    for (const bad of ['http://x', 'a/b', 'a b', '-x', 'x:port', 'x:123456']) {
      expect(requestHostSchema.safeParse(bad).error?.issues[0]?.message, bad).toBe(
        ACCOUNT_MESSAGES.invalidHost,
      );
    }
  });
});
