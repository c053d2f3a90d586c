import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bearer } from './support/api';
import { API_URL, APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { toastSays, unique } from './support/ui';

// Issue 11, participant app: the event's tabs (a bar under the header at 1440 px, at the bottom on a
// 390 px phone) with the current one marked; More with maps, materials, check-in, profile and the
// event's details; the materials list; a star on any session puts it into My Agenda beside the
// enrolled ones (marked which is which), another tab follows without a reload, and a star set
// offline is sent when the connection returns; Happening now and Up next on the event home; Back
// goes where the participant came from, or to the event home from a page opened by its address.

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const IMAGE = readFileSync(resolve(import.meta.dirname, '../apps/web/public/pwa-192.png'));

interface Participant {
  id: string;
  userId: string;
  email: string;
}

const eventName = unique('Navigation journey');
const names = {
  now: 'Live keynote',
  next: 'Coffee and demos',
  tomorrow: 'Tomorrow’s panel',
  later: 'Closing talk',
  material: 'Speaker slides',
  map: 'Floor plan',
};
const venue = 'Harbour Hall, 1 Quay Street, Dublin';
let own: OwnEvent;
let pia: Participant;
const ids = { now: '', next: '', tomorrow: '', later: '', material: '' };

test.describe.configure({ timeout: 300_000 });

/** 'YYYY-MM-DD' and 'hh:mm AM' of an instant in UTC (the journey's event runs in UTC). */
function wallClock(at: Date): { date: string; time: string } {
  const h = at.getUTCHours();
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    date: at.toISOString().slice(0, 10),
    time: `${pad(h % 12 === 0 ? 12 : h % 12)}:${pad(at.getUTCMinutes())} ${h < 12 ? 'AM' : 'PM'}`,
  };
}

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const ev = `events/${own.eventId}`;
  const now = Date.now();
  const minute = 60_000;
  const hour = 60 * minute;
  const day = 24 * hour;
  // An event running now, so something is happening.
  await call(request, own.admin, 'PATCH', `events/${own.eventId}`, {
    startAt: new Date(now - day).toISOString(),
    endAt: new Date(now + 3 * day).toISOString(),
    timezone: 'UTC',
    address: venue,
    description: 'Two days on harbours, shipping and the sea.',
  });
  pia = await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
    email: `pia.${Date.now().toString(36)}@example.com`,
    firstName: 'Pia',
    lastName: 'Lund',
  });
  const session = async (name: string, from: number, to: number) => {
    const start = wallClock(new Date(Math.floor(from / minute) * minute));
    const end = wallClock(new Date(Math.floor(to / minute) * minute));
    return (
      await call<{ id: string }>(request, own.admin, 'POST', `${ev}/sessions`, {
        name,
        enrollable: true,
        startDate: start.date,
        startTime: start.time,
        endDate: end.date,
        endTime: end.time,
      })
    ).id;
  };
  // Started today in the event's zone (UTC) even just after midnight: the agenda opens on today's tab.
  const today = Math.floor(now / day) * day;
  ids.now = await session(names.now, Math.max(now - 30 * minute, today), now + 90 * minute);
  ids.next = await session(names.next, now + 2 * hour, now + 3 * hour);
  ids.tomorrow = await session(names.tomorrow, now + day, now + day + hour);
  ids.later = await session(names.later, now + 2 * day, now + 2 * day + hour);
  const upload = async (path: string, name: string) => {
    const res = await request.post(`${API_URL}/${ev}/${path}`, {
      headers: bearer(own.admin),
      multipart: {
        file: { name: 'slides.png', mimeType: 'image/png', buffer: IMAGE },
        name,
        description: '',
      },
    });
    expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { id: string }).id;
  };
  ids.material = await upload('materials', names.material);
  await upload('interactive-maps', names.map);
});

test.afterAll(async ({ request }) => {
  await own?.cleanUp(request);
});

