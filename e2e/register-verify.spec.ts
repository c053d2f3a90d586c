import { APP_URL } from './support/env';
import { linkTo, waitForMail } from './support/mailbox';
import { expect, screen, test } from './support/test';
import { descriptions, fieldError, fillSignIn, passwordField, PASSWORD_RULE } from './support/ui';

// Spec part 2 (/registration, /verify-email/{token}) and part 7 (users/register, users/verify-email).

test('register, confirm the e-mail from the SMTP message, then sign in on the participant app', async ({
  page,
}) => {
  const stamp = Date.now().toString(36);
  const person = {
    firstName: 'Rosa',
    lastName: `Lindgren ${stamp}`,
    email: `rosa.${stamp}@example.com`,
    password: 'Reg!ster2026',
  };

  await page.goto(`${APP_URL}/registration`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await screen(page, 'registration');

  // The spec's validation (part 5) before anything is sent.
  const email = page.getByLabel('E-mail');
  const password = passwordField(page, 'Password');
  const hint = await descriptions(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await fieldError(page.getByLabel('First name'))).toBe('Required field');
  expect(await fieldError(page.getByLabel('Last name'))).toBe('Required field');
  await email.fill('not-an-address');
  await password.fill('short');
  await page.getByRole('button', { name: 'Create account' }).click();
  expect(await fieldError(email)).not.toBe('');
  expect(await fieldError(password, hint)).toMatch(PASSWORD_RULE);
  await screen(page, 'registration errors');

  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('E-mail').fill(person.email);
  await passwordField(page, 'Password').fill(person.password);
  const registered = page.waitForResponse((r) => r.url().endsWith('/api/v1/users/register'));
  await page.getByRole('button', { name: 'Create account' }).click();
  expect((await registered).status()).toBe(201);
  await expect(page.getByRole('status').filter({ hasText: person.email })).toBeVisible();
  await screen(page, 'check your e-mail');

  const mail = await waitForMail(person.email);
  const link = linkTo(mail, '/verify-email/');
  expect(link.pathname).toMatch(/^\/verify-email\/[^/]+$/);

  await page.goto(link.href);
  await expect(page.getByRole('status').filter({ hasText: /confirmed/i })).toBeVisible();
  await screen(page, 'e-mail confirmed');

  await page
    .getByRole('link', { name: 'Sign in' })
    .or(page.getByRole('button', { name: 'Sign in' }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, person);
  await expect(page).toHaveURL(`${APP_URL}/`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
  await screen(page, 'signed in');
});
