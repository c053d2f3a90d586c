import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiSignIn, bearer, type Session } from './support/api';
import { API_URL, APP_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { expect, screen, test } from './support/test';
import { choose, fieldError, unique } from './support/ui';

// Issue 3, participant side: a magic link signs a participant into the event in a fresh browser;
// they edit their profile (standard fields, a custom field, a photo) and see it as the others do;
// the used link says so; another participant's profile shows only public fields; participants
// find each other in the People directory (search, more pages as they scroll, a profile).

const PHONE = { width: 390, height: 844 };
const REQUIRED = 'Required field'; // spec part 5
const NO_RESULTS =
  'We can not find any records matching your search or filter criteria. Please change criteria and try again.'; // spec part 8
const PNG = readFileSync(resolve(import.meta.dirname, '../apps/web/public/pwa-192.png'));

interface Participant {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

let admin: Session;
let eventId = '';
const fields = { shirt: '', website: '', badge: '', internal: '' };
const names = {
  shirt: unique('T-shirt size'),
  website: unique('Website'),
  badge: unique('Badge type'),
  internal: unique('Internal note'),
};
let me: Participant;
let other: Participant;

async function post<T>(request: APIRequestContext, path: string, data: unknown): Promise<T> {
  const res = await request.post(`${API_URL}/${path}`, { data, headers: bearer(admin) });
  expect(res.status(), `POST ${path}: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as T;
}

async function createField(request: APIRequestContext, body: Record<string, unknown>): Promise<string> {
  return (await post<{ id: string }>(request, `events/${eventId}/custom-fields`, body)).id;
}

async function createParticipant(
  request: APIRequestContext,
  body: Record<string, unknown>,
): Promise<Participant> {
  return post<Participant>(request, `events/${eventId}/participants`, body);
}

/** As the event admin: a sign-in link to `who`, read from the mailbox. */
async function sendMagicLink(request: APIRequestContext, who: Participant): Promise<string> {
  const before = (await allMail()).map((m) => m.id);
  await post(request, `events/${eventId}/participants/magic-links`, {
    participantIds: [who.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(who.email, { subject: new RegExp(DEMO_EVENT), exclude: before });
  return linkTo(mail, '/event/login').href;
}

test.beforeAll(async ({ request }) => {
  admin = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const res = await request.get(`${API_URL}/users/${admin.userId}/events`, { headers: bearer(admin) });
  const events = (await res.json()) as { records: Array<{ id: string; name: string }> };
  eventId = events.records.find((e) => e.name === DEMO_EVENT)?.id ?? '';
  expect(eventId, `${DEMO_EVENT} among the event admin's events`).not.toBe('');

  fields.shirt = await createField(request, {
    name: names.shirt,
    dataType: 'ENUM',
    settings: { enumValues: ['S', 'M', 'L', 'XL'] },
    editableByParticipant: true,
    showInProfile: true,
  });
  fields.website = await createField(request, {
    name: names.website,
    dataType: 'PROFILE_LINK',
    editableByParticipant: true,
    showInProfile: true,
  });
  fields.badge = await createField(request, {
    name: names.badge,
    dataType: 'STRING',
    editableByParticipant: false,
    showInProfile: true,
  });
  fields.internal = await createField(request, {
    name: names.internal,
    dataType: 'STRING',
    editableByParticipant: false,
    showInProfile: false,
  });

  const tag = Date.now().toString(36);
  me = await createParticipant(request, {
    email: `maya.${tag}@example.com`,
    firstName: 'Maya',
    lastName: 'Lindqvist',
    customFields: { [fields.badge]: 'Speaker', [fields.internal]: 'VIP dinner' },
  });
  other = await createParticipant(request, {
    email: `tomas.${tag}@example.com`,
    firstName: 'Tomás',
    lastName: 'Herrera',
    jobTitle: 'Head of Research',
    company: 'Fjord Labs',
    phone: '+47 555 0101',
    bio: 'Works on sensor networks.\nHappy to talk about field trials.',
    customFields: { [fields.shirt]: 'M', [fields.badge]: 'Exhibitor', [fields.internal]: 'Pays late' },
  });
});

async function freshPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'block',
  });
  return context.newPage();
}

