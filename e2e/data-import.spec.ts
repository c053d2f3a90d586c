import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { apiSignIn, bearer } from './support/api';
import { API_URL, CONSOLE_URL, DEMO, DEMO_EVENT } from './support/env';
import { chooseFile, readWorkbook, writeWorkbook as writeSheet } from './support/spreadsheets';
import { expect, screen, test } from './support/test';
import { choose, signIn } from './support/ui';

// Spec part 2 (/setup/data-import/{tableName?}/{sequenceNumber?}/{importId?}), part 3 (import tables
// User and ImportPhoto), part 5 (participants import xlsx or csv; the validation messages).

const stamp = Date.now().toString(36);
const MEAL = `Meal ${stamp}`;
const FILE = `participants-${stamp}.xlsx`;
const FIXED = `participants-${stamp}-fixed.xlsx`;
const DIR = mkdtempSync(join(tmpdir(), 'plenary-e2e-import-'));
const PNG_NAMED_XLSX = resolve(import.meta.dirname, '../apps/api/test/fixtures/imports/png-named.xlsx');

const INVALID_EMAIL = 'Please enter a valid e-mail address';
const REQUIRED = 'Required field';
const PLEASE_SELECT = 'Please select value';

type Row = [email: string, first: string, last: string, company: string, meal: string];

/** 20 new people, the demo participant Amara (updated, not duplicated) and 3 broken rows. */
function rows(broken: boolean): Row[] {
  const people: Row[] = Array.from({ length: 20 }, (_, i) => [
    `guest${i + 1}.${stamp}@example.com`,
    `Guest${i + 1}`,
    `Import ${stamp}`,
    'Contoso',
    i % 2 ? 'Vegan' : 'Omnivore',
  ]);
  people.push(['amara.okafor@example.com', 'Amara', 'Okafor', `Imported Ltd ${stamp}`, 'Vegan']);
  people.push(
    broken
      ? ['not-an-address', 'Broken', `Import ${stamp}`, 'Contoso', 'Vegan']
      : [`fixed1.${stamp}@example.com`, 'Broken', `Import ${stamp}`, 'Contoso', 'Vegan'],
  );
  people.push([
    `fixed2.${stamp}@example.com`,
    broken ? '' : 'Nameless',
    `Import ${stamp}`,
    'Contoso',
    'Vegan',
  ]);
  people.push([
    `fixed3.${stamp}@example.com`,
    'Picky',
    `Import ${stamp}`,
    'Contoso',
    broken ? 'Pescatarian' : 'Omnivore',
  ]);
  return people;
}

/** A real xlsx, as a spreadsheet program writes it (exceljs). 'Department' does not match a field by name. */
async function writeWorkbook(name: string, data: Row[]): Promise<string> {
  return writeSheet(
    join(DIR, name),
    [['Email', 'First Name', 'Last Name', 'Department', MEAL], ...data],
    'Participants',
  );
}

