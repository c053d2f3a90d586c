import {
  chromium,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
} from '@playwright/test';
import { qrVideo } from './support/agenda-qr-video';
import { bearer } from './support/api';
import { API_URL, APP_URL, CONSOLE_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, toastSays, unique } from './support/ui';

// Issue 15, the end-to-end gamification journey: an organiser (1440) builds a game with a SURVEY task
// on an open poll, a SCAN_QR task on a custom QR code (the sponsor booth's) and a badge earned by both;
// the front-of-room board is open at 1920×1080; two participants on phones (390×844, a chromium whose
// fake camera sees the booth's code) answer the poll and scan the code; each sees the points toasts,
// then the points and the badge on their game page; the board shows both without a reload. axe runs
// on every screen.

const PHONE = { width: 390, height: 844 };
const PROJECTOR = { width: 1920, height: 1080 };
const DESKTOP = { width: 1440, height: 900 };

interface Participant {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

const eventName = unique('Game journey');
const GAME = 'Summit Quest';
const TASK = 'Answer the pulse poll';
const BADGE = 'Pulse taker';
const sessionName = 'Opening keynote';
const poll = { name: 'Pulse poll', question: 'How is the summit going?' };
const SCAN_TASK = 'Visit the sponsor booth';
const BOOTH = 'Sponsor booth';

let own: OwnEvent;
let people: Participant[] = [];
const ids = { session: '', poll: '', pollInstance: '', game: '', booth: '' };
let boothPng: Buffer;
const contexts: BrowserContext[] = [];
const cameras: Browser[] = [];

test.describe.configure({ timeout: 180_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const ev = `events/${own.eventId}`;
  const tag = Date.now().toString(36);
  people = [];
  for (const [firstName, lastName] of [
    ['Amara', 'Okafor'],
    ['Bruno', 'Silva'],
  ] as const)
    people.push(
      await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
        email: `${firstName.toLowerCase()}.${tag}@example.com`,
        firstName,
        lastName,
      }),
    );
  ids.session = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/sessions`, {
      name: sessionName,
      type: 'KEYNOTE',
      startDate: '2027-03-01',
      startTime: '09:00 AM',
      endDate: '2027-03-01',
      endTime: '10:00 AM',
    })
  ).id;
  ids.poll = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
      type: 'POLL',
      name: poll.name,
      sessionIds: [ids.session],
      questions: [
        { type: 'RADIOBOX', text: poll.question, options: [{ label: 'Great' }, { label: 'Fine' }] },
      ],
    })
  ).id;
  ids.pollInstance = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools/${ids.poll}/instances`, {
      sessionId: ids.session,
      status: 'OPEN',
    })
  ).id;
  ids.booth = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/custom-qr-codes`, {
      name: BOOTH,
      description: 'Hall B, stand 12',
      points: 15,
    })
  ).id;
  const png = await request.get(`${API_URL}/${ev}/custom-qr-codes/${ids.booth}/qr-code?size=1200`, {
    headers: bearer(own.admin),
  });
  expect(png.ok()).toBe(true);
  boothPng = await png.body();
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  for (const b of cameras) await b.close().catch(() => undefined);
  await own?.cleanUp(request);
});

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', serviceWorkers: 'block' });
  contexts.push(context);
  return context.newPage();
}

/** A phone signed in by the participant's magic link. */
async function phoneOf(browser: Browser, request: APIRequestContext, who: Participant): Promise<Page> {
  const before = (await allMail()).map((m) => m.id);
  await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
    participantIds: [who.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(who.email, { subject: new RegExp(eventName), exclude: before });
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-US',
    hasTouch: true,
    serviceWorkers: 'block',
    permissions: ['camera'],
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(linkTo(mail, '/event/login').href);
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
  return page;
}

const board = (page: Page) => page.getByRole('list').first();

test('an organiser builds a game; two phones answer the poll and scan a code; points, badge and the board follow live', async ({
  browser,
  request,
}) => {
  const organiser = await newPage(browser, DESKTOP);

  await test.step('the organiser creates the game, a SURVEY task on the poll and a badge', async () => {
    await openEventInConsole(organiser, eventName);
    await organiser.goto(`${CONSOLE_URL}/engagement/gamification/new`);
    await expect(organiser.getByRole('heading', { level: 1, name: 'New game' })).toBeVisible();
    await organiser.getByRole('textbox', { name: 'Name' }).fill(GAME);
    await organiser.getByRole('button', { name: 'Create game' }).click();
    await toastSays(organiser, `Created: ${GAME}`);
    await expect(organiser.getByRole('heading', { level: 1, name: GAME })).toBeVisible();
    ids.game = /gamification\/([0-9a-f-]{36})/.exec(organiser.url())![1]!;

    await organiser.getByRole('button', { name: 'Add task' }).click();
    const task = organiser.getByRole('dialog', { name: 'Add task' });
    await choose(task, organiser, 'Kind', 'Survey', 'Surv');
    await task.getByRole('textbox', { name: 'Name' }).fill(TASK);
    await task.getByRole('textbox', { name: 'Points' }).fill('20');
    await task.getByRole('radio', { name: 'Specific items' }).check();
    await choose(task, organiser, 'Items', poll.name);
    await organiser.keyboard.press('Escape');
    await task.getByRole('button', { name: 'Add task' }).click();
    await toastSays(organiser, `Added: ${TASK}`);
    await expect(organiser.getByTestId('task-row')).toHaveCount(1);

    await organiser.getByRole('button', { name: 'Add task' }).click();
    const scan = organiser.getByRole('dialog', { name: 'Add task' });
    await choose(scan, organiser, 'Kind', 'Scan QR', 'Scan');
    await scan.getByRole('textbox', { name: 'Name' }).fill(SCAN_TASK);
    await scan.getByRole('textbox', { name: 'Points' }).fill('15');
    await scan.getByRole('radio', { name: 'Specific items' }).check();
    await choose(scan, organiser, 'Items', BOOTH);
    await organiser.keyboard.press('Escape');
    await scan.getByRole('button', { name: 'Add task' }).click();
    await toastSays(organiser, `Added: ${SCAN_TASK}`);
    await expect(organiser.getByTestId('task-row')).toHaveCount(2);
    await screen(organiser, 'journey game tasks 1440');

    await organiser.getByRole('tab', { name: 'Badges' }).click();
    await organiser.getByRole('button', { name: 'Add badge' }).click();
    const badge = organiser.getByRole('dialog', { name: 'Add badge' });
    await badge.getByRole('textbox', { name: 'Name' }).fill(BADGE);
    await choose(badge, organiser, 'Tasks that earn it', TASK);
    await choose(badge, organiser, 'Tasks that earn it', SCAN_TASK);
    await organiser.keyboard.press('Escape');
    await badge.getByRole('button', { name: 'Add badge' }).click();
    await toastSays(organiser, `Added: ${BADGE}`);
    await screen(organiser, 'journey game badges 1440');
  });

  const projector = await newPage(browser, PROJECTOR);
  await test.step('the front-of-room board opens at 1920×1080, nobody has points yet', async () => {
    await openEventInConsole(projector, eventName);
    await projector.goto(`${CONSOLE_URL}/${own.eventId}/leader-board/${ids.game}`);
    await expect(projector.getByRole('heading', { level: 1, name: GAME })).toBeVisible();
    await expect(projector.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await projector.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    await screen(projector, 'journey board empty 1920');
  });

  // The phones: a chromium whose fake camera sees the booth's code (one for both, as one booth).
  const video = test.info().outputPath('booth-qr.y4m');
  await qrVideo(boothPng, video);
  const camera = await chromium.launch({
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
  cameras.push(camera);
  const phones: Page[] = [];
  for (const who of people) phones.push(await phoneOf(camera, request, who));

  for (const [i, phone] of phones.entries()) {
    const who = people[i]!;
    await test.step(`${who.firstName}'s game page: the task, no points yet`, async () => {
      await phone.goto(`${APP_URL}/event/${own.eventId}/game/${ids.game}`);
      await expect(phone.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(phone.getByTestId('game-task').filter({ hasText: TASK })).toBeVisible();
      await screen(phone, `journey game page before ${who.firstName} 390`);
    });

    await test.step(`${who.firstName} answers the poll in another tab; the game page toasts and updates`, async () => {
      // The game page stays open in the first tab: its toasts and score follow game.awarded live.
      const session = await phone.context().newPage();
      await session.goto(`${APP_URL}/event/${own.eventId}/agenda/${ids.session}`);
      await expect(session.getByRole('heading', { name: sessionName, level: 1 })).toBeVisible();
      const tool = session.getByRole('article', { name: poll.name });
      await expect(tool).toBeVisible();
      await screen(session, `journey poll ${who.firstName} 390`);
      await tool.getByRole('button', { name: i === 0 ? 'Great' : 'Fine' }).click();
      await phone.bringToFront();
      await expect(phone.getByText(`+20 points — ${TASK}`)).toBeVisible({ timeout: 10_000 });
      await expect(phone.getByTestId('game-standing').first()).toContainText(/20 points/);
      await screen(phone, `journey toast ${who.firstName} 390`);
      await session.close();
    });

    await test.step(`${who.firstName} scans the booth's code with the camera; points and the badge follow`, async () => {
      const scanner = await phone.context().newPage();
      await scanner.goto(`${APP_URL}/event/${own.eventId}/scan`);
      await scanner.getByRole('button', { name: 'Start camera' }).click();
      await expect(scanner.getByText(new RegExp(`Scanned: ${BOOTH}`))).toBeVisible({ timeout: 20_000 });
      // Toasts last 3 s: the game page is looked at first, the scanner's screen checked after. Both
      // toasts come from one award, so one look must see both (two looks in a row could outlive them).
      await phone.bringToFront();
      await expect
        .poll(
          async () => {
            const shown = (await phone.getByRole('status').allTextContents()).join('\n');
            return {
              points: shown.includes(`+15 points — ${SCAN_TASK}`),
              badge: shown.includes(`Badge earned: ${BADGE}`),
            };
          },
          { timeout: 10_000 },
        )
        .toEqual({ points: true, badge: true });
      await scanner.bringToFront();
      await screen(scanner, `journey scan ${who.firstName} 390`);
      await scanner.close();
      await phone.bringToFront();
      await expect(phone.getByTestId('game-standing').first()).toContainText(/35 points/);
      await phone.getByRole('tab', { name: 'Badges' }).click();
      await expect(phone.getByTestId('game-badge').filter({ hasText: BADGE })).toBeVisible();
      await screen(phone, `journey badge ${who.firstName} 390`);
    });
  }

  await test.step('the board lists both players without a reload', async () => {
    for (const who of people)
      await expect(board(projector)).toContainText(`${who.firstName} ${who.lastName}`, { timeout: 10_000 });
    await expect(board(projector).getByRole('listitem')).toHaveCount(2);
    // Equal points: the earlier achiever first.
    await expect(board(projector).getByRole('listitem').first()).toContainText('Amara Okafor');
    await expect(board(projector).getByRole('listitem').first()).toContainText('35');
    expect(await projector.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'same page',
    );
    await screen(projector, 'journey board both 1920');
  });
});
