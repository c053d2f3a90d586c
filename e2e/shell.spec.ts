import { devices, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiSignIn, bearer } from './support/api';
import { API_URL, APP_URL, CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { expect, screen, shot, test } from './support/test';
import { newAdmin } from './support/new-admin';
import { fillSignIn, passwordField, signIn } from './support/ui';

// Spec part 1: mobile visitors of an event URL go to the brand's app store; desktop visitors see a
// QR code with 'Continue On App' / 'Download Our App' and a 'Continue On Web' button. A brand
// without a store listing (Plenary's, in config/brands.json) keeps phones on the web app, with
// Install or the add-to-home-screen hint (issue 11); Summit Live's listings show the spec's redirect.

interface BrandConfig {
  id: string;
  iosStoreUrl: string | null;
  androidStoreUrl: string | null;
  hosts: string[];
}
const brands = (
  JSON.parse(readFileSync(resolve(import.meta.dirname, '../config/brands.json'), 'utf8')) as {
    brands: BrandConfig[];
  }
).brands;
const brandFor = (host: string) => brands.find((b) => b.hosts.includes(host))!;

// Device descriptors without defaultBrowserType: every journey runs on Debian's chromium.
const { defaultBrowserType: _a, ...pixel7 } = devices['Pixel 7'];
const { defaultBrowserType: _i, ...iPhone15 } = devices['iPhone 15'];

/** The demo participant's event (setup through the API; the first journey finds it on screen). */
let eventId = '';
test.beforeAll(async ({ request }) => {
  const session = await apiSignIn(request, DEMO.participant);
  const res = await request.get(`${API_URL}/users/${session.userId}/events`, { headers: bearer(session) });
  expect(res.status(), await res.text()).toBe(200);
  const events = (await res.json()) as { records: Array<{ id: string; name: string }> };
  eventId = events.records.find((e) => e.name === DEMO_EVENT)?.id ?? '';
  expect(eventId, `${DEMO_EVENT} among the participant's events`).not.toBe('');
});

async function storePage(page: Page): Promise<string[]> {
  // The store hosts are not reachable from here: answer them locally and record what was asked.
  const asked: string[] = [];
  await page.route(/^https:\/\/(apps\.apple\.com|play\.google\.com)\//, async (route) => {
    asked.push(route.request().url());
    await route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: '<!doctype html><html lang="en"><title>Store</title><h1>Store</h1></html>',
    });
  });
  return asked;
}

test('participant signs in on the participant app, sees their events and enters one', async ({ page }) => {
  await page.goto(`${APP_URL}/`);
  // Protected: the participant app sends a signed-out visitor to sign in.
  await expect(page).toHaveURL(/\/login$/);
  await screen(page, 'participant sign-in');
  await fillSignIn(page, DEMO.participant);

  await expect(page).toHaveURL(`${APP_URL}/`);
  const card = page.getByRole('link', { name: new RegExp(DEMO_EVENT) });
  await expect(card).toBeVisible();
  await screen(page, 'my events');

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}/[^/]+$`));
  await expect(page.getByRole('heading', { level: 1, name: DEMO_EVENT })).toBeVisible();
  // "About this event": the event's description and venue (the seeded demo's), not only its zone.
  const about = page.getByRole('heading', { level: 2, name: 'About this event' }).locator('xpath=..');
  await expect(about.getByText('Three days of talks, workshops and networking')).toBeVisible();
  await expect(about.getByText('Estrel Congress Center, Sonnenallee 225')).toBeVisible();
  await screen(page, 'event home');

  // No "Get the app" link on every page; the download page says the brand has no store listing.
  await expect(page.getByRole('link', { name: 'Get the Plenary app' })).toHaveCount(0);
  await page.goto(`${APP_URL}/download-app`);
  await expect(page.getByText('There is no app in the stores for Plenary', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: /App Store/ })).toHaveCount(0);
  await screen(page, 'download app');
});

test('desktop: /event-url shows the QR code, Continue On App / Download Our App and Continue On Web', async ({
  page,
}) => {
  const asked = await storePage(page);
  await page.goto(`${APP_URL}/event-url/${eventId}`);
  await expect(page.getByText('Continue On App', { exact: true })).toBeVisible();
  await expect(page.getByText('Download Our App', { exact: true })).toBeVisible();
  const qr = page.getByRole('img', { name: /qr/i });
  await expect(qr).toBeVisible();
  const box = await qr.boundingBox();
  expect(box!.width, 'a QR code big enough to scan').toBeGreaterThanOrEqual(100);
  // A navigation control; either a button or a link styled as one is fine.
  const continueOnWeb = page
    .getByRole('button', { name: 'Continue On Web' })
    .or(page.getByRole('link', { name: 'Continue On Web' }));
  await expect(continueOnWeb).toBeVisible();
  await screen(page, 'event url desktop');
  expect(page.url(), 'a desktop stays on the page').toBe(`${APP_URL}/event-url/${eventId}`);
  expect(asked, 'no store navigation on a desktop').toEqual([]);

  await continueOnWeb.click();
  // Signed out: the event page asks to sign in first, then opens the event.
  await expect(page).toHaveURL(/\/login$/);
  await fillSignIn(page, DEMO.participant);
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}/`));
  await expect(page.getByRole('heading', { level: 1, name: DEMO_EVENT })).toBeVisible();
  await shot(page, 'continue on web');
});

