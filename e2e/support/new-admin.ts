import type { APIRequestContext } from '@playwright/test';
import { apiSignIn } from './api';
import { API_URL, DEMO_PASSWORD, E2E_PORT, SUPER_ADMIN } from './env';
import { linkTo, waitForMail } from './mailbox';
import { call } from './own-event';

type Account = { email: string; password: string };
type Role = { scope: 'organization' | 'eventHub' | 'event'; scopeId: string; role: 'admin' };

/**
 * A new admin account with exactly `roles`: the super admin invites the person and they create a
 * password with the e-mailed link. For journeys that depend on what an admin has (one event, say):
 * the demo accounts are shared with journeys running in parallel, which give the demo event admin
 * their own events for a while (support/own-event.ts).
 */
export async function newAdmin(
  request: APIRequestContext,
  firstName: string,
  roles: readonly Role[],
): Promise<Account> {
  const root = await apiSignIn(request, SUPER_ADMIN, `cms.localhost:${E2E_PORT}`);
  const account = {
    email: `${firstName.toLowerCase()}.${Date.now().toString(36)}@northwind.example`,
    password: DEMO_PASSWORD,
  };
  await call(request, root, 'POST', 'admin-users', {
    email: account.email,
    firstName,
    lastName: 'Admin',
    roles,
  });
  const token = linkTo(await waitForMail(account.email), '/create-password').searchParams.get('token');
  const res = await request.post(`${API_URL}/auth/reset-password/complete`, {
    data: { token, password: account.password },
  });
  if (res.status() !== 204) throw new Error(`create password: ${res.status()} ${await res.text()}`);
  return account;
}
