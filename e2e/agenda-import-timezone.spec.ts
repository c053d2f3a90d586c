import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { chooseFile, writeWorkbook } from './support/spreadsheets';
import { expect, screen, test } from './support/test';
import { CONSOLE_URL } from './support/env';

// Issue 4 items 6 and 7: the event's time zone from its address (event details form), and the
// agenda tables on the data-import screen (spec part 5: the location import conflict message).

const stamp = Date.now().toString(36);
const NAME = `Geo ${stamp}`;
const DIR = mkdtempSync(join(tmpdir(), 'plenary-e2e-agenda-import-'));
const CONFLICT = 'Only one of "Pdf Map" or "Map Location Url" can be updated.';

let own: OwnEvent;
test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, NAME);
});
test.afterAll(async ({ request }) => {
  await own.cleanUp(request);
});

test('the address fills the time zone; locations, sessions and agenda import on the data-import screen', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const nav = () => page.getByRole('navigation', { name: 'Console navigation' });

  await test.step('leaving a changed address sets the time zone from it, with a hint', async () => {
    await openEventInConsole(page, NAME);
    await nav().getByRole('link', { name: 'Event details' }).click();
    const zone = page
      .getByRole('textbox', { name: 'Time zone' })
      .or(page.getByRole('combobox', { name: 'Time zone' }))
      .first();
    await expect(zone).toHaveValue('Europe/Berlin');
    const address = page.getByRole('textbox', { name: 'Location address' });
    await address.fill('Damrak 1, 1012 LG Amsterdam, Netherlands');
    // Leaving the field (Tab would open the colour picker that follows it).
    await address.blur();
    await expect(
      page.getByRole('status').filter({ hasText: 'Time zone set from address: Europe/Amsterdam' }),
    ).toBeVisible();
    await expect(zone).toHaveValue('Europe/Amsterdam');
    await screen(page, 'event details zone from address');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved', { exact: false }).first()).toBeVisible();
    await page.reload();
    await expect(
      page
        .getByRole('textbox', { name: 'Time zone' })
        .or(page.getByRole('combobox', { name: 'Time zone' }))
        .first(),
    ).toHaveValue('Europe/Amsterdam');
  });

  await test.step('an address nothing matches says so and keeps the zone', async () => {
    const address = page.getByRole('textbox', { name: 'Location address' });
    await address.fill('qwertyuiop asdfghjkl');
    await address.blur();
    await expect(
      page.getByRole('status').filter({ hasText: 'We could not find a time zone for this address' }),
    ).toBeVisible();
    await expect(
      page
        .getByRole('textbox', { name: 'Time zone' })
        .or(page.getByRole('combobox', { name: 'Time zone' }))
        .first(),
    ).toHaveValue('Europe/Amsterdam');
  });

  await test.step('the data-import screen offers Locations, Sessions and Agenda; a location row with both maps is refused word for word', async () => {
    await nav().getByRole('link', { name: 'Data import' }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import`);
    for (const table of ['Locations', 'Sessions', 'Agenda'])
      await expect(page.getByRole('heading', { level: 3, name: table })).toBeVisible();
    await screen(page, 'data import agenda tables');
    await page.getByRole('link', { name: 'Import Locations' }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import/Location/1`);
    const file = await writeWorkbook(
      join(DIR, `locations-${stamp}.xlsx`),
      [
        ['Name', 'Description', 'Map Location Url', 'Pdf Map'],
        ['Hall A', 'Ground floor', 'https://maps.example.com/?q=Hall+A', null],
        ['Hall B', '', 'https://maps.example.com/?q=Hall+B', 'https://example.com/hall-b.pdf'],
      ],
      'Locations',
    );
    await chooseFile(page, 'Choose a file', file);
    await expect(page).toHaveURL(/\/setup\/data-import\/Location\/2\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('alert').filter({ hasText: '1 of 2 rows have errors' })).toBeVisible({
      timeout: 30_000,
    });
    await screen(page, 'location import conflict');
    await expect(
      page
        .getByRole('table', { name: 'Rows with errors' })
        .getByRole('row')
        .filter({ hasText: 'hall-b.pdf' }),
    ).toContainText(CONFLICT);
    await page.getByRole('button', { name: 'Import only the 1 valid row' }).click();
    await expect(page).toHaveURL(/\/setup\/data-import\/Location\/4\//, { timeout: 30_000 });
    await screen(page, 'location import summary');
  });
});
