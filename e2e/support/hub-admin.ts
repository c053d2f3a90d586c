import type { APIRequestContext } from '@playwright/test';
import { apiSignIn } from './api';
import { API_URL, DEMO, DEMO_EVENT, DEMO_PASSWORD, E2E_PORT, SUPER_ADMIN } from './env';
import { linkTo, waitForMail } from './mailbox';
import { call } from './own-event';

type Account = { email: string; password: string };
let made: Promise<Account> | undefined;

/**
 * An event hub admin of the demo hub (the demo has none): the super admin gives a new person the
 * hub's admin role, and the person creates a password with the e-mailed link. Made once per worker.
 */
export function demoHubAdmin(request: APIRequestContext): Promise<Account> {
  made ??= (async () => {
    const host = `cms.localhost:${E2E_PORT}`;
    const root = await apiSignIn(request, SUPER_ADMIN, host);
    const admin = await apiSignIn(request, DEMO.eventAdmin, host);
    const events = await call<{ records: Array<{ name: string; eventHubId: string }> }>(
      request,
      admin,
      'GET',
      `users/${admin.userId}/events`,
    );
    const hubId = events.records.find((e) => e.name === DEMO_EVENT)!.eventHubId;
    const account = {
      email: `hub.admin.${Date.now().toString(36)}@northwind.example`,
      password: DEMO_PASSWORD,
    };
    await call(request, root, 'POST', 'admin-users', {
      email: account.email,
      firstName: 'Hana',
      lastName: 'Hubbard',
      roles: [{ scope: 'eventHub', scopeId: hubId, role: 'admin' }],
    });
    const token = linkTo(await waitForMail(account.email), '/create-password').searchParams.get('token');
    const res = await request.post(`${API_URL}/auth/reset-password/complete`, {
      data: { token, password: account.password },
    });
    if (res.status() !== 204) throw new Error(`create password: ${res.status()} ${await res.text()}`);
    return account;
  })();
  return made;
}
