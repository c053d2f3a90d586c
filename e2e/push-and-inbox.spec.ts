import type { BrowserContext, Page } from '@playwright/test';
import { APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { unique } from './support/ui';

// Issue 14, push and inbox: a participant on a phone (390×844, notifications allowed) opens the
// inbox (empty state), turns on notifications with a click (the browser's PushManager is replaced
// by a stand-in: chromium here cannot reach a real push service), the subscription reaches the API,
// and an automatic reminder for a session in their My Agenda arrives in the inbox and the header
// badge without a reload (the real reminders job, within its 30 s tick). The service worker's push
// handler is proven by delivering a push message to it through CDP (ServiceWorker.deliverPushMessage):
// it shows the notification with the message's title, body and url. axe on every screen.

const PHONE = { width: 390, height: 844 };
const eventName = unique('Push inbox journey');
const sessionName = 'Closing keynote';

interface Participant {
  id: string;
  email: string;
}

let own: OwnEvent;
let amara: Participant;
const contexts: BrowserContext[] = [];

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const now = Date.now();
  // The event runs today, so a session can start in a few minutes.
  await call(request, own.admin, 'PATCH', `events/${own.eventId}`, {
    startAt: new Date(now - 24 * 3600_000).toISOString(),
    endAt: new Date(now + 24 * 3600_000).toISOString(),
  });
  amara = await call<Participant>(request, own.admin, 'POST', `events/${own.eventId}/participants`, {
    email: `amara.push.${Date.now().toString(36)}@example.com`,
    firstName: 'Amara',
    lastName: 'Okafor',
  });
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** Date and 12-hour time of `at` in Europe/Berlin, as the session form takes them. */
function berlin(at: Date): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute} ${parts.dayPeriod}`,
  };
}

test('a participant turns on notifications and a reminder arrives live; the service worker shows a push', async ({
  browser,
  request,
}) => {
  const before = (await allMail()).map((m) => m.id);
  await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
    participantIds: [amara.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(amara.email, { subject: new RegExp(eventName), exclude: before });
  const context = await browser.newContext({
    viewport: PHONE,
    locale: 'en-US',
    hasTouch: true,
    serviceWorkers: 'allow',
    permissions: ['notifications'],
  });
  contexts.push(context);
  // A stand-in PushManager: subscribe() answers a subscription as a browser would (no push service here).
  // It lives in localStorage so it survives page loads, like a browser's subscription.
  await context.addInitScript(() => {
    const KEY = 'e2e.fakePushSubscription';
    const proto = (globalThis as { PushManager?: { prototype: PushManager } }).PushManager?.prototype;
    if (!proto) return;
    const wrap = (json: PushSubscriptionJSON) =>
      ({
        endpoint: json.endpoint,
        toJSON: () => json,
        unsubscribe: async () => {
          localStorage.removeItem(KEY);
          return true;
        },
      }) as unknown as PushSubscription;
    proto.getSubscription = async () => {
      const stored = localStorage.getItem(KEY);
      return stored ? wrap(JSON.parse(stored) as PushSubscriptionJSON) : null;
    };
    proto.subscribe = async () => {
      const json = {
        endpoint: 'https://push.invalid/e2e/' + Math.random().toString(36).slice(2),
        keys: {
          p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
          auth: 'tBHItJI5svbpez7KI4CCXg',
        },
      };
      localStorage.setItem(KEY, JSON.stringify(json));
      return wrap(json);
    };
  });
  const page: Page = await context.newPage();
  await page.goto(linkTo(mail, '/event/login').href);
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);

  await test.step('the inbox is empty and explains notifications', async () => {
    await page.getByTestId('inbox-bell').click();
    await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/inbox`);
    await expect(page.getByRole('heading', { name: 'Inbox', level: 1 })).toBeVisible();
    await expect(page.getByText('Nothing here yet')).toBeVisible();
    await expect(page.getByText(/even when the app is closed/)).toBeVisible();
    await screen(page, 'inbox empty');
  });

  await test.step('turning on notifications registers this device', async () => {
    await page.getByRole('button', { name: 'Turn on notifications' }).click();
    // On a first visit the service worker is still fetching the whole app for offline use (over
    // 20 s beside two other journeys here); the click waits for it, as on a slow phone.
    await expect(page.getByText('Notifications are on for this device.')).toBeVisible({ timeout: 90_000 });
    await screen(page, 'notifications on');
  });

  await test.step('a reminder for a bookmarked session arrives in the inbox and the badge, live', async () => {
    const start = berlin(new Date(Date.now() + 6 * 60_000));
    const end = berlin(new Date(Date.now() + 66 * 60_000));
    const session = await call<{ id: string }>(request, own.admin, 'POST', `events/${own.eventId}/sessions`, {
      name: sessionName,
      type: 'KEYNOTE',
      startDate: start.date,
      startTime: start.time,
      endDate: end.date,
      endTime: end.time,
    });
    // Amara stars the session from its page (My Agenda).
    await page.goto(`${APP_URL}/event/${own.eventId}/agenda/${session.id}`);
    await expect(page.getByRole('heading', { name: sessionName, level: 1 })).toBeVisible();
    await page
      .getByRole('button', { name: `Bookmark ${sessionName}` })
      .first()
      .click();
    // Live: the header badge on the session's page changes without a reload (realtime inbox.changed).
    await expect(page.getByTestId('inbox-bell')).toHaveAccessibleName('Inbox, 1 unread message', {
      timeout: 75_000,
    });
    await page.getByTestId('inbox-bell').click();
    await expect(page.getByTestId('inbox-list').getByText(sessionName)).toBeVisible();
    await expect(page.getByTestId('inbox-unread')).toHaveText('1 unread message');
    await expect(page.getByTestId('inbox-bell')).toHaveAccessibleName('Inbox, 1 unread message');
    await expect(page.getByText('Notifications are on for this device.')).toBeVisible();
    await screen(page, 'inbox with a reminder');
  });

  await test.step('reading it clears the badge', async () => {
    await page.getByRole('button', { name: `Unread: ${sessionName}` }).click();
    await expect(page).toHaveURL(new RegExp(`/event/${own.eventId}/agenda/`));
    await expect(page.getByTestId('inbox-bell')).toHaveAccessibleName('Inbox');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('inbox-bell').click();
    await expect(page.getByTestId('inbox-unread')).toHaveText('Everything read');
    await screen(page, 'inbox read desktop');
    await page.setViewportSize(PHONE);
  });

  await test.step('the service worker shows a delivered push as a notification', async () => {
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    const cdp = await context.newCDPSession(page);
    const registrationId = await new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const reg = e.registrations.find((r) => !r.isDeleted);
        if (reg) resolve(reg.registrationId);
      });
      void cdp.send('ServiceWorker.enable');
    });
    const message = {
      title: 'Doors open',
      body: 'Welcome to the closing day',
      url: `/event/${own.eventId}/inbox`,
      tag: 'e2e',
    };
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(APP_URL).origin,
      registrationId,
      data: JSON.stringify(message),
    });
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready;
            return (await reg.getNotifications()).map((n) => ({
              title: n.title,
              body: n.body,
              url: (n.data as { url?: string } | null)?.url,
            }));
          }),
        { timeout: 15_000 },
      )
      .toContainEqual({ title: message.title, body: message.body, url: message.url });
  });
});
