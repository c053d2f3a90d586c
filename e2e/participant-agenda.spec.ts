import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import ical from 'node-ical';
import { PNG } from 'pngjs';
import { bearer } from './support/api';
import { API_URL, APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { toastSays, unique } from './support/ui';

// Issue 4, participant side: a participant browses the agenda by day in the event's zone (their own
// clock beside it), filters and searches, opens a session (speakers, location on the map, material),
// enrolls; a 1-seat workshop fills, a second participant joins its waitlist and is promoted (toast)
// when the first leaves; My Agenda and one session go to a calendar (.ics parsed by node-ical); the
// agenda, My Agenda, a map and an opened material still work offline after a reload, and an
// enrollment made offline is sent when the connection returns; the participant checks in by scanning the session's QR code with the
// camera (chromium's fake camera playing a video made from the API's PNG), and by a photo upload.

const PHONE = { width: 390, height: 844 };
const NO_RESULTS =
  'We can not find any records matching your search or filter criteria. Please change criteria and try again.'; // spec part 8
const IMAGE = readFileSync(resolve(import.meta.dirname, '../apps/web/public/pwa-512.png'));
const NOT_A_QR = readFileSync(resolve(import.meta.dirname, '../apps/web/public/pwa-192.png'));

interface Participant {
  id: string;
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
}

const eventName = unique('Agenda journey');
const names = {
  keynote: 'Opening keynote',
  workshop: 'Small workshop',
  panel: 'Day two panel',
  track: 'Main track',
  hall: 'Hall Aurora',
};
let own: OwnEvent;
let ines: Participant;
let kofi: Participant;
const ids = { keynote: '', workshop: '', panel: '', map: '', pin: '', material: '' };

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const ev = `events/${own.eventId}`;
  const tag = Date.now().toString(36);
  ines = await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
    email: `ines.${tag}@example.com`,
    firstName: 'Ines',
    lastName: 'Varga',
  });
  kofi = await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
    email: `kofi.${tag}@example.com`,
    firstName: 'Kofi',
    lastName: 'Mensah',
    jobTitle: 'Research lead',
    company: 'Fjord Labs',
  });
  const track = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/collections`, {
    name: names.track,
  });
  const hall = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/locations`, {
    name: names.hall,
  });

  const upload = async (path: string, name: string) => {
    const res = await request.post(`${API_URL}/${ev}/${path}`, {
      headers: bearer(own.admin),
      multipart: { file: { name: 'venue.png', mimeType: 'image/png', buffer: IMAGE }, name, description: '' },
    });
    expect(res.ok(), `POST ${path}: ${await res.text()}`).toBe(true);
    return ((await res.json()) as { id: string }).id;
  };
  ids.material = await upload('materials', 'Venue photo');
  ids.map = await upload('interactive-maps', 'Venue plan');
  ids.pin = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/interactive-maps/${ids.map}/pins`, {
      name: 'North door',
      x: 0.4,
      y: 0.3,
      locationId: hall.id,
    })
  ).id;

  const session = async (body: Record<string, unknown>) =>
    (await call<{ id: string }>(request, own.admin, 'POST', `${ev}/sessions`, { enrollable: true, ...body }))
      .id;
  ids.keynote = await session({
    name: names.keynote,
    type: 'KEYNOTE',
    startDate: '2027-03-01',
    startTime: '09:00 AM',
    endDate: '2027-03-01',
    endTime: '10:00 AM',
    description: 'Where the year is going.',
    collectionIds: [track.id],
    locationId: hall.id,
    speakerIds: [kofi.id],
    materialIds: [ids.material],
  });
  ids.workshop = await session({
    name: names.workshop,
    type: 'WORKSHOP',
    startDate: '2027-03-01',
    startTime: '11:00 AM',
    endDate: '2027-03-01',
    endTime: '12:00 PM',
    capacity: 1,
    waitlist: true,
  });
  ids.panel = await session({
    name: names.panel,
    type: 'PANEL',
    startDate: '2027-03-02',
    startTime: '10:00 AM',
    endDate: '2027-03-02',
    endTime: '11:00 AM',
    capacity: 50,
  });
});

test.afterAll(async ({ request }) => {
  await own?.cleanUp(request);
});

/** A phone-sized browser signed in by the participant's magic link; `timezoneId` is the participant's own zone. */
async function signedIn(
  browser: Browser,
  request: APIRequestContext,
  who: Participant,
  timezoneId: string,
  serviceWorkers: 'allow' | 'block',
): Promise<Page> {
  const before = (await allMail()).map((m) => m.id);
  await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
    participantIds: [who.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(who.email, { subject: new RegExp(eventName), exclude: before });
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-US',
    timezoneId,
    serviceWorkers,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.goto(linkTo(mail, '/event/login').href);
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
  return page;
}

const card = (page: Page, name: string) => page.getByRole('article', { name });

/** A Y4M video (chromium's fake camera) of the PNG centred on a white 640×480 frame. */
function qrVideo(png: Buffer, file: string): void {
  const image = PNG.sync.read(png);
  const W = 640;
  const H = 480;
  const side = 280; // inside qr-scanner's scan region (the middle two thirds of the short side)
  const y = Buffer.alloc(W * H, 235);
  for (let row = 0; row < side; row++) {
    for (let col = 0; col < side; col++) {
      const sx = Math.floor((col / side) * image.width);
      const sy = Math.floor((row / side) * image.height);
      const i = (sy * image.width + sx) * 4;
      const luma = 0.299 * image.data[i]! + 0.587 * image.data[i + 1]! + 0.114 * image.data[i + 2]!;
      y[(row + (H - side) / 2) * W + col + (W - side) / 2] = luma < 128 ? 16 : 235;
    }
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  writeFileSync(
    file,
    Buffer.concat([
      Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`),
      ...Array.from({ length: 10 }, () => frame),
    ]),
  );
}

