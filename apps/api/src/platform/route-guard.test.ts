import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.js';

/** Who may call: declared security in the OpenAPI document, enforced before any input is read. */

type Operation = { security?: unknown[]; responses: Record<string, { content?: unknown }> };
let t: TestContext;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestContext();
  paths = (await t.app.inject({ method: 'GET', url: '/api/v1/openapi.json' })).json().paths;
});
afterAll(() => t.close());

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
/** Every operation of the OpenAPI document (so new routes are covered), path parameters filled by a well-formed id. */
function operations() {
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      return [
        {
          method,
          path,
          op,
          url: path.replace(/\{[^}]+\}/g, SAMPLE_ID),
          secured: op.security === undefined || op.security.length > 0,
        },
      ];
    }),
  );
}

/** Routes anyone may call; every other route needs a bearer token. */
const PUBLIC = [
  'GET /api/v1/health',
  'GET /api/v1/brand',
  'POST /api/v1/auth',
  'POST /api/v1/users/register',
  'POST /api/v1/users/verify-email',
  'POST /api/v1/auth/reset-password/request',
  'POST /api/v1/auth/reset-password/complete',
  'GET /api/v1/auth/sso/providers',
  'GET /api/v1/auth/sso/start',
  'POST /api/v1/auth/magic-link',
  'GET /api/v1/files/{key}',
  'POST /api/v1/moderate/{sessionId}/sign-in',
  // The invitation's one-time token is the credential.
  'POST /api/v1/invitations/accept',
  'POST /api/v1/invitations/decline',
];

describe('route guard: authentication comes before validation', () => {
  it('answers 401 without a token on every bearer-secured route, whatever the input', async () => {
    const secured = operations().filter((o) => o.secured);
    expect(secured.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const { method, path, url } of secured) {
      // Invalid query, params and body: before the guard, validation answered 400 first.
      const res = await t.app.inject({
        method: method.toUpperCase() as 'GET',
        url: `${url}?page=zero&limit=-1&search=%00`,
        payload: method === 'get' || method === 'delete' ? undefined : {},
      });
      if (res.statusCode !== 401 || res.json().message !== 'Authentication required')
        wrong.push(`${method.toUpperCase()} ${path} -> ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('declares exactly the public routes public (security: [])', () => {
    const open = operations()
      .filter((o) => !o.secured)
      .map((o) => `${o.method.toUpperCase()} ${o.path}`);
    expect(open.sort()).toEqual([...PUBLIC].sort());
  });

  it('serves /brand without a token and declares it public', async () => {
    expect(paths['/api/v1/brand']!.get!.security).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/brand' })).statusCode).toBe(200);
  });
});

describe('OpenAPI document', () => {
  it('declares 204 answers without content', () => {
    const noContent = operations().filter((o) => o.op.responses['204']);
    expect(noContent.length).toBeGreaterThan(10);
    for (const { op } of noContent) expect(op.responses['204']).toEqual({ description: 'No content' });
  });
});

describe('tokens', () => {
  const secret = () => new TextEncoder().encode(t.deps.config.JWT_SECRET);
  async function signedToken(omit: 'exp' | 'iat' | 'sub' | 'none') {
    const { users } = await t.f.tenant();
    const real = await t.f.token(users.eventAdmin.id);
    const claims = JSON.parse(Buffer.from(real.split('.')[1]!, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const { exp, iat, sub, ...rest } = claims;
    let jwt = new SignJWT(rest).setProtectedHeader({ alg: 'HS256' });
    if (omit !== 'exp') jwt = jwt.setExpirationTime(exp as number);
    if (omit !== 'iat') jwt = jwt.setIssuedAt(iat as number);
    if (omit !== 'sub') jwt = jwt.setSubject(sub as string);
    return jwt.sign(secret());
  }
  const me = (token: string) => t.as(token, { method: 'GET', url: '/api/v1/view-settings/participants' });

  it('accepts a token with every claim, signed with the real secret', async () => {
    expect((await me(await signedToken('none'))).statusCode).toBe(200); // the defaults of settings never saved
  });

  it.each(['exp', 'iat', 'sub'] as const)(
    'refuses a token without %s, even signed with the real secret',
    async (claim) => {
      const res = await me(await signedToken(claim));
      expect(res.statusCode).toBe(401);
      expect(res.json().message).toBe('Invalid token');
    },
  );
});