test('event admin imports participants from xlsx: per-cell errors, errors file, corrected file, summary and history', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await apiSignIn(request, DEMO.eventAdmin);
  const events = (await (
    await request.get(`${API_URL}/users/${admin.userId}/events`, { headers: bearer(admin) })
  ).json()) as { records: Array<{ id: string; name: string }> };
  const eventId = events.records.find((e) => e.name === DEMO_EVENT)!.id;
  const api = `${API_URL}/events/${eventId}`;
  // A select custom field the file fills (setup through the API; its screen is another journey's).
  const field = await request.post(`${api}/custom-fields`, {
    headers: bearer(admin),
    data: { name: MEAL, dataType: 'ENUM', settings: { enumValues: ['Vegan', 'Omnivore'] } },
  });
  expect(field.status(), await field.text()).toBe(201);
  const bad = await writeWorkbook(FILE, rows(true));
  const fixed = await writeWorkbook(FIXED, rows(false));

  await test.step('opens Setup → Data import and chooses participants', async () => {
    await signIn(page, CONSOLE_URL, DEMO.eventAdmin);
    await page
      .getByRole('link', { name: new RegExp(DEMO_EVENT) })
      .first()
      .click();
    await expect(page).toHaveURL(/\/overview$/);
    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Data import' })
      .click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import`);
    await expect(page.getByRole('heading', { level: 1, name: 'Data import' })).toBeVisible();
    // Only the tables the API registers: participants (User) and photos (ImportPhoto).
    await expect(page.getByRole('heading', { level: 3, name: 'Participants' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Photos' })).toBeVisible();
    await screen(page, 'data import');
    await page.getByRole('link', { name: 'Import Participants' }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import/User/1`);
    await expect(page.getByRole('rowheader', { name: MEAL })).toBeVisible();
    await screen(page, 'upload');
  });

  await test.step('downloads the template: a header row with the custom field', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download template (XLSX)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    const path = join(DIR, 'template.xlsx');
    await file.saveAs(path);
    const [header] = await readWorkbook(path);
    expect(header).toEqual(expect.arrayContaining(['E-mail', 'First name', 'Last name', MEAL]));
    await expect(page.getByRole('button', { name: 'Download template (CSV)' })).toBeVisible();
  });

  await test.step('a PNG named .xlsx is refused with the API’s message', async () => {
    await chooseFile(page, 'Choose a file', PNG_NAMED_XLSX);
    await expect(page.getByRole('alert').filter({ hasText: "The file's content is not XLSX" })).toBeVisible();
    await screen(page, 'upload refused');
  });

  let firstImport = '';
  await test.step('uploads the file and maps the column that did not match by name', async () => {
    await chooseFile(page, 'Choose a file', bad);
    await expect(page).toHaveURL(new RegExp(`/setup/data-import/User/2/[0-9a-f-]{36}$`));
    firstImport = page.url().split('/').pop()!;
    const field = (header: string) =>
      page
        .getByRole('textbox', { name: `Field for the column ${header}` })
        .or(page.getByRole('combobox', { name: `Field for the column ${header}` }))
        .first();
    await expect(field('Email')).toHaveValue('E-mail (required)');
    await expect(field(MEAL)).toHaveValue(MEAL);
    await expect(field('Department')).toHaveValue('Do not import');
    await choose(page, page, 'Field for the column Department', 'Company');
    await expect(field('Department')).toHaveValue('Company');
    await screen(page, 'map columns');
    await page.getByRole('button', { name: 'Check the rows' }).click();
  });

  await test.step('sees the errors per row and cell; a reload comes back to them', async () => {
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import/User/3/${firstImport}`);
    await expect(page.getByRole('alert').filter({ hasText: '3 of 24 rows have errors' })).toBeVisible({
      timeout: 30_000,
    });
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    // Row numbers as the spreadsheet shows them (header = row 1).
    await expect(errors.getByRole('row').filter({ hasText: 'not-an-address' })).toContainText(INVALID_EMAIL);
    await expect(errors.getByRole('row').filter({ hasText: 'First Name' })).toContainText(REQUIRED);
    await expect(errors.getByRole('row').filter({ hasText: 'Pescatarian' })).toContainText(PLEASE_SELECT);
    await expect(errors.getByRole('rowheader')).toHaveText(['23', '24', '25']);
    await screen(page, 'verify errors');
    await page.reload();
    await expect(page.getByRole('alert').filter({ hasText: '3 of 24 rows have errors' })).toBeVisible();
  });

  await test.step('downloads the errors: the broken rows with an Errors column', async () => {
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download errors' }).click();
    const path = join(DIR, 'errors.xlsx');
    await (await download).saveAs(path);
    const [header, ...broken] = await readWorkbook(path);
    expect(header).toEqual(['Email', 'First Name', 'Last Name', 'Department', MEAL, 'Errors']);
    expect(broken).toHaveLength(3);
    expect(broken[0]![5]).toContain(INVALID_EMAIL);
  });

  await test.step('uploads the corrected file, maps again, checks: every row is valid', async () => {
    await chooseFile(page, 'Choose a file', fixed);
    await expect(page).toHaveURL(new RegExp('/setup/data-import/User/2/[0-9a-f-]{36}$'));
    expect(page.url()).not.toContain(firstImport);
    await choose(page, page, 'Field for the column Department', 'Company');
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'All 24 rows are valid and ready to import.' }),
    ).toBeVisible({ timeout: 30_000 });
    await screen(page, 'verified');
    await page.getByRole('button', { name: 'Import 24 rows' }).click();
  });

  await test.step('imports all rows and sees the summary', async () => {
    await expect(page).toHaveURL(/\/setup\/data-import\/User\/4\//);
    await expect(page.getByRole('heading', { name: 'Import complete' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Created' })).toContainText('23');
    await expect(page.getByRole('group', { name: 'Updated' })).toContainText('1');
    await expect(page.getByRole('group', { name: 'Skipped' })).toContainText('0');
    await screen(page, 'import summary');
  });

  await test.step('the history lists both files with status, counts, who and when', async () => {
    await page.getByRole('link', { name: 'See all imports' }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(stamp);
    await expect(page).toHaveURL(new RegExp(`search=${stamp}`));
    const history = page.getByRole('table', { name: 'Import history' });
    const done = history.getByRole('row').filter({ hasText: FIXED });
    await expect(done).toContainText('Completed');
    await expect(done).toContainText('Ethan Brooks');
    await expect(done.getByRole('cell').nth(3)).toHaveText('23'); // created
    await expect(history.getByRole('row').filter({ hasText: FILE })).toContainText('Discarded');
    await choose(page, page, 'Status', 'Completed');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=COMPLETED/);
    await expect(history.getByRole('row').filter({ hasText: FILE })).toHaveCount(0);
    await expect(done).toBeVisible();
    await screen(page, 'import history');
    // A row opens the import where it is: the summary.
    await done.getByRole('link', { name: FIXED }).click();
    await expect(page.getByRole('heading', { name: 'Import complete' })).toBeVisible();
  });

  await test.step('the imported people are participants of the event; Amara was updated, not duplicated', async () => {
    // 23 new people (e-mail and last name carry the stamp) and Amara (her new company does).
    const list = (await (
      await request.get(`${api}/participants?search=${stamp}&limit=100`, { headers: bearer(admin) })
    ).json()) as { total: number };
    expect(list.total).toBe(24);
    const amara = (await (
      await request.get(`${api}/participants?search=amara.okafor&limit=10`, { headers: bearer(admin) })
    ).json()) as { records: Array<{ company: string }>; total: number };
    expect(amara.total).toBe(1);
    expect(amara.records[0]!.company).toBe(`Imported Ltd ${stamp}`);
  });
});
