import type { FullConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { startMailSink } from './support/mail-sink';
import { snapshotWebDist, startServer } from './support/server';
import { AXE_REPORT } from './support/test';
import { E2E_PORT, SSO_USER } from './support/env';

/**
 * Starts, on loopback only: an SMTP sink, an OpenID Connect provider and Plenary itself (built web
 * app served by the API) on a fresh data dir. Answers the teardown that stops all three.
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  const started = Date.now();
  // oidc-provider warns and notices about its development defaults (keys, adapter, dev
  // interactions, ttls): all expected here.
  for (const level of ['warn', 'info'] as const) {
    const original = console[level].bind(console);
    console[level] = (...args: unknown[]) => {
      if (!/oidc-provider (WARNING|NOTICE)/.test(String(args[0]))) original(...args);
    };
  }
  rmSync(AXE_REPORT, { force: true });
  const webDist = await snapshotWebDist();
  process.env.E2E_WEB_DIST = webDist;
  const mail = await startMailSink();
  // Redirect URIs (the API's `<origin>/login/callback`) for every host a journey may sign in from.
  // cms.northwind.localhost: the demo organisation's own host, approved in the SSO journey.
  const hosts = [
    'localhost',
    'cms.localhost',
    'summit.localhost',
    'cms.summit.localhost',
    'cms.northwind.localhost',
  ];
  const redirectUris = hosts.map((h) => `http://${h}:${E2E_PORT}/login/callback`);
  // The accounts team's test provider (oidc-provider 9, dev login and consent pages); imported
  // here, after the warning filter, because oidc-provider warns as soon as it is loaded.
  const { startOidcProvider } = await import('../apps/api/test/oidc-provider');
  const provider = await startOidcProvider({
    redirectUris,
    users: [SSO_USER],
    clientId: 'plenary-e2e',
    clientSecret: randomBytes(24).toString('base64url'),
  });
  process.env.E2E_MAILBOX_URL = mail.httpUrl;
  process.env.E2E_OIDC_ISSUER = provider.issuer;
  process.env.E2E_OIDC_CLIENT_ID = provider.clientId;
  process.env.E2E_OIDC_CLIENT_SECRET = provider.clientSecret;
  process.env.E2E_SMTP_URL = mail.smtpUrl;
  process.env.E2E_PORT = String(E2E_PORT);

  let server;
  try {
    // E2E_START_TIMEOUT_MS: a machine busy with other work can take longer than the default two minutes.
    server = await startServer({
      port: E2E_PORT,
      env: { SMTP_URL: mail.smtpUrl },
      ...(process.env.E2E_START_TIMEOUT_MS ? { timeoutMs: Number(process.env.E2E_START_TIMEOUT_MS) } : {}),
    });
  } catch (error) {
    await provider.close();
    await mail.close();
    rmSync(webDist, { recursive: true, force: true });
    throw error;
  }
  console.log(
    `[e2e] Plenary ${server.consoleUrl} + ${server.appUrl}, SMTP ${mail.smtpUrl}, OIDC ${provider.issuer} — ready in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );

  return async () => {
    await server.stop();
    await provider.close();
    await mail.close();
    rmSync(webDist, { recursive: true, force: true });
  };
}
