import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, row, toastSays } from './support/ui';

// Correcting an event's time zone (event details): the choice of what happens to the sessions,
// made before saving, keeps the keynote at 9:00 AM local time by default. Also the colour picker
// reached by Tab (its sliders are named). Own event: the shared demo event's zone never changes.

const stamp = Date.now().toString(36);
const NAME = `Zone ${stamp}`;
const KEYNOTE = `Keynote ${stamp}`;
const KEEP_LOCAL = 'Keep sessions at the same local times';
const KEEP_MOMENTS = 'Keep sessions at the same moments (their local times change)';

let own: OwnEvent;
test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, NAME);
  await call(request, own.admin, 'POST', `events/${own.eventId}/sessions`, {
    name: KEYNOTE,
    startDate: '2027-03-01',
    startTime: '09:00 AM',
    endDate: '2027-03-01',
    endTime: '10:00 AM',
  });
});
test.afterAll(async ({ request }) => {
  await own.cleanUp(request);
});

test('changing the time zone asks about the sessions and keeps their local times', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const nav = (name: string) =>
    page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name, exact: true })
      .click();
  const zone = () =>
    page
      .getByRole('textbox', { name: 'Time zone' })
      .or(page.getByRole('combobox', { name: 'Time zone' }))
      .first();

  await test.step('the agenda shows the keynote at 09:00 Berlin time (a 24-hour clock)', async () => {
    await openEventInConsole(page, NAME);
    await nav('Sessions');
    await expect(page.getByText('Europe/Berlin').first()).toBeVisible();
    await expect(row(page, KEYNOTE)).toContainText('09:00 – 10:00');
  });

  await test.step('a new zone shows the choice, local times first; the radios work with the keyboard', async () => {
    await nav('Event details');
    await expect(zone()).toHaveValue('Europe/Berlin');
    const group = page.getByRole('radiogroup', { name: 'Sessions in the new time zone' });
    await expect(group).toHaveCount(0);
    await choose(page, page, 'Time zone', 'America/New York', 'New York');
    await expect(zone()).toHaveValue('America/New York');
    await expect(group).toBeVisible();
    await expect(group).toHaveAccessibleDescription(
      'The time zone changes from Europe/Berlin to America/New York. What should happen to the event’s session?',
    );
    const keepLocal = group.getByRole('radio', { name: KEEP_LOCAL });
    const keepMoments = group.getByRole('radio', { name: KEEP_MOMENTS });
    await expect(keepLocal).toBeChecked();
    await screen(page, 'event details new zone choice');
    await keepLocal.focus();
    await page.keyboard.press('ArrowDown');
    await expect(keepMoments).toBeChecked();
    await expect(keepMoments).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(keepLocal).toBeChecked();
  });

  await test.step('Tab from the address opens the colour picker, whose sliders are named', async () => {
    await page.getByRole('textbox', { name: 'Location address' }).focus();
    await page.keyboard.press('Tab');
    await expect(page.getByRole('textbox', { name: 'Primary color' })).toBeFocused();
    await expect(page.getByRole('slider', { name: 'Saturation and brightness' })).toBeVisible();
    await expect(page.getByRole('slider', { name: 'Hue' })).toBeVisible();
    await screen(page, 'event details colour picker open');
    await page.keyboard.press('Escape');
  });

  await test.step('saving with "keep local times" leaves the keynote at 9:00 AM, now New York time (12-hour)', async () => {
    await page.getByRole('button', { name: 'Save' }).click();
    await toastSays(page, 'Event details saved');
    await expect(page.getByRole('radiogroup', { name: 'Sessions in the new time zone' })).toHaveCount(0);
    const sessions = await call<{ records: Array<{ name: string; startTime: string; startAt: string }> }>(
      request,
      own.admin,
      'GET',
      `events/${own.eventId}/sessions`,
    );
    // 9:00 AM on 1 March 2027 in New York (EST, UTC−5) is 14:00 UTC.
    expect(sessions.records.find((s) => s.name === KEYNOTE)).toMatchObject({
      startTime: '09:00 AM',
      startAt: '2027-03-01T14:00:00.000Z',
    });
    await nav('Sessions');
    await expect(page.getByText('America/New_York').first()).toBeVisible();
    await expect(row(page, KEYNOTE)).toContainText(/9:00\sAM – 10:00\sAM/);
    await screen(page, 'sessions after the zone change');
  });
});