test.describe('Android (Pixel 7)', () => {
  test.use(pixel7);
  test('/event-url stays on the web app when the brand has no store listing', async ({ page }) => {
    const asked = await storePage(page);
    expect(brandFor('localhost').androidStoreUrl).toBeNull();
    await page.goto(`${APP_URL}/event-url/${eventId}`);
    const continueOnWeb = page.getByRole('link', { name: 'Continue On Web' });
    await expect(continueOnWeb).toBeVisible();
    await screen(page, 'event url phone without store');
    expect(page.url()).toBe(`${APP_URL}/event-url/${eventId}`);
    expect(asked, 'no placeholder store listing').toEqual([]);
  });

  test("on the other brand's host it is that brand's store page", async ({ page }) => {
    const asked = await storePage(page);
    const brand = brandFor('summit.localhost');
    expect(brand.androidStoreUrl).not.toBe(brandFor('localhost').androidStoreUrl);
    await page.goto(`http://summit.localhost:${E2E_PORT}/event-url/${eventId}`);
    await page.waitForURL(brand.androidStoreUrl!);
    expect(asked).toContain(brand.androidStoreUrl);
  });
});

test.describe('iOS (iPhone 15)', () => {
  test.use(iPhone15);
  test('/event-url without a store listing stays on the web app and says how to add it to the home screen', async ({
    page,
  }) => {
    const asked = await storePage(page);
    await page.goto(`${APP_URL}/event-url/${eventId}`);
    await expect(page.getByText('Add Plenary to your home screen')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue On Web' })).toBeVisible();
    await screen(page, 'event url iphone without store');
    expect(asked).toEqual([]);
  });

  test("/event-url redirects to the brand's App Store page where it has one", async ({ page }) => {
    const asked = await storePage(page);
    const brand = brandFor('summit.localhost');
    await page.goto(`http://summit.localhost:${E2E_PORT}/event-url/${eventId}`);
    await page.waitForURL(brand.iosStoreUrl!);
    expect(asked).toContain(brand.iosStoreUrl);
  });
});

test('toasts: at most 10 visible at once, the others wait (spec part 4)', async ({ page }) => {
  // The page's timers stand still, so no toast closes by itself while twelve are queued, however
  // slow this machine is; then time moves on by the spec's 3 seconds.
  await page.clock.install();
  await page.goto(`${APP_URL}/login`);
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
  // Twelve failed sign-ins in a row: each one shows an error toast.
  await page.getByLabel('E-mail').fill('nobody-here@example.com');
  await passwordField(page, 'Password').fill('Wrong!pass1');
  const submit = page.getByRole('button', { name: 'Sign in', exact: true });
  const toasts = page.locator('.mantine-Notification-root');
  for (let i = 0; i < 12; i++) {
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/auth'));
    await submit.click();
    await answered;
    await expect(submit).toBeEnabled();
  }
  await expect(toasts).toHaveCount(10);
  await shot(page, 'toasts');
  // Each toast closes after 3 seconds; then the two that waited are shown.
  await page.clock.runFor(3_500);
  await expect(toasts).toHaveCount(2);
  await page.clock.runFor(3_500);
  await expect(toasts).toHaveCount(0);
});

test("the console's code fails to download: a way out instead of a blank page, and a reload recovers", async ({
  page,
}) => {
  const chunk = /\/assets\/consoleRoutes-[^/]+\.js$/;
  await page.route(chunk, (route) => route.abort('connectionreset'));
  await page.goto(`${CONSOLE_URL}/login`);
  await expect(page.getByRole('heading', { level: 1, name: 'The page could not load' })).toBeVisible();
  await screen(page, 'console chunk failed');
  await page.unroute(chunk);
  await page.getByRole('button', { name: 'Reload' }).click();
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
});

test('a bookmarked event page works after signing in: the admin with one event lands on it, no "Choose an event first"', async ({
  page,
  request,
}) => {
  // An admin of the demo event alone. Not the demo event admin: journeys running in parallel give
  // that account their own events for a while (support/own-event.ts), and an admin with two events
  // rightly has to choose one — which made this journey fail whenever one of them was under way.
  const admin = await newAdmin(request, 'Bookmark', [{ scope: 'event', scopeId: eventId, role: 'admin' }]);
  await signIn(page, CONSOLE_URL, admin);
  await expect(page).not.toHaveURL(/\/login/);
  // Opened as from a bookmark (a full page load), no event chosen in this browser yet.
  for (const [path, heading] of [
    ['/attendees', 'Attendees'],
    ['/event-details', 'Event details'],
  ] as const) {
    await page.goto(`${CONSOLE_URL}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText('Choose an event first')).toHaveCount(0);
  }
  await screen(page, 'bookmarked event page');
});

test('"Switch to participant view" shows the participant app at once, without a reload', async ({ page }) => {
  await signIn(page, CONSOLE_URL, DEMO.eventAdmin);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto(`${CONSOLE_URL}/attendees`);
  await expect(page.getByRole('heading', { level: 1, name: 'Attendees' })).toBeVisible();
  // A page load would drop this mark.
  await page.evaluate(() => Object.assign(window, { samePage: true }));
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Switch to participant view' }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/`);
  await expect(page.getByText('You are seeing the app as participants see it.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: /My events|Hello/ })).toBeVisible();
  await page.getByRole('button', { name: 'Back to console' }).click();
  await expect(page.getByRole('navigation', { name: 'Console navigation' })).toBeVisible();
  expect(await page.evaluate(() => 'samePage' in window), 'no page load between the surfaces').toBe(true);
});
