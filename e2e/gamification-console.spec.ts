import type { APIRequestContext } from '@playwright/test';
import { apiSignIn } from './support/api';
import { CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { call } from './support/own-event';
import { expect, screen, test } from './support/test';
import { newAdmin } from './support/new-admin';
import { choose, fillSignIn, toastSays, unique } from './support/ui';

// Issue 15, the console game page: from the demo's Gamification list an event admin creates a game,
// adds a SCAN_QR task (points per item, any code) and a SURVEY task (completion, the demo poll),
// moves the second task up with the keyboard, adds a badge earned by both, and sees tasksPointsCount;
// then turns it into a TEAM game: a team set by hand with a member found by search, then teams from labels.
// The game is deleted afterwards.

const GAME = unique('Journey game');
const POLL = 'How is the summit going?';

async function demoEventId(request: APIRequestContext): Promise<string> {
  const admin = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const events = await call<{ records: { id: string; name: string }[] }>(
    request,
    admin,
    'GET',
    `users/${admin.userId}/events`,
  );
  return events.records.find((e) => e.name === DEMO_EVENT)!.id;
}

async function removeGame(request: APIRequestContext): Promise<void> {
  const admin = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const eventId = await demoEventId(request);
  const games = await call<{ records: { id: string; name: string }[] }>(
    request,
    admin,
    'GET',
    `events/${eventId}/gamifications?search=${encodeURIComponent(GAME)}`,
  );
  for (const g of games.records.filter((r) => r.name === GAME))
    await call(request, admin, 'DELETE', `events/${eventId}/gamifications/${g.id}`);
}

test.afterAll(async ({ request }) => {
  await removeGame(request).catch(() => undefined);
});

test('an organiser builds a game: settings, two tasks reordered by keyboard, a badge', async ({
  page,
  request,
}) => {
  // An admin of the demo event alone: journeys running in parallel give the demo event admin events
  // of their own for a while, and an admin of two events is asked to choose one first.
  const organiser = await newAdmin(request, 'Gamemaster', [
    { scope: 'event', scopeId: await demoEventId(request), role: 'admin' },
  ]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE_URL}/login`);
  await fillSignIn(page, organiser);
  await expect(page).not.toHaveURL(/\/login$/);

  await test.step('the Gamification list of the demo event links to a new game', async () => {
    await page.goto(`${CONSOLE_URL}/engagement/gamification`);
    await expect(page.getByRole('heading', { level: 1, name: 'Gamification' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: 'Northwind Quest' })).toBeVisible();
    await page.getByRole('link', { name: 'New game' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'New game' })).toBeVisible();
  });

  await test.step('the settings need a name, then create the game', async () => {
    await page.getByRole('button', { name: 'Create game' }).click();
    await expect(page.getByText('Required field')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await screen(page, 'game new 1440');
    await page.getByRole('textbox', { name: 'Name' }).fill(GAME);
    await page.getByRole('button', { name: 'Create game' }).click();
    await toastSays(page, `Created: ${GAME}`);
    await expect(page.getByRole('heading', { level: 1, name: GAME })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Tasks', selected: true })).toBeVisible();
    await expect(page).toHaveURL(/tab=tasks/);
  });

  await test.step('a SCAN_QR task: points per item, any code, with a limit', async () => {
    await page.getByRole('button', { name: 'Add task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add task' });
    await choose(dialog, page, 'Kind', 'Scan QR', 'Scan');
    await choose(dialog, page, 'Type', 'Points per item');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Scan the booths');
    await dialog.getByRole('textbox', { name: 'Points per item' }).fill('10');
    await dialog.getByRole('textbox', { name: 'Points limit' }).fill('50');
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await toastSays(page, 'Added: Scan the booths');
    await expect(page.getByTestId('task-row').first()).toContainText('Scan the booths');
  });

  await test.step('a SURVEY task: completion, the demo poll', async () => {
    await page.getByRole('button', { name: 'Add task' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add task' });
    await choose(dialog, page, 'Kind', 'Survey', 'Surv');
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Answer the pulse poll');
    await dialog.getByRole('textbox', { name: 'Points' }).fill('20');
    await dialog.getByRole('radio', { name: 'Specific items' }).check();
    await choose(dialog, page, 'Items', POLL);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeVisible();
    await screen(page, 'task dialog 1440');
    await dialog.getByRole('button', { name: 'Add task' }).click();
    await toastSays(page, 'Added: Answer the pulse poll');
    await expect(page.getByTestId('task-row')).toHaveCount(2);
  });

  await test.step('the second task moves up with the keyboard; the list shows tasksPointsCount', async () => {
    const rows = page.getByTestId('task-row');
    await expect(rows.nth(0)).toContainText('Scan the booths');
    // tasksPointsCount = 50 ÷ 10.
    await expect(rows.nth(0).getByRole('cell').nth(5)).toHaveText('5');
    await expect(rows.nth(1).getByRole('cell').nth(5)).toHaveText('');
    await page.getByRole('button', { name: 'Move up Answer the pulse poll' }).focus();
    await page.keyboard.press('Enter');
    await expect(rows.nth(0)).toContainText('Answer the pulse poll');
    await expect(rows.nth(1)).toContainText('Scan the booths');
    await expect(page.getByRole('status').filter({ hasText: 'moved to position 1 of 2' })).toBeAttached();
    await page.reload();
    await expect(page.getByTestId('task-row').nth(0)).toContainText('Answer the pulse poll');
    await screen(page, 'game tasks 1440');
  });

  await test.step('a pointer drags a row onto another; the keyboard puts it back', async () => {
    const rows = page.getByTestId('task-row');
    await rows.nth(1).dragTo(rows.nth(0));
    await expect(rows.nth(0)).toContainText('Scan the booths');
    await page.getByRole('button', { name: 'Move down Scan the booths' }).focus();
    await page.keyboard.press('Enter');
    await expect(rows.nth(0)).toContainText('Answer the pulse poll');
  });

  await test.step('a badge earned by both tasks', async () => {
    await page.getByRole('tab', { name: 'Badges' }).click();
    await expect(page).toHaveURL(/tab=badges/);
    await page.getByRole('button', { name: 'Add badge' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add badge' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Explorer');
    await choose(dialog, page, 'Tasks that earn it', 'Scan the booths');
    await choose(dialog, page, 'Tasks that earn it', 'Answer the pulse poll');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add badge' }).click();
    await toastSays(page, 'Added: Explorer');
    const badge = page.getByTestId('badge-row').filter({ hasText: 'Explorer' });
    await expect(badge.getByRole('cell').nth(2)).toHaveText('2');
    await screen(page, 'game badges 1440');
  });

  await test.step('a TEAM game: a team set by hand, its member found by search', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('tab', { name: 'Teams' })).toHaveCount(0);
    await choose(page, page, 'Mode', 'Team');
    await choose(page, page, /^Teams/, 'Set by hand');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastSays(page, `Saved: ${GAME}`);
    await page.getByRole('tab', { name: 'Teams' }).click();
    await expect(page).toHaveURL(/tab=teams/);
    await expect(page.getByText('No teams yet')).toBeVisible();

    await page.getByRole('button', { name: 'Add team' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add team' });
    await dialog.getByRole('button', { name: 'Add team' }).click();
    await expect(dialog.getByText('Required field')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Owls');
    await dialog.getByRole('button', { name: 'Add team' }).click();
    await toastSays(page, 'Added: Owls');
    const owls = page.getByTestId('team-row').filter({ hasText: 'Owls' });
    await expect(owls.getByRole('cell').nth(1)).toHaveText('0');

    await page.getByRole('button', { name: 'Edit the members of Owls' }).click();
    const members = page.getByRole('dialog', { name: 'Members of Owls' });
    await choose(members, page, 'Participants', /Amara Okafor/, 'Amara');
    await expect(members.getByText('Amara Okafor (amara.okafor@example.com)')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(members).toBeVisible();
    await screen(page, 'team members 1440');
    await members.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Members saved: Owls');
    await expect(owls.getByRole('cell').nth(1)).toHaveText('1');
    await screen(page, 'game teams 1440');
  });

  await test.step('teams from labels: one per label of the event', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await choose(page, page, /^Teams/, 'From labels');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastSays(page, `Saved: ${GAME}`);
    await page.getByRole('tab', { name: 'Teams' }).click();
    await page.getByRole('button', { name: 'Create teams from labels' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create teams from labels' });
    await expect(
      dialog
        .getByRole('textbox', { name: 'Labels' })
        .or(dialog.getByRole('combobox', { name: 'Labels' }))
        .first(),
    ).toBeVisible();
    await screen(page, 'teams from labels 1440');
    await dialog.getByRole('button', { name: 'Create teams' }).click();
    await toastSays(page, /teams? created/);
    await expect(page.getByTestId('team-row').nth(1)).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Label' })).toBeVisible();
    await screen(page, 'game teams labels 1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'game teams 390');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  await test.step('the settings tab shows the saved game', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click();
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(GAME);
    await screen(page, 'game settings 1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await screen(page, 'game settings 390');
  });
});
