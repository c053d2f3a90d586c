/**
 * What the journeys know about the world global-setup started. Global setup runs in the runner
 * process and publishes these through environment variables, which the workers inherit.
 */
function need(name: string): string {
  const value = process.env[name];
  if (!value)
    throw new Error(`${name} is not set: run the journeys through playwright.config.ts (global setup)`);
  return value;
}

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4310);
/** Admin console (cms host). */
export const CONSOLE_URL = `http://cms.localhost:${E2E_PORT}`;
/** Participant app. */
export const APP_URL = `http://localhost:${E2E_PORT}`;
export const API_URL = `http://127.0.0.1:${E2E_PORT}/api/v1`;

export const mailboxUrl = (): string => need('E2E_MAILBOX_URL');
export const oidc = () => ({
  issuer: need('E2E_OIDC_ISSUER'),
  clientId: need('E2E_OIDC_CLIENT_ID'),
  clientSecret: need('E2E_OIDC_CLIENT_SECRET'),
});

/** Seeded accounts (apps/api/src/seed/index.ts, config defaults). */
export const SUPER_ADMIN = { email: 'admin@plenary.local', password: 'Plenary!2026' } as const;
export const DEMO_PASSWORD = 'Demo!2026pass';
export const DEMO = {
  orgAdmin: { email: 'org.admin@northwind.example', password: DEMO_PASSWORD },
  eventAdmin: { email: 'event.admin@northwind.example', password: DEMO_PASSWORD },
  moderator: { email: 'moderator@northwind.example', password: DEMO_PASSWORD },
  participant: { email: 'amara.okafor@example.com', password: DEMO_PASSWORD, firstName: 'Amara' },
} as const;
export const DEMO_ORGANIZATION = 'Northwind Events';
export const DEMO_EVENT = 'Northwind Summit 2026';

/** The SSO journey's provider login; its e-mail is the seeded organisation admin's. */
export const SSO_USER = {
  login: 'olivia.sso',
  email: DEMO.orgAdmin.email,
  givenName: 'Olivia',
  familyName: 'Hart',
} as const;
