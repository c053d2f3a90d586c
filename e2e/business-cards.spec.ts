import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { qrVideo } from './support/agenda-qr-video';
import { APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, type OwnEvent } from './support/own-event';
import { expect, screen, shot, test } from './support/test';
import { unique } from './support/ui';

// Issue 13, business-card exchange: two participants on phones (390×844, two browser contexts).
// Amara opens her badge; Bruno's phone (a separate chromium whose fake camera plays a video of
// Amara's badge as her phone shows it) scans it and sends a card request with a note; the request
// appears on Amara's badge page without a reload, she accepts, and both see each other in Contacts
// (Bruno's list updates live). Amara writes a private note. axe on every page.

const PHONE = { width: 390, height: 844 };

interface Participant {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

const eventName = unique('Cards journey');
let own: OwnEvent;
let amara: Participant;
let bruno: Participant;
const contexts: BrowserContext[] = [];

test.describe.configure({ timeout: 300_000 });

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
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** A phone context signed in by the participant's magic link. */
async function signedIn(
  browser: Browser,
  request: APIRequestContext,
  who: Participant,
): Promise<BrowserContext> {
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
  await page.close();
  return context;
}

const path = (rest: string) => `${APP_URL}/event/${own.eventId}/${rest}`;

test('two participants exchange business cards by scanning a badge', async ({ browser, request }) => {
  // ——— Amara: her badge, large, with her name. ———
  const a: Page = await (await signedIn(browser, request, amara)).newPage();
  await a.goto(path('badge'));
  await expect(a.getByRole('heading', { level: 1, name: 'My badge' })).toBeVisible();
  await expect(a.getByRole('heading', { level: 2, name: 'Amara Okafor' })).toBeVisible();
  const qr = a.getByRole('img', { name: 'Badge QR code of Amara Okafor' });
  await expect(qr).toBeVisible();
  await screen(a, 'cards badge');
  const png = await qr.screenshot();

  // ——— Bruno: contacts empty at first; then the scanner, on a phone whose camera sees Amara's badge. ———
  const brunoState = await (await signedIn(browser, request, bruno)).storageState();
  const video = test.info().outputPath('badge-qr.y4m');
  await qrVideo(png, video);
  const cameraBrowser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const scanner = await cameraBrowser.newContext({
      viewport: PHONE,
      locale: 'en-US',
      hasTouch: true,
      serviceWorkers: 'block',
      storageState: brunoState,
      permissions: ['camera'],
    });
    const b = await scanner.newPage();
    await b.goto(path('contacts'));
    await expect(b.getByRole('heading', { level: 1, name: 'Contacts' })).toBeVisible();
    await expect(b.getByText('No contacts yet')).toBeVisible();
    await screen(b, 'cards contacts empty');

    await b.goto(path('card-scan'));
    await expect(b.getByRole('heading', { level: 1, name: 'Exchange business cards' })).toBeVisible();
    await screen(b, 'cards scanner');
    await b
      .getByLabel('Note to send with your request (optional)')
      .fill('Great panel, let us stay in touch!');
    await b.getByRole('button', { name: 'Start camera' }).click();
    await expect(b.getByText('Card request sent to Amara Okafor.')).toBeVisible({ timeout: 20_000 });
    // Amara's badge page announces the request without a reload. Looked for before Bruno's screen is
    // checked: the toast lives 3 s, and an accessibility check under load can take longer.
    await expect(a.getByText('You have a new card request.')).toBeVisible();
    await screen(b, 'cards request sent');

    // Her page lists the request; she accepts it.
    await expect(a.getByText('Bruno Silva wants to exchange business cards')).toBeVisible();
    await expect(a.getByText('“Great panel, let us stay in touch!”')).toBeVisible();
    await screen(a, 'cards incoming request');

    // Bruno waits on his contacts page: his request is listed as waiting.
    await b.goto(path('contacts'));
    await expect(b.getByRole('heading', { level: 2, name: 'Waiting for an answer' })).toBeVisible();
    await expect(b.getByText('Amara Okafor · Producer, Northwind')).toBeVisible();

    await a.getByRole('button', { name: 'Accept the card request of Bruno Silva' }).click();
    await expect(a.getByText('Bruno Silva is now in your contacts.')).toBeVisible();
    await expect(a.getByText('Bruno Silva wants to exchange business cards')).toBeHidden();

    // Both see each other in Contacts; Bruno's page follows live.
    await expect(b.getByRole('listitem', { name: 'Amara Okafor' })).toBeVisible();
    await expect(b.getByRole('heading', { level: 2, name: '1 contact' })).toBeVisible();
    await screen(b, 'cards contacts of the scanner');
    // From Amara's profile, the manual way answers that she is a contact already.
    await b.goto(path(`profile/${amara.userId}`));
    await expect(b.getByRole('heading', { level: 1, name: 'Amara Okafor' })).toBeVisible();
    await b.getByRole('button', { name: 'Exchange business cards' }).click();
    await expect(b.getByRole('button', { name: 'In your contacts' })).toBeDisabled();
    await screen(b, 'cards profile of a contact');
    await a.goto(path('contacts'));
    const card = a.getByRole('listitem', { name: 'Bruno Silva' });
    await expect(card).toBeVisible();
    await card.getByLabel('Private note about Bruno Silva').fill('Send him the venue brochure');
    await card.getByRole('button', { name: 'Save note' }).click();
    await expect(a.getByText('Note saved.')).toBeVisible();
    await a.getByLabel('Search contacts').fill('brochure');
    await expect(a.getByRole('listitem', { name: 'Bruno Silva' })).toBeVisible();
    await a.getByLabel('Search contacts').fill('nobody here');
    await expect(a.getByText('No contact matches your search.')).toBeVisible();
    await a.getByLabel('Search contacts').fill('');
    await expect(a.getByRole('listitem', { name: 'Bruno Silva' })).toBeVisible();
    await screen(a, 'cards contacts with a note');

    // The vCard export downloads one file holding Bruno.
    const download = a.waitForEvent('download');
    await a.getByRole('button', { name: 'Export vCard' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('contacts.vcf');

    // The same pages on a desktop screen.
    await a.setViewportSize({ width: 1440, height: 900 });
    await shot(a, 'cards contacts desktop');
    await a.goto(path('badge'));
    await expect(a.getByRole('img', { name: 'Badge QR code of Amara Okafor' })).toBeVisible();
    await shot(a, 'cards badge desktop');
    await scanner.close();
  } finally {
    await cameraBrowser.close();
  }
});
