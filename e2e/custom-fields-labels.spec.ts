import type { APIRequestContext, Page } from '@playwright/test';
import { bearer } from './support/api';
import { createField, fillField } from './support/custom-fields';
import { API_URL, CONSOLE_URL } from './support/env';
import { call, createOwnEvent, openEventInConsole } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, row } from './support/ui';

// Spec part 2 (/attendees/custom-fields, /setup/custom-fields, /attendees/labels), part 3 (the eight
// custom-field types and their settings; labels list: createdBy as a full name), part 5 (messages,
// label rule operators per field type). Runs in an event of its own (see ownEvent).

const REQUIRED = 'Required field';
const PLEASE_SELECT = 'Please select value';

const stamp = Date.now().toString(36);
const named = (name: string) => `${name} ${stamp}`;
const FIELDS = {
  notes: named('Dietary notes'),
  parking: named('Needs parking'),
  arrivalDate: named('Arrival date'),
  guests: named('Guests'),
  budget: named('Budget'),
  arrivalTime: named('Arrival time'),
  website: named('Website'),
  meal: named('Meal'),
};
/** The seeded event admin (apps/api/src/seed). */
const EVENT_ADMIN_NAME = 'Ethan Brooks';
const LABELS = { rule: named('Vegan guests'), manual: named('Speakers') };

/**
 * This journey's own event, with the demo event admin as its admin and three participants: the
 * fields it makes (one of them required) must not reach the shared demo event, where other
 * journeys import participants at the same time. `cleanUp` takes the admin's role on it away and
 * deletes it.
 */
const EVENT = named('E2E Custom fields');
const PEOPLE = {
  ada: { email: `ada.${stamp}@example.com`, firstName: 'Ada', lastName: 'Lovelace' },
  grace: { email: `grace.${stamp}@example.com`, firstName: 'Grace', lastName: 'Hopper' },
  alan: { email: `alan.${stamp}@example.com`, firstName: 'Alan', lastName: 'Turing' },
};

async function ownEvent(request: APIRequestContext) {
  const own = await createOwnEvent(request, EVENT);
  const people = {} as Record<keyof typeof PEOPLE, { id: string; lastName: string; email: string }>;
  for (const [key, person] of Object.entries(PEOPLE)) {
    people[key as keyof typeof PEOPLE] = await call(
      request,
      own.admin,
      'POST',
      `events/${own.eventId}/participants`,
      person,
    );
  }
  return { ...own, people };
}

/** The number in a field's Order cell. */
async function positionOf(page: Page, name: string): Promise<number> {
  return Number((await row(page, name).getByRole('cell').first().innerText()).trim());
}

let own: Awaited<ReturnType<typeof ownEvent>> | undefined;
test.afterAll(async ({ request }) => {
  await own?.cleanUp(request);
});