/** A browser context signed in as Pia by her magic link, on the event's home page. */
async function signedIn(browser: Browser, request: APIRequestContext): Promise<Page> {
  const before = (await allMail()).map((m) => m.id);
  await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
    participantIds: [pia.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(pia.email, { subject: new RegExp(eventName), exclude: before });
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(linkTo(mail, '/event/login').href);
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
  return page;
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Event' });
const tab = (page: Page, name: string) => tabs(page).getByRole('link', { name, exact: true });
const card = (page: Page, name: string) => page.getByRole('article', { name });
const section = (page: Page, name: string) => page.getByRole('region', { name });

async function expectCurrent(page: Page, name: string): Promise<void> {
  await expect(tab(page, name)).toHaveAttribute('aria-current', 'page');
  await expect(tabs(page).locator('[aria-current="page"]')).toHaveCount(1);
}

async function bookmarked(request: APIRequestContext, context: BrowserContext): Promise<string[]> {
  // The participant's own token, as the app holds it.
  const page = context.pages()[0]!;
  const token = await page.evaluate(() => localStorage.getItem('plenary.accessToken'));
  const res = await request.get(`${API_URL}/events/${own.eventId}/sessions/v2/bookmarks`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { sessionIds: string[] }).sessionIds;
}

test('tabs, More, materials, bookmarks into My Agenda, happening now, back navigation (1440 px, then 390 px)', async ({
  browser,
  request,
}) => {
  const page = await signedIn(browser, request);
  const context = page.context();

  // ——— The event home: tabs under the header, Home current; what runs now and what comes next. ———
  await expect(tabs(page)).toBeVisible();
  for (const name of ['Home', 'Agenda', 'My Agenda', 'People', 'More'])
    await expect(tab(page, name)).toBeVisible();
  await expectCurrent(page, 'Home');
  const navBox = (await tabs(page).boundingBox())!;
  expect(navBox.y).toBeLessThan(200);
  await expect(section(page, 'Happening now').getByRole('link', { name: names.now })).toBeVisible();
  await expect(section(page, 'Up next').getByRole('link', { name: names.next })).toBeVisible();
  await expect(section(page, 'Happening now').getByRole('link', { name: names.tomorrow })).toHaveCount(0);
  await screen(page, 'event home with happening now and up next (desktop)');

  // From the home to a session and back: Back returns to the home.
  await section(page, 'Happening now').getByRole('link', { name: names.now }).click();
  await expect(page.getByRole('heading', { level: 1, name: names.now })).toBeVisible();
  await expectCurrent(page, 'Agenda');
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);

  // ——— The agenda: star a session (not enrolled) and enroll in another. ———
  await tab(page, 'Agenda').click();
  await expectCurrent(page, 'Agenda');
  await expect(card(page, names.now)).toBeVisible();
  await card(page, names.now)
    .getByRole('button', { name: `Enroll: ${names.now}` })
    .click();
  await toastSays(page, `You are enrolled in ${names.now}.`);
  // The tomorrow session is on another day tab.
  await page.getByRole('tab').nth(1).click();
  const star = card(page, names.tomorrow).getByRole('button', { name: `Bookmark ${names.tomorrow}` });
  await expect(star).toHaveAttribute('aria-pressed', 'false');
  await star.click();
  await expect(star).toHaveAttribute('aria-pressed', 'true');
  await toastSays(page, `Bookmarked: ${names.tomorrow} is in My Agenda.`);
  await screen(page, 'agenda with a bookmarked session (desktop)');

  // ——— My Agenda: enrolled and bookmarked, marked which; a second tab follows a new star live. ———
  const second = await context.newPage();
  await second.goto(`${APP_URL}/event/${own.eventId}/my-agenda`);
  await expectCurrent(second, 'My Agenda');
  await expect(card(second, names.now)).toContainText('You are enrolled');
  await expect(card(second, names.tomorrow)).toContainText('Bookmarked');
  await expect(card(second, names.later)).toHaveCount(0);

  await page.getByRole('tab').nth(2).click();
  await card(page, names.later)
    .getByRole('button', { name: `Bookmark ${names.later}` })
    .click();
  await expect(card(second, names.later)).toContainText('Bookmarked');
  await screen(second, 'my agenda enrolled and bookmarked (desktop)');
  // Unstarring in the first tab takes it out of the second.
  await card(page, names.later)
    .getByRole('button', { name: `Bookmark ${names.later}` })
    .click();
  await toastSays(page, `Bookmark removed from ${names.later}.`);
  await expect(card(second, names.later)).toHaveCount(0);
  await second.close();
  expect(await bookmarked(request, context)).toEqual([ids.tomorrow]);

  // ——— More: maps, materials, check-in, profile, and the event's details. ———
  await tab(page, 'More').click();
  await expectCurrent(page, 'More');
  await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
  for (const link of [/^Maps/, /^Materials/, /^Scan a QR code/, /^My profile/, /^Edit profile/])
    await expect(page.getByRole('main').getByRole('link', { name: link })).toBeVisible();
  const about = section(page, 'About this event');
  await expect(about).toContainText('Two days on harbours, shipping and the sea.');
  await expect(about).toContainText(venue);
  await expect(about).toContainText('UTC');
  await screen(page, 'more (desktop)');

  // Materials: the list, a material, and Back to the list.
  await page
    .getByRole('main')
    .getByRole('link', { name: /^Materials/ })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Materials' })).toBeVisible();
  await expectCurrent(page, 'More');
  const material = page.getByRole('link', { name: new RegExp(names.material) });
  await expect(material).toContainText(/Image \(PNG\) · \d+(\.\d)? kB/);
  await screen(page, 'materials (desktop)');
  await material.click();
  await expect(page.getByRole('heading', { name: names.material })).toBeVisible();
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/materials`);

  // Maps from More.
  await tab(page, 'More').click();
  await page.getByRole('main').getByRole('link', { name: /^Maps/ }).click();
  await expect(page.getByRole('link', { name: new RegExp(names.map) })).toBeVisible();
  await expectCurrent(page, 'More');

  // People.
  await tab(page, 'People').click();
  await expectCurrent(page, 'People');
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/people`);

  // A page opened by its address has nothing of the app behind it: Back leads to the event home.
  const direct = await context.newPage();
  await direct.goto(`${APP_URL}/event/${own.eventId}/materials/${ids.material}`);
  await expect(direct.getByRole('heading', { name: names.material })).toBeVisible();
  await direct.getByRole('link', { name: 'Back to the event' }).click();
  await expect(direct).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
  await expectCurrent(direct, 'Home');
  await direct.close();

  // ——— The same person on a 390 px phone: the tabs at the bottom. ———
  const phone = await browser.newContext({
    viewport: PHONE,
    locale: 'en-GB',
    serviceWorkers: 'block',
    hasTouch: true,
    storageState: await context.storageState(),
  });
  await context.close();
  const mobile = await phone.newPage();
  await mobile.goto(`${APP_URL}/event/${own.eventId}/home`);
  await expect(section(mobile, 'Happening now').getByRole('link', { name: names.now })).toBeVisible();
  const bar = (await tabs(mobile).boundingBox())!;
  expect(bar.y + bar.height).toBeGreaterThan(PHONE.height - 2);
  expect(bar.width).toBe(PHONE.width);
  await expectCurrent(mobile, 'Home');
  await screen(mobile, 'event home (phone)');

  await tab(mobile, 'My Agenda').tap();
  await expectCurrent(mobile, 'My Agenda');
  await expect(card(mobile, names.tomorrow)).toContainText('Bookmarked');
  await expect(card(mobile, names.now)).toContainText('You are enrolled');
  await screen(mobile, 'my agenda (phone)');

  await tab(mobile, 'More').tap();
  await expect(mobile.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
  await screen(mobile, 'more (phone)');
  await mobile
    .getByRole('main')
    .getByRole('link', { name: /^Materials/ })
    .tap();
  await expect(mobile.getByRole('link', { name: new RegExp(names.material) })).toBeVisible();
  await screen(mobile, 'materials (phone)');

  // Offline: the star is kept on the phone and sent when the connection returns.
  await tab(mobile, 'Agenda').tap();
  await mobile.getByRole('tab').nth(2).tap();
  await expect(card(mobile, names.later)).toBeVisible();
  await phone.setOffline(true);
  const offlineStar = card(mobile, names.later).getByRole('button', { name: `Bookmark ${names.later}` });
  await offlineStar.tap();
  await expect(offlineStar).toHaveAttribute('aria-pressed', 'true');
  await toastSays(mobile, 'You are offline: the bookmark will be saved when you are back online.');
  await expect(mobile.getByText('1 change will sync when you are back online.')).toBeVisible();
  await screen(mobile, 'agenda offline with a queued bookmark (phone)');
  await phone.setOffline(false);
  await toastSays(mobile, '1 offline change sent.');
  await expect(offlineStar).toHaveAttribute('aria-pressed', 'true');
  expect((await bookmarked(request, phone)).sort()).toEqual([ids.later, ids.tomorrow].sort());
  await phone.close();
});
