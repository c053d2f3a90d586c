import {
  CONSOLE_URL,
  DEMO_EVENT,
  DEMO_ORGANIZATION,
  E2E_PORT,
  oidc,
  SSO_USER,
  SUPER_ADMIN,
} from './support/env';
import { expect, screen, shot, test } from './support/test';
import { passwordField, signIn } from './support/ui';

// Spec part 1 and part 7: sign-in by single sign-on with an identity provider (POST auth with
// sso, token, host), returning through /login/callback. The provider is chosen by host.

/** The organisation's own console host (platform and brand hosts can not serve an organisation's provider). */
const SSO_HOST = 'cms.northwind.localhost';
const SSO_ORIGIN = `http://${SSO_HOST}:${E2E_PORT}`;

test('super admin configures SSO for an organisation; its admin signs in through the real provider', async ({
  page,
  browser,
}) => {
  const provider = oidc();

  await test.step('super admin approves the host for the organisation', async () => {
    await signIn(page, CONSOLE_URL, SUPER_ADMIN);
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toHaveCount(0);
    await page.goto(`${CONSOLE_URL}/organizations`);
    await page.getByRole('button', { name: `Approved hosts of ${DEMO_ORGANIZATION}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    const host = dialog.getByRole('textbox', { name: 'Host to approve' });
    // A platform host is refused on the field.
    await host.fill('cms.localhost');
    await dialog.getByRole('button', { name: 'Approve host' }).click();
    await expect(
      dialog.getByText('This host belongs to the platform and cannot be given to an organization'),
    ).toBeVisible();
    await expect(host).toHaveAttribute('aria-invalid', 'true');
    await host.fill(SSO_HOST);
    await dialog.getByRole('button', { name: 'Approve host' }).click();
    await expect(dialog.getByRole('listitem').filter({ hasText: SSO_HOST })).toBeVisible();
    await expect(dialog.getByRole('button', { name: `Revoke ${SSO_HOST}` })).toBeVisible();
    await screen(page, 'approved hosts dialog');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('super admin sets issuer, client id, secret and hosts in the organisation form', async () => {
    await page.getByRole('button', { name: `Edit ${DEMO_ORGANIZATION}` }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Issuer URL').fill(provider.issuer);
    await dialog.getByLabel('Client ID').fill(provider.clientId);
    await passwordField(dialog, 'Client secret').fill(provider.clientSecret);
    // A tags field: type the host, Enter adds it.
    const hosts = dialog
      .getByRole('combobox', { name: /hosts/i })
      .or(dialog.getByRole('textbox', { name: /hosts/i }));
    await hosts.fill(SSO_HOST);
    await hosts.press('Enter');
    await expect(dialog.getByText(SSO_HOST, { exact: true })).toBeVisible();
    await screen(page, 'organisation sso form');

    const saved = page.waitForResponse(
      (r) => /\/api\/v1\/organizations\/[^/?]+$/.test(r.url()) && r.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status(), 'the organisation form saves the provider').toBe(200);
    await expect(dialog).toBeHidden();
  });

  await test.step('on the SSO host, "Sign in with SSO" goes through the provider\'s login and consent', async () => {
    const context = await browser.newContext();
    const sso = await context.newPage();
    await sso.goto(`${SSO_ORIGIN}/login`);
    const button = sso
      .getByRole('link', { name: 'Sign in with SSO' })
      .or(sso.getByRole('button', { name: 'Sign in with SSO' }));
    await expect(button).toBeVisible();
    await screen(sso, 'sign in with sso');
    await button.click();

    // The provider's own (development) pages: not our product, so no axe here.
    await sso.waitForURL((url) => url.origin === new URL(provider.issuer).origin);
    await sso.getByPlaceholder('Enter any login').fill(SSO_USER.login);
    await sso.getByPlaceholder('and password').fill('anything');
    await shot(sso, 'provider login');
    await sso.getByRole('button', { name: 'Sign-in' }).click();
    // Back through /login/callback?code=…&state=…, then the console.
    const callback = sso.waitForRequest(
      (r) => r.isNavigationRequest() && r.url().startsWith(`${SSO_ORIGIN}/login/callback?`),
    );
    await sso.getByRole('button', { name: 'Continue' }).click();
    const back = new URL((await callback).url());
    expect(back.searchParams.get('code')).toBeTruthy();
    expect(back.searchParams.get('state')).toBeTruthy();
    await sso.waitForURL(`${SSO_ORIGIN}/`, { timeout: 15_000 });
    await expect(sso.getByRole('link', { name: new RegExp(DEMO_EVENT) }).first()).toBeVisible();
    await screen(sso, 'signed in through sso');
    expect(await sso.evaluate(() => localStorage.getItem('plenary.role'))).toBe('organizationadmin');
    await context.close();
  });
});
