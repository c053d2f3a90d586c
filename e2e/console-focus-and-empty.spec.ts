import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { apiSignIn, bearer } from './support/api';
import { API_URL, CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { chooseFile } from './support/spreadsheets';
import { expect, screen, test } from './support/test';
import { signIn } from './support/ui';

// Spec part 8 (the no-results text, word for word), part 2 (console areas: /setup/...), and the
// console's accessibility: empty states in view on a 390-px phone, dialogs whose corner button says
// 'Close' (not a second 'Cancel'), and a keyboard-only save whose refusal keeps the focus usable.

const NO_RESULTS =
  'We can not find any records matching your search or filter criteria. Please change criteria and try again.';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const stamp = Date.now().toString(36);
const LABEL = `Focus ${stamp}`;
const NOTHING = `zz-nothing-${stamp}`;

/** A list screen's search, typed and committed with Enter. */
async function searchFor(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search' });
  await box.fill(text);
  await box.press('Enter');
  await expect(page).toHaveURL(new RegExp(`search=${text}`));
}

/**
 * The element is in view once the page is scrolled down to it: not pushed off-screen sideways by a
 * wide table. (No scrollIntoView: it would also scroll the table sideways and hide the problem.)
 */
async function expectFullyInView(page: Page, element: Locator): Promise<void> {
  await expect(element).toBeVisible();
  await element.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
  await expect(element).toBeInViewport({ ratio: 1 });
  const box = await element.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(page.viewportSize()!.width);
  // Back to the top: the full-page screenshot that follows shows the header where it belongs.
  await page.evaluate(() => window.scrollTo(0, 0));
}

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 25): Promise<void> {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

const focusIsOnBody = (page: Page) =>
  page.evaluate(() => document.activeElement === document.body || document.activeElement === null);

test('console: Setup area, empty states in view at 390 px, Close on dialogs, keyboard save with a refusal', async ({
  page,
  request,
}) => {
  await test.step('the event admin chooses the demo event; the navigation has Agenda, Content, Engagement and Setup areas after Attendees', async () => {
    await signIn(page, CONSOLE_URL, DEMO.eventAdmin);
    await expect(page).toHaveURL(`${CONSOLE_URL}/`);
    // The only event is chosen already (issue 11): its card on the home page opens its overview.
    await page
      .getByRole('link', { name: new RegExp(DEMO_EVENT) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/overview$/);
    const nav = page.getByRole('navigation', { name: 'Console navigation' });
    const areas = nav.getByRole('region');
    await expect(areas).toHaveText([
      /^General/,
      /^Event/,
      /^Attendees/,
      /^Agenda/,
      /^Content/,
      /^Engagement/,
      /^Networking/,
      /^Communication/,
      /^More/,
      /^Setup/,
    ]);
    const setup = nav.getByRole('region', { name: 'Setup' });
    // One entry for the custom-fields page (issue 11): under Attendees, not repeated in Setup.
    await expect(nav.getByRole('link', { name: 'Custom fields' })).toHaveCount(1);
    await expect(setup.getByRole('link', { name: 'Custom fields' })).toHaveCount(0);
    await expect(setup.getByRole('link', { name: 'Data import' })).toHaveAttribute(
      'href',
      '/setup/data-import',
    );
    // Networking (issue 13): the activity feed's moderation screen.
    await expect(
      nav.getByRole('region', { name: 'Networking' }).getByRole('link', { name: 'Activity feed' }),
    ).toHaveAttribute('href', '/networking/feed');
    await expect(
      nav.getByRole('region', { name: 'Networking' }).getByRole('link', { name: 'Directories' }),
    ).toHaveAttribute('href', '/directories');
    await screen(page, 'navigation with setup');
  });

  await test.step('keyboard only: a label is created with Enter on Create', async () => {
    await page.goto(`${CONSOLE_URL}/attendees/labels`);
    const add = page.getByRole('button', { name: 'Add label' }).first();
    await add.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New label' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await page.keyboard.type(LABEL);
    const create = dialog.getByRole('button', { name: 'Create' });
    await tabTo(page, create);
    // The save is held back a moment: the busy button keeps the focus and sends nothing twice.
    let posts = 0;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/v1/events/*/labels', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts += 1;
      await held;
      await route.fallback();
    });
    await page.keyboard.press('Enter');
    await expect(create).toHaveAttribute('aria-busy', 'true');
    await expect(create).toBeEnabled();
    await expect(create).toBeFocused();
    await page.keyboard.press('Enter');
    await screen(page, 'label saving');
    release();
    await expect(dialog).toBeHidden();
    await page.unroute('**/api/v1/events/*/labels');
    expect(posts).toBe(1);
    await expect(page.getByRole('row').filter({ hasText: LABEL })).toBeVisible();
  });

  await test.step('keyboard only: the same name again is refused by the API; the focus lands on the name, not on the page', async () => {
    await page.getByRole('button', { name: 'Add label' }).first().focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New label' });
    const name = dialog.getByRole('textbox', { name: 'Name' });
    await expect(name).toBeFocused();
    await page.keyboard.type(LABEL);
    const create = dialog.getByRole('button', { name: 'Create' });
    await tabTo(page, create);
    const refused = page.waitForResponse(
      (r) => r.url().includes('/labels') && r.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    expect((await refused).status()).toBe(409);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toBeFocused();
    expect(await focusIsOnBody(page)).toBe(false);
    await screen(page, 'label name taken');
    // The corner button is 'Close'; 'Cancel' is the one in the dialog's buttons.
    await expect(dialog.getByRole('button', { name: 'Close' })).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  await test.step('the delete confirmation: Close in the corner, Cancel has the focus, Delete deletes', async () => {
    const row = page.getByRole('row').filter({ hasText: LABEL });
    await row.getByRole('button', { name: new RegExp(`^Delete .*${LABEL}`) }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete label' });
    await expect(confirm.getByRole('button', { name: 'Close' })).toHaveCount(1);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toHaveCount(1);
    await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screen(page, 'delete confirmation');
    await confirm.getByRole('button', { name: 'Close' }).click();
    await expect(confirm).toBeHidden();
    await row.getByRole('button', { name: new RegExp(`^Delete .*${LABEL}`) }).click();
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(row).toHaveCount(0);
  });

  await test.step('the discard confirmation of an import: Close in the corner, "Keep it" keeps it, Discard discards', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'plenary-e2e-focus-')), `discard-${stamp}.csv`);
    writeFileSync(file, `Email,First Name,Last Name\nkeep.${stamp}@example.com,Keep,Me\n`);
    await page.goto(`${CONSOLE_URL}/setup/data-import/User/1`);
    await chooseFile(page, 'Choose a file', file);
    await expect(page).toHaveURL(/\/setup\/data-import\/User\/2\/[0-9a-f-]{36}$/);
    const discard = page.getByRole('button', { name: 'Discard this import', exact: true });
    await discard.click();
    const confirm = page.getByRole('dialog', { name: 'Discard this import?' });
    await expect(confirm.getByRole('button', { name: 'Close' })).toHaveCount(1);
    await expect(confirm.getByRole('button', { name: 'Keep it' })).toBeFocused();
    await screen(page, 'discard confirmation');
    await page.keyboard.press('Enter');
    await expect(confirm).toBeHidden();
    await expect(discard).toBeFocused();
    await discard.click();
    await confirm.getByRole('button', { name: 'Discard', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import/User/1`);
  });

  for (const size of [PHONE, DESKTOP]) {
    const at = size === PHONE ? '390 px' : 'desktop';
    await test.step(`${at}: the no-results text of the labels, custom fields and import history is in view`, async () => {
      await page.setViewportSize(size);
      await page.goto(`${CONSOLE_URL}/attendees/labels`);
      await searchFor(page, NOTHING);
      await expectFullyInView(page, page.getByText(NO_RESULTS));
      await screen(page, `labels no results ${at}`);

      await page.goto(`${CONSOLE_URL}/setup/custom-fields`);
      await expect(page.getByRole('heading', { level: 1, name: 'Custom fields' })).toBeVisible();
      await page.getByRole('searchbox', { name: 'Search' }).fill(NOTHING);
      await expectFullyInView(page, page.getByText(NO_RESULTS));
      await screen(page, `custom fields no results ${at}`);

      await page.goto(`${CONSOLE_URL}/setup/data-import`);
      const history = page.getByRole('region', { name: 'Import history' });
      await history.getByRole('searchbox', { name: 'Search' }).fill(NOTHING);
      await history.getByRole('searchbox', { name: 'Search' }).press('Enter');
      await expectFullyInView(page, history.getByText(NO_RESULTS));
      await screen(page, `import history no results ${at}`);
    });
  }

  // Nothing of the journey's stays in the shared demo event (the label was deleted above).
  const session = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const events = (await (
    await request.get(`${API_URL}/users/${session.userId}/events`, { headers: bearer(session) })
  ).json()) as { records: { id: string; name: string }[] };
  const eventId = events.records.find((e) => e.name === DEMO_EVENT)!.id;
  const left = (await (
    await request.get(`${API_URL}/events/${eventId}/labels?search=${encodeURIComponent(LABEL)}`, {
      headers: bearer(session),
    })
  ).json()) as { records: unknown[] };
  expect(left.records).toHaveLength(0);
});
