import { expect, type Locator, type Page } from '@playwright/test';
import { choose, row } from './ui';

/** A custom field as the console's 'New custom field' dialog makes it. */
export interface NewField {
  name: string;
  /** The type option as the dialog shows it, e.g. 'Number'. */
  type: string;
  currency?: string;
  values?: string[];
  multiple?: boolean;
  required?: boolean;
  editableByParticipant?: boolean;
  showInProfile?: boolean;
}

/** Fills the open custom-field dialog. */
export async function fillField(page: Page, dialog: Locator, field: NewField): Promise<void> {
  await dialog.getByRole('textbox', { name: 'Name' }).fill(field.name);
  await choose(dialog, page, 'Type', field.type);
  if (field.currency) await dialog.getByRole('textbox', { name: 'Currency code' }).fill(field.currency);
  if (field.multiple) await dialog.getByRole('switch', { name: 'Multiple select' }).check();
  if (field.values) {
    await dialog.getByRole('button', { name: 'Add value' }).click();
    for (const [i, value] of field.values.entries()) {
      const input = dialog.getByRole('textbox', { name: `Value ${i + 1}`, exact: true });
      await expect(input).toBeFocused();
      await input.fill(value);
      // Enter adds the next value (and does not submit the dialog).
      if (i < field.values.length - 1) await input.press('Enter');
    }
  }
  if (field.required) await dialog.getByRole('checkbox', { name: 'Required' }).check();
  if (field.editableByParticipant)
    await dialog.getByRole('checkbox', { name: 'Participants can edit it' }).check();
  if (field.showInProfile) await dialog.getByRole('checkbox', { name: 'Show in the public profile' }).check();
}

/** On the custom-fields screen: 'Add custom field', the dialog filled, 'Create'; the new row shows. */
export async function createField(page: Page, field: NewField): Promise<void> {
  await page.getByRole('button', { name: 'Add custom field' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New custom field' });
  await fillField(page, dialog, field);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, field.name)).toBeVisible();
}
