import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { newAdmin } from './support/new-admin';
import { call } from './support/own-event';
import { readWorkbook } from './support/spreadsheets';
import { expect, screen, test } from './support/test';
import { fillSignIn, row, search, toastSays, unique } from './support/ui';

// Issue 15, the console's custom QR codes: an event admin of the demo event opens More → Custom QR
// codes from the navigation, creates a code (a refused points value first), downloads its PNG
// (1200 × 1200), sees who scanned a seeded code, downloads the custom QR codes report, and deletes
// the code; each screen at 1440 and 390 px.

const CODE = unique('Journey booth');
const SEEDED = 'Welcome desk';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Console navigation' });

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

async function removeCode(request: APIRequestContext): Promise<void> {
  const admin = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const eventId = await demoEventId(request);
  const codes = await call<{ records: { id: string; name: string }[] }>(
    request,
    admin,
    'GET',
    `events/${eventId}/custom-qr-codes?search=${encodeURIComponent(CODE)}`,
  );
  for (const c of codes.records.filter((r) => r.name === CODE))
    await call(request, admin, 'DELETE', `events/${eventId}/custom-qr-codes/${c.id}`);
}

test.afterAll(async ({ request }) => {
  await removeCode(request).catch(() => undefined);
});

async function downloaded(page: Page, click: () => Promise<void>) {
  const waiting = page.waitForEvent('download');
  await click();
  const file = await waiting;
  const path = await file.path();
  return { name: file.suggestedFilename(), path, bytes: readFileSync(path) };
}

/** The navigation's entry (on a phone behind the header's burger). */
async function openFromNav(page: Page, name: string, phone = false): Promise<void> {
  if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
  await nav(page).getByRole('link', { name, exact: true }).click();
}

test('an organiser manages custom QR codes: create, PNG, who scanned, the report', async ({
  page,
  request,
}) => {
  // An admin of the demo event alone (see gamification-console.spec.ts).
  const organiser = await newAdmin(request, 'Qrmaster', [
    { scope: 'event', scopeId: await demoEventId(request), role: 'admin' },
  ]);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${CONSOLE_URL}/login`);
  await fillSignIn(page, organiser);
  await expect(page).not.toHaveURL(/\/login$/);

  await test.step('More → Custom QR codes from the navigation: the hub, then the seeded codes', async () => {
    await expect(nav(page).getByText('More', { exact: true })).toBeVisible();
    await openFromNav(page, 'All tools');
    await expect(page).toHaveURL(/\/more$/);
    await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
    await screen(page, 'more 1440');
    await page.getByRole('link', { name: 'Open Custom QR codes' }).click();
    await expect(page).toHaveURL(/\/more\/custom-qr-codes$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom QR codes' })).toBeVisible();
    await expect(row(page, SEEDED)).toBeVisible();
    await screen(page, 'custom qr codes 1440');
  });

  await test.step('a new code: points of 1.5 are refused on the field, then it is created', async () => {
    await page.getByRole('button', { name: 'New QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New QR code' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(CODE);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('The journey’s booth in hall B.');
    const points = dialog.getByRole('textbox', { name: 'Points' });
    await points.fill('1.5');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Please enter a whole number of 0 or more')).toBeVisible();
    await expect(points).toBeFocused();
    await expect(points).toHaveAttribute('aria-invalid', 'true');
    await screen(page, 'qr code dialog 1440');
    await points.fill('20');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await toastSays(page, `Created: ${CODE}`);
    await expect(dialog).toBeHidden();
    await expect(row(page, CODE)).toContainText('20');
  });

  await test.step('its PNG downloads at 1200 × 1200', async () => {
    await row(page, CODE)
      .getByRole('button', { name: `Download the QR code of ${CODE}` })
      .click();
    const file = await downloaded(page, () =>
      page.getByRole('menuitem', { name: 'PNG 1200 × 1200' }).click(),
    );
    expect(file.name).toMatch(/^journey-booth-.*-qr-1200\.png$/);
    expect(file.bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height right after the signature and the chunk's length and type.
    expect([file.bytes.readUInt32BE(16), file.bytes.readUInt32BE(20)]).toEqual([1200, 1200]);
  });

  await test.step('who scanned the seeded welcome desk code', async () => {
    await search(page, SEEDED);
    await row(page, SEEDED)
      .getByRole('link', { name: `See who scanned ${SEEDED}`, exact: true })
      .click();
    await expect(page).toHaveURL(/\/more\/custom-qr-codes\/scans\?codeId=/);
    await expect(page.getByRole('heading', { level: 1, name: 'QR code scans' })).toBeVisible();
    const rows = page.getByRole('row').filter({ hasText: SEEDED });
    await expect(rows.first()).toBeVisible();
    expect(await rows.count()).toBeGreaterThanOrEqual(3);
    // Only that code's scans.
    await expect(page.getByRole('row').filter({ hasText: 'Coffee corner' })).toHaveCount(0);
    await screen(page, 'qr scans 1440');
  });

  await test.step('the custom QR codes report downloads as Excel with the scans', async () => {
    await page.getByRole('button', { name: 'Download report' }).click();
    const file = await downloaded(page, () =>
      page.getByRole('menuitem', { name: 'Custom QR codes report, Excel (.xlsx)' }).click(),
    );
    expect(file.name).toMatch(/^custom-qr-codes-report-\d{4}-\d{2}-\d{2}\.xlsx$/);
    const sheet = await readWorkbook(file.path);
    expect(sheet.length).toBeGreaterThan(3);
    expect(sheet.some((r) => r.includes(SEEDED))).toBe(true);
    expect(sheet.some((r) => r.includes('Sponsor booth: Contoso'))).toBe(true);
  });

  await test.step('at 390 px: the hub, the list, the dialog and the scans', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await openFromNav(page, 'All tools', true);
    await expect(page.getByRole('heading', { level: 1, name: 'More' })).toBeVisible();
    await screen(page, 'more 390');
    await openFromNav(page, 'Custom QR codes', true);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom QR codes' })).toBeVisible();
    await expect(row(page, SEEDED)).toBeVisible();
    await screen(page, 'custom qr codes 390');
    await page.getByRole('button', { name: 'New QR code' }).click();
    const dialog = page.getByRole('dialog', { name: 'New QR code' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Required field')).toBeVisible();
    await screen(page, 'qr code dialog 390');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: 'All scans' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'QR code scans' })).toBeVisible();
    await expect(row(page, SEEDED).first()).toBeVisible();
    await screen(page, 'qr scans 390');
  });

  await test.step('the new code is deleted after a confirmation', async () => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await openFromNav(page, 'Custom QR codes');
    await search(page, CODE);
    await row(page, CODE)
      .getByRole('button', { name: `Delete ${CODE}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete QR code' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await toastSays(page, `Deleted: ${CODE}`);
    await expect(row(page, CODE)).toHaveCount(0);
  });
});
