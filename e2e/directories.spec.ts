import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, unique } from './support/ui';

// Issue 13, directories and profile privacy: an organiser creates a directory in the console (and
// changes its view); on phones (two browser contexts) a participant browses the directories,
// searches one, opens a person (directory sub-detail) and a speakers' list; another hides their
// profile, and it is gone from the first one's directory, the People list and its profile page.

const PHONE = { width: 390, height: 844 };

interface Participant {
  id: string;
  userId: string;
  email: string;
}

const eventName = unique('Directories journey');
let own: OwnEvent;
const people: Record<'amara' | 'bruno' | 'chen' | 'dana', Participant> = {} as never;
const ids = { everyone: '', speakers: '' };
const contexts: BrowserContext[] = [];

test.describe.configure({ mode: 'serial', timeout: 240_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const ev = `events/${own.eventId}`;
  const tag = Date.now().toString(36);
  for (const [key, firstName, lastName, company, jobTitle] of [
    ['amara', 'Amara', 'Okafor', 'Northwind', 'Producer'],
    ['bruno', 'Bruno', 'Silva', 'Fjord Labs', 'Head of Research'],
    ['chen', 'Chen', 'Wei', 'Acme', 'Keynote speaker'],
    ['dana', 'Dana', 'Park', 'Globex', 'Designer'],
  ] as const)
    people[key] = await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
      email: `${key}.${tag}@example.com`,
      firstName,
      lastName,
      company,
      jobTitle,
      bio: `${firstName} likes meeting people at events.`,
    });
  await call(request, own.admin, 'POST', `${ev}/sessions`, {
    name: 'Opening keynote',
    startDate: '2027-03-01',
    startTime: '09:00 AM',
    endDate: '2027-03-01',
    endTime: '10:00 AM',
    speakerIds: [people.chen.id],
  });
  ids.speakers = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/directories`, {
      name: 'Speakers',
      view: 'LIST_VIEW',
      filter: 'ALL_SPEAKERS',
      shownFields: ['jobTitle', 'company', 'bio', 'photo'],
      position: 1,
    })
  ).id;
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** A phone signed in by the participant's magic link, on the event's directories. */
async function phoneOf(browser: Browser, request: APIRequestContext, who: Participant): Promise<Page> {
  const before = (await allMail()).map((m) => m.id);
  await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
    participantIds: [who.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(who.email, { subject: new RegExp(eventName), exclude: before });
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(linkTo(mail, '/event/login').href);
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
  await page.goto(`${APP_URL}/event/${own.eventId}/directories`);
  await expect(page.getByRole('heading', { level: 1, name: 'Directories' })).toBeVisible();
  return page;
}

test('an organiser creates a directory in the console and changes its view', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openEventInConsole(page, eventName);
  await page.getByRole('navigation').getByRole('link', { name: 'Directories' }).click();
  await expect(page).toHaveURL(/\/directories$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Directories' })).toBeVisible();
  await expect(page.getByText('Speakers', { exact: true })).toBeVisible();
  await screen(page, 'console directories');

  await page.getByRole('button', { name: 'Create directory' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create directory' });
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Required field')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Everyone');
  await choose(dialog, page, 'View', 'Grid');
  await choose(dialog, page, 'Who is listed', 'Session speakers');
  await expect(dialog.getByText('The speakers of the sessions you pick.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog.getByText('Select at least one session')).toBeVisible();
  await screen(page, 'console directory form with errors');
  await choose(dialog, page, 'Who is listed', 'All participants');
  await dialog.getByRole('checkbox', { name: 'Bio' }).check();
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Directory “Everyone” created')).toBeVisible();
  const row = page.getByRole('row', { name: /Everyone/ });
  await expect(row).toContainText('Grid');
  await expect(row).toContainText('All participants');

  await row.getByRole('button', { name: 'Edit Everyone' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit directory' });
  await choose(edit, page, 'View', 'Carousel');
  await screen(page, 'console directory form');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Directory “Everyone” saved')).toBeVisible();
  await expect(page.getByRole('row', { name: /Everyone/ })).toContainText('Carousel');
  // Back to a grid for the phones.
  const list = await call<{ records: Array<{ id: string; name: string }> }>(
    page.request,
    own.admin,
    'GET',
    `events/${own.eventId}/directories`,
  );
  ids.everyone = list.records.find((d) => d.name === 'Everyone')!.id;
  await call(page.request, own.admin, 'PATCH', `events/${own.eventId}/directories/${ids.everyone}`, {
    view: 'GRID',
  });
  await page.setViewportSize(PHONE);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Directories' })).toBeVisible();
  await screen(page, 'console directories on a phone');
});

test('participants browse, search and open a person; a hidden profile is gone for the others', async ({
  browser,
  request,
}) => {
  const amara = await phoneOf(browser, request, people.amara);
  const directories = amara.getByRole('main').getByRole('list').first();
  await expect(directories.getByRole('link')).toHaveText([/Everyone/, /Speakers/]);
  await expect(amara.getByRole('switch', { name: 'Hide my profile' })).not.toBeChecked();
  await screen(amara, 'participant directories');

  // Everyone, as a grid: the four of them, then a search.
  await directories.getByRole('link', { name: /Everyone/ }).click();
  await expect(amara).toHaveURL(`${APP_URL}/event/${own.eventId}/directories/${ids.everyone}`);
  await expect(amara.getByRole('heading', { level: 1, name: 'Everyone' })).toBeVisible();
  await expect(amara.getByText('4 people')).toBeVisible();
  await expect(amara.getByRole('link', { name: /Bruno Silva/ })).toBeVisible();
  await screen(amara, 'directory grid on a phone');
  await amara.getByRole('searchbox', { name: 'Search' }).fill('fjord');
  await expect(amara.getByText('1 person')).toBeVisible();
  await expect(amara).toHaveURL(/search=fjord/);
  await screen(amara, 'directory search on a phone');

  // A person opened from the directory: the sub-detail, with the way back to the search.
  await amara.getByRole('link', { name: /Bruno Silva/ }).click();
  await expect(amara).toHaveURL(
    `${APP_URL}/event/${own.eventId}/directory/${ids.everyone}/${people.bruno.userId}`,
  );
  await expect(amara.getByRole('heading', { level: 1, name: 'Bruno Silva' })).toBeVisible();
  await expect(amara.getByText('Head of Research · Fjord Labs')).toBeVisible();
  await screen(amara, 'directory person on a phone');
  await amara.getByRole('link', { name: 'Back to the directory' }).click();
  await expect(amara).toHaveURL(/search=fjord/);

  // Speakers, as a list with bios.
  await amara.goto(`${APP_URL}/event/${own.eventId}/directories/${ids.speakers}`);
  await expect(amara.getByRole('heading', { level: 1, name: 'Speakers' })).toBeVisible();
  await expect(amara.getByRole('main').getByRole('listitem')).toHaveCount(1);
  await expect(amara.getByText('Chen likes meeting people at events.')).toBeVisible();
  await screen(amara, 'directory list on a phone');

  // Bruno hides his profile on his phone.
  const bruno = await phoneOf(browser, request, people.bruno);
  const hide = bruno.getByRole('switch', { name: 'Hide my profile' });
  await hide.click();
  await expect(bruno.getByText('Your profile is now hidden')).toBeVisible();
  await expect(hide).toBeChecked();
  await screen(bruno, 'profile hidden on a phone');

  // Gone from Amara's directory, from People, and his profile is not found.
  await amara.goto(`${APP_URL}/event/${own.eventId}/directories/${ids.everyone}`);
  await expect(amara.getByText('3 people')).toBeVisible();
  await expect(amara.getByRole('link', { name: /Bruno Silva/ })).toHaveCount(0);
  await amara.goto(`${APP_URL}/event/${own.eventId}/people`);
  await expect(amara.getByRole('link', { name: /Dana Park/ })).toBeVisible();
  await expect(amara.getByRole('link', { name: /Bruno Silva/ })).toHaveCount(0);
  await amara.goto(`${APP_URL}/event/${own.eventId}/directory/${ids.everyone}/${people.bruno.userId}`);
  await expect(amara.getByText('Profile not found')).toBeVisible();
  await screen(amara, 'hidden person on a phone');

  // Shown again: back in the directory.
  await hide.click();
  await expect(bruno.getByText('Your profile is visible again')).toBeVisible();
  await amara.goto(`${APP_URL}/event/${own.eventId}/directories/${ids.everyone}`);
  await expect(amara.getByText('4 people')).toBeVisible();

  // The two other views: a carousel (a sideways region reachable by keyboard) and pills.
  const everyone = `events/${own.eventId}/directories/${ids.everyone}`;
  await call(request, own.admin, 'PATCH', everyone, { view: 'CAROUSEL' });
  await amara.reload();
  const carousel = amara.getByRole('list', { name: 'People (scroll sideways)' });
  await expect(carousel.getByRole('link')).toHaveCount(4);
  await carousel.focus();
  await expect(carousel).toBeFocused();
  await screen(amara, 'directory carousel on a phone');
  await call(request, own.admin, 'PATCH', everyone, { view: 'PILL' });
  await amara.reload();
  await expect(amara.getByRole('link', { name: /Dana Park/ })).toBeVisible();
  await screen(amara, 'directory pills on a phone');
  await amara.getByRole('link', { name: /Dana Park/ }).click();
  await expect(amara.getByRole('heading', { level: 1, name: 'Dana Park' })).toBeVisible();
});
