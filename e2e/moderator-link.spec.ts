import { CONSOLE_URL } from './support/env';
import { linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { toastSays } from './support/ui';

// Issue 4 item 1 / spec part 2 `/moderate/{sessionId}/{token?}`, part 6 "Moderators use magic-link
// tokens": an admin invites a moderator from the session page, the e-mail's console link signs the
// moderator in (in a browser of their own) and shows the session they moderate. Own event.

const stamp = Date.now().toString(36);
const EVENT = `E2E Moderators ${stamp}`;
const SESSION = `Moderated panel ${stamp}`;
const MODERATOR = {
  email: `mod.link.${stamp}@example.com`,
  firstName: 'Mona',
  lastName: `Moderator${stamp}`,
};

let own: OwnEvent | undefined;
test.afterAll(async ({ request }) => {
  await own?.cleanUp(request);
});

test('an invited moderator signs in with the e-mailed link and lands on the session; the link works once', async ({
  page,
  request,
  browser,
}) => {
  own = await createOwnEvent(request, EVENT);
  const session = await call<{ id: string }>(request, own.admin, 'POST', `events/${own.eventId}/sessions`, {
    name: SESSION,
    startDate: '2027-03-01',
    startTime: '10:00 AM',
    endDate: '2027-03-01',
    endTime: '11:00 AM',
    description: 'Questions from the floor',
  });

  await test.step('the admin invites a moderator from the session page', async () => {
    await openEventInConsole(page, EVENT);
    await page.goto(`${CONSOLE_URL}/agenda/sessions/${session.id}`);
    await expect(page.getByRole('heading', { level: 1, name: SESSION })).toBeVisible();
    await page.getByRole('button', { name: 'Edit session' }).click();
    const form = page.getByRole('dialog', { name: 'Edit session' });
    await form.getByRole('button', { name: 'Invite moderator' }).click();
    const invite = page.getByRole('dialog', { name: 'Invite moderator' });
    await invite.getByRole('textbox', { name: 'E-mail' }).fill(MODERATOR.email);
    await invite.getByRole('textbox', { name: 'First name' }).fill(MODERATOR.firstName);
    await invite.getByRole('textbox', { name: 'Last name' }).fill(MODERATOR.lastName);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await toastSays(page, `Invitation sent to ${MODERATOR.email}`);
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
  });

  const mail = await waitForMail(MODERATOR.email, { subject: new RegExp(SESSION) });
  const link = linkTo(mail, `/moderate/${session.id}/`);
  // Moderators work in the console: the link is on the cms host.
  expect(link.origin).toBe(CONSOLE_URL);

  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'block',
  });
  const moderator = await context.newPage();
  try {
    await test.step('the link signs the moderator in and shows the session', async () => {
      await moderator.goto(link.href);
      await expect(moderator).toHaveURL(`${CONSOLE_URL}/moderate/${session.id}`);
      await expect(moderator.getByRole('heading', { level: 1, name: 'Session moderation' })).toBeVisible();
      await expect(moderator.getByRole('heading', { level: 2, name: SESSION })).toBeVisible();
      await expect(moderator.getByText('You moderate this session')).toBeVisible();
      await expect(moderator.getByText('Questions from the floor')).toBeVisible();
      // On the event's clock (Berlin: a 24-hour day), as everywhere else in the product.
      await expect(moderator.getByText('Mon, 1 Mar 2027, 10:00 – 11:00')).toBeVisible();
      await screen(moderator, 'moderator session page');
    });

    await test.step('the same link a second time says it was used and what to do', async () => {
      await moderator.goto(link.href);
      await expect(
        moderator.getByRole('heading', { level: 1, name: 'This moderator link did not work' }),
      ).toBeVisible();
      await expect(
        moderator
          .getByRole('alert')
          .filter({ hasText: 'This link has already been used. Please request a new one.' })
          .first(),
      ).toBeVisible();
      await expect(moderator.getByRole('link', { name: 'Sign in with password' })).toBeVisible();
      await screen(moderator, 'moderator link used');
    });
  } finally {
    await context.close();
  }
});
