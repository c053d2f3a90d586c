import { readFileSync } from 'node:fs';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { apiSignIn, bearer, type Session } from './support/api';
import { parseCsv } from './support/csv';
import { API_URL, CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { linkTo, waitForMail } from './support/mailbox';
import { expect, screen, test } from './support/test';
import { choose, descriptions, fieldError, row, search, signIn, toastSays } from './support/ui';

// Spec part 2 (/attendees, /{eventId}/attendees/{participantId}), part 3 (custom-field types),
// part 5 ('Required field', image types), part 7 (participants, magic links, export), part 9 (page sizes).
// Issue 3: custom fields as columns and filters, profile edited in place, photo, magic links and their report, export.

const stamp = Date.now().toString(36);
const ada = { firstName: 'Ada', lastName: `Lovelace ${stamp}`, email: `ada.${stamp}@example.com` };
const bob = { firstName: 'Bob', lastName: `Builder ${stamp}`, email: `bob.${stamp}@example.com` };
const names = { diet: `Diet ${stamp}`, budget: `Budget ${stamp}`, label: `VIP ${stamp}` };

interface Setup {
  session: Session;
  eventId: string;
  diet: { id: string; key: string };
  budget: { id: string; key: string };
  labelId: string;
  bobId: string;
}

async function api<T>(
  request: APIRequestContext,
  session: Session,
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  data?: unknown,
): Promise<T> {
  const res = await request.fetch(`${API_URL}/${path}`, {
    method,
    headers: bearer(session),
    ...(data === undefined ? {} : { data }),
  });
  expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBe(true);
  return (res.status() === 204 ? undefined : await res.json()) as T;
}

/** The event admin's demo event, two custom fields (ENUM, CURRENCY), a manual label and a second participant. */
async function setUp(request: APIRequestContext): Promise<Setup> {
  const session = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const events = await api<{ records: { id: string; name: string }[] }>(
    request,
    session,
    'GET',
    `users/${session.userId}/events`,
  );
  const eventId = events.records.find((e) => e.name === DEMO_EVENT)!.id;
  const base = `events/${eventId}`;
  const diet = await api<{ id: string; key: string }>(request, session, 'POST', `${base}/custom-fields`, {
    name: names.diet,
    dataType: 'ENUM',
    settings: { enumValues: ['Vegan', 'Vegetarian', 'Omnivore'] },
  });
  const budget = await api<{ id: string; key: string }>(request, session, 'POST', `${base}/custom-fields`, {
    name: names.budget,
    dataType: 'CURRENCY',
    currencyCode: 'EUR',
  });
  const label = await api<{ id: string }>(request, session, 'POST', `${base}/labels`, {
    name: names.label,
    type: 'MANUAL',
    color: '#7c3aed',
  });
  const bobRecord = await api<{ id: string }>(request, session, 'POST', `${base}/participants`, {
    ...bob,
    customFields: { [diet.id]: 'Omnivore', [budget.id]: 80 },
  });
  return { session, eventId, diet, budget, labelId: label.id, bobId: bobRecord.id };
}

/** Leaves the shared demo event as it was (other journeys read its participants and columns). */
async function tearDown(request: APIRequestContext, s: Setup): Promise<void> {
  const base = `events/${s.eventId}`;
  const found = await api<{ records: { id: string }[] }>(
    request,
    s.session,
    'GET',
    `${base}/participants?search=${encodeURIComponent(stamp)}&limit=20`,
  );
  for (const p of found.records) await api(request, s.session, 'DELETE', `${base}/participants/${p.id}`);
  await api(request, s.session, 'DELETE', `${base}/labels/${s.labelId}`);
  await api(request, s.session, 'DELETE', `${base}/custom-fields/${s.diet.id}`);
  await api(request, s.session, 'DELETE', `${base}/custom-fields/${s.budget.id}`);
}

/** Is the row showing `first` above the one showing `second`? */
async function above(page: Page, first: string, second: string): Promise<boolean> {
  const [a, b] = await Promise.all([row(page, first).boundingBox(), row(page, second).boundingBox()]);
  return a !== null && b !== null && a.y < b.y;
}

/** A multiple select keeps its options open after a pick: a click beside it (the scope's corner) closes them. */
async function closeOptions(scope: Locator): Promise<void> {
  await scope.click({ position: { x: 4, y: 4 } });
}

test('event admin: participants with custom fields — add, filter, sort, export, profile in place, photo, magic links', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const s = await setUp(request);
  try {
    await test.step('signs in, chooses the demo event and opens Attendees', async () => {
      await signIn(page, CONSOLE_URL, DEMO.eventAdmin);
      await expect(page).toHaveURL(`${CONSOLE_URL}/`);
      // The only event is chosen already (issue 11): its card on the home page opens its overview.
      await page
        .getByRole('link', { name: new RegExp(DEMO_EVENT) })
        .first()
        .click();
      await expect(page).toHaveURL(new RegExp(`/${s.eventId}/overview$`));
      await page.getByRole('navigation').getByRole('link', { name: 'Attendees', exact: true }).click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/attendees`);
      await expect(page.getByRole('heading', { level: 1, name: 'Attendees' })).toBeVisible();
      // The event's custom fields are columns (the first few shown).
      await expect(page.getByRole('columnheader', { name: names.diet })).toBeVisible();
      await expect(row(page, bob.lastName)).toBeVisible();
      await screen(page, 'attendees list');
    });

    await test.step('adds a participant with custom-field values (a new address: the profile form)', async () => {
      await page.getByRole('button', { name: 'Add participant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add participant' });
      const email = dialog.getByRole('textbox', { name: 'E-mail' });
      await email.fill('not-an-address');
      const hint = await descriptions(email);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      expect(await fieldError(email, hint)).toBe('Please enter a valid e-mail address');
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(ada.email);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByRole('textbox', { name: 'First name' })).toBeVisible();
      await dialog.getByRole('button', { name: 'Add participant' }).click();
      expect(await fieldError(dialog.getByRole('textbox', { name: 'First name' }))).toBe('Required field');
      await dialog.getByRole('textbox', { name: 'First name' }).fill(ada.firstName);
      await dialog.getByRole('textbox', { name: 'Last name' }).fill(ada.lastName);
      await dialog.getByRole('textbox', { name: 'Company' }).fill('Analytical Engines');
      await choose(dialog, page, names.diet, 'Vegan');
      await dialog.getByRole('textbox', { name: `${names.budget} (EUR)` }).fill('1234.5');
      await screen(page, 'add participant');
      await dialog.getByRole('button', { name: 'Add participant' }).click();
      await expect(dialog).toBeHidden();
      await toastSays(page, `${ada.firstName} ${ada.lastName} was added`);
    });

    await test.step('an address that already participates is recognised, with a link to the profile', async () => {
      await page.getByRole('button', { name: 'Add participant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add participant' });
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(bob.email);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      await expect(dialog.getByText('This address is already a participant of this event.')).toBeVisible();
      await expect(dialog.getByRole('link', { name: 'Open profile' })).toHaveAttribute(
        'href',
        `/${s.eventId}/attendees/${s.bobId}`,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).last().click();
      await expect(dialog).toBeHidden();
    });

    await test.step('searches, filters by a custom field and sorts', async () => {
      await search(page, stamp);
      await expect(row(page, ada.lastName)).toBeVisible();
      await expect(row(page, bob.lastName)).toBeVisible();
      await expect(row(page, ada.lastName)).toContainText('Vegan');
      // The demo's own two fields come first, so the third custom field is the last shown by
      // default: the budget column is switched on as an organiser would.
      await showColumn(page, names.budget);
      await expect(row(page, ada.lastName)).toContainText('€1,234.50');

      await page.getByRole('button', { name: 'More filters' }).click();
      const filters = page.getByRole('dialog', { name: 'More filters' });
      await choose(filters, page, names.diet, 'Vegan');
      await expect(page).toHaveURL(new RegExp(`${s.diet.key}=Vegan`));
      await expect(row(page, ada.lastName)).toBeVisible();
      await expect(row(page, bob.lastName)).toBeHidden();
      await screen(page, 'filtered by a custom field');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('button', { name: 'More filters, 1 active' })).toBeVisible();

      // A number range on the CURRENCY field: budgets from 100 leave Bob (80) out as well.
      await page.getByRole('button', { name: 'Clear search and filters' }).click();
      await search(page, stamp);
      await page.getByRole('button', { name: 'More filters' }).click();
      await filters.getByRole('textbox', { name: `${names.budget}: Min` }).fill('100');
      await expect(page).toHaveURL(new RegExp(`${s.budget.key}From=100`));
      await expect(row(page, bob.lastName)).toBeHidden();
      await expect(row(page, ada.lastName)).toBeVisible();
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Clear search and filters' }).click();
      await search(page, stamp);

      const name = page.getByRole('columnheader', { name: 'Name' });
      await name.getByRole('button').click();
      await expect(name).toHaveAttribute('aria-sort', 'ascending');
      await expect.poll(() => above(page, bob.lastName, ada.lastName)).toBe(true);
      await name.getByRole('button').click();
      await expect(name).toHaveAttribute('aria-sort', 'descending');
      await expect.poll(() => above(page, ada.lastName, bob.lastName)).toBe(true);
    });

    await test.step('the list on a 390-px-wide screen', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(row(page, ada.lastName)).toBeVisible();
      await screen(page, 'attendees list 390px');
      await page.setViewportSize({ width: 1280, height: 800 });
    });

    await test.step('exports the current search as CSV with the visible columns', async () => {
      await page.getByRole('button', { name: 'Export' }).click();
      const download = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: /csv/i }).click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^participants-\d{4}-\d{2}-\d{2}\.csv$/);
      const rows = parseCsv(readFileSync(await file.path(), 'utf8'));
      const header = rows[0]!;
      expect(header).toEqual(
        expect.arrayContaining(['First name', 'Last name', 'E-mail', names.diet, names.budget]),
      );
      expect(rows).toHaveLength(3);
      const adaRow = rows.find((r) => r.includes(ada.email))!;
      expect(adaRow[header.indexOf(names.diet)]).toBe('Vegan');
      expect(Number(adaRow[header.indexOf(names.budget)])).toBe(1234.5);
      expect(rows.find((r) => r.includes(bob.email))![header.indexOf(names.diet)]).toBe('Omnivore');
    });

    await test.step('opens the profile and edits it in place', async () => {
      await row(page, ada.lastName)
        .getByRole('link', { name: `${ada.firstName} ${ada.lastName}` })
        .click();
      await expect(page).toHaveURL(new RegExp(`/${s.eventId}/attendees/[0-9a-f-]{36}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: `${ada.firstName} ${ada.lastName}` }),
      ).toBeVisible();
      const profile = page.getByRole('region', { name: 'Profile' });
      await expect(profile).toContainText('Analytical Engines');
      await screen(page, 'participant profile');

      await profile.getByRole('button', { name: 'Edit Profile' }).click();
      await profile.getByRole('textbox', { name: 'First name' }).fill('');
      await profile.getByRole('button', { name: 'Save' }).click();
      expect(await fieldError(profile.getByRole('textbox', { name: 'First name' }))).toBe('Required field');
      await expect(
        profile.getByRole('textbox', { name: 'First name' }),
        'the first invalid field gets the focus',
      ).toBeFocused();
      await profile.getByRole('textbox', { name: 'First name' }).fill(ada.firstName);
      await profile.getByRole('textbox', { name: 'Job title' }).fill('Countess');
      await screen(page, 'profile in edit mode');
      await profile.getByRole('button', { name: 'Save' }).click();
      await expect(profile.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
      await expect(profile).toContainText('Countess');

      const custom = page.getByRole('region', { name: 'Custom fields' });
      await expect(custom).toContainText('Vegan');
      await custom.getByRole('button', { name: 'Edit Custom fields' }).click();
      await choose(custom, page, names.diet, 'Vegetarian');
      await custom.getByRole('button', { name: 'Save' }).click();
      await expect(custom.getByRole('button', { name: 'Edit Custom fields' })).toBeVisible();
      await expect(custom).toContainText('Vegetarian');

      const labels = page.getByRole('region', { name: 'Labels' });
      await labels.getByRole('button', { name: 'Edit Labels' }).click();
      await choose(labels, page, 'Labels', names.label);
      await closeOptions(labels);
      await labels.getByRole('button', { name: 'Save' }).click();
      await expect(labels.getByRole('button', { name: 'Edit Labels' })).toBeVisible();
      await expect(labels).toContainText(names.label);
    });

    await test.step('uploads a photo: a file that is no image is refused with the server message, a PNG is shown', async () => {
      const photo = page.getByRole('region', { name: 'Photo' });
      const input = photo.locator('input[type="file"]');
      await input.setInputFiles({
        name: 'notes.png',
        mimeType: 'image/png',
        buffer: Buffer.from('just some text, not an image'),
      });
      await photo.getByRole('button', { name: 'Upload photo' }).click();
      await expect(photo.getByRole('alert')).toHaveText('Please upload a JPEG or PNG image');
      await screen(page, 'photo refused');
      await photo.getByRole('button', { name: 'Cancel' }).click();

      const png = await sharp({ create: { width: 320, height: 320, channels: 3, background: '#4f46e5' } })
        .composite([
          {
            input: Buffer.from(
              '<svg width="320" height="320"><circle cx="160" cy="130" r="70" fill="#fde68a"/><rect x="60" y="220" width="200" height="120" rx="60" fill="#fde68a"/></svg>',
            ),
          },
        ])
        .png()
        .toBuffer();
      await photo
        .locator('input[type="file"]')
        .setInputFiles({ name: 'ada.png', mimeType: 'image/png', buffer: png });
      await expect(photo.getByRole('img', { name: 'The chosen photo, not uploaded yet' })).toBeVisible();
      await photo.getByRole('button', { name: 'Upload photo' }).click();
      await toastSays(page, 'Photo saved');
      const image = photo.getByRole('img', { name: `Photo of ${ada.firstName} ${ada.lastName}` });
      await expect(image).toBeVisible();
      // The stored photo (re-encoded by the server) is served and loads.
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)))
        .toBe(320);

      const activity = page.getByRole('region', { name: 'Activity' });
      await expect(activity).toContainText('Added to the event');
      await expect(activity).toContainText('Profile updated');
      await expect(activity).toContainText('Photo changed');
      await screen(page, 'profile after edits');
    });

    let magicLinkMail = 0;
    await test.step('selects participants in the list and sends a magic link', async () => {
      await page.getByRole('link', { name: 'Attendees', exact: true }).first().click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/attendees`);
      await search(page, stamp);
      await expect(row(page, ada.lastName)).toContainText(names.label);
      await page.getByRole('checkbox', { name: `Select ${ada.firstName} ${ada.lastName}` }).check();
      const bar = page.getByRole('region', { name: 'Actions for the selected rows' });
      await expect(bar).toContainText('1 selected');
      await bar.getByRole('button', { name: 'Send magic link' }).click();
      const dialog = page.getByRole('dialog', { name: 'Send a magic link?' });
      await expect(dialog).toContainText('It expires after 72 hours.');
      await screen(page, 'send magic link');
      await dialog.getByRole('button', { name: 'Send link' }).click();
      await expect(dialog).toBeHidden();
      await toastSays(page, 'Magic link sent to 1 participant');
      await expect(bar).toBeHidden();
      const mail = await waitForMail(ada.email);
      magicLinkMail = mail.id;
      expect(linkTo(mail, '/event/login').searchParams.get('magic')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    });

    await test.step('bulk-adds a label to the selection', async () => {
      await page.getByRole('checkbox', { name: 'Select all rows shown' }).check();
      const bar = page.getByRole('region', { name: 'Actions for the selected rows' });
      await expect(bar).toContainText('2 selected');
      await bar.getByRole('button', { name: 'Labels' }).click();
      await page.getByRole('menuitem', { name: 'Add labels…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add labels to 2 participants' });
      await choose(dialog, page, 'Labels', names.label);
      await closeOptions(dialog);
      await dialog.getByRole('button', { name: 'Add labels' }).click();
      // Ada has the label already: the summary says so.
      await toastSays(page, '1 participant labelled. 1 skipped: 1 had the labels already.');
      await expect(row(page, bob.lastName)).toContainText(names.label);
    });

    await test.step('the magic-links report lists the link: recipient, address, sender, not used yet', async () => {
      expect(magicLinkMail).toBeGreaterThan(0);
      await page.getByRole('link', { name: 'Magic links report' }).click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/attendees/magic-links`);
      const line = row(page, ada.email);
      await expect(line).toContainText(`${ada.firstName} ${ada.lastName}`);
      await expect(line).toContainText('Not used yet');
      await expect(line.getByRole('cell').nth(2)).not.toBeEmpty();
      await screen(page, 'magic links report');
      await line.getByRole('link').first().click();
      await expect(page.getByRole('region', { name: 'Activity' })).toContainText('Magic link sent');
    });

    await test.step('an account outside the organisation is invited, not added; the person accepts from the e-mail (issue 9)', async () => {
      const outsider = `outside.${stamp}@example.com`;
      const registered = await request.post(`${API_URL}/users/register`, {
        data: {
          email: outsider,
          password: 'Outside!2026pass',
          firstName: 'Olga',
          lastName: `Outside ${stamp}`,
          host: `localhost:${E2E_PORT}`,
        },
      });
      expect(registered.status(), await registered.text()).toBe(201);
      await page.getByRole('navigation').getByRole('link', { name: 'Attendees', exact: true }).click();
      await expect(page).toHaveURL(`${CONSOLE_URL}/attendees`);
      await page.getByRole('button', { name: 'Add participant' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add participant' });
      await dialog.getByRole('textbox', { name: 'E-mail' }).fill(outsider);
      await dialog.getByRole('button', { name: 'Continue' }).click();
      // The account is outside the organisation: it looks like a new address.
      await dialog.getByRole('textbox', { name: 'First name' }).fill('Olga');
      await dialog.getByRole('textbox', { name: 'Last name' }).fill(`Invited ${stamp}`);
      await dialog.getByRole('button', { name: 'Add participant' }).click();
      await expect(dialog.getByRole('status')).toContainText(
        `Invitation sent to ${outsider} — they will appear once they accept`,
      );
      await screen(page, 'participant invited');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toBeHidden();

      const link = linkTo(await waitForMail(outsider, { subject: /You are invited/ }), '/event/invitation');
      const invitation = await page.context().newPage();
      await invitation.goto(link.toString());
      await expect(invitation.getByRole('button', { name: 'Accept and join' })).toBeVisible();
      await screen(invitation, 'invitation page');
      await invitation.getByRole('button', { name: 'Accept and join' }).click();
      await expect(invitation.getByRole('status')).toContainText(`You joined ${DEMO_EVENT}`);
      await invitation.setViewportSize({ width: 390, height: 844 });
      await screen(invitation, 'invitation accepted 390px');
      await invitation.close();
      // Now, and only now, the person is a participant.
      await search(page, `Invited ${stamp}`);
      await expect(row(page, `Invited ${stamp}`)).toBeVisible();
    });
  } finally {
    await tearDown(request, s);
  }
});

async function showColumn(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Columns' }).click();
  const box = page.getByRole('dialog', { name: /columns/i }).getByRole('checkbox', { name });
  // A click can land while the popover is still settling: click until it took (never twice).
  await expect(async () => {
    if (!(await box.isChecked())) await box.click();
    await expect(box).toBeChecked({ timeout: 1_000 });
  }).toPass({ timeout: 10_000 });
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: new RegExp(name) })).toBeVisible();
}
