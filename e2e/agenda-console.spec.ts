import type { Locator, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { parseCsv } from './support/csv';
import { CONSOLE_URL } from './support/env';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, row, toastSays } from './support/ui';

// Spec part 2 (/agenda, /agenda/collections, /setup/sessions), part 3 (Session columns; collections:
// rulesLength, createdBy as a name), part 5 (date/time order messages, breakout message), part 8
// (attendance text), part 9 (QR export 1200x1200). Runs in an event of its own (Europe/Berlin,
// starting 1 March 2027), so its sessions never reach other journeys.

const stamp = Date.now().toString(36);
const named = (name: string) => `${name} ${stamp}`;
const EVENT = named('E2E Agenda');
const COLLECTION = named('Product track');
const BREAKOUT = named('Afternoon workshops');
const SESSIONS = {
  keynote: named('Opening keynote'),
  workshop: named('Workshop Alpha'),
  panel: named('Closing panel'),
};
const PEOPLE = {
  ada: { email: `ada.agenda.${stamp}@example.com`, firstName: 'Ada', lastName: `Lovelace${stamp}` },
  grace: { email: `grace.agenda.${stamp}@example.com`, firstName: 'Grace', lastName: `Hopper${stamp}` },
};

/** Spec part 5, word for word. */
const START_TIME_AFTER_END = 'Start time can not be greater than end time';
const END_TIME_BEFORE_START = 'End time can not be less than start time';
const breakoutMessage = (name: string) =>
  `This session is used in breakout "${name}" which is enrollable. So, rules will be applied from breakout`;

let own: OwnEvent | undefined;
test.afterAll(async ({ request }) => {
  await own?.cleanUp(request);
});

/**
 * A TimePicker of the session form, each part labelled '<field>: …': hours and minutes, and AM/PM
 * only on a 12-hour event's clock (a 24-hour event's picker takes 14 for 2 PM).
 */
async function setTime(dialog: Locator, field: string, hours: number, minutes: number, half: 'AM' | 'PM') {
  const two = (n: number) => String(n).padStart(2, '0');
  const amPm = dialog.getByLabel(`${field}: AM or PM`);
  const twelve = (await amPm.count()) > 0;
  await dialog
    .getByLabel(`${field}: Hours`)
    .fill(two(twelve ? hours : (hours % 12) + (half === 'PM' ? 12 : 0)));
  await dialog.getByLabel(`${field}: Minutes`).fill(two(minutes));
  if (twelve) await amPm.press(half === 'AM' ? 'a' : 'p');
}

/** The error shown under a labelled field (in the field's wrapper: its label's parent). */
function errorUnder(dialog: Locator, label: string): Locator {
  const exactLabel = new RegExp(`^${label}\\s*\\*?$`);
  return dialog
    .locator('label', { hasText: exactLabel })
    .first()
    .locator('xpath=..')
    .locator('[class*="-error"]');
}

async function nav(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name, exact: true })
    .click();
}