test('event admin: custom fields of the eight types, reorder and edit; rule and manual labels', async ({
  page,
  request,
}) => {
  // Eight field types, a reorder, edits and two labels: 1.1 min on a quiet CI machine; room for a busy one.
  test.setTimeout(240_000);
  own = await ownEvent(request);
  const { admin, eventId, people } = own;
  const api = `${API_URL}/events/${eventId}`;

  await test.step('signs in and opens custom fields from the navigation', async () => {
    await openEventInConsole(page, EVENT);
    const nav = page.getByRole('navigation', { name: 'Console navigation' });
    await nav.getByRole('link', { name: 'Custom fields' }).first().click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/attendees/custom-fields`);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom fields' })).toBeVisible();
    await screen(page, 'custom fields');
  });

  await test.step('the dialog says what is wrong before anything is saved', async () => {
    await page.getByRole('button', { name: 'Add custom field' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New custom field' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      new RegExp(REQUIRED),
    );
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toBeFocused();
    await expect(dialog.getByText(REQUIRED)).toHaveCount(2); // name and type
    // An ENUM without values, then with a blank and a repeated value.
    await choose(dialog, page, 'Type', 'Single or Multi Select');
    await dialog.getByRole('textbox', { name: 'Name' }).fill(FIELDS.meal);
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('alert').filter({ hasText: 'Add at least one value' })).toBeVisible();
    await screen(page, 'custom field validation');
    await dialog.getByRole('button', { name: 'Add value' }).click();
    await dialog.getByRole('textbox', { name: 'Value 1', exact: true }).fill('Vegan');
    await dialog.getByRole('textbox', { name: 'Value 1', exact: true }).press('Enter');
    await dialog.getByRole('textbox', { name: 'Value 2', exact: true }).fill('vegan');
    await dialog.getByRole('textbox', { name: 'Value 2', exact: true }).press('Enter');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Value 2', exact: true })).toHaveAccessibleDescription(
      /Each value may appear only once/,
    );
    await expect(dialog.getByRole('textbox', { name: 'Value 3', exact: true })).toHaveAccessibleDescription(
      new RegExp(REQUIRED),
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('creates one custom field of each of the eight types', async () => {
    await createField(page, { name: FIELDS.notes, type: 'Free Text' });
    await createField(page, { name: FIELDS.parking, type: 'Y/N' });
    await createField(page, { name: FIELDS.arrivalDate, type: 'Date' });
    await createField(page, { name: FIELDS.guests, type: 'Number', required: true });
    await createField(page, { name: FIELDS.budget, type: 'Currency', currency: 'EUR' });
    await createField(page, { name: FIELDS.arrivalTime, type: 'Time' });
    await createField(page, { name: FIELDS.website, type: 'Profile Link' });
    await page.getByRole('button', { name: 'Add custom field' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New custom field' });
    await fillField(page, dialog, {
      name: FIELDS.meal,
      type: 'Single or Multi Select',
      values: ['Vegan', 'Vegetarian', 'Omnivore'],
      multiple: true,
    });
    await screen(page, 'new enum field');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, FIELDS.meal)).toContainText('Vegan, Vegetarian, Omnivore');
    await expect(row(page, FIELDS.budget)).toContainText('Currency (EUR)');
    await expect(row(page, FIELDS.guests).getByRole('cell').nth(3)).toHaveText('Yes');
    await screen(page, 'custom fields of every type');
  });

  await test.step('moves a field up with the keyboard; the order is kept', async () => {
    const before = await positionOf(page, FIELDS.meal);
    const up = page.getByRole('button', { name: `Move ${FIELDS.meal} up` });
    await up.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => positionOf(page, FIELDS.meal)).toBe(before - 1);
    await expect(page.getByRole('button', { name: `Move ${FIELDS.meal} up` })).toBeFocused();
    await expect(
      page.getByRole('status').filter({ hasText: `${FIELDS.meal} moved to place ${before - 1}` }),
    ).toBeAttached();
    await page.reload();
    await expect.poll(() => positionOf(page, FIELDS.meal)).toBe(before - 1);
  });

  await test.step('the same screen under /setup/custom-fields (one navigation entry for it); edits a field', async () => {
    await expect(
      page
        .getByRole('navigation', { name: 'Console navigation' })
        .getByRole('link', { name: 'Custom fields' }),
    ).toHaveCount(1);
    await page.goto(`${CONSOLE_URL}/setup/custom-fields`);
    await expect(page.getByRole('heading', { level: 1, name: 'Custom fields' })).toBeVisible();
    await row(page, FIELDS.guests)
      .getByRole('button', { name: `Edit ${FIELDS.guests}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit custom field' });
    await expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue(FIELDS.guests);
    // The system's flags are not the admin's to tick.
    await expect(dialog.getByRole('checkbox', { name: /^(Custom field|Built in)/ })).toHaveCount(0);
    await dialog.getByRole('textbox', { name: 'Name' }).fill(`${FIELDS.guests} (adults)`);
    await dialog.getByRole('checkbox', { name: 'Show in the public profile' }).check();
    await screen(page, 'edit custom field');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, `${FIELDS.guests} (adults)`)).toBeVisible();
    FIELDS.guests = `${FIELDS.guests} (adults)`;
  });

  // Participants' values, set through the API (the attendee screens are another journey's).
  const fields = (await (await request.get(`${api}/custom-fields`, { headers: bearer(admin) })).json()) as {
    records: Array<{ id: string; name: string }>;
  };
  const mealId = fields.records.find((f) => f.name === FIELDS.meal)!.id;
  const { ada, grace, alan } = people;
  for (const [person, meal] of [
    [ada, ['Vegan']],
    [grace, ['Vegan', 'Vegetarian']],
    [alan, ['Omnivore']],
  ] as const) {
    const res = await request.patch(`${api}/participants/${person.id}`, {
      headers: bearer(admin),
      data: { customFields: { [mealId]: meal } },
    });
    expect(res.status(), await res.text()).toBe(200);
  }

  await test.step('a type change is refused while participants hold values: the API says why', async () => {
    await row(page, FIELDS.meal)
      .getByRole('button', { name: `Edit ${FIELDS.meal}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Edit custom field' });
    await choose(dialog, page, 'Type', 'Free Text');
    await dialog.getByRole('button', { name: 'Save' }).click();
    const type = dialog
      .getByRole('textbox', { name: 'Type' })
      .or(dialog.getByRole('combobox', { name: 'Type' }))
      .first();
    await expect(type).toHaveAccessibleDescription(/cannot be changed while participants have values/);
    await screen(page, 'type change refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('creates a rule label over a custom field and a profile field and sees its members', async () => {
    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Labels' })
      .click();
    await expect(page).toHaveURL(`${CONSOLE_URL}/attendees/labels`);
    await expect(page.getByRole('heading', { level: 1, name: 'Labels' })).toBeVisible();
    await screen(page, 'labels');
    await page.getByRole('button', { name: 'Add label' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New label' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(LABELS.rule);
    await dialog.getByRole('radio', { name: 'Rule' }).check();
    await expect(dialog.getByText('A participant is a member when all rules match.')).toBeVisible();
    // An incomplete rule: the spec's messages.
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText(REQUIRED).first()).toBeVisible();
    const rule1 = dialog.getByRole('group', { name: 'Rule 1' });
    await choose(rule1, page, 'Field', new RegExp(`^${FIELDS.meal}`));
    // An enum field offers INCLUDES only (spec part 5).
    const condition = rule1
      .getByRole('textbox', { name: 'Condition' })
      .or(rule1.getByRole('combobox', { name: 'Condition' }))
      .first();
    await expect(condition).toHaveValue('Includes');
    await condition.click();
    await expect(page.getByRole('option')).toHaveText(['Includes']);
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(rule1.getByText(PLEASE_SELECT)).toBeVisible();
    await choose(rule1, page, 'Value', 'Vegan');
    await page.keyboard.press('Escape');
    // A profile field: text offers equal / not equal.
    await dialog.getByRole('button', { name: 'Add rule' }).click();
    const rule2 = dialog.getByRole('group', { name: 'Rule 2' });
    await choose(rule2, page, 'Field', 'Last name');
    const condition2 = rule2
      .getByRole('textbox', { name: 'Condition' })
      .or(rule2.getByRole('combobox', { name: 'Condition' }))
      .first();
    await condition2.click();
    await expect(page.getByRole('option')).toHaveText(['Equal', 'Not equal']);
    await page.getByRole('option', { name: 'Not equal' }).click();
    await rule2.getByRole('textbox', { name: 'Value' }).fill(grace.lastName);
    await expect(
      dialog.getByRole('status').filter({ hasText: '1 participant matches these rules now.' }),
    ).toBeVisible();
    await screen(page, 'new rule label');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    const labelRow = row(page, LABELS.rule);
    await expect(labelRow).toContainText('Rule');
    await expect(labelRow).toContainText(
      `${FIELDS.meal} includes Vegan · Last name not equal ${grace.lastName}`,
    );
    // Spec part 3: createdBy is shown as a full name.
    await expect(labelRow).toContainText(EVENT_ADMIN_NAME);
    await labelRow.getByRole('button', { name: /1 member\. Show the members of/ }).click();
    const members = page.getByRole('dialog', { name: `Members of ${LABELS.rule}` });
    await expect(members.getByRole('row').filter({ hasText: ada.email })).toBeVisible();
    await expect(members.getByRole('row').filter({ hasText: grace.email })).toHaveCount(0);
    await expect(members.getByRole('link', { name: 'Open in the attendee list' })).toHaveAttribute(
      'href',
      /\/attendees\?labelId=/,
    );
    await screen(page, 'rule label members');
    await members.getByRole('button', { name: 'Close' }).click();
    await expect(members).toBeHidden();
  });

  await test.step('a field that a rule uses can not be deleted: the API says why', async () => {
    await page.goto(`${CONSOLE_URL}/attendees/custom-fields`);
    await row(page, FIELDS.meal)
      .getByRole('button', { name: `Delete ${FIELDS.meal}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete custom field' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm.getByRole('alert')).toContainText(
      `Label rules use this field. Change those labels first: ${LABELS.rule}`,
    );
    // (the dialog's corner button is 'Cancel' too)
    await confirm.getByRole('button', { name: 'Cancel' }).last().click();
    // An unused one goes, with its confirmation.
    await row(page, FIELDS.notes)
      .getByRole('button', { name: `Delete ${FIELDS.notes}` })
      .click();
    await expect(confirm).toContainText(FIELDS.notes);
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, FIELDS.notes)).toHaveCount(0);
  });

  await test.step('creates a manual label, then deletes it', async () => {
    await page.goto(`${CONSOLE_URL}/attendees/labels`);
    await page.getByRole('button', { name: 'Add label' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New label' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(LABELS.manual);
    await expect(dialog.getByRole('radio', { name: 'Manual' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog).toBeHidden();
    await expect(row(page, LABELS.manual)).toContainText('Manual');
    await screen(page, 'labels with a manual label');
    await row(page, LABELS.manual)
      .getByRole('button', { name: `Delete ${LABELS.manual}` })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Delete label' });
    await expect(confirm).toContainText(LABELS.manual);
    await screen(page, 'delete label');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(confirm).toBeHidden();
    await expect(row(page, LABELS.manual)).toHaveCount(0);
    await expect(row(page, LABELS.rule)).toBeVisible();
  });
});
