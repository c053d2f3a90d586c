import { expect, type Locator, type Page } from '@playwright/test';

export const SIGN_IN_FAILED = 'Sign-in failed';
/** Spec part 5: at least 8 characters, an uppercase and a lowercase letter, a digit and a special character. */
export const PASSWORD_RULE = /8 characters.*upper ?case.*lower ?case.*digit.*special/i;

/**
 * A password input by its exact accessible name. (getByLabel('Password') also finds Mantine's
 * 'Show or hide the password' toggle.)
 */
export function passwordField(scope: Page | Locator, name: string | RegExp): Locator {
  return scope.getByRole('textbox', { name, exact: typeof name === 'string' });
}

/** The sign-in form (console or participant): e-mail, password, 'Sign in'. */
export async function fillSignIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.getByLabel('E-mail').fill(account.email);
  await passwordField(page, 'Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Opens `${origin}/login` and signs in. */
export async function signIn(
  page: Page,
  origin: string,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto(`${origin}/login`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await fillSignIn(page, account);
}

/** A Mantine Select (combobox): open it by its label and pick the option. */
export async function choose(
  scope: Page | Locator,
  page: Page,
  label: string | RegExp,
  option: string | RegExp,
  typed?: string,
): Promise<void> {
  const input = scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first();
  await input.click();
  if (typed !== undefined) await input.fill(typed);
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

/**
 * A Select that may come prefilled (e.g. from the list's filter): waits a moment for its options to
 * show the value; picks the option only if it is not already chosen (clicking the chosen option of
 * a Mantine Select would clear it).
 */
export async function ensureChosen(scope: Locator, page: Page, label: string, option: string): Promise<void> {
  const input = scope
    .getByRole('textbox', { name: label })
    .or(scope.getByRole('combobox', { name: label }))
    .first();
  // An option may carry its parent's name too, e.g. 'Hub (Organisation)'.
  const shown = new RegExp(`^${option.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(.+\\))?$`);
  try {
    await expect(input).toHaveValue(shown, { timeout: 3_000 });
  } catch {
    await choose(scope, page, label, shown, option);
  }
  await expect(input).toHaveValue(shown);
}

/** The sign-in page is showing (URL /login and its form). */
export async function expectSignInPage(page: Page, timeout = 10_000): Promise<void> {
  await expect(page).toHaveURL(/\/login(\?|$)/, { timeout });
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
}

export function unique(prefix: string): string {
  return `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
}

/** The texts a field's aria-describedby points at (hint, error…), in order. */
export async function descriptions(field: Locator): Promise<string[]> {
  const ids = ((await field.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
  const page = field.page();
  const texts = await Promise.all(
    ids.map(async (id) =>
      (await page.locator(`[id="${id}"]`).count())
        ? ((await page.locator(`[id="${id}"]`).textContent()) ?? '')
        : '',
    ),
  );
  return texts.map((t) => t.trim()).filter(Boolean);
}

/**
 * Waits until the field has an error message tied to it (a description it did not have in
 * `before`) and answers that message.
 */
export async function fieldError(field: Locator, before: string[] = []): Promise<string> {
  let added = '';
  await expect
    .poll(
      async () => {
        added = (await descriptions(field)).filter((t) => !before.includes(t)).join(' ');
        return added;
      },
      { message: 'an error message tied to the field (aria-describedby)' },
    )
    .not.toBe('');
  return added;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A date-and-time picker field (a labelled button opening a calendar with hour and minute fields):
 * month level → year level → decade level, then year, month, day, time and 'Done', all by their
 * accessible names.
 */
export async function pickDateTime(
  page: Page,
  field: Locator,
  when: { year: number; month: number; day: number; hour: number; minute: number },
): Promise<void> {
  await field.click();
  const picker = page
    .getByRole('dialog')
    .filter({ has: page.getByRole('button', { name: /^Previous (month|year|decade)$/ }) });
  await picker.getByRole('button', { name: 'Choose another month' }).click();
  await picker.getByRole('button', { name: 'Choose another year' }).click();
  const year = picker.getByRole('button', { name: String(when.year), exact: true });
  for (let i = 0; i < 10 && !(await year.isVisible()); i++) {
    const shown = Number(/(\d{4})/.exec((await picker.textContent()) ?? '')?.[1] ?? when.year);
    await picker.getByRole('button', { name: shown < when.year ? 'Next decade' : 'Previous decade' }).click();
  }
  await year.click();
  await picker.getByRole('button', { name: MONTHS[when.month - 1]!.slice(0, 3), exact: true }).click();
  await picker
    .getByRole('button', { name: `${when.day} ${MONTHS[when.month - 1]} ${when.year}`, exact: true })
    .click();
  const two = (n: number) => String(n).padStart(2, '0');
  await picker.getByRole('spinbutton', { name: 'Hours' }).fill(two(when.hour));
  await picker.getByRole('spinbutton', { name: 'Minutes' }).fill(two(when.minute));
  await picker.getByRole('button', { name: 'Done' }).click();
  await expect(picker).toBeHidden();
}

/** The table row(s) that show `text`. */
export function row(scope: Page | Locator, text: string): Locator {
  return scope.getByRole('row').filter({ hasText: text });
}

/** A toast (status or alert) saying `text` is shown. */
export async function toastSays(page: Page, text: string | RegExp): Promise<void> {
  await expect(
    page
      .getByRole('status')
      .filter({ hasText: text })
      .or(page.getByRole('alert').filter({ hasText: text }))
      .first(),
  ).toBeVisible();
}

/** A list screen's search: types `text`, commits it with Enter and waits for it in the URL. */
export async function search(page: Page, text: string): Promise<void> {
  const box = page.getByRole('searchbox', { name: 'Search' });
  const inUrl = new RegExp(`search=${encodeURIComponent(text).replace(/%20/g, '(\\+|%20)')}`);
  // A list whose view settings arrive just then can re-render the toolbar and drop what was
  // typed a moment before (seen once under load): type again until the URL has it.
  await expect(async () => {
    await box.fill(text);
    await box.press('Enter');
    await expect(page).toHaveURL(inUrl, { timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
