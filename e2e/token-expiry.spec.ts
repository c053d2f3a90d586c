import type { Page } from '@playwright/test';
import { DEMO, E2E_PORT } from './support/env';
import { startServer, type ServerHandle } from './support/server';
import { expect, screen, shot, test } from './support/test';
import { expectSignInPage, fillSignIn } from './support/ui';

// Spec part 4, expired token:
//  - an expired token detected before a request triggers logout;
//  - a 401 answer with 'Token expired' leads to logout (to /logout) after a 5-second delay.

const TTL_SECONDS = 8;
/** Next to the main server's port (4310 unless E2E_PORT says otherwise). */
const PORT = E2E_PORT + 1;
let server: ServerHandle;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Its own server: short-lived tokens, own data dir, no SMTP needed.
  server = await startServer({ port: PORT, env: { TOKEN_TTL_SECONDS: String(TTL_SECONDS) } });
});

test.afterAll(async () => {
  await server?.stop();
});

async function signInAsParticipant(page: Page): Promise<number> {
  await page.goto(`${server.appUrl}/login`);
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/auth') && r.request().method() === 'POST',
  );
  await fillSignIn(page, DEMO.participant);
  const body = (await (await answer).json()) as { tokenData: { exp: number; iat: number } };
  expect(body.tokenData.exp - body.tokenData.iat, 'the server issues tokens with TOKEN_TTL_SECONDS').toBe(
    TTL_SECONDS,
  );
  await expect(page).toHaveURL(`${server.appUrl}/`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  return body.tokenData.exp * 1000;
}

test('an expired token is noticed before the next request: the user is logged out to the sign-in page', async ({
  page,
}) => {
  const expiresAt = await signInAsParticipant(page);
  await screen(page, 'signed in');

  // Wait past expiry, then act: reopen the app.
  await page.waitForTimeout(Math.max(0, expiresAt - Date.now()) + 1_500);
  const requestsWithToken: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/') && r.headers().authorization) requestsWithToken.push(r.url());
  });
  await page.reload();
  await expectSignInPage(page);
  await screen(page, 'logged out');
  expect(
    requestsWithToken.filter((u) => !u.endsWith('/auth/logout')),
    'no API call is sent with the expired token',
  ).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('plenary.accessToken'))).toBeNull();
});

test("a 401 'Token expired' answer logs the user out after 5 seconds", async ({ page }) => {
  // The browser's clock stands still, so only the server can notice the expiry.
  const frozenAt = new Date();
  await page.clock.setFixedTime(frozenAt);
  const expiresAt = await signInAsParticipant(page);
  await page.waitForTimeout(Math.max(0, expiresAt - Date.now()) + 1_500);

  const expired = page.waitForResponse(async (r) => r.url().includes('/api/v1/') && r.status() === 401);
  await page.reload();
  const answer = await expired;
  const at401 = Date.now();
  expect(((await answer.json()) as { message: string }).message).toBe('Token expired');

  // The home screen itself was checked with axe in the first journey; a quick picture only.
  await shot(page, 'token expired answer');
  // Still on the page during the 5-second delay…
  const beforeDelayEnds = at401 + 4_000 - Date.now();
  if (beforeDelayEnds > 0) await page.waitForTimeout(beforeDelayEnds);
  expect(Date.now() - at401, 'checked within the delay').toBeLessThan(4_900);
  expect(page.url(), 'no logout before the 5-second delay').toBe(`${server.appUrl}/`);
  // …then logged out to the sign-in page.
  await expectSignInPage(page, 10_000);
  const elapsed = Date.now() - at401;
  expect(elapsed).toBeGreaterThanOrEqual(4_500);
  expect(elapsed).toBeLessThan(9_000);
  await screen(page, 'logged out after 401');
  expect(await page.evaluate(() => localStorage.getItem('plenary.accessToken'))).toBeNull();
});
