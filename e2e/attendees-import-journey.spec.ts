import type { Download, Page } from '@playwright/test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createField } from './support/custom-fields';
import { parseCsv } from './support/csv';
import { APP_URL, CONSOLE_URL } from './support/env';
import { linkTo, waitForMail } from './support/mailbox';
import { createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { chooseFile, readWorkbook, writeWorkbook } from './support/spreadsheets';
import { expect, screen, test } from './support/test';
import { choose, row, search, toastSays } from './support/ui';

// Issue 3's journey, end to end through the console and the participant app, in an event of its
// own: custom fields → import 200 participants from xlsx with 3 bad rows → errors per cell and as a
// file → the corrected file → import → filter by a custom field → a rule label picks the right
// people → export (CSV and XLSX) → a magic link → the participant, in a fresh browser, edits their
// profile → the console shows it. Spec part 2 (routes), 3 (custom-field types and settings), 5
// (messages, rule operators), 7 (participants, data import, magic links, export).

const INVALID_EMAIL = 'Please enter a valid e-mail address';
const REQUIRED = 'Required field';
const PLEASE_SELECT = 'Please select value';

const stamp = Date.now().toString(36);
const EVENT = `E2E Import journey ${stamp}`;
const FIELDS = {
  ticket: `Ticket type ${stamp}`,
  sessions: `Sessions booked ${stamp}`,
  parking: `Needs parking ${stamp}`,
};
const TICKETS = ['Standard', 'VIP', 'Student'] as const;
const DIR = mkdtempSync(join(tmpdir(), 'plenary-e2e-journey-'));

// ---------------------------------------------------------------------------------------------
// The 200 people of the file. Names are unique (20 first × 10 last names), e-mails carry the stamp.

const FIRST = [
  'Ada',
  'Bruno',
  'Chiara',
  'Dmitri',
  'Elif',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemi',
  'Luca',
  'Mina',
  'Nils',
  'Olga',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tara',
];
const LAST = ['Achebe', 'Berg', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Haddad', 'Ito', 'Jensen'];
const JOBS = ['Engineer', 'Designer', 'Researcher', 'Product Manager', 'Analyst'];
const COUNT = 200;

interface Person {
  email: string;
  firstName: string;
  lastName: string;
  jobTitle: string;
  company: string;
  ticket: (typeof TICKETS)[number];
  sessions: number;
  parking: boolean;
}

const PEOPLE: Person[] = Array.from({ length: COUNT }, (_, i) => {
  const firstName = FIRST[i % FIRST.length]!;
  const lastName = LAST[Math.floor(i / FIRST.length)]!;
  return {
    email: `${firstName}.${lastName}.${i}.${stamp}@example.com`.toLowerCase(),
    firstName,
    lastName,
    jobTitle: JOBS[i % JOBS.length]!,
    company: `Company ${(i % 7) + 1}`,
    ticket: i % 6 === 1 ? 'VIP' : i % 4 === 2 ? 'Student' : 'Standard',
    sessions: (i * 7) % 13,
    parking: i % 3 === 0,
  };
});
const fullName = (p: Person) => `${p.firstName} ${p.lastName}`;

/** The 3 broken rows (index in PEOPLE) and how each is broken. Spreadsheet row = index + 2 (header = row 1). */
const BROKEN = { email: 17, ticket: 88, sessions: 150 } as const;
const sheetRow = (index: number) => String(index + 2);
const BAD_EMAIL = 'not-an-email';
const BAD_TICKET = 'Platinum';

/** The rule label: sessions booked ≥ 9. */
const LABEL = `Frequent attendees ${stamp}`;
const MIN_SESSIONS = 9;
const MEMBERS = PEOPLE.filter((p) => p.sessions >= MIN_SESSIONS);
const VIPS = PEOPLE.filter((p) => p.ticket === 'VIP');
/** The participant who gets the magic link (not parking yet: they say they need parking). */
const GUEST = PEOPLE[43]!;
const NEW_JOB_TITLE = 'Head of Field Research';

/** The file's rows under the template's header: each header is filled from the matching field. */
function fileRows(header: string[], broken: boolean): Array<Array<string | number | null>> {
  const cell = (p: Person, i: number, column: string): string | number | null => {
    switch (column) {
      case 'E-mail':
        return broken && i === BROKEN.email ? BAD_EMAIL : p.email;
      case 'First name':
        return p.firstName;
      case 'Last name':
        return p.lastName;
      case 'Job title':
        return p.jobTitle;
      case 'Company':
        return p.company;
      case FIELDS.ticket:
        return broken && i === BROKEN.ticket ? BAD_TICKET : p.ticket;
      case FIELDS.sessions:
        return broken && i === BROKEN.sessions ? null : p.sessions;
      case FIELDS.parking:
        return p.parking ? 'Yes' : 'No';
      default:
        return null; // phone, bio: left empty
    }
  };
  return [header, ...PEOPLE.map((p, i) => header.map((column) => cell(p, i, column)))];
}

async function saveDownload(
  page: Page,
  click: () => Promise<void>,
  name: string,
): Promise<{ file: Download; path: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  const path = join(DIR, name);
  await file.saveAs(path);
  return { file, path };
}

/** The pagination's 'from–to of total' (or '0 records') says the list holds `total` records. */
async function expectTotal(page: Page, total: number): Promise<void> {
  await expect(page.getByRole('status').filter({ hasText: /\d+–\d+ of [\d,]+/ })).toHaveText(
    new RegExp(`^1–${Math.min(20, total)} of ${total}$`),
  );
}

let own: OwnEvent | undefined;
test.afterAll(async ({ request }) => {
  await own?.cleanUp(request);
});

test('event admin: custom fields, import of 200 participants with 3 bad rows, filter, rule label, export, magic link; the participant edits their profile', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  own = await createOwnEvent(request, EVENT);
  const { eventId } = own;

  await test.step('creates an ENUM, a NUMBER and a BOOLEAN custom field (the last one editable by participants)', async () => {
    await openEventInConsole(page, EVENT);
    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Custom fields' })
      .first()
      .click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/attendees/custom-fields`);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom fields' })).toBeVisible();
    await createField(page, { name: FIELDS.ticket, type: 'Single or Multi Select', values: [...TICKETS] });
    await createField(page, { name: FIELDS.sessions, type: 'Number', required: true });
    await createField(page, {
      name: FIELDS.parking,
      type: 'Y/N',
      editableByParticipant: true,
      showInProfile: true,
    });
    await expect(row(page, FIELDS.ticket)).toContainText(TICKETS.join(', '));
    await expect(row(page, FIELDS.sessions)).toContainText('Yes'); // required
    await expect(row(page, FIELDS.parking)).toContainText('Edit it, public');
    await screen(page, 'custom fields');
  });

  let header: string[] = [];
  await test.step('downloads the participants template from Data import: a column per field, custom fields included', async () => {
    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Data import' })
      .click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import`);
    await screen(page, 'data import');
    await page.getByRole('link', { name: 'Import Participants' }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/data-import/User/1`);
    await expect(page.getByRole('rowheader', { name: FIELDS.ticket })).toBeVisible();
    await screen(page, 'import participants');
    const { file, path } = await saveDownload(
      page,
      () => page.getByRole('button', { name: 'Download template (XLSX)' }).click(),
      'template.xlsx',
    );
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
    header = (await readWorkbook(path))[0]!;
    expect(header).toEqual(
      expect.arrayContaining([
        'E-mail',
        'First name',
        'Last name',
        'Job title',
        'Company',
        FIELDS.ticket,
        FIELDS.sessions,
        FIELDS.parking,
      ]),
    );
  });

  const broken = await writeWorkbook(
    join(DIR, `participants-${stamp}.xlsx`),
    fileRows(header, true),
    'Participants',
  );
  const fixed = await writeWorkbook(
    join(DIR, `participants-${stamp}-fixed.xlsx`),
    fileRows(header, false),
    'Participants',
  );

  await test.step('uploads 200 rows with 3 bad ones: every column is matched by its header; the check shows each bad cell', async () => {
    await chooseFile(page, 'Choose a file', broken);
    await expect(page).toHaveURL(new RegExp('/setup/data-import/User/2/[0-9a-f-]{36}$'));
    for (const column of [FIELDS.ticket, FIELDS.sessions, FIELDS.parking]) {
      const field = page
        .getByRole('textbox', { name: `Field for the column ${column}` })
        .or(page.getByRole('combobox', { name: `Field for the column ${column}` }))
        .first();
      await expect(field).toHaveValue(new RegExp(`^${column}`));
    }
    await screen(page, 'map columns');
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(page.getByRole('alert').filter({ hasText: `3 of ${COUNT} rows have errors` })).toBeVisible({
      timeout: 30_000,
    });
    const errors = page.getByRole('table', { name: 'Rows with errors' });
    await expect(errors.getByRole('rowheader')).toHaveText([
      sheetRow(BROKEN.email),
      sheetRow(BROKEN.ticket),
      sheetRow(BROKEN.sessions),
    ]);
    const line = (index: number) =>
      errors
        .getByRole('row')
        .filter({ has: page.getByRole('rowheader', { name: sheetRow(index), exact: true }) });
    await expect(line(BROKEN.email).getByRole('cell')).toHaveText(['E-mail', BAD_EMAIL, INVALID_EMAIL]);
    await expect(line(BROKEN.ticket).getByRole('cell')).toHaveText([
      FIELDS.ticket,
      BAD_TICKET,
      PLEASE_SELECT,
    ]);
    await expect(line(BROKEN.sessions).getByRole('cell')).toHaveText([FIELDS.sessions, '(empty)', REQUIRED]);
    await screen(page, 'rows with errors');
  });

  await test.step('downloads the errors file: the 3 rows as written, each with what to fix', async () => {
    const { path } = await saveDownload(
      page,
      () => page.getByRole('button', { name: 'Download errors' }).click(),
      'errors.xlsx',
    );
    const [errorsHeader, ...rows] = await readWorkbook(path);
    expect(errorsHeader).toEqual([...header, 'Errors']);
    expect(rows).toHaveLength(3);
    const col = (name: string) => errorsHeader!.indexOf(name);
    const errorsOf = (r: string[]) => r[col('Errors')];
    expect(rows[0]![col('E-mail')]).toBe(BAD_EMAIL);
    expect(errorsOf(rows[0]!)).toContain(INVALID_EMAIL);
    expect(rows[1]![col('E-mail')]).toBe(PEOPLE[BROKEN.ticket]!.email);
    expect(rows[1]![col(FIELDS.ticket)]).toBe(BAD_TICKET);
    expect(errorsOf(rows[1]!)).toContain(PLEASE_SELECT);
    expect(rows[2]![col('E-mail')]).toBe(PEOPLE[BROKEN.sessions]!.email);
    expect(rows[2]![col(FIELDS.sessions)] ?? '').toBe('');
    expect(errorsOf(rows[2]!)).toContain(REQUIRED);
  });

  await test.step('uploads the corrected file: all 200 rows are valid; imports them: 200 created', async () => {
    await chooseFile(page, 'Choose a file', fixed);
    await expect(page).toHaveURL(new RegExp('/setup/data-import/User/2/[0-9a-f-]{36}$'));
    await page.getByRole('button', { name: 'Check the rows' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: `All ${COUNT} rows are valid and ready to import.` }),
    ).toBeVisible({ timeout: 30_000 });
    await screen(page, 'all rows valid');
    await page.getByRole('button', { name: `Import ${COUNT} rows` }).click();
    await expect(page.getByRole('heading', { name: 'Import complete' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Created' })).toContainText(String(COUNT));
    await expect(page.getByRole('group', { name: 'Updated' })).toContainText('0');
    await expect(page.getByRole('group', { name: 'Skipped' })).toContainText('0');
    await screen(page, 'import complete');
  });

  await test.step(`filters the attendee list by ${FIELDS.ticket}: as many as the file has`, async () => {
    await page.getByRole('link', { name: 'Open the attendee list' }).click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/attendees`);
    await expectTotal(page, COUNT);
    await expect(page.getByRole('columnheader', { name: FIELDS.ticket })).toBeVisible();
    await screen(page, 'attendees');
    await page.getByRole('button', { name: 'More filters' }).click();
    const filters = page.getByRole('dialog', { name: 'More filters' });
    await choose(filters, page, FIELDS.ticket, 'VIP');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'More filters, 1 active' })).toBeVisible();
    await expectTotal(page, VIPS.length);
    await expect(row(page, VIPS[0]!.email)).toContainText('VIP');
    await screen(page, 'attendees filtered by ticket type');
  });

  await test.step(`a rule label "${FIELDS.sessions} ≥ ${MIN_SESSIONS}" picks exactly the right people`, async () => {
    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Labels' })
      .click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/attendees/labels`);
    await page.getByRole('button', { name: 'Add label' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New label' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(LABEL);
    await dialog.getByRole('radio', { name: 'Rule' }).check();
    const rule = dialog.getByRole('group', { name: 'Rule 1' });
    await choose(rule, page, 'Field', FIELDS.sessions);
    await choose(rule, page, 'Condition', 'Greater than or equal');
    await rule.getByRole('textbox', { name: 'Value' }).fill(String(MIN_SESSIONS));
    await expect(
      dialog.getByRole('status').filter({ hasText: `${MEMBERS.length} participants match these rules now.` }),
    ).toBeVisible();
    await screen(page, 'new rule label');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const labelRow = row(page, LABEL);
    await expect(labelRow).toContainText(`${FIELDS.sessions} greater than or equal ${MIN_SESSIONS}`);
    await labelRow
      .getByRole('button', { name: new RegExp(`^${MEMBERS.length} members\\. Show the members of`) })
      .click();
    const members = page.getByRole('dialog', { name: `Members of ${LABEL}` });
    await expect(members.getByText(`1–20 of ${MEMBERS.length}`)).toBeVisible();
    // Every member shown is one of the people with enough sessions.
    const emails = await members
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .locator('td:nth-child(2)')
      .allInnerTexts();
    expect(emails).toHaveLength(20);
    for (const email of emails) expect(MEMBERS.map((p) => p.email)).toContain(email.trim());
    await screen(page, 'rule label members');
    await members.getByRole('link', { name: 'Open in the attendee list' }).click();
    await expect(page).toHaveURL(/\/attendees\?labelId=/);
    await expectTotal(page, MEMBERS.length);
    // The Labels filter names the new label (its id never shows).
    const labelId = new URL(page.url()).searchParams.get('labelId')!;
    await expect(page.getByText(labelId)).toHaveCount(0);
    await expect(page.getByText(LABEL, { exact: true }).first()).toBeVisible();
    // Spot checks by name: a member is there, someone with fewer sessions is not.
    const member = MEMBERS[7]!;
    const outsider = PEOPLE.find((p) => p.sessions === MIN_SESSIONS - 1)!;
    await search(page, fullName(member));
    await expect(row(page, member.email)).toBeVisible();
    await expectTotal(page, 1);
    await search(page, fullName(outsider));
    await expect(
      page.getByText(
        'We can not find any records matching your search or filter criteria. Please change criteria and try again.',
      ),
    ).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    await page.getByRole('searchbox', { name: 'Search' }).press('Enter');
    await expect(page).not.toHaveURL(/search=/);
    await expectTotal(page, MEMBERS.length);
    await screen(page, 'attendees with the label');
  });

  await test.step('exports the label’s members as CSV and XLSX: one row per member, the visible columns', async () => {
    const expected = new Map(MEMBERS.map((p) => [p.email, p]));
    const check = (rows: string[][]) => {
      const [head, ...body] = rows;
      expect(head).toEqual(
        expect.arrayContaining([
          'First name',
          'Last name',
          'E-mail',
          'Job title',
          'Company',
          FIELDS.ticket,
          FIELDS.sessions,
          FIELDS.parking,
        ]),
      );
      expect(body).toHaveLength(MEMBERS.length);
      const at = (r: string[], column: string) => r[head!.indexOf(column)];
      expect(new Set(body.map((r) => at(r, 'E-mail')))).toEqual(new Set(expected.keys()));
      for (const r of body) {
        const p = expected.get(at(r, 'E-mail')!)!;
        expect([
          at(r, 'First name'),
          at(r, 'Last name'),
          at(r, 'Job title'),
          at(r, 'Company'),
          at(r, FIELDS.ticket),
        ]).toEqual([p.firstName, p.lastName, p.jobTitle, p.company, p.ticket]);
        expect(Number(at(r, FIELDS.sessions))).toBe(p.sessions);
        expect(at(r, FIELDS.parking)).toBe(p.parking ? 'Yes' : 'No');
        expect(at(r, 'Labels')).toContain(LABEL);
      }
    };
    await page.getByRole('button', { name: 'Export' }).click();
    const csv = await saveDownload(
      page,
      () => page.getByRole('menuitem', { name: 'Export as CSV' }).click(),
      'export.csv',
    );
    expect(csv.file.suggestedFilename()).toMatch(/^participants-\d{4}-\d{2}-\d{2}\.csv$/);
    check(parseCsv(readFileSync(csv.path, 'utf8')));
    await page.getByRole('button', { name: 'Export' }).click();
    const xlsx = await saveDownload(
      page,
      () => page.getByRole('menuitem', { name: 'Export as Excel (XLSX)' }).click(),
      'export.xlsx',
    );
    expect(xlsx.file.suggestedFilename()).toMatch(/^participants-\d{4}-\d{2}-\d{2}\.xlsx$/);
    check(await readWorkbook(xlsx.path));
  });

  let link = '';
  await test.step('selects one imported participant and sends them a magic link', async () => {
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await search(page, GUEST.email);
    await expectTotal(page, 1);
    await page.getByRole('checkbox', { name: `Select ${fullName(GUEST)}` }).check();
    const bar = page.getByRole('region', { name: 'Actions for the selected rows' });
    await expect(bar).toContainText('1 selected');
    await bar.getByRole('button', { name: 'Send magic link' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send a magic link?' });
    await expect(dialog).toContainText(
      'The selected participant gets an e-mail with a link that signs them in.',
    );
    await screen(page, 'send magic link');
    await dialog.getByRole('button', { name: 'Send link' }).click();
    await expect(dialog).toBeHidden();
    await toastSays(page, 'Magic link sent to 1 participant');
    const mail = await waitForMail(GUEST.email);
    link = linkTo(mail, '/event/login').href;
    expect(new URL(link).origin).toBe(APP_URL);
  });

  await test.step('in a fresh browser the link signs them in; they edit their profile and a custom field; a reload shows them saved', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'Europe/Berlin',
      serviceWorkers: 'block',
    });
    try {
      const app = await context.newPage();
      await app.goto(link);
      await expect(app).toHaveURL(`${APP_URL}/event/${eventId}/home`);
      await expect(app.getByRole('heading', { level: 1, name: EVENT })).toBeVisible();
      await screen(app, 'participant event home');
      await app.getByRole('button', { name: 'Account menu' }).click();
      await app.getByRole('menuitem', { name: 'Edit profile' }).click();
      await expect(app).toHaveURL(`${APP_URL}/event/${eventId}/edit-profile`);
      const jobTitle = app.getByRole('textbox', { name: 'Job title' });
      const parking = app
        .getByRole('textbox', { name: FIELDS.parking })
        .or(app.getByRole('combobox', { name: FIELDS.parking }))
        .first();
      await expect(jobTitle).toHaveValue(GUEST.jobTitle);
      await expect(parking).toHaveValue('No');
      // The other custom fields are the organiser's: not editable here.
      await expect(app.getByRole('textbox', { name: FIELDS.sessions })).toHaveCount(0);
      await screen(app, 'participant edit profile');
      await jobTitle.fill(NEW_JOB_TITLE);
      await choose(app, app, FIELDS.parking, 'Yes');
      await app.getByRole('button', { name: 'Save profile' }).click();
      await expect(app.getByText('Profile saved')).toBeVisible();
      await app.reload();
      await expect(jobTitle).toHaveValue(NEW_JOB_TITLE);
      await expect(parking).toHaveValue('Yes');
      await screen(app, 'participant edit profile saved');
    } finally {
      await context.close();
    }
  });

  await test.step('the console shows the participant’s new values in their profile', async () => {
    await page.reload();
    await expect(row(page, GUEST.email)).toContainText(NEW_JOB_TITLE);
    await row(page, GUEST.email)
      .getByRole('link', { name: fullName(GUEST) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/${eventId}/attendees/[0-9a-f-]{36}$`));
    await expect(page.getByRole('heading', { level: 1, name: fullName(GUEST) })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Profile' })).toContainText(NEW_JOB_TITLE);
    await expect(
      page.getByRole('region', { name: 'Custom fields' }).getByRole('group', { name: FIELDS.parking }),
    ).toContainText('Yes');
    await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Signed in with a magic link');
    await screen(page, 'participant profile in the console');
  });
});
