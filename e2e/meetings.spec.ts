import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { APP_URL, CONSOLE_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { unique } from './support/ui';

// Issue 13, meetings: an organiser's meeting window (2027-03-01, 09:00–10:00 Berlin, 30-minute
// meetings, one table); two participants on phones (390×844, two browser contexts). Amara makes
// herself available; Bruno finds her in the people list and requests the 09:00 slot with a message;
// the request reaches Amara's page without a reload, she accepts; both see the meeting with its
// table in My Agenda and both get the e-mail. axe on every page.

const PHONE = { width: 390, height: 844 };

interface Participant {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

const eventName = unique('Meetings journey');
let own: OwnEvent;
let amara: Participant;
let bruno: Participant;
const contexts: BrowserContext[] = [];

test.describe.configure({ mode: 'serial', timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const tag = Date.now().toString(36);
  const make = (firstName: string, lastName: string, extra: Record<string, string> = {}) =>
    call<Participant>(request, own.admin, 'POST', `events/${own.eventId}/participants`, {
      email: `${firstName.toLowerCase()}.${tag}@example.com`,
      firstName,
      lastName,
      ...extra,
    });
  amara = await make('Amara', 'Okafor', { company: 'Northwind', jobTitle: 'Producer' });
  bruno = await make('Bruno', 'Silva', { company: 'Contoso' });
  await call(request, own.admin, 'POST', `events/${own.eventId}/meeting-intervals`, {
    date: '2027-03-01',
    startTime: '09:00 AM',
    endTime: '10:00 AM',
    slotMinutes: 30,
    meetingPoints: ['Table 7'],
  });
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** A phone context signed in by the participant's magic link. */
async function signedIn(browser: Browser, request: APIRequestContext, who: Participant): Promise<Page> {
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
  return page;
}

const path = (rest: string) => `${APP_URL}/event/${own.eventId}/${rest}`;

test('two participants book a meeting and both see it in My Agenda', async ({ browser, request }) => {
  // ——— Amara: nothing yet; she makes herself available. ———
  const a = await signedIn(browser, request, amara);
  await a.goto(path('meetings'));
  await expect(a.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  await expect(a.getByText('No meetings yet')).toBeVisible();
  await expect(a.getByText('Nobody is available for meetings yet')).toBeVisible();
  await screen(a, 'meetings empty');
  const available = a.getByRole('switch', { name: 'Available for meetings' });
  await available.click();
  await expect(a.getByText('You are available for meetings')).toBeVisible();
  await expect(available).toBeChecked();

  // ——— Bruno: finds Amara and asks for 09:00 with a message. ———
  const b = await signedIn(browser, request, bruno);
  await b.goto(path('meetings'));
  await expect(b.getByText('Amara Okafor', { exact: true })).toBeVisible();
  await screen(b, 'meetings people');
  await b.getByRole('button', { name: 'Request a meeting with Amara Okafor' }).click();
  const dialog = b.getByRole('dialog', { name: 'Request a meeting with Amara Okafor' });
  await dialog.getByRole('combobox', { name: 'Time' }).click();
  await b.getByRole('option', { name: '09:00 AM - 09:30 AM' }).click();
  await dialog.getByLabel('Message (optional)').fill('Coffee and the venue shortlist?');
  await screen(b, 'meetings request dialog');
  await dialog.getByRole('button', { name: 'Send request' }).click();
  await expect(b.getByText('Request sent to Amara Okafor')).toBeVisible();
  await expect(b.getByRole('heading', { level: 2, name: 'Waiting for an answer' })).toBeVisible();
  await screen(b, 'meetings waiting');

  // ——— Amara: the request arrives without a reload; she accepts. ———
  await expect(a.getByRole('heading', { level: 2, name: 'Requests for you' })).toBeVisible({
    timeout: 15_000,
  });
  const request1 = a.getByRole('listitem', { name: 'Meeting with Bruno Silva' });
  await expect(request1.getByText('Message: Coffee and the venue shortlist?')).toBeVisible();
  await screen(a, 'meetings request to answer');
  await request1.getByRole('button', { name: 'Accept' }).click();
  await expect(a.getByText('Meeting booked with Bruno Silva')).toBeVisible();
  await expect(a.getByRole('heading', { level: 2, name: 'Booked meetings' })).toBeVisible();
  await expect(a.getByText('Meeting point: Table 7')).toBeVisible();

  // ——— Both: My Agenda lists the meeting with its table. ———
  for (const [page, other, name] of [
    [a, 'Bruno Silva', 'amara'],
    [b, 'Amara Okafor', 'bruno'],
  ] as const) {
    await page.goto(path('my-agenda'));
    const section = page.getByRole('region', { name: 'Meetings' });
    await expect(section.getByRole('listitem', { name: `Meeting with ${other}` })).toBeVisible();
    await expect(section.getByText('Meeting point: Table 7')).toBeVisible();
    await expect(section.getByRole('button', { name: 'Add to calendar' })).toBeVisible();
    await screen(page, `meetings my agenda ${name}`);
  }

  // ——— Both got the e-mail. ———
  for (const who of [amara, bruno]) {
    const mail = await waitForMail(who.email, { subject: /Meeting booked/ });
    expect(mail.text).toContain('Table 7');
  }
});

test('the organiser sees the meetings, adds an interval, books and cancels a meeting', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openEventInConsole(page, eventName);
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Meetings' })
    .click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/agenda/meetings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Meetings' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table.getByRole('row', { name: /Bruno Silva.*Amara Okafor/ })).toBeVisible();
  await expect(table.getByText('Table 7')).toBeVisible();
  await screen(page, 'meetings console list');

  // Meeting intervals: a second one, refused first for a 7-minute length.
  await page.getByRole('tab', { name: 'Meeting intervals' }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/agenda/meetings/intervals`);
  await expect(page.getByRole('table').getByText('2027-03-01 09:00 AM - 10:00 AM')).toBeVisible();
  await page.getByRole('button', { name: 'Add meeting interval' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add meeting interval' });
  await form.getByLabel('Day').fill('2027-03-02');
  await form.getByLabel('Start time').fill('14:00');
  await form.getByLabel('End time').fill('15:00');
  await form.getByRole('textbox', { name: 'Meeting length (minutes)' }).fill('7');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form.getByText('Meeting interval must be 5 to 120 minutes in steps of 5')).toBeVisible();
  await screen(page, 'meetings console interval refused');
  await form.getByRole('textbox', { name: 'Meeting length (minutes)' }).fill('20');
  await form.getByLabel('Meeting points or tables').fill('Lounge A');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Meeting interval saved')).toBeVisible();
  await expect(page.getByRole('table').getByText('2027-03-02 02:00 PM - 03:00 PM')).toBeVisible();
  await screen(page, 'meetings console intervals');

  // Available users: Amara (she opted in).
  await page.getByRole('tab', { name: 'Available users' }).click();
  await expect(page.getByRole('table').getByText('Amara Okafor')).toBeVisible();
  await screen(page, 'meetings console available');

  // Book a meeting for two people, then cancel it.
  await page.getByRole('tab', { name: 'Meetings' }).click();
  await page.getByRole('button', { name: 'Book a meeting' }).first().click();
  const book = page.getByRole('dialog', { name: 'Book a meeting' });
  await book.getByRole('combobox', { name: 'First participant' }).fill('Amara');
  await page.getByRole('option', { name: 'Amara Okafor' }).click();
  await book.getByRole('combobox', { name: 'Second participant' }).fill('Bruno');
  await page.getByRole('option', { name: 'Bruno Silva' }).click();
  await book.getByRole('combobox', { name: 'Time slot' }).click();
  await page.getByRole('option', { name: '02:20 PM - 02:40 PM' }).click();
  await screen(page, 'meetings console book');
  await book.getByRole('button', { name: 'Book meeting' }).click();
  await expect(page.getByText('Meeting booked', { exact: true })).toBeVisible();
  const booked = page.getByRole('row', { name: /Amara Okafor.*Bruno Silva.*02:20 PM/ });
  await expect(booked.getByText('Lounge A')).toBeVisible();
  await booked.getByRole('button', { name: /Cancel the meeting of/ }).click();
  await page
    .getByRole('dialog', { name: 'Cancel meeting' })
    .getByRole('button', { name: 'Cancel meeting' })
    .click();
  await expect(page.getByText('Meeting cancelled')).toBeVisible();
  await expect(booked.getByText('Cancelled')).toBeVisible();

  await page.setViewportSize(PHONE);
  await screen(page, 'meetings console phone');
});
