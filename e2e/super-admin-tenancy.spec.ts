import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { apiSignIn } from './support/api';
import { CONSOLE_URL, DEMO_ORGANIZATION, E2E_PORT, SUPER_ADMIN } from './support/env';
import { parseCsv } from './support/csv';
import { linkTo, waitForMail } from './support/mailbox';
import { call } from './support/own-event';
import { expect, screen, shot, test } from './support/test';
import { choose, ensureChosen, fillSignIn, passwordField, pickDateTime, signIn, unique } from './support/ui';

// Spec part 2 (super admin routes), part 3 (list views), part 6 (roles), part 8 (no-results text),
// part 9 (page sizes), part 7 (view settings, generic export, first-time password e-mails).

const NO_RESULTS =
  'We can not find any records matching your search or filter criteria. Please change criteria and try again.';

async function signInAsSuperAdmin(page: Page): Promise<void> {
  await signIn(page, CONSOLE_URL, SUPER_ADMIN);
  await expect(page).toHaveURL(`${CONSOLE_URL}/super-admin`);
}

/** The list row that shows `text` (the table of the page). */
const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

test('super admin: organisation → event hub → event → event admin, who sets a password and sees the event', async ({
  page,
  browser,
  request,
}) => {
  const names = { organization: unique('E2E Org'), hub: unique('E2E Hub'), event: unique('E2E Event') };
  const stamp = Date.now().toString(36);
  const eventAdmin = {
    firstName: 'Edda',
    lastName: `Admin ${stamp}`,
    email: `edda.${stamp}@example.com`,
    password: 'Ev3nt!Admin-pass',
  };

  await test.step('super admin signs in on the console host', async () => {
    await page.goto(`${CONSOLE_URL}/login`);
    await screen(page, 'console sign-in');
    await fillSignIn(page, SUPER_ADMIN);
    await expect(page).toHaveURL(`${CONSOLE_URL}/super-admin`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen(page, 'super admin home');
  });

  await test.step('creates an organisation', async () => {
    await page.getByRole('link', { name: 'Organizations', exact: true }).first().click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/organizations`);
    await expect(row(page, DEMO_ORGANIZATION)).toBeVisible();
    await screen(page, 'organizations');
    await page.getByRole('button', { name: /^add organi[sz]ation$/i }).click();
    const dialog = page.getByRole('dialog', { name: /organi[sz]ation/i });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(names.organization);
    await choose(dialog, page, 'Status', 'Published');
    await screen(page, 'new organization');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, names.organization)).toBeVisible();
  });

  await test.step('creates an event hub in it', async () => {
    // The organisation's row leads to its event hubs.
    await row(page, names.organization).getByRole('link', { name: names.organization }).click();
    await expect(page).toHaveURL(/\/event-hubs\?/);
    await page.getByRole('button', { name: /^add event hub$/i }).click();
    const dialog = page.getByRole('dialog', { name: /event hub/i });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(names.hub);
    // Prefilled with the organisation the list is filtered by, or else chosen.
    await ensureChosen(dialog, page, 'Organization', names.organization);
    await screen(page, 'new event hub');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, names.hub)).toBeVisible();
    await expect(row(page, names.hub)).toContainText(names.organization);
    await screen(page, 'event hubs');
  });

  let eventId = '';
  await test.step('creates an event in the hub, with dates in its own time zone', async () => {
    await row(page, names.hub).getByRole('link', { name: names.hub }).click();
    await expect(page).toHaveURL(/\/events\?/);
    await page.getByRole('button', { name: /^add event$/i }).click();
    const dialog = page.getByRole('dialog', { name: /event/i });
    await dialog.getByRole('textbox', { name: 'Name', exact: true }).fill(names.event);
    await ensureChosen(dialog, page, 'Event hub', names.hub);
    const start = dialog
      .getByRole('button', { name: /^start/i })
      .or(dialog.getByRole('textbox', { name: /^start/i }));
    const end = dialog
      .getByRole('button', { name: /^end/i })
      .or(dialog.getByRole('textbox', { name: /^end/i }));
    await pickDateTime(page, start, { year: 2027, month: 3, day: 15, hour: 9, minute: 0 });
    await pickDateTime(page, end, { year: 2027, month: 3, day: 17, hour: 18, minute: 0 });
    await expect(start).toContainText(/15 Mar 2027,? 09:00/);
    await expect(end).toContainText(/17 Mar 2027,? 18:00/);
    await choose(dialog, page, 'Time zone', /^America\/New.York$/, 'New York');
    await screen(page, 'new event');
    const created = page.waitForResponse(
      (r) => r.url().endsWith('/api/v1/events') && r.request().method() === 'POST',
    );
    await dialog.getByRole('button', { name: 'Create' }).click();
    const answer = await created;
    expect(answer.status()).toBe(201);
    const event = (await answer.json()) as { id: string; startAt: string; endAt: string; timezone: string };
    eventId = event.id;
    // 09:00 and 18:00 in New York (EDT from 14 March 2027, UTC−4) are 13:00 and 22:00 UTC.
    expect(event.timezone).toBe('America/New_York');
    expect(new Date(event.startAt).toISOString()).toBe('2027-03-15T13:00:00.000Z');
    expect(new Date(event.endAt).toISOString()).toBe('2027-03-17T22:00:00.000Z');
    await expect(dialog).toBeHidden();
    // The list shows event time, whatever the browser's zone (Europe/Berlin here).
    const eventRow = row(page, names.event);
    await expect(eventRow).toContainText(/Mar 15, 2027,? 9:00\sAM/);
    await expect(eventRow).toContainText(names.hub);
    await expect(eventRow).toContainText(names.organization);
    await screen(page, 'events');
  });

  await test.step('a new zone on the event, which has a session, asks what happens to the sessions', async () => {
    const root = await apiSignIn(request, SUPER_ADMIN, `cms.localhost:${E2E_PORT}`);
    const opening = await call<{ id: string }>(request, root, 'POST', `events/${eventId}/sessions`, {
      name: 'Opening',
      startDate: '2027-03-15',
      startTime: '09:00 AM',
      endDate: '2027-03-15',
      endTime: '10:00 AM',
    });
    await row(page, names.event)
      .getByRole('button', { name: `Edit ${names.event}` })
      .click();
    const dialog = page.getByRole('dialog', { name: /event/i });
    const group = dialog.getByRole('radiogroup', { name: 'Sessions in the new time zone' });
    await expect(dialog.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(names.event);
    await expect(group).toHaveCount(0);
    await choose(dialog, page, 'Time zone', 'Europe/Berlin', 'Berlin');
    await expect(group).toBeVisible();
    await expect(group.getByRole('radio', { name: 'Keep sessions at the same local times' })).toBeChecked();
    await screen(page, 'edit event new zone choice');
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/v1/events/${eventId}`) && r.request().method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save' }).click();
    const answer = await saved;
    expect(answer.request().postDataJSON()).toMatchObject({
      timezone: 'Europe/Berlin',
      sessionTimes: 'KEEP_LOCAL_TIMES',
    });
    expect(answer.status()).toBe(200);
    await expect(dialog).toBeHidden();
    // 9:00 AM stays 9:00 AM, now Berlin time, for the event and its session.
    await expect(row(page, names.event)).toContainText(/15 Mar 2027,? 09:00/);
    const session = await call<{ startTime: string; startAt: string }>(
      request,
      root,
      'GET',
      `events/${eventId}/sessions/${opening.id}`,
    );
    expect(session).toMatchObject({ startTime: '09:00 AM', startAt: '2027-03-15T08:00:00.000Z' });
  });

  await test.step('creates an event admin; the first-time password e-mail arrives over SMTP', async () => {
    await page.goto(`${CONSOLE_URL}/admin-users`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await screen(page, 'admin users');
    await page.getByRole('button', { name: /^add admin user$/i }).click();
    const dialog = page.getByRole('dialog', { name: /admin user/i });
    await dialog.getByLabel('First name').fill(eventAdmin.firstName);
    await dialog.getByLabel('Last name').fill(eventAdmin.lastName);
    await dialog.getByLabel('E-mail').fill(eventAdmin.email);
    // One role row (the form may start with an empty one).
    const scope = dialog
      .getByRole('combobox', { name: /^Applies to/ })
      .or(dialog.getByRole('textbox', { name: /^Applies to/ }));
    if ((await scope.count()) === 0) await dialog.getByRole('button', { name: 'Add role' }).click();
    await expect(scope).toHaveCount(1);
    await choose(dialog, page, /^Applies to/, 'Event');
    await choose(dialog, page, /^Which one/, names.event, names.event);
    await choose(dialog, page, /^Role/, 'Admin');
    await screen(page, 'new admin user');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, eventAdmin.email)).toBeVisible();
  });

  const mail = await waitForMail(eventAdmin.email);
  const link = linkTo(mail, '/create-password');
  expect(link.searchParams.get('token')).toBeTruthy();

  await test.step('the event admin follows the link, sets a password, signs in on the console and sees the event', async () => {
    const context = await browser.newContext();
    const admin = await context.newPage();
    await admin.goto(link.href);
    await expect(admin.getByRole('heading', { level: 1 })).toBeVisible();
    await screen(admin, 'create password');
    await passwordField(admin, 'New password').fill(eventAdmin.password);
    await passwordField(admin, /^confirm/i).fill(eventAdmin.password);
    await admin.getByRole('button', { name: /save/i }).click();
    await expect(admin.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();
    await screen(admin, 'password created');

    await signIn(admin, CONSOLE_URL, eventAdmin);
    await expect(admin).toHaveURL(`${CONSOLE_URL}/`);
    expect(await admin.evaluate(() => localStorage.getItem('plenary.role'))).toBe('eventadmin');
    const card = admin.getByRole('link', { name: new RegExp(names.event) });
    await expect(card).toBeVisible();
    await screen(admin, 'event admin home');
    await card.click();
    await expect(admin).toHaveURL(`${CONSOLE_URL}/${eventId}/overview`);
    await expect(admin.getByRole('heading', { level: 1 })).toContainText(names.event);
    await screen(admin, 'event overview');
    await context.close();
  });
});

