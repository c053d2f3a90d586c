import { APP_URL, DEMO, DEMO_EVENT } from './support/env';
import { expect, screen, test } from './support/test';
import { signIn } from './support/ui';

// Issue 15, participant game page: the demo participant opens the demo event's game from More (the demo
// has two games: the list, then one; the header shows points and rank), the tasks with progress, the badge
// gallery and the board with the opt-out switch; axe and screenshots at 390 and 1440 px.

test('the demo participant plays the demo game: tasks, badges, board', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, APP_URL, DEMO.participant);
  await page
    .getByRole('link', { name: new RegExp(DEMO_EVENT) })
    .first()
    .click();
  await page.waitForURL(/\/event\/[0-9a-f-]{36}/);
  const eventId = /\/event\/([0-9a-f-]{36})/.exec(page.url())![1]!;
  await page.goto(`${APP_URL}/event/${eventId}/game`);
  await expect(page.getByTestId('game-standing').first()).toBeVisible();
  await screen(page, 'participant-games-390');
  await page.getByRole('link', { name: /Northwind Quest/ }).click();
  await page.waitForURL(/\/game\/[0-9a-f-]{36}/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByTestId('game-standing').first()).toContainText(/points/);
  await expect(page.getByTestId('game-task').first()).toBeVisible();
  await screen(page, 'participant-game-tasks-390');
  await page.getByRole('tab', { name: 'Badges' }).click();
  await expect(page.getByTestId('game-badge').first()).toBeVisible();
  await screen(page, 'participant-game-badges-390');
  await page.getByRole('tab', { name: 'Leaderboard' }).click();
  await expect(page.getByRole('switch', { name: /Hide me from public leaderboards/ })).toBeVisible();
  await screen(page, 'participant-game-board-390');
  await page.setViewportSize({ width: 1440, height: 900 });
  await screen(page, 'participant-game-board-1440');
});
