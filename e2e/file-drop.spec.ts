import type { Page } from '@playwright/test';
import { CONSOLE_URL, DEMO, DEMO_EVENT } from './support/env';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

// The shared file field (apps/web/src/shared/ui/FileDropZone) on the participants import: what a
// drop does, what dragging shows, and the keyboard's way to the file dialog. Nothing is uploaded.

type FileSpec = { name: string; type: string };

/** Fires a drag event carrying `files` on the zone, as the browser would for files from the desktop. */
async function drag(page: Page, event: 'dragover' | 'drop', files: FileSpec[]): Promise<void> {
  const dataTransfer = await page.evaluateHandle((specs) => {
    const transfer = new DataTransfer();
    for (const spec of specs) transfer.items.add(new File(['some text'], spec.name, { type: spec.type }));
    return transfer;
  }, files);
  await page.getByText('Drag the file here or choose it').dispatchEvent(event, { dataTransfer });
}

test('file drop zone: refusals on drop, drag feedback, keyboard to the file dialog', async ({ page }) => {
  await signIn(page, CONSOLE_URL, DEMO.eventAdmin);
  await page
    .getByRole('link', { name: new RegExp(DEMO_EVENT) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goto(`${CONSOLE_URL}/setup/data-import/User/1`);
  await expect(page.getByRole('button', { name: 'Choose a file' })).toBeVisible();
  const zone = page.locator('[data-drag]');

  await test.step('a dropped file of another type is refused with the API’s words, before any upload', async () => {
    await drag(page, 'drop', [{ name: 'notes.txt', type: 'text/plain' }]);
    await expect(page.getByRole('alert')).toContainText('Please upload a file of type .xlsx or .csv');
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import/User/1`);
  });

  await test.step('two files at once are refused', async () => {
    await drag(page, 'drop', [
      { name: 'a.csv', type: 'text/csv' },
      { name: 'b.csv', type: 'text/csv' },
    ]);
    await expect(page.getByRole('alert')).toContainText('Please upload one file at a time');
  });

  await test.step('dragging shows whether the file would be taken', async () => {
    await drag(page, 'dragover', [{ name: 'people.csv', type: 'text/csv' }]);
    await expect(zone).toHaveAttribute('data-drag', 'accept');
    await drag(page, 'dragover', [{ name: 'plan.pdf', type: 'application/pdf' }]);
    await expect(zone).toHaveAttribute('data-drag', 'reject');
  });

  await test.step('the keyboard reaches the choose button, whose Enter opens the file dialog', async () => {
    const choose = page.getByRole('button', { name: 'Choose a file' });
    await choose.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    await expect(choose).toBeFocused();
    const chooser = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    expect((await chooser).isMultiple()).toBe(false);
  });
});
