import { expect, type APIRequestContext } from '@playwright/test';
import { API_URL, E2E_PORT } from './env';

export interface Session {
  token: string;
  userId: string;
}

/**
 * Signs in through the API, for journey setup only (what a screen does is always done on the
 * screen). `host` is what the browser would send: 'localhost:4310' or 'cms.localhost:4310'.
 */
export async function apiSignIn(
  request: APIRequestContext,
  account: { email: string; password: string },
  host = `localhost:${E2E_PORT}`,
  apiUrl = API_URL,
): Promise<Session> {
  const res = await request.post(`${apiUrl}/auth`, {
    data: { email: account.email, password: account.password, host },
  });
  expect(res.status(), `POST auth for ${account.email}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { token: string; tokenData: { userId: string } };
  return { token: body.token, userId: body.tokenData.userId };
}

export function bearer(session: Session): Record<string, string> {
  return { authorization: `Bearer ${session.token}` };
}
