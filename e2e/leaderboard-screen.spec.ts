import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { LeaderboardSnapshot } from '@plenary/domain';
import { apiSignIn, type Session } from './support/api';
import { CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { call } from './support/own-event';
import { expect, screen, test } from './support/test';
import { fillSignIn, unique } from './support/ui';

// Issue 15 item 5, the leaderboard screens: the front-of-room board of the demo game "Northwind
// Quest" (an event admin's browser at 1920×1080) follows an award made through the API (assigned
// points) without a reload; the console game page's Leaderboard tab at 1440 shows the standings, the
// board link and the report. The award goes to a participant made for the journey, removed after.
// Built on the games part (demo seed "Northwind Quest", the gamifications list, the game page's
// `?tab=leaderboard`) and the awards part (`POST/DELETE …/assigned-points`).

const PROJECTOR = { width: 1920, height: 1080 };
const DESKTOP = { width: 1440, height: 900 };
const GAME = 'Northwind Quest';
const player = { firstName: 'Lena', lastName: unique('Board') };
const playerName = `${player.firstName} ${player.lastName}`;
const playerEmail = `${player.lastName.toLowerCase().replace(/\s+/g, '.')}@example.com`;

let admin: Session;
const ids = { event: '', game: '', participant: '', assigned: '' };
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
  const games = await call<{ records: { id: string; name: string }[] }>(
    request,
    admin,
    'GET',
    `events/${ids.event}/gamifications?search=${encodeURIComponent(GAME)}`,
  );
  ids.game = games.records.find((g) => g.name === GAME)!.id;
  ids.participant = (
    await call<{ id: string }>(request, admin, 'POST', `events/${ids.event}/participants`, {
      email: playerEmail,
      ...player,
    })
  ).id;
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  if (ids.assigned)
    await call(request, admin, 'DELETE', `${game()}/assigned-points/${ids.assigned}`).catch(() => undefined);
  if (ids.participant)
    await call(request, admin, 'DELETE', `events/${ids.event}/participants/${ids.participant}`).catch(
      () => undefined,
    );
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
  await fillSignIn(page, DEMO.eventAdmin);
  await expect(page).not.toHaveURL(/\/login$/);
  return page;
}

const board = (page: Page) => page.getByRole('list').first();

test('the front-of-room board follows an award without a reload; the console tab shows the standings', async ({
  browser,
  request,
}) => {
  const projector = await signedIn(browser, PROJECTOR);

  await test.step('the board of the demo game opens at 1920×1080 with the points already earned', async () => {
    await projector.goto(`${CONSOLE_URL}/${ids.event}/leader-board/${ids.game}`);
    await expect(projector.getByRole('heading', { level: 1, name: GAME })).toBeVisible();
    await expect(projector.getByText(/Leaderboard · top \d+ of \d+ players?/)).toBeVisible();
    await expect(board(projector).getByRole('listitem').first()).toBeVisible();
    await expect(projector.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
    await expect(board(projector)).not.toContainText(playerName);
    await screen(projector, 'board 1920');
  });

  await test.step('points assigned through the API reach the board without a reload', async () => {
    const before = await call<LeaderboardSnapshot>(request, admin, 'GET', `${game()}/leaderboard`);
    const points = Math.ceil((before.entries[0]?.score ?? 0) + 100);
    await projector.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
    ids.assigned = (
      await call<{ id: string }>(request, admin, 'POST', `${game()}/assigned-points`, {
        participantId: ids.participant,
        points,
        reason: 'Front-of-room journey',
      })
    ).id;
    const first = board(projector).getByRole('listitem').first();
    await expect(first).toContainText(playerName, { timeout: 5_000 });
    await expect(first).toContainText(`${points.toLocaleString('en-US')} pts`);
    await expect(first).toContainText('Rank 1');
    // No reload happened: the page's own state is still there.
    expect(await projector.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
      'same page',
    );
    await screen(projector, 'board after award 1920');
  });

  await test.step('the console Leaderboard tab lists the standings, opens the board and downloads the report', async () => {
    const page = await signedIn(browser, DESKTOP);
    await page.goto(`${CONSOLE_URL}/engagement/gamification/${ids.game}?tab=leaderboard`);
    await expect(page.getByRole('heading', { level: 2, name: 'Standings' })).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: playerName });
    await expect(row).toBeVisible();
    await expect(row).toContainText(playerEmail);
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
});
