import { CONSOLE_URL, DEMO } from './support/env';
import { expect, screen, test } from './support/test';
import { fillSignIn } from './support/ui';

// Spec parts 6 and 8: participants who sign in to the admin console are rejected.
const REFUSED = 'You are not authorized to access cms';

test('the demo participant signing in on the console host is refused', async ({ page }) => {
  await page.goto(`${CONSOLE_URL}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screen(page, 'console sign-in');

  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/auth') && r.request().method() === 'POST',
  );
  await fillSignIn(page, DEMO.participant);
  expect((await answer).status(), 'the API refuses the console sign-in (403)').toBe(403);

  // The server message is shown (spec part 8: login failure shows the server message).
  await expect(page.getByRole('alert').filter({ hasText: REFUSED }).first()).toBeVisible();
  await screen(page, 'refused');

  // Not signed in: no console, no stored token, and the sign-in form is still (or again) there.
  await expect(page.getByRole('navigation', { name: /console/i })).toHaveCount(0);
  expect(
    await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => /token/i.test(k) && localStorage.getItem(k)),
    ),
  ).toEqual([]);
  await page.goto(`${CONSOLE_URL}/`);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});
