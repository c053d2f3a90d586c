import { defineConfig } from '@playwright/test';

/**
 * Journeys (e2e/*.spec.ts) against the real product: `npm run test:e2e` builds the web app, then
 * global setup starts an SMTP sink, an OpenID Connect provider and Plenary on a fresh data dir, all
 * on loopback. Debian's chromium only: `npx playwright install` cannot work on these machines.
 */
const CI = Boolean(process.env.CI);

export default defineConfig({
  testDir: './e2e',
  testMatch: '*.spec.ts',
  // The role journeys walk every screen of the untouched demo (no empty column, real content), so
  // they run first; the other journeys, which add custom fields and people to the demo event, after.
  projects: [
    { name: 'roles', testMatch: '**/roles/*.spec.ts' },
    { name: 'journeys', testIgnore: '**/roles/**', dependencies: ['roles'] },
  ],
  outputDir: './test-results',
  globalSetup: './e2e/global-setup.ts',
  // Files run in parallel; the steps of one journey run in order. Three workers on the 2 cores: a
  // journey waits on the server, animations and live updates much of the time (two left a core idle).
  fullyParallel: false,
  workers: 3,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  reporter: 'list',
  timeout: 120_000,
  expect: { timeout: 10_000 },
  use: {
    browserName: 'chromium',
    baseURL: `http://localhost:${process.env.E2E_PORT ?? 4310}`,
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    // The PWA's service worker would answer navigations itself, past page.route.
    serviceWorkers: 'block',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    screenshot: 'only-on-failure',
    trace: CI ? 'retain-on-failure' : 'off',
  },
});
