import type { BrowserContext, Page } from '@playwright/test';
import { APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, row, toastSays, unique } from './support/ui';

// Issue 14, communications: an organiser (console, 1440×900) writes a push + e-mail communication
// to a label and schedules it for the next whole minute at least 40 s ahead in the event's zone
// (Europe/Berlin); a participant with that label (phone, 390×844, notifications allowed) sees it
// arrive in the inbox without a reload; the e-mail arrives at the SMTP sink; the campaign shows SENT
// with its delivery figures; the e-mail log lists it with its rendered message. axe on every screen.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const eventName = unique('Communications journey');
const labelName = 'Speakers';
const subject = 'Doors open at nine';

interface Participant {
  id: string;
  email: string;
  firstName: string;
}

let own: OwnEvent;
let amara: Participant;
let bruno: Participant;
const contexts: BrowserContext[] = [];

test.describe.configure({ timeout: 420_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const ev = `events/${own.eventId}`;
  const tag = Date.now().toString(36);
  const label = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/labels`, { name: labelName });
  amara = await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
    email: `amara.comms.${tag}@example.com`,
    firstName: 'Amara',
    lastName: 'Okafor',
    labelIds: [label.id],
  });
  bruno = await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
    email: `bruno.comms.${tag}@example.com`,
    firstName: 'Bruno',
    lastName: 'Silva',
  });
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** Wall-clock date and time ('YYYY-MM-DD', 'HH:mm') in Berlin of an instant. */
function berlin(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

test('an organiser schedules a push + e-mail to a label; the participant gets both', async ({
  browser,
  request,
}) => {
  let phone: Page;
  await test.step('Amara signs in on her phone (notifications allowed): an empty inbox', async () => {
    const before = (await allMail()).map((m) => m.id);
    await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
      participantIds: [amara.id],
      host: `localhost:${E2E_PORT}`,
    });
    const mail = await waitForMail(amara.email, { subject: new RegExp(eventName), exclude: before });
    const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true });
    await context.grantPermissions(['notifications'], { origin: APP_URL });
    contexts.push(context);
    phone = await context.newPage();
    await phone.goto(linkTo(mail, '/event/login').href);
    await expect(phone).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
    await phone.goto(`${APP_URL}/event/${own.eventId}/inbox`);
    await expect(phone.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await expect(phone.getByText('Nothing here yet')).toBeVisible();
    await screen(phone, 'inbox-empty-390');
  });

  const consoleContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  contexts.push(consoleContext);
  const organiser = await consoleContext.newPage();

  await test.step('the organiser opens Communications: empty', async () => {
    await openEventInConsole(organiser, eventName);
    await organiser
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Communications', exact: true })
      .click();
    await expect(organiser).toHaveURL(/\/communication$/);
    await expect(organiser.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
    await expect(organiser.getByText('No communications yet')).toBeVisible();
    await screen(organiser, 'communications-empty-1440');
  });

  await test.step('writes a push + e-mail to the label, due within two minutes in the event zone', async () => {
    await organiser.getByRole('button', { name: 'New communication' }).first().click();
    const dialog = organiser.getByRole('dialog', { name: 'New communication' });
    await expect(dialog.getByRole('checkbox', { name: 'Push notification' })).toBeChecked();
    await expect(dialog.getByRole('checkbox', { name: 'E-mail' })).toBeChecked();
    await dialog.getByRole('textbox', { name: /Subject/ }).fill(subject);
    // An unknown placeholder is refused inline.
    await dialog.getByRole('textbox', { name: /Message/ }).fill('Hello {firstname}');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByText('Unknown placeholder {firstname}')).toBeVisible();
    await dialog
      .getByRole('textbox', { name: /Message/ })
      .fill('Hello {firstName}, doors of {eventName} open at nine.');
    await dialog.getByRole('radio', { name: 'Participants with labels' }).check();
    await choose(dialog, organiser, 'Labels', new RegExp(`^${labelName}`));
    await organiser.keyboard.press('Escape');
    await expect(dialog.getByText('1 recipient now')).toBeVisible();
    await dialog.getByRole('radio', { name: 'Date and time' }).check();
    // The form takes whole minutes: the first one that leaves 40 s to save, preview and schedule
    // (the API refuses a time in the past). Set now, not when the step starts, so the journey waits
    // 40–100 s for it to go out instead of 2–3 minutes.
    const when = berlin(new Date(Math.ceil((Date.now() + 40_000) / 60_000) * 60_000));
    await dialog.locator('input[type="date"]').fill(when.date);
    await dialog.locator('input[type="time"]').fill(when.time);
    await expect(dialog.getByText('In the event’s time zone (Europe/Berlin)')).toBeVisible();
    await screen(organiser, 'communication-editor-1440');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await toastSays(organiser, 'Communication saved');
    await expect(organiser).toHaveURL(/\/communication\/[0-9a-f-]{36}$/);
    await expect(organiser.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(organiser.getByTestId('campaign-status')).toHaveText('Draft');
  });

  await test.step('previews it, then schedules it', async () => {
    await organiser.getByRole('button', { name: 'Preview' }).click();
    await expect(organiser.getByText('As Amara Okafor will see it')).toBeVisible();
    await expect(organiser.getByText(/Hello Amara, doors of/)).toBeVisible();
    await screen(organiser, 'communication-draft-1440');
    await organiser.getByRole('button', { name: 'Schedule', exact: true }).click();
    await toastSays(organiser, 'Done');
    await expect(organiser.getByTestId('campaign-status')).toHaveText('Scheduled');
  });

  await test.step('Amara sees it in her inbox without a reload once it is due', async () => {
    await expect(phone.getByText(subject)).toBeVisible({ timeout: 240_000 });
    await expect(phone.getByText(/Hello Amara/)).toBeVisible();
    await screen(phone, 'inbox-item-390');
  });

  await test.step('the e-mail arrives at the SMTP sink, Bruno gets nothing', async () => {
    const mail = await waitForMail(amara.email, { subject: new RegExp(subject), timeout: 60_000 });
    expect(mail.text).toContain('Hello Amara');
    expect((await allMail()).some((m) => m.to.includes(bruno.email) && m.subject.includes(subject))).toBe(
      false,
    );
  });

  await test.step('the campaign shows SENT with its delivery figures', async () => {
    await expect(organiser.getByTestId('campaign-status')).toHaveText('Sent', { timeout: 60_000 });
    const figures = organiser.getByTestId('delivery-figures');
    await expect(row(figures, 'E-mail')).toContainText('1');
    // The recipients list: one row per channel, with the subject as sent.
    await expect(row(organiser, amara.email).first()).toBeVisible();
    await screen(organiser, 'communication-sent-1440');
  });

  await test.step('the list shows it SENT; the e-mail log has the rendered message', async () => {
    await organiser.getByRole('link', { name: 'Communications' }).first().click();
    // The campaign's recipients table (rows with the subject too) must be gone first: the address
    // changes at once, the campaign's screen stays until the list's has loaded.
    await expect(organiser).toHaveURL(/\/communication$/);
    await expect(organiser.getByRole('heading', { level: 1, name: 'Communications' })).toBeVisible();
    await expect(row(organiser, subject)).toContainText('Sent');
    await screen(organiser, 'communications-list-1440');
    await organiser
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'E-mails', exact: true })
      .click();
    await expect(organiser.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
    const logged = row(organiser, subject);
    await expect(logged).toContainText('Communication');
    await logged.getByRole('button', { name: new RegExp(`View the e-mail to ${amara.email}`) }).click();
    const drawer = organiser.getByRole('dialog', { name: subject });
    await expect(drawer.locator('iframe[sandbox=""]')).toBeVisible();
    await drawer.getByRole('tab', { name: 'Plain text' }).click();
    await expect(drawer.getByText(/Hello Amara/)).toBeVisible();
    await screen(organiser, 'emails-detail-1440');
  });

  await test.step('the e-mail log on a phone-sized console', async () => {
    await organiser.keyboard.press('Escape');
    await organiser.setViewportSize(PHONE);
    await screen(organiser, 'emails-390');
  });
});