/** PNG width and height from its IHDR chunk. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test('event admin builds a day of sessions with a collection and a breakout, finds them in the list, opens attendees, downloads the QR code', async ({
  page,
  request,
}) => {
  test.setTimeout(300_000);
  own = await createOwnEvent(request, EVENT);
  const { admin, eventId } = own;
  for (const person of Object.values(PEOPLE))
    await call(request, admin, 'POST', `events/${eventId}/participants`, person);

  await test.step('signs in and creates a collection', async () => {
    await openEventInConsole(page, EVENT);
    await nav(page, 'Collections');
    await expect(page).toHaveURL(`${CONSOLE_URL}/agenda/collections`);
    await expect(page.getByRole('heading', { level: 1, name: 'Collections' })).toBeVisible();
    await screen(page, 'collections empty');
    await page.getByRole('button', { name: 'Add collection' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New collection' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(errorUnder(dialog, 'Name')).toHaveText('Required field');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(COLLECTION);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Roadmap and demos');
    await expect(dialog.getByText('Reaches 2 participants now.')).toBeVisible();
    // An audience of labels needs a label (spec part 5 'Please select value').
    await dialog.getByRole('radio', { name: 'Participants with labels' }).check();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(errorUnder(dialog, 'Labels')).toHaveText('Please select value');
    await dialog.getByRole('radio', { name: 'Everyone' }).check();
    await screen(page, 'new collection');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await toastSays(page, `Collection “${COLLECTION}” created`);
    await expect(row(page, COLLECTION)).toContainText('Everyone');
    await expect(row(page, COLLECTION)).toContainText('Ethan Brooks');
    await screen(page, 'collections');
  });

  await test.step('creates an enrollable breakout with a capacity', async () => {
    await nav(page, 'Breakouts');
    await expect(page).toHaveURL(`${CONSOLE_URL}/setup/sessions`);
    await page.getByRole('button', { name: 'Add breakout' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New breakout' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(BREAKOUT);
    await expect(dialog.getByRole('switch', { name: /Enrollable/ })).toBeChecked();
    await dialog.getByRole('textbox', { name: 'Capacity per session' }).fill('1.5');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(errorUnder(dialog, 'Capacity per session')).not.toBeEmpty();
    await dialog.getByRole('textbox', { name: 'Capacity per session' }).fill('2');
    // Rules over profile fields, with the live count (nobody works at this company).
    await dialog.getByRole('radio', { name: 'Participants matching rules' }).check();
    await choose(dialog, page, 'Field', 'Company');
    await dialog.getByRole('textbox', { name: 'Value' }).fill(`Nowhere ${stamp}`);
    await expect(dialog.getByText('Reaches 0 participants now.')).toBeVisible();
    await screen(page, 'new breakout');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, BREAKOUT)).toContainText('Yes');
    await expect(row(page, BREAKOUT)).toContainText('1 rule');
    await screen(page, 'breakouts');
  });

  await test.step('the session form says the time order messages of spec part 5 on both times', async () => {
    await nav(page, 'Sessions');
    await expect(page).toHaveURL(`${CONSOLE_URL}/agenda`);
    await expect(page.getByText('Europe/Berlin').first()).toBeVisible();
    // The breakout's toast fades out first (a half-faded toast has no contrast to check).
    await expect(page.getByText(`Breakout “${BREAKOUT}” created`)).toBeHidden();
    await screen(page, 'sessions empty');
    await page.getByRole('button', { name: 'Add session' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New session' });
    await expect(dialog.getByText('Event time zone: Europe/Berlin')).toBeVisible();
    // A 24-hour event (Berlin): the time pickers have no AM/PM part (issue 11).
    await expect(dialog.getByLabel('Start time: AM or PM')).toHaveCount(0);
    await expect(dialog.getByLabel('Start time: Hours')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(SESSIONS.keynote);
    await setTime(dialog, 'Start time', 11, 0, 'AM');
    await setTime(dialog, 'End time', 10, 0, 'AM');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(errorUnder(dialog, 'Start time')).toHaveText(START_TIME_AFTER_END);
    await expect(errorUnder(dialog, 'End time')).toHaveText(END_TIME_BEFORE_START);
    await screen(page, 'session time messages');

    await setTime(dialog, 'Start time', 9, 0, 'AM');
    await expect(errorUnder(dialog, 'Start time')).toHaveCount(0);
    await choose(dialog, page, 'Type', 'Keynote');
    await choose(dialog, page, 'Collections', COLLECTION);
    await page.keyboard.press('Escape');
    await choose(dialog, page, 'Speakers', new RegExp(PEOPLE.grace.lastName), PEOPLE.grace.lastName);
    await page.keyboard.press('Escape');
    await dialog.getByRole('textbox', { name: /Capacity/ }).fill('100');
    await dialog.getByRole('switch', { name: 'Participants enroll in this session' }).check({ force: true });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await toastSays(page, `Session “${SESSIONS.keynote}” created`);
    await expect(row(page, SESSIONS.keynote)).toContainText('09:00 – 10:00');
    await expect(row(page, SESSIONS.keynote)).toContainText('No attendees');
    await expect(row(page, SESSIONS.keynote)).toContainText(`Grace ${PEOPLE.grace.lastName}`);
  });

  await test.step('a session in the enrollable breakout shows the breakout message and takes its rules', async () => {
    await page.getByRole('button', { name: 'Add session' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New session' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(SESSIONS.workshop);
    await choose(dialog, page, 'Type', 'Workshop');
    await setTime(dialog, 'Start time', 2, 0, 'PM');
    await setTime(dialog, 'End time', 3, 30, 'PM');
    await choose(dialog, page, 'Breakout', BREAKOUT);
    await expect(dialog.getByText(breakoutMessage(BREAKOUT), { exact: true })).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Capacity/ })).toBeDisabled();
    await expect(dialog.getByRole('radio', { name: 'Everyone' })).toBeDisabled();
    await screen(page, 'session in an enrollable breakout');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, SESSIONS.workshop)).toContainText(BREAKOUT);
  });

  await test.step('a third session, kept as a draft', async () => {
    await page.getByRole('button', { name: 'Add session' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New session' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(SESSIONS.panel);
    await choose(dialog, page, 'Type', 'Panel');
    await choose(dialog, page, 'Status', 'Draft');
    await setTime(dialog, 'Start time', 4, 0, 'PM');
    await setTime(dialog, 'End time', 5, 0, 'PM');
    await dialog.getByRole('textbox', { name: 'Virtual link' }).fill('not a link');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(errorUnder(dialog, 'Virtual link')).not.toBeEmpty();
    await dialog.getByRole('textbox', { name: 'Virtual link' }).fill('https://meet.example.com/closing');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, SESSIONS.panel)).toContainText('Draft');
    await screen(page, 'sessions');
  });

  await test.step('searches, filters and sorts the sessions', async () => {
    // Typed, then committed by the search box's own pause (no Enter): Enter would leave that pause
    // pending, and it would put the search back after "Clear search and filters".
    await page.getByRole('searchbox', { name: 'Search' }).fill(SESSIONS.workshop);
    await expect(page).toHaveURL(/search=Workshop/);
    await expect(row(page, SESSIONS.workshop)).toBeVisible();
    await expect(row(page, SESSIONS.keynote)).toBeHidden();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(row(page, SESSIONS.keynote)).toBeVisible();
    await expect(page).not.toHaveURL(/search=/);

    await choose(page, page, 'Status', 'Draft');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/status=DRAFT/);
    await expect(row(page, SESSIONS.panel)).toBeVisible();
    await expect(row(page, SESSIONS.keynote)).toBeHidden();
    await screen(page, 'sessions filtered by status');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(row(page, SESSIONS.keynote)).toBeVisible();

    await choose(page, page, 'Collection', COLLECTION);
    await page.keyboard.press('Escape');
    await expect(row(page, SESSIONS.keynote)).toBeVisible();
    await expect(row(page, SESSIONS.workshop)).toBeHidden();
    await page.getByRole('button', { name: 'Clear search and filters' }).click();

    const name = page.getByRole('columnheader', { name: 'Name' });
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'ascending');
    const names = async () =>
      (await page.getByRole('row').allInnerTexts())
        .map((t) => Object.values(SESSIONS).find((s) => t.includes(s)))
        .filter(Boolean);
    await expect.poll(names).toEqual([SESSIONS.panel, SESSIONS.keynote, SESSIONS.workshop]);
    await name.getByRole('button').click();
    await expect(name).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(names).toEqual([SESSIONS.workshop, SESSIONS.keynote, SESSIONS.panel]);
  });

  await test.step('publishes the draft with a bulk action', async () => {
    await row(page, SESSIONS.panel)
      .getByRole('checkbox', { name: `Select ${SESSIONS.panel}` })
      .check();
    await row(page, SESSIONS.keynote)
      .getByRole('checkbox', { name: `Select ${SESSIONS.keynote}` })
      .check();
    await screen(page, 'sessions selected');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await toastSays(page, '2 sessions updated');
    await expect(row(page, SESSIONS.panel)).toContainText('Published');
  });

  await test.step('exports the sessions as CSV with the visible columns', async () => {
    await page.getByRole('button', { name: 'Export' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: /csv/i }).click();
    const rows = parseCsv(readFileSync(await (await download).path(), 'utf8'));
    expect(rows[0]).toEqual(
      expect.arrayContaining(['Name', 'Start', 'Time slot', 'Status', 'Breakout', 'Enrolled']),
    );
    const workshop = rows.find((r) => r.includes(SESSIONS.workshop))!;
    expect(workshop[rows[0]!.indexOf('Time slot')]).toBe('02:00 PM - 03:30 PM');
    expect(workshop[rows[0]!.indexOf('Breakout')]).toBe(BREAKOUT);
    expect(rows).toHaveLength(4);
  });

  await test.step('the list and the session form on a 390-px-wide screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(row(page, SESSIONS.keynote)).toBeVisible();
    await screen(page, 'sessions 390px');
    await row(page, SESSIONS.workshop)
      .getByRole('button', { name: `Edit ${SESSIONS.workshop}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit session' });
    await expect(dialog.getByText(breakoutMessage(BREAKOUT), { exact: true })).toBeVisible();
    await screen(page, 'edit session 390px');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  await test.step('opens a session: adds an attendee, checks them in', async () => {
    await row(page, SESSIONS.keynote).getByRole('link', { name: SESSIONS.keynote }).click();
    await expect(page).toHaveURL(/\/agenda\/sessions\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name: SESSIONS.keynote })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Attendees' })).toBeVisible();
    await screen(page, 'session without attendees');

    await page.getByRole('button', { name: 'Add participants' }).first().click();
    const dialog = page.getByRole('dialog', { name: `Add participants to “${SESSIONS.keynote}”` });
    await choose(dialog, page, 'Participants', new RegExp(PEOPLE.ada.lastName), PEOPLE.ada.lastName);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Add participants' }).click();
    await expect(dialog).toBeHidden();
    await toastSays(page, '1 participant enrolled');
    await expect(row(page, PEOPLE.ada.lastName)).toContainText('Enrolled');
    await expect(page.getByText('1 attendee', { exact: true })).toBeVisible();

    await row(page, PEOPLE.ada.lastName)
      .getByRole('button', { name: `Check in ${PEOPLE.ada.firstName} ${PEOPLE.ada.lastName}` })
      .click();
    await toastSays(page, `${PEOPLE.ada.firstName} ${PEOPLE.ada.lastName} checked in`);
    await expect(row(page, PEOPLE.ada.lastName).getByRole('button', { name: /^Check in/ })).toBeHidden();
    await screen(page, 'session attendees');
  });

  await test.step('invites a moderator by e-mail from the session form', async () => {
    const moderator = `mod.agenda.${stamp}@example.com`;
    await page.getByRole('button', { name: 'Edit session' }).click();
    const form = page.getByRole('dialog', { name: 'Edit session' });
    await form.getByRole('button', { name: 'Invite moderator' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite moderator' });
    await invite.getByRole('textbox', { name: 'E-mail' }).fill('not-an-address');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(errorUnder(invite, 'E-mail')).toHaveText('Please enter a valid e-mail address');
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(moderator);
    await invite.getByRole('textbox', { name: 'First name' }).fill('Mo');
    await invite.getByRole('textbox', { name: 'Last name' }).fill('Derator');
    await screen(page, 'invite moderator');
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await expect(invite).toBeHidden();
    await toastSays(page, `Invitation sent to ${moderator}`);
    // The session form stays open (the invitation's submit does not reach it) and lists them.
    await expect(form).toBeVisible();
    await expect(form.getByText('Mo Derator')).toBeVisible();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await toastSays(page, `Session “${SESSIONS.keynote}” saved`);
  });

  await test.step('exports the session attendance as CSV', async () => {
    await page.getByRole('button', { name: 'Export attendance' }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV' }).click();
    const rows = parseCsv(readFileSync(await (await download).path(), 'utf8'));
    const header = rows[0]!;
    const ada = rows.find((r) => r.includes(PEOPLE.ada.email));
    expect(ada, 'Ada in the attendance export').toBeDefined();
    expect(rows.filter((r) => r.includes(SESSIONS.keynote))).toHaveLength(rows.length - 1);
    expect(ada![header.indexOf('E-mail')]).toBe(PEOPLE.ada.email);
  });

  await test.step('downloads the session QR code as a 1200x1200 PNG', async () => {
    await expect(
      page
        .getByRole('textbox', { name: 'Size' })
        .or(page.getByRole('combobox', { name: 'Size' }))
        .first(),
    ).toHaveValue('1200 × 1200 px');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PNG' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/-qr-1200\.png$/);
    expect(pngSize(readFileSync(await file.path()))).toEqual({ width: 1200, height: 1200 });
  });
});
