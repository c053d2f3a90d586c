import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { LeaderboardSnapshot } from '@plenary/domain';
import { apiSignIn, type Session } from './support/api';
import { CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { call } from './support/own-event';
import { expect, screen, test } from './support/test';
import { newAdmin } from './support/new-admin';
import { choose, fillSignIn, toastSays } from './support/ui';

// Issue 15 item 5, the leaderboard screens: the front-of-room board of the demo game "Northwind
// Quest" (an event admin's browser at 1920×1080) with the points the demo earned; the console game
// page's Leaderboard tab at 1440 and 390 shows the standings, the board link and the report; points
// assigned by hand on the Assigned points tab reach the projector without a reload, and taking them
// back takes them off again. They go to the leader, so no other journey's ranks move.

const PROJECTOR = { width: 1920, height: 1080 };
const DESKTOP = { width: 1440, height: 900 };
const GAME = 'Northwind Quest';

let admin: Session;
/** An admin of the demo event alone (parallel journeys give the demo event admin events of their own). */
let organiser: { email: string; password: string };
const ids = { event: '', game: '' };
const contexts: BrowserContext[] = [];

test.describe.configure({ timeout: 120_000 });

const game = () => `events/${ids.event}/gamifications/${ids.game}`;

test.beforeAll(async ({ request }) => {
  admin = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const events = await call<{ records: { id: string; name: string }[] }>(
    request,
    admin,
    'GET',
    `users/${admin.userId}/events`,
  );
  ids.event = events.records.find((e) => e.name === DEMO_EVENT)!.id;
  organiser = await newAdmin(request, 'Boardwatcher', [
    { scope: 'event', scopeId: ids.event, role: 'admin' },
  ]);
  const games = await call<{ records: { id: string; name: string }[] }>(
    request,
    admin,
    'GET',
    `events/${ids.event}/gamifications?search=${encodeURIComponent(GAME)}`,
  );
  ids.game = games.records.find((g) => g.name === GAME)!.id;
});

test.afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => undefined);
});

async function signedIn(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'block',
  });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`${CONSOLE_URL}/login`);
  await fillSignIn(page, organiser);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

const board = (page: Page) => page.getByRole('list').first();

test('the front-of-room board shows the demo game; the console tab shows the standings', async ({
  browser,
  request,
}) => {
  const top = (await call<LeaderboardSnapshot>(request, admin, 'GET', `${game()}/leaderboard`)).entries[0]!;
  const projector = await signedIn(browser, PROJECTOR);

  await test.step('the board of the demo game opens at 1920×1080 with the points already earned', async () => {
    await projector.goto(`${CONSOLE_URL}/${ids.event}/leader-board/${ids.game}`);
    await expect(projector.getByRole('heading', { level: 1, name: GAME })).toBeVisible();
    await expect(projector.getByText(/Leaderboard · top \d+ of \d+ players?/)).toBeVisible();
    await expect(board(projector).getByRole('listitem').first()).toBeVisible();
    await expect(projector.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect(board(projector).getByRole('listitem').first()).toContainText(top.name);
    await screen(projector, 'board 1920');
  });

  await test.step('the console Leaderboard tab lists the standings, opens the board and downloads the report', async () => {
    const page = await signedIn(browser, DESKTOP);
    await page.goto(`${CONSOLE_URL}/engagement/gamification/${ids.game}?tab=leaderboard`);
    await expect(page.getByRole('heading', { level: 2, name: 'Standings' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: top.name }).first();
    await expect(row).toBeVisible();
    const open = page.getByRole('link', { name: /Open front-of-room board/ });
    await expect(open).toHaveAttribute('href', `/${ids.event}/leader-board/${ids.game}`);
    await expect(open).toHaveAttribute('target', '_blank');
    await page.getByRole('button', { name: 'Download report' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'Report (Excel)' }).click();
    expect((await download).suggestedFilename()).toMatch(/^gamifications-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    await screen(page, 'console leaderboard tab 1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row).toBeVisible();
    await screen(page, 'console leaderboard tab 390');
  });

  await test.step('points assigned by hand reach the board live; taking them back takes them off', async () => {
    const page = await signedIn(browser, DESKTOP);
    await page.goto(`${CONSOLE_URL}/engagement/gamification/${ids.game}?tab=points`);
    await expect(page.getByRole('heading', { level: 2, name: 'Assigned points' })).toBeVisible();
    await page.getByRole('button', { name: 'Assign points' }).click();
    const dialog = page.getByRole('dialog', { name: 'Assign points' });
    await dialog.getByRole('button', { name: 'Assign points' }).click();
    await expect(dialog.getByText('Required field')).toBeVisible();
    await expect(
      dialog
        .getByRole('textbox', { name: 'Participant' })
        .or(dialog.getByRole('combobox', { name: 'Participant' })),
    ).toBeFocused();
    await choose(dialog, page, 'Participant', new RegExp(top.name), top.name);
    await dialog.getByRole('textbox', { name: 'Points' }).fill('0');
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Front-row energy');
    await dialog.getByRole('button', { name: 'Assign points' }).click();
    await expect(dialog.getByText('Points must not be 0')).toBeVisible();
    await screen(page, 'assign points refused 1440');
    await dialog.getByRole('textbox', { name: 'Points' }).fill('50');
    await dialog.getByRole('button', { name: 'Assign points' }).click();
    await toastSays(page, `50 points assigned to ${top.name}`);
    const row = page.getByRole('row').filter({ hasText: 'Front-row energy' });
    await expect(row).toContainText('+50');
    const raised = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(top.score + 50);
    await expect(board(projector).getByRole('listitem').first()).toContainText(raised);
    await screen(page, 'assigned points tab 1440');

    await page.getByRole('button', { name: `Take back 50 points of ${top.name}` }).click();
    await page
      .getByRole('dialog', { name: 'Take points back' })
      .getByRole('button', { name: 'Take back' })
      .click();
    await toastSays(page, 'Points taken back');
    await expect(row).toHaveCount(0);
    const back = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }).format(top.score);
    await expect(board(projector).getByRole('listitem').first()).toContainText(back);
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'assigned points tab 390');
  });
});