async function download(page: Page, click: () => Promise<void>): Promise<string> {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await (await waiting).path();
  return readFileSync(file, 'utf8');
}

test('agenda by day, filters, detail, enroll, waitlist and promotion, calendar, offline, QR check-in', async ({
  browser,
  request,
}) => {
  // ——— Ines, in New York: the agenda is in Berlin time, her own time beside it. ———
  const page = await signedIn(browser, request, ines, 'America/New_York', 'allow');
  await expect(page.getByRole('heading', { name: 'Upcoming sessions' })).toBeVisible();
  await screen(page, 'event home with upcoming sessions');
  await page.getByRole('link', { name: 'Full agenda' }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/agenda`);
  await expect(page.getByRole('tab', { name: 'Mon 1 Mar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'Tue 2 Mar' })).toBeVisible();
  await expect(page.getByText('Times are in the event’s time zone (Europe/Berlin).')).toBeVisible();
  const keynote = card(page, names.keynote);
  await expect(keynote).toContainText('09:00 – 10:00');
  await expect(keynote).toContainText('Your time: 03:00 – 04:00 GMT-5');
  await expect(keynote).toContainText(names.hall);
  await expect(keynote).toContainText('Kofi Mensah');
  await expect(card(page, names.workshop)).toContainText('1 seat left');
  await expect(card(page, names.panel)).toHaveCount(0);
  await screen(page, 'agenda day one');

  await page.getByRole('tab', { name: 'Tue 2 Mar' }).click();
  await expect(page).toHaveURL(/day=2027-03-02/);
  await expect(card(page, names.panel)).toBeVisible();
  await expect(card(page, names.keynote)).toHaveCount(0);
  await page.getByRole('tab', { name: 'Mon 1 Mar' }).click();

  // Filters and search.
  await page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Workshop' });
  await expect(card(page, names.workshop)).toBeVisible();
  await expect(card(page, names.keynote)).toHaveCount(0);
  await screen(page, 'agenda filtered by type');
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('keynote');
  await expect(page.getByText(NO_RESULTS)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();
  await page.getByRole('searchbox', { name: 'Search sessions' }).fill('kofi');
  await expect(card(page, names.keynote)).toBeVisible();
  await expect(card(page, names.workshop)).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Track' }).selectOption({ label: names.track });
  await expect(card(page, names.keynote)).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).click();

  // The keynote's detail: speaker → profile, location → pin on the map, material → viewer.
  await card(page, names.keynote).getByRole('link', { name: names.keynote }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/agenda/${ids.keynote}`);
  await expect(page.getByRole('heading', { level: 1, name: names.keynote })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kofi Mensah' })).toHaveAttribute(
    'href',
    `/event/${own.eventId}/profile/${kofi.userId}`,
  );
  await expect(page.getByText('Research lead, Fjord Labs')).toBeVisible();
  const onMap = page.getByRole('link', { name: /Show North door on Venue plan/ });
  await expect(onMap).toHaveAttribute('href', `/event/${own.eventId}/maps/${ids.map}?pin=${ids.pin}`);
  await page.getByRole('button', { name: 'Enroll' }).click();
  await toastSays(page, `You are enrolled in ${names.keynote}.`);
  await expect(page.getByText('You are enrolled', { exact: true })).toBeVisible();
  await screen(page, 'session detail enrolled');

  // One session to the calendar.
  const one = ical.sync.parseICS(
    await download(page, () => page.getByRole('button', { name: 'Add to calendar' }).click()),
  );
  const oneEvents = Object.values(one).filter((c) => c?.type === 'VEVENT');
  expect(oneEvents).toHaveLength(1);
  expect(oneEvents[0]).toMatchObject({ summary: names.keynote });
  expect((oneEvents[0] as ical.VEvent).start.toISOString()).toBe('2027-03-01T08:00:00.000Z');

  await page.getByRole('link', { name: 'Venue photo' }).click();
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/materials/${ids.material}`);
  await expect(page.getByRole('heading', { name: 'Venue photo' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Venue photo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download' })).toHaveAttribute('download', /\.png$/);
  await screen(page, 'material viewer');
  await page.goBack();
  await onMap.click();
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/maps/${ids.map}?pin=${ids.pin}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Venue plan' })).toBeVisible();
  await expect(page.getByText(`Location: ${names.hall}`)).toBeVisible();
  await screen(page, 'map with the location pin');
  // Maps sit under the participant app's More tab.
  await page.getByRole('link', { name: 'More', exact: true }).click();
  await page.getByRole('link', { name: /^Maps/ }).click();
  await expect(page.getByRole('link', { name: /Venue plan/ })).toBeVisible();
  await screen(page, 'maps');

  // ——— The 1-seat workshop: Ines takes the seat, Kofi joins the waitlist and is promoted when she leaves. ———
  await page.getByRole('link', { name: 'Agenda', exact: true }).click();
  await card(page, names.workshop)
    .getByRole('button', { name: `Enroll: ${names.workshop}` })
    .click();
  await expect(card(page, names.workshop)).toContainText('You are enrolled');

  const kofiPage = await signedIn(browser, request, kofi, 'Europe/Berlin', 'block');
  await kofiPage.goto(`${APP_URL}/event/${own.eventId}/agenda/${ids.workshop}`);
  await expect(kofiPage.getByText('Full — waitlist open')).toBeVisible();
  await expect(kofiPage.getByText('Your time:')).toHaveCount(0);
  await kofiPage.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(kofiPage.getByText('On the waitlist — number 1')).toBeVisible();
  await screen(kofiPage, 'waitlisted');

  await card(page, names.workshop)
    .getByRole('button', { name: `Leave session: ${names.workshop}` })
    .click();
  await toastSays(page, `You left ${names.workshop}.`);
  await toastSays(kofiPage, `A seat freed up: you are now enrolled in ${names.workshop}.`);
  await expect(kofiPage.getByText('You are enrolled', { exact: true })).toBeVisible();
  await screen(kofiPage, 'promoted from the waitlist');
  // The seat went to Kofi: Ines sees the workshop full (live seat count).
  await expect(card(page, names.workshop)).toContainText('Full — waitlist open');
  await kofiPage.context().close();

  // The organiser renames the workshop while Ines has the agenda open: the new name shows without a reload (`agenda.changed`).
  const renamedWorkshop = `${names.workshop} in Room 2`;
  await call(request, own.admin, 'PATCH', `events/${own.eventId}/sessions/${ids.workshop}`, {
    name: renamedWorkshop,
  });
  await expect(card(page, renamedWorkshop)).toBeVisible();

  // ——— My Agenda, and all of it to the calendar. ———
  await page.getByRole('link', { name: 'My Agenda', exact: true }).click();
  await expect(card(page, names.keynote)).toBeVisible();
  await expect(card(page, names.workshop)).toHaveCount(0);
  await screen(page, 'my agenda');
  const mine = ical.sync.parseICS(
    await download(page, () => page.getByRole('button', { name: 'Add My Agenda to my calendar' }).click()),
  );
  expect(
    Object.values(mine)
      .filter((c) => c?.type === 'VEVENT')
      .map((e) => (e as ical.VEvent).summary),
  ).toEqual([names.keynote]);

  // ——— Offline: the service worker keeps the agenda and My Agenda; an enrollment waits for the connection. ———
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller)
      await new Promise((r) =>
        navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }),
      );
  });
  // Opened once under the service worker's control, so its answers are kept.
  await page.goto(`${APP_URL}/event/${own.eventId}/agenda`);
  await expect(card(page, names.keynote)).toBeVisible();
  await page.goto(`${APP_URL}/event/${own.eventId}/maps/${ids.map}`);
  await expect(page.getByText(`Location: ${names.hall}`)).toBeVisible();
  await page.goto(`${APP_URL}/event/${own.eventId}/materials/${ids.material}`);
  await expect(page.getByRole('img', { name: 'Venue photo' })).toBeVisible();
  await page.goto(`${APP_URL}/event/${own.eventId}/my-agenda`);
  await expect(card(page, names.keynote)).toBeVisible();

  // Empty the browser's own HTTP cache: offline, files must come from the service worker's cache.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await page.context().setOffline(true);
  // The map (plan and pins) and the opened material, from the service worker's caches.
  await page.goto(`${APP_URL}/event/${own.eventId}/materials/${ids.material}`);
  const photo = page.getByRole('img', { name: 'Venue photo' });
  await expect(photo).toBeVisible();
  await expect
    .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await page.goto(`${APP_URL}/event/${own.eventId}/maps/${ids.map}`);
  await expect(page.getByText(`Location: ${names.hall}`)).toBeVisible();
  const plan = page.locator('img[src*="/api/v1/files/"]').first();
  await expect
    .poll(() => plan.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await screen(page, 'map offline');
  await page.goto(`${APP_URL}/event/${own.eventId}/my-agenda`);
  await page.reload();
  await expect(card(page, names.keynote)).toBeVisible();
  await expect(page.getByText('You are offline. You see the agenda as it was last loaded.')).toBeVisible();
  await screen(page, 'my agenda offline');
  await page.getByRole('link', { name: 'Agenda', exact: true }).click();
  // The link's navigation first: a reload while it is under way reloads My Agenda.
  await expect(page).toHaveURL(new RegExp(`/event/${own.eventId}/agenda(\\?|$)`));
  await page.reload();
  await expect(card(page, names.keynote)).toBeVisible();
  await page.getByRole('tab', { name: 'Tue 2 Mar' }).click();
  await card(page, names.panel)
    .getByRole('button', { name: `Enroll: ${names.panel}` })
    .click();
  await expect(card(page, names.panel)).toContainText('Offline — will sync');
  await expect(page.getByText('1 change will sync when you are back online.')).toBeVisible();
  await screen(page, 'agenda offline with a queued enrollment');

  await page.context().setOffline(false);
  await toastSays(page, '1 offline change sent.');
  await expect(card(page, names.panel)).not.toContainText('Offline — will sync');
  await expect(card(page, names.panel)).toContainText('You are enrolled');
  const attendees = await call<{ records: Array<{ participantId: string; state: string }> }>(
    request,
    own.admin,
    'GET',
    `events/${own.eventId}/sessions/v2/${ids.panel}/attendees`,
  );
  expect(attendees.records).toEqual([expect.objectContaining({ participantId: ines.id, state: 'ENROLLED' })]);

  // ——— QR check-in: the camera (a fake one playing the session's QR code), then a photo upload. ———
  const qrPng = await request.get(
    `${API_URL}/events/${own.eventId}/sessions/${ids.keynote}/qr-code?size=1200`,
    { headers: bearer(own.admin) },
  );
  expect(qrPng.headers()['content-type']).toBe('image/png');
  const png = await qrPng.body();
  const video = test.info().outputPath('session-qr.y4m');
  qrVideo(png, video);
  const state = await page.context().storageState();
  await page.context().close();

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
  let scanner: BrowserContext | undefined;
  try {
    scanner = await cameraBrowser.newContext({
      viewport: PHONE,
      locale: 'en-US',
      timezoneId: 'America/New_York',
      serviceWorkers: 'block',
      storageState: state,
      permissions: ['camera'],
    });
    const scan = await scanner.newPage();
    await scan.goto(`${APP_URL}/event/${own.eventId}/scan`);
    await expect(scan.getByRole('heading', { level: 1, name: 'Scan a QR code' })).toBeVisible();
    await screen(scan, 'scan');
    await scan.getByRole('button', { name: 'Start camera' }).click();
    await expect(scan.getByText(`You are checked in to ${names.keynote}.`)).toBeVisible({ timeout: 20_000 });
    await screen(scan, 'checked in by camera');

    // The photo fallback: the same code again, then a picture without a code.
    const chooser = scan.waitForEvent('filechooser');
    await scan.getByRole('button', { name: 'Upload a photo of the code' }).click();
    await (await chooser).setFiles({ name: 'qr.png', mimeType: 'image/png', buffer: png });
    await expect(scan.getByText(`You were already checked in to ${names.keynote}.`)).toBeVisible();
    const chooser2 = scan.waitForEvent('filechooser');
    await scan.getByRole('button', { name: 'Upload a photo of the code' }).click();
    await (await chooser2).setFiles({ name: 'logo.png', mimeType: 'image/png', buffer: NOT_A_QR });
    await expect(
      scan.getByRole('alert').filter({ hasText: 'No QR code was found in this picture.' }),
    ).toBeVisible();
    await screen(scan, 'scan without a code');

    await scan.goto(`${APP_URL}/event/${own.eventId}/agenda/${ids.keynote}`);
    await expect(scan.getByText('Checked in', { exact: true })).toBeVisible();
  } finally {
    await scanner?.close();
    await cameraBrowser.close();
  }
});
