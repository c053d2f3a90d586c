import { APP_URL, DEMO_PASSWORD, E2E_PORT } from './support/env';
import { linkTo, waitForMail } from './support/mailbox';
import { expect, screen, test } from './support/test';
import {
  descriptions,
  expectSignInPage,
  fieldError,
  fillSignIn,
  passwordField,
  PASSWORD_RULE,
  SIGN_IN_FAILED,
} from './support/ui';

// Spec part 2 (/forgot-password, /reset-password), part 5 (password rule), part 7 (reset calls).

/** A seeded demo person no other journey signs in as (apps/api/src/seed/index.ts). */
const person = { email: 'sofia.rossi@example.com', password: DEMO_PASSWORD };
const NEW_PASSWORD = 'N3w!Passw0rd-reset';

test('forgot password → e-mail → reset with the rule enforced → sign in with the new password only', async ({
  page,
}) => {
  await page.goto(`${APP_URL}/login`);
  await page.getByRole('link', { name: /forgot/i }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await screen(page, 'forgot password');

  await page.getByLabel('E-mail').fill(person.email);
  const requested = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/reset-password/request'));
  await page.getByRole('button', { name: /send|reset/i }).click();
  expect((await requested).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: person.email })).toBeVisible();
  await screen(page, 'reset link sent');

  const mail = await waitForMail(person.email);
  const link = linkTo(mail, '/reset-password');
  const token = link.searchParams.get('token');
  expect(token, 'the link carries ?token=').toBeTruthy();

  // The server enforces the rule too, not only the form.
  const weakByApi = await page.request.post(
    `http://127.0.0.1:${E2E_PORT}/api/v1/auth/reset-password/complete`,
    {
      data: { token, password: 'password' },
    },
  );
  expect(weakByApi.status()).toBe(400);
  expect(JSON.stringify(await weakByApi.json())).toMatch(PASSWORD_RULE);

  await page.goto(link.href);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screen(page, 'reset password');

  // A weak password shows the rule's message on the field.
  const newPassword = passwordField(page, 'New password');
  const hint = await descriptions(newPassword);
  await newPassword.fill('weakpass');
  await passwordField(page, /^confirm/i).fill('weakpass');
  await page.getByRole('button', { name: /save/i }).click();
  expect(await fieldError(newPassword, hint)).toMatch(PASSWORD_RULE);
  await screen(page, 'weak password refused');

  await newPassword.fill(NEW_PASSWORD);
  await passwordField(page, /^confirm/i).fill(NEW_PASSWORD);
  const completed = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth/reset-password/complete'));
  await page.getByRole('button', { name: /save/i }).click();
  expect((await completed).status()).toBeLessThan(300);
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
  await screen(page, 'password saved');

  // The old password no longer works…
  await page.goto(`${APP_URL}/login`);
  await fillSignIn(page, person);
  await expect(page.getByRole('alert').filter({ hasText: SIGN_IN_FAILED })).toBeVisible();
  // Said once (the spec's error toast), not in an alert above the form as well.
  await expect(page.getByText('Invalid e-mail or password')).toHaveCount(1);
  await screen(page, 'old password refused');

  // …the new one does.
  await page.goto(`${APP_URL}/login`);
  await expectSignInPage(page);
  await fillSignIn(page, { email: person.email, password: NEW_PASSWORD });
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  await screen(page, 'signed in with new password');
});