test.describe('list machinery on the super admin lists', () => {
  test.beforeEach(async ({ page }) => {
    await signInAsSuperAdmin(page);
  });

  test("a search without results shows the spec's no-results text", async ({ page }) => {
    await page.goto(`${CONSOLE_URL}/organizations`);
    await expect(row(page, DEMO_ORGANIZATION)).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('zz-nothing-is-called-this-zz');
    await expect(page.getByText(NO_RESULTS, { exact: true })).toBeVisible();
    await expect(row(page, DEMO_ORGANIZATION)).toHaveCount(0);
    await screen(page, 'no results');
  });

  test('the page size selector offers 20, 300, 1000 and View All', async ({ page }) => {
    await page.goto(`${CONSOLE_URL}/events`);
    const size = page
      .getByRole('textbox', { name: 'Rows per page' })
      .or(page.getByRole('combobox', { name: 'Rows per page' }));
    await expect(size).toHaveValue('20');
    await size.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(4);
    const labels = (await options.allTextContents()).map((t) => t.trim());
    expect(labels[0]).toBe('20');
    expect(labels[1]).toBe('300');
    expect(labels[2]).toMatch(/^1[,.\u202f\u00a0]?000$/);
    expect(labels[3]).toBe('View All');
    await screen(page, 'page sizes');
    await page.getByRole('option', { name: 'View All' }).click();
    await expect(size).toHaveValue('View All');
    // Every event of the list, with the count: "1–N of N".
    await expect(page.getByRole('status').filter({ hasText: /^1–(\d+) of \1$/ })).toBeVisible();
    // The choice is kept in the view settings: back to the default for the next run.
    await size.click();
    await page.getByRole('option', { name: '20', exact: true }).click();
    await expect(size).toHaveValue('20');
  });

  test('a hidden column stays hidden after a reload (view settings)', async ({ page }) => {
    await page.goto(`${CONSOLE_URL}/event-hubs`);
    const updated = page.getByRole('columnheader', { name: /^(Sort by )?Updated/ });
    await expect(page.getByRole('columnheader', { name: /Name/ })).toBeVisible();
    await expect(updated).toBeVisible();
    await page.getByRole('button', { name: 'Columns' }).click();
    const chooser = page.getByRole('dialog', { name: /columns/i });
    const saved = page.waitForResponse(
      (r) => r.url().includes('/api/v1/view-settings/') && ['POST', 'PATCH'].includes(r.request().method()),
    );
    const box = chooser.getByRole('checkbox', { name: 'Updated' });
    // Once under load a click landed while the popover was still settling and changed nothing:
    // click until it is unchecked (never twice once it took).
    await expect(async () => {
      if (await box.isChecked()) await box.click();
      await expect(box).not.toBeChecked({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });
    expect((await saved).ok()).toBe(true);
    await expect(updated).toHaveCount(0);
    await screen(page, 'column hidden');

    await page.reload();
    await expect(page.getByRole('columnheader', { name: /Name/ })).toBeVisible();
    await expect(updated).toHaveCount(0);
    await shot(page, 'column still hidden after reload');

    // Back to the default layout.
    await page.getByRole('button', { name: 'Columns' }).click();
    const restored = page.waitForResponse(
      (r) => r.url().includes('/api/v1/view-settings/') && ['POST', 'PATCH'].includes(r.request().method()),
    );
    await page
      .getByRole('dialog', { name: /columns/i })
      .getByRole('button', { name: /reset/i })
      .click();
    expect((await restored).ok()).toBe(true);
    await expect(updated).toBeVisible();
  });

  test('Export CSV downloads a file with the rows of the list', async ({ page }) => {
    await page.goto(`${CONSOLE_URL}/organizations`);
    await expect(row(page, DEMO_ORGANIZATION)).toBeVisible();
    // The names in the list (first column); the few organisations fit on the first page.
    const dataRows = page.getByRole('row').filter({ has: page.getByRole('cell') });
    const listed = (
      await dataRows.evaluateAll((trs) => trs.map((tr) => tr.querySelector('td')?.textContent?.trim() ?? ''))
    ).sort();
    await expect(
      page.getByRole('status').filter({ hasText: new RegExp(`of ${listed.length}$`) }),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /csv/i }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const rows = parseCsv(readFileSync(await file.path(), 'utf8'));
    expect(rows.length, 'a header and one line per organisation').toBe(listed.length + 1);
    const nameColumn = rows[0]!.findIndex((h) => /^name$/i.test(h.trim()));
    expect(nameColumn, `a name column in ${rows[0]!.join(', ')}`).toBeGreaterThanOrEqual(0);
    expect(
      rows
        .slice(1)
        .map((r) => r[nameColumn]!)
        .sort(),
    ).toEqual(listed);
    await shot(page, 'export');
  });
});