test('a magic link signs the participant into the event; they edit their profile and photo; the link works once', async ({
  browser,
  request,
}) => {
  const link = await sendMagicLink(request, me);
  expect(new URL(link).origin).toBe(APP_URL);

  // A fresh browser: nobody signed in. The link lands in the event.
  const page = await freshPage(browser);
  await page.goto(link);
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/home`);
  await expect(page.getByRole('heading', { level: 1, name: DEMO_EVENT })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Your profile' })).toBeVisible();
  await screen(page, 'event home after magic link');

  // Edit profile from the account menu.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menuitem', { name: 'My profile' })).toBeVisible();
  await screen(page, 'account menu in an event');
  await page.getByRole('menuitem', { name: 'Edit profile' }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/edit-profile`);
  const firstName = page.getByRole('textbox', { name: 'First name' });
  await expect(firstName).toHaveValue('Maya');
  // Read-only: set by the organiser and shown in the profile; never: fields that are not shown.
  await expect(page.getByRole('group', { name: names.badge })).toContainText('Speaker');
  await expect(page.getByText(names.internal)).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'E-mail' })).toHaveValue(me.email);
  await screen(page, 'edit profile');

  // Validation with the spec's messages; the first invalid field gets the focus.
  await firstName.fill('');
  const website = page.getByRole('textbox', { name: names.website });
  await website.fill('not a link');
  await page.getByRole('button', { name: 'Save profile' }).click();
  expect(await fieldError(firstName)).toBe(REQUIRED);
  await expect(firstName).toBeFocused();
  expect(await fieldError(website)).not.toBe('');
  await screen(page, 'edit profile with errors');

  // A file that is named .png but is not an image: the API's message.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (
    await chooser
  ).setFiles({
    name: 'notes.png',
    mimeType: 'image/png',
    buffer: Buffer.from('these are notes, not a picture'),
  });
  await expect(page.getByRole('alert').filter({ hasText: /JPEG or PNG/ })).toBeVisible();

  // A real PNG: uploaded and shown at once.
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload photo' }).click();
  await (await chooser2).setFiles({ name: 'maya.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Photo of Maya Lindqvist' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Change photo' })).toBeVisible();

  await firstName.fill('Maya');
  await page.getByRole('textbox', { name: 'Job title' }).fill('Product Designer');
  await page.getByRole('textbox', { name: 'Company' }).fill('Northwind Labs');
  await page.getByRole('textbox', { name: 'Phone' }).fill('+46 555 0199');
  await page.getByRole('textbox', { name: 'Bio' }).fill('Designs tools for field researchers.');
  await choose(page, page, names.shirt, 'L');
  await website.fill('https://maya.example.com');
  await page.getByRole('button', { name: 'Save profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  // Persisted: a reload shows the saved values and the photo.
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveValue('Product Designer');
  await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue('Northwind Labs');
  await expect(page.getByRole('textbox', { name: 'Phone' })).toHaveValue('+46 555 0199');
  await expect(page.getByRole('textbox', { name: 'Bio' })).toHaveValue(
    'Designs tools for field researchers.',
  );
  await expect(
    page.getByRole('textbox', { name: names.shirt }).or(page.getByRole('combobox', { name: names.shirt })),
  ).toHaveValue('L');
  await expect(page.getByRole('textbox', { name: names.website })).toHaveValue('https://maya.example.com');
  await expect(page.getByRole('img', { name: 'Photo of Maya Lindqvist' })).toBeVisible();
  await screen(page, 'edit profile saved');

  // As the others see it.
  await page.getByRole('link', { name: 'See my profile' }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/profile/${me.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maya Lindqvist' })).toBeVisible();
  await expect(page.getByText('Product Designer · Northwind Labs')).toBeVisible();
  await expect(page.getByText('Designs tools for field researchers.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'https://maya.example.com' })).toBeVisible();
  await expect(page.getByText(names.internal)).toHaveCount(0);
  await expect(page.getByText('+46 555 0199')).toHaveCount(0);
  await screen(page, 'my profile');

  // Phone size (the participant app is a PWA).
  await page.setViewportSize(PHONE);
  await screen(page, 'my profile on a phone');
  await page.getByRole('link', { name: 'Edit profile' }).click();
  await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveValue('Product Designer');
  await screen(page, 'edit profile on a phone');
  await page.context().close();

  // The same link again, in another fresh browser: used once, it says so and offers a way on.
  const again = await freshPage(browser, PHONE);
  await again.goto(link);
  await expect(again.getByRole('main').getByRole('alert')).toContainText(/already been used/);
  await expect(again).toHaveURL(/\/event\/login\?magic=/);
  await screen(again, 'used magic link on a phone');
  await again.getByRole('link', { name: 'Sign in with password' }).click();
  await expect(again).toHaveURL(`${APP_URL}/event/login`);
  await expect(again.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
  await again.context().close();
});

test("another participant's profile shows only what is public", async ({ browser, request }) => {
  const page = await freshPage(browser);
  await page.goto(await sendMagicLink(request, me));
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/home`);

  await page.goto(`${APP_URL}/event/${eventId}/profile/${other.userId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tomás Herrera' })).toBeVisible();
  await expect(page.getByText('Head of Research · Fjord Labs')).toBeVisible();
  await expect(page.getByText(/Works on sensor networks/)).toBeVisible();
  await expect(page.getByRole('term')).toHaveText([names.shirt, names.badge]);
  await expect(page.getByRole('definition')).toHaveText(['M', 'Exhibitor']);
  // Never: e-mail, phone, custom fields that are not shown in profiles, a way to edit.
  await expect(page.getByText(other.email)).toHaveCount(0);
  await expect(page.getByText('+47 555 0101')).toHaveCount(0);
  await expect(page.getByText('Pays late')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await screen(page, 'another participant');
  await page.setViewportSize(PHONE);
  await screen(page, 'another participant on a phone');

  // Someone who is no participant of the event.
  await page.goto(`${APP_URL}/event/${eventId}/profile/${admin.userId}`);
  await expect(page.getByText('Profile not found')).toBeVisible();
  await screen(page, 'profile not found');

  // A link for another account opened while signed in: the old session ends, the link's person is in.
  await page.goto(await sendMagicLink(request, other));
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/home`);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'My profile' }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/profile/${other.userId}`);
  await expect(page.getByRole('link', { name: 'Edit profile' })).toBeVisible();
  await page.context().close();
});

test('participants find each other: People, search by name, more as they scroll, a profile', async ({
  browser,
  request,
}) => {
  // Enough people for a second page of 20.
  const tag = Date.now().toString(36);
  for (let i = 0; i < 8; i++) {
    await createParticipant(request, {
      email: `guest${i}.${tag}@example.com`,
      firstName: `Guest ${i}`,
      lastName: `Zeller ${tag}`,
      company: 'Harbour Works',
    });
  }
  const directory = await request.get(`${API_URL}/events/${eventId}/participants/view`, {
    headers: bearer(admin),
  });
  const everyone = ((await directory.json()) as { total: number }).total;
  expect(everyone).toBeGreaterThan(20);

  const page = await freshPage(browser, PHONE);
  await page.goto(await sendMagicLink(request, me));
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/home`);
  await expect(page.getByRole('heading', { name: 'People' })).toBeVisible();
  await screen(page, 'event home with people on a phone');
  await page.getByRole('link', { name: 'Browse people' }).click();

  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/people`);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expect(page.getByText(`${everyone} people`)).toBeVisible();
  const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
  await expect(cards).toHaveCount(20);
  await expect(page.getByText(`Showing 20 of ${everyone}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();
  await screen(page, 'people on a phone');

  // The end of the list comes into view: the rest loads.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect(cards).toHaveCount(everyone);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(cards.filter({ hasText: 'Maya Lindqvist' })).toContainText('You');

  // Search by name (first and last): only them, with job title and company.
  const search = page.getByRole('searchbox', { name: 'Search' });
  await search.fill('tomás herrera');
  await expect(page).toHaveURL(/[?&]search=tom%C3%A1s(\+|%20)herrera/);
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Head of Research · Fjord Labs');
  await expect(page.getByText('1 person', { exact: true })).toBeVisible();

  // A seeded participant, by last name; their card opens their profile.
  await search.fill('Okafor');
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Amara Okafor');
  await screen(page, 'people searched on a phone');
  await cards.first().click();
  await expect(page).toHaveURL(new RegExp(`/event/${eventId}/profile/[0-9a-f-]{36}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Amara Okafor' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit profile' })).toHaveCount(0);
  await screen(page, 'a seeded participant on a phone');

  // Back to the directory: the search is still there.
  await page.getByRole('link', { name: 'Back to people' }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/people?search=Okafor`);
  await expect(search).toHaveValue('Okafor');
  await expect(cards).toHaveCount(1);

  // Nothing found: the spec's text.
  await search.fill('Nobody by this name');
  await expect(page.getByText(NO_RESULTS, { exact: true })).toBeVisible();
  await expect(cards).toHaveCount(0);
  await screen(page, 'people no results on a phone');

  // Desktop, from the account menu, with a network that fails at first (the request and its one
  // retry), then answers slowly: no message (spec part 8), a way to try again, skeletons meanwhile.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${APP_URL}/event/${eventId}/home`);
  await screen(page, 'event home with people');
  let requests = 0;
  let answer = () => {};
  const answered = new Promise<void>((resolve) => (answer = resolve));
  const view = /\/participants\/view\?/;
  await page.route(view, async (route) => {
    requests++;
    if (requests <= 2) return route.abort('connectionreset');
    await answered;
    return route.continue();
  });
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'People' }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${eventId}/people`);
  await expect(search).toHaveValue('');
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect(retry).toBeVisible();
  await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
  await screen(page, 'people failed to load');
  await retry.click();
  await expect(page.getByRole('status', { name: 'Loading people…' })).toBeVisible();
  await screen(page, 'people loading');
  answer();
  await expect(page.getByText(`${everyone} people`)).toBeVisible();
  await page.unroute(view);
  await screen(page, 'people');
  await search.fill(`Zeller ${tag}`);
  await search.press('Enter');
  await expect(cards).toHaveCount(8);
  await expect(cards.first()).toContainText('Harbour Works');
  await screen(page, 'people searched');
  await page.context().close();
});
