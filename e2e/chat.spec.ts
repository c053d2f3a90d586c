import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { toastSays, unique } from './support/ui';

// Issue 13, chat: two participants on phones (390×844, two browser contexts). Amara starts a 1:1
// with Bruno from "New message"; her message shows as sending, then sent, and appears on Bruno's
// phone without a reload (his conversation list's unread badge too); he answers live; a bare
// e-mail address and a web address are links. Bruno reports a message; the organiser (console,
// 1440×900) sees it in Chat moderation and hides it, and Bruno's phone shows it hidden at once.
// axe on every screen.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

interface Participant {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
}

const eventName = unique('Chat journey');
let own: OwnEvent;
let amara: Participant;
let bruno: Participant;
let sessionId = '';
const contexts: BrowserContext[] = [];

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const tag = Date.now().toString(36);
  const make = (firstName: string, lastName: string) =>
    call<Participant>(request, own.admin, 'POST', `events/${own.eventId}/participants`, {
      email: `${firstName.toLowerCase()}.${tag}@example.com`,
      firstName,
      lastName,
    });
  amara = await make('Amara', 'Okafor');
  bruno = await make('Bruno', 'Silva');
  sessionId = (
    await call<{ id: string }>(request, own.admin, 'POST', `events/${own.eventId}/sessions`, {
      name: 'Networking breakfast',
      startDate: '2027-03-01',
      startTime: '09:00 AM',
      endDate: '2027-03-01',
      endTime: '10:00 AM',
      status: 'PUBLISHED',
    })
  ).id;
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** A phone signed in by the participant's magic link. */
async function phone(browser: Browser, request: APIRequestContext, who: Participant): Promise<Page> {
  const before = (await allMail()).map((m) => m.id);
  await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
    participantIds: [who.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(who.email, { subject: new RegExp(eventName), exclude: before });
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(linkTo(mail, '/event/login').href);
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
  return page;
}

const chatPath = `/event/{eventId}/chat`;
const path = (rest = '') => `${APP_URL}${chatPath.replace('{eventId}', own.eventId)}${rest}`;

test('two participants chat live; a reported message is hidden by the organiser', async ({
  browser,
  request,
}) => {
  const a = await phone(browser, request, amara);
  const b = await phone(browser, request, bruno);

  await test.step('both open the chat: nothing yet', async () => {
    for (const p of [a, b]) {
      await p.goto(path());
      await expect(p.getByRole('heading', { level: 1, name: 'Chat' })).toBeVisible();
      await expect(p.getByText('No conversations yet')).toBeVisible();
    }
    await screen(a, 'chat list empty 390');
  });

  await test.step('Amara starts a 1:1 with Bruno', async () => {
    await a.getByRole('button', { name: 'New message' }).click();
    const dialog = a.getByRole('dialog', { name: 'New message' });
    await dialog.getByLabel('Search people').fill('Bruno');
    await screen(a, 'chat pick person 390');
    await dialog.getByRole('button', { name: 'Message Bruno Silva' }).click();
    await expect(a).toHaveURL(new RegExp(`/event/${own.eventId}/chat/[0-9a-f-]{36}$`));
    await expect(a.getByRole('heading', { level: 1, name: 'Bruno Silva' })).toBeVisible();
    await expect(a.getByText('No messages yet')).toBeVisible();
    await screen(a, 'chat conversation empty 390');
  });

  const conversationUrl = a.url();

  await test.step('Bruno sees the conversation appear with an unread badge, without a reload', async () => {
    await a
      .getByLabel('Message', { exact: true })
      .fill('Hi Bruno! Mail me at amara@example.com or see example.org/agenda');
    await a.getByRole('button', { name: 'Send' }).click();
    const log = a.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Sent')).toBeVisible();
    await expect(log.getByRole('link', { name: 'amara@example.com' })).toHaveAttribute(
      'href',
      'mailto:amara@example.com',
    );
    await expect(log.getByRole('link', { name: 'example.org/agenda' })).toHaveAttribute(
      'href',
      'https://example.org/agenda',
    );
    await screen(a, 'chat conversation sent 390');
    const card = b.getByRole('link', { name: 'Amara Okafor, 1 unread' });
    await expect(card).toBeVisible();
    await screen(b, 'chat list unread 390');
    await card.click();
    await expect(b).toHaveURL(conversationUrl);
    await expect(b.getByRole('log', { name: 'Messages' }).getByText(/Hi Bruno!/)).toBeVisible();
  });

  await test.step('they talk live in both directions', async () => {
    await b.getByLabel('Message', { exact: true }).fill('Hello Amara, coffee at 15:30?');
    await b.getByLabel('Message', { exact: true }).press('Enter');
    await expect(
      a.getByRole('log', { name: 'Messages' }).getByText('Hello Amara, coffee at 15:30?'),
    ).toBeVisible();
    await a.getByLabel('Message', { exact: true }).fill('Deal. <b>See you</b> there!');
    await a.getByRole('button', { name: 'Send' }).click();
    // HTML is removed on the server: both see plain text.
    await expect(b.getByRole('log', { name: 'Messages' }).getByText('Deal. See you there!')).toBeVisible();
    await expect(a.getByRole('log', { name: 'Messages' }).getByText('Deal. See you there!')).toBeVisible();
    await screen(b, 'chat conversation live 390');
  });

  await test.step('Bruno reports a message', async () => {
    await b.getByRole('button', { name: 'Report message from Amara Okafor' }).last().click();
    const dialog = b.getByRole('dialog', { name: 'Report this message' });
    await dialog.getByLabel('Reason').fill('Not what I expected');
    await screen(b, 'chat report dialog 390');
    await dialog.getByRole('button', { name: 'Report' }).click();
    await toastSays(b, 'Thank you. The organisers will review it.');
  });

  await test.step('the organiser reviews it in the console and hides it', async () => {
    const consoleContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
    contexts.push(consoleContext);
    const organiser = await consoleContext.newPage();
    await openEventInConsole(organiser, eventName);
    await organiser
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Chat', exact: true })
      .click();
    await expect(organiser).toHaveURL(/\/networking\/chat/);
    await expect(organiser.getByRole('heading', { level: 1, name: 'Chat moderation' })).toBeVisible();
    const row = organiser.getByRole('row', { name: /Not what I expected/ });
    await expect(row).toBeVisible();
    await expect(row.getByText('Deal. See you there!')).toBeVisible();
    await expect(row.getByText('Open')).toBeVisible();
    await screen(organiser, 'chat moderation reports 1440');
    await row.getByRole('button', { name: /^Actions for the report of/ }).click();
    await organiser.getByRole('menuitem', { name: 'Hide message' }).click();
    await toastSays(organiser, 'Message hidden.');
    await expect(row.getByText('Hidden')).toBeVisible();
    // Bruno's phone shows it hidden without a reload.
    await expect(
      b.getByRole('log', { name: 'Messages' }).getByText('This message was hidden by the organiser.'),
    ).toBeVisible();
    await screen(b, 'chat conversation hidden 390');

    await organiser.getByRole('tab', { name: 'Blacklisted users' }).click();
    await expect(organiser.getByText('Nobody is blacklisted')).toBeVisible();
    await screen(organiser, 'chat moderation blacklist 1440');
    await organiser.getByRole('tab', { name: 'Settings' }).click();
    await expect(organiser.getByRole('switch', { name: /Chat active/ })).toBeChecked();
    await screen(organiser, 'chat moderation settings 1440');
    await organiser.setViewportSize(PHONE);
    await organiser.getByRole('tab', { name: 'Reported messages' }).click();
    await expect(organiser.getByRole('row', { name: /Not what I expected/ })).toBeVisible();
    await screen(organiser, 'chat moderation reports 390');
  });

  await test.step('with session chats on, a session page opens its chat', async () => {
    await call(request, own.admin, 'PATCH', `events/${own.eventId}/chat/settings`, { sessionChats: true });
    await a.goto(`${APP_URL}/event/${own.eventId}/agenda/${sessionId}`);
    await a.getByRole('button', { name: 'Session chat' }).click();
    await expect(a.getByRole('heading', { level: 1, name: 'Networking breakfast' })).toBeVisible();
    await expect(a.getByText('Session chat · 1 member')).toBeVisible();
    await a.getByLabel('Message', { exact: true }).fill('Who is here for the breakfast?');
    await a.getByRole('button', { name: 'Send' }).click();
    await expect(a.getByRole('log', { name: 'Messages' }).getByText('Sent')).toBeVisible();
    await screen(a, 'chat session 390');
  });
});
