import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { resolve } from 'node:path';
import { APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { toastSays, unique } from './support/ui';

// Issue 13, activity feed: two participants on phones (390×844, two browser contexts) and an
// organiser in the console (1440×900). The organiser turns approval on; Amara posts (with an e-mail
// address, auto-linked): she sees it waiting, Bruno does not, until the organiser approves it in the
// queue — then it appears on Bruno's phone without a reload. Bruno likes and comments; Amara sees the
// counts live. The organiser deletes the post: it disappears from both phones within 2 s. axe on
// every screen.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };
const eventName = unique('Feed journey');
const postText = 'Slides are up! Questions to speaker@northwind.org';

interface Participant {
  id: string;
  email: string;
  firstName: string;
}

let own: OwnEvent;
let people: Participant[] = [];
const contexts: BrowserContext[] = [];

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const tag = Date.now().toString(36);
  people = [];
  for (const [firstName, lastName] of [
    ['Amara', 'Okafor'],
    ['Bruno', 'Silva'],
  ] as const)
    people.push(
      await call<Participant>(request, own.admin, 'POST', `events/${own.eventId}/participants`, {
        email: `${firstName.toLowerCase()}.feed.${tag}@example.com`,
        firstName,
        lastName,
      }),
    );
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** A phone signed in by the participant's magic link, on the activity feed. */
async function onFeed(browser: Browser, request: APIRequestContext, who: Participant): Promise<Page> {
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
  await page.goto(`${APP_URL}/event/${own.eventId}/activity-feed`);
  await expect(page.getByRole('heading', { name: 'Activity feed', level: 1 })).toBeVisible();
  return page;
}

const posts = (page: Page) => page.getByTestId('feed-post');
const postWith = (page: Page, text: string) => posts(page).filter({ hasText: text });

test('participants post, like and comment while an organiser moderates the feed', async ({
  browser,
  request,
}) => {
  const consoleContext = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  contexts.push(consoleContext);
  const organiser = await consoleContext.newPage();

  await test.step('the organiser turns approval on in the console', async () => {
    await openEventInConsole(organiser, eventName);
    await organiser
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Activity feed', exact: true })
      .click();
    await expect(organiser).toHaveURL(/\/networking\/feed/);
    await expect(organiser.getByRole('heading', { level: 1, name: 'Activity feed' })).toBeVisible();
    await expect(organiser.getByText('No posts here')).toBeVisible();
    const approval = organiser.getByRole('switch', { name: /Approve posts before they are visible/ });
    await approval.check();
    await toastSays(organiser, 'Approval is on.');
    await expect(approval).toBeChecked();
    await organiser
      .locator('label')
      .filter({ hasText: /^Queue$/ })
      .click();
    await expect(organiser).toHaveURL(/status=PENDING/);
    await screen(organiser, 'feed-console-empty-1440');
  });

  const amara = await onFeed(browser, request, people[0]!);
  const bruno = await onFeed(browser, request, people[1]!);

  await test.step('an empty feed on a phone', async () => {
    await expect(bruno.getByText('No posts yet')).toBeVisible();
    await expect(
      bruno.getByText('Posts are checked by a moderator before everyone sees them.'),
    ).toBeVisible();
    await screen(bruno, 'feed-empty-390');
  });

  await test.step('Amara posts: it waits for approval, only she sees it', async () => {
    await amara.getByRole('textbox', { name: 'Write a post' }).fill(postText);
    // One image, checked and re-encoded by the API like a profile photo.
    await amara
      .getByRole('region', { name: 'Write a post' })
      .locator('input[type="file"]')
      .setInputFiles(resolve(import.meta.dirname, '../apps/api/src/seed/avatars/01.png'));
    await expect(amara.getByRole('button', { name: 'Remove image 1' })).toBeVisible();
    await amara.getByRole('button', { name: 'Post', exact: true }).click();
    await toastSays(amara, 'Your post was sent to the moderators and appears once it is approved.');
    const mine = postWith(amara, 'Slides are up!');
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Waiting for approval')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Image 1 of the post by Amara Okafor' })).toBeVisible();
    await expect(amara.getByRole('textbox', { name: 'Write a post' })).toHaveValue('');
    await screen(amara, 'feed-pending-390');
    // The queue hears of it live.
    await expect(organiser.getByRole('row').filter({ hasText: 'Slides are up!' })).toBeVisible();
    await expect(postWith(bruno, 'Slides are up!')).toHaveCount(0);
  });

  await test.step('the organiser approves it: Bruno sees it without a reload, the address is a link', async () => {
    await screen(organiser, 'feed-console-queue-1440');
    const row = organiser.getByRole('row').filter({ hasText: 'Slides are up!' });
    await row.getByRole('button', { name: 'Actions for the post by Amara Okafor' }).click();
    await organiser.getByRole('menuitem', { name: 'Approve' }).click();
    await toastSays(organiser, 'Post approved');
    const seen = postWith(bruno, 'Slides are up!');
    await expect(seen).toBeVisible();
    await expect(seen.getByRole('link', { name: 'speaker@northwind.org' })).toHaveAttribute(
      'href',
      'mailto:speaker@northwind.org',
    );
    await expect(seen.getByRole('img', { name: 'Image 1 of the post by Amara Okafor' })).toBeVisible();
    await expect(postWith(amara, 'Slides are up!').getByText('Waiting for approval')).toHaveCount(0);
    await screen(bruno, 'feed-approved-390');
  });

  await test.step('Bruno likes and comments; Amara sees the counts live', async () => {
    const seen = postWith(bruno, 'Slides are up!');
    await seen.getByRole('button', { name: '0 likes' }).click();
    await expect(seen.getByRole('button', { name: '1 like' })).toHaveAttribute('aria-pressed', 'true');
    await expect(postWith(amara, 'Slides are up!').getByText('1 like')).toBeVisible();
    await seen.getByTestId('feed-comments-link').click();
    await expect(bruno).toHaveURL(/\/activity-feed\/[0-9a-f-]+$/);
    await expect(bruno.getByRole('heading', { level: 1, name: 'Post by Amara Okafor' })).toBeVisible();
    await expect(bruno.getByText('No comments yet.')).toBeVisible();
    await bruno.getByRole('textbox', { name: 'Write a comment' }).fill('Thanks, very useful!');
    await bruno.getByRole('button', { name: 'Comment', exact: true }).click();
    await expect(bruno.getByTestId('feed-comments').getByText('Thanks, very useful!')).toBeVisible();
    await expect(postWith(amara, 'Slides are up!').getByText('1 comment')).toBeVisible();
    await screen(bruno, 'feed-post-390');
    // He takes it back: the count follows on Amara's phone.
    await bruno.getByRole('button', { name: 'Delete your comment “Thanks, very useful!”' }).click();
    await bruno.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toastSays(bruno, 'Comment deleted');
    await expect(bruno.getByText('No comments yet.')).toBeVisible();
    await expect(postWith(amara, 'Slides are up!').getByText('0 comments')).toBeVisible();
  });

  await test.step('the organiser deletes it: it disappears from both phones within 2 s', async () => {
    await organiser
      .locator('label')
      .filter({ hasText: /^All posts$/ })
      .click();
    const row = organiser.getByRole('row').filter({ hasText: 'Slides are up!' });
    await expect(row).toBeVisible();
    await screen(organiser, 'feed-console-all-1440');
    await row.getByRole('button', { name: 'Actions for the post by Amara Okafor' }).click();
    await organiser.getByRole('menuitem', { name: 'Delete' }).click();
    await organiser.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await toastSays(organiser, 'Post deleted');
    await expect(postWith(amara, 'Slides are up!')).toHaveCount(0, { timeout: 2000 });
    await expect(bruno.getByText('This post is no longer available.')).toBeVisible({ timeout: 2000 });
    await screen(bruno, 'feed-post-gone-390');
  });
});
