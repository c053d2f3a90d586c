import type { APIRequestContext, Browser, BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { apiSignIn, type Session } from './support/api';
import { CONSOLE_URL, DEMO } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { fillSignIn, toastSays, unique } from './support/ui';

// Issue 12 items 4 and 5, the moderation side: a moderated Q&A with an OPEN instance on a session of
// the journey's own event. A participant asks (over the API); the session's moderator (signed in by
// the invitation link) sees the questions arrive in the queue without a reload, approves one and
// rejects the other, replies and highlights. The front-of-room screen `/qa/{toolId}/{instanceId}` (an
// admin's browser at 1920×1080) follows without a reload: the approved question big and highlighted,
// the rejected one never. The speaker view shows it too; the results screen of a poll shows its bars
// and a word-cloud poll its cloud; the admin reads the decisions log. The demo moderator's password
// sign-in lands on /moderation.

const PROJECTOR = { width: 1920, height: 1080 };
const DESKTOP = { width: 1440, height: 900 };

const eventName = unique('Moderation journey');
const sessionName = 'Town hall';
const qaName = 'Questions for the panel';
const pollName = 'Favourite season';
const cloudName = 'One word for today';
const approved = 'How will the new venue be reached by public transport?';
const rejected = 'Buy cheap watches at my shop!';
const edited = 'Is there a vegetarian lunch option?';
const replyText = 'Shuttle buses run every ten minutes from the central station.';

let own: OwnEvent;
let participant: Session;
const ids = {
  session: '',
  qa: '',
  qaInstance: '',
  poll: '',
  pollInstance: '',
  cloud: '',
  cloudInstance: '',
  quiz: '',
  quizInstance: '',
};
const quizName = 'Capital cities';
const moderatorEmail = `moderator.${Date.now().toString(36)}@example.com`;
const contexts: BrowserContext[] = [];

interface LiveTool {
  instanceId: string;
  questions: Array<{ id: string; options: Array<{ id: string; label: string }> }>;
}

test.describe.configure({ timeout: 300_000 });

async function tool(request: APIRequestContext, body: Record<string, unknown>): Promise<[string, string]> {
  const ev = `events/${own.eventId}`;
  const id = (await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, body)).id;
  const instance = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools/${id}/instances`, {
      sessionId: ids.session,
      status: 'OPEN',
    })
  ).id;
  return [id, instance];
}

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const ev = `events/${own.eventId}`;
  ids.session = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/sessions`, {
      name: sessionName,
      type: 'PANEL',
      startDate: '2027-03-01',
      startTime: '09:00 AM',
      endDate: '2027-03-01',
      endTime: '10:00 AM',
      description: 'Ask the organisers anything',
    })
  ).id;
  [ids.qa, ids.qaInstance] = await tool(request, {
    type: 'QA',
    name: qaName,
    sessionIds: [ids.session],
    settings: { moderated: true },
  });
  [ids.poll, ids.pollInstance] = await tool(request, {
    type: 'POLL',
    name: pollName,
    sessionIds: [ids.session],
    questions: [
      {
        type: 'RADIOBOX',
        text: 'Which season do you like best?',
        options: [{ label: 'Spring' }, { label: 'Summer' }, { label: 'Autumn' }, { label: 'Winter' }],
      },
    ],
  });
  [ids.cloud, ids.cloudInstance] = await tool(request, {
    type: 'POLL',
    name: cloudName,
    sessionIds: [ids.session],
    settings: { wordCloud: true },
    questions: [{ type: 'TEXT_FIELD', text: 'Describe today in one word', required: true }],
  });
  [ids.quiz, ids.quizInstance] = await tool(request, {
    type: 'QUIZ',
    name: quizName,
    sessionIds: [ids.session],
    questions: [
      {
        type: 'RADIOBOX',
        text: 'What is the capital of Canada?',
        options: [{ label: 'Ottawa' }, { label: 'Toronto' }, { label: 'Vancouver' }],
        correctOptionIndexes: [0],
        points: 1000,
        timeLimitSec: 60,
      },
    ],
  });
  // The demo participant takes part in this event too (a participant row of the same user).
  await call(request, own.admin, 'POST', `${ev}/participants`, {
    email: DEMO.participant.email,
    firstName: 'Amara',
    lastName: 'Okafor',
  });
  participant = await apiSignIn(request, DEMO.participant);
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

async function newPage(browser: Browser, viewport: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    timezoneId: 'Europe/Berlin',
    serviceWorkers: 'block',
  });
  contexts.push(context);
  return context.newPage();
}

const ask = (request: APIRequestContext, text: string) =>
  call<{ id: string }>(
    request,
    participant,
    'POST',
    `events/${own.eventId}/engagement/instances/${ids.qaInstance}/questions`,
    { text },
  );

/** The moderator's card of a question in the queue. */
const card = (page: Page, text: string) => page.getByRole('listitem', { name: text });

test('a moderator moderates a live Q&A and the front-of-room screens follow without reloading', async ({
  browser,
  request,
}) => {
  const moderator = await newPage(browser, DESKTOP);
  const projector = await newPage(browser, PROJECTOR);
  // The projector's realtime socket passes through here, so a step can cut it and keep it down.
  const sockets: WebSocketRoute[] = [];
  let socketDown = false;
  await projector.context().routeWebSocket(/\/realtime\//, (ws) => {
    if (socketDown) return void ws.close();
    ws.connectToServer();
    sockets.push(ws);
  });

  await test.step('the invited moderator signs in by the link and sees the session and its tools', async () => {
    const before = (await allMail()).map((m) => m.id);
    await call(request, own.admin, 'POST', `events/${own.eventId}/sessions/${ids.session}/invite-moderator`, {
      email: moderatorEmail,
      firstName: 'Mila',
      lastName: 'Journey',
    });
    const mail = await waitForMail(moderatorEmail, { exclude: before });
    await moderator.goto(linkTo(mail, `/moderate/${ids.session}/`).href);
    await expect(moderator).toHaveURL(`${CONSOLE_URL}/moderate/${ids.session}`);
    await expect(moderator.getByRole('heading', { level: 1, name: 'Session moderation' })).toBeVisible();
    await expect(moderator.getByRole('heading', { level: 2, name: sessionName })).toBeVisible();
    await expect(moderator.getByRole('heading', { name: `Questions: ${qaName}` })).toBeVisible();
    await expect(moderator.getByText('No questions wait for you.')).toBeVisible();
    await screen(moderator, 'session moderation empty');
  });

  await test.step('the front-of-room screen opens at 1920×1080 with no questions yet', async () => {
    await projector.goto(`${CONSOLE_URL}/login`);
    await fillSignIn(projector, DEMO.eventAdmin);
    await expect(projector).not.toHaveURL(/\/login$/);
    await projector.goto(`${CONSOLE_URL}/qa/${ids.qa}/${ids.qaInstance}`);
    await expect(projector.getByRole('heading', { level: 1, name: qaName })).toBeVisible();
    await expect(projector.getByText('No questions yet. Be the first to ask!')).toBeVisible();
  });

  await test.step('questions asked reach the queue without a reload, and never the screen while pending', async () => {
    await ask(request, approved);
    await ask(request, rejected);
    await ask(request, 'Is there a veggie lunch?');
    await expect(card(moderator, approved)).toBeVisible({ timeout: 10_000 });
    await expect(card(moderator, rejected)).toBeVisible();
    await expect(moderator.getByRole('tab', { name: /Pending/ })).toContainText('3');
    await expect(projector.getByText(approved)).toHaveCount(0);
    await screen(moderator, 'queue with pending questions');
  });

  await test.step('approve, reject, and edit-then-approve', async () => {
    await card(moderator, approved).getByRole('button', { name: 'Approve', exact: true }).click();
    await toastSays(moderator, 'Approved');
    await expect(card(moderator, approved)).toHaveCount(0);
    await card(moderator, rejected).getByRole('button', { name: 'Reject', exact: true }).click();
    await toastSays(moderator, 'Rejected');
    await card(moderator, 'Is there a veggie lunch?')
      .getByRole('button', { name: 'Edit and approve' })
      .click();
    const dialog = moderator.getByRole('dialog', { name: 'Edit and approve' });
    await dialog.getByRole('textbox', { name: 'Question' }).fill(edited);
    await screen(moderator, 'edit and approve');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await expect(dialog).toBeHidden();
    await expect(moderator.getByText('No questions wait for you.')).toBeVisible();
  });

  await test.step('the screen shows the approved questions live, the rejected one never', async () => {
    await expect(projector.getByText(approved)).toBeVisible({ timeout: 10_000 });
    await expect(projector.getByText(edited)).toBeVisible();
    await expect(projector.getByText(rejected)).toHaveCount(0);
  });

  await test.step('reply to and highlight a question, with the keyboard', async () => {
    await moderator.getByRole('tab', { name: /Approved/ }).click();
    const mine = card(moderator, approved);
    await mine.getByRole('button', { name: 'Reply', exact: true }).click();
    const dialog = moderator.getByRole('dialog', { name: 'Reply to the question' });
    await dialog.getByRole('textbox', { name: 'Reply' }).fill(replyText);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await toastSays(moderator, 'Reply sent');
    await expect(mine).toContainText(replyText);
    await mine.getByRole('button', { name: 'Highlight', exact: true }).focus();
    await moderator.keyboard.press('Enter');
    await toastSays(moderator, 'Highlighted');
    await expect(mine).toContainText('Highlighted');
    await mine.getByRole('button', { name: 'Queue for speaker' }).click();
    await expect(mine).toContainText('Queued');
    await screen(moderator, 'approved with reply and highlight');
  });

  await test.step('the screen pins the highlighted question big, with its reply, without a reload', async () => {
    const pinned = projector.getByRole('region', { name: 'Now answering' });
    await expect(pinned).toContainText(approved, { timeout: 10_000 });
    await expect(projector.getByText(replyText)).toBeVisible();
    await expect(projector.getByText(rejected)).toHaveCount(0);
    await screen(projector, 'front-of-room Q&A 1920');
  });

  await test.step('the speaker view shows the highlighted question, with no moderation controls', async () => {
    await projector.goto(`${CONSOLE_URL}/qa/${ids.qa}/${ids.qaInstance}/speaker`);
    await expect(projector.getByRole('region', { name: 'Now answering' })).toContainText(approved);
    await expect(projector.getByRole('button', { name: /Approve|Reject|Highlight/ })).toHaveCount(0);
    await screen(projector, 'speaker view 1920');
  });

  await test.step('an answered question leaves the screen and can be restored', async () => {
    await projector.goto(`${CONSOLE_URL}/qa/${ids.qa}/${ids.qaInstance}`);
    await expect(projector.getByText(edited)).toBeVisible();
    await card(moderator, edited).getByRole('button', { name: 'Mark answered' }).click();
    await expect(projector.getByText(edited)).toHaveCount(0, { timeout: 10_000 });
    await moderator.getByRole('tab', { name: /Answered/ }).click();
    await card(moderator, edited).getByRole('button', { name: 'Restore' }).click();
    await expect(projector.getByText(edited)).toBeVisible({ timeout: 10_000 });
  });

  await test.step('the screen converges after its connection drops: what it missed is read again', async () => {
    const missed = 'Will the talks be recorded?';
    socketDown = true;
    for (const ws of sockets.splice(0)) await ws.close();
    const asked = await ask(request, missed);
    await call(request, own.admin, 'POST', `events/${own.eventId}/moderation/answers/${asked.id}/moderate`, {
      action: 'APPROVE',
    });
    await expect(projector.getByText(missed)).toHaveCount(0);
    socketDown = false;
    await expect(projector.getByText(missed)).toBeVisible({ timeout: 30_000 });
  });

  await test.step('the poll results screen shows bars that follow the votes', async () => {
    await projector.goto(`${CONSOLE_URL}/view-result/${own.eventId}/${ids.poll}/${ids.pollInstance}`);
    await expect(
      projector.getByRole('heading', { level: 2, name: 'Which season do you like best?' }),
    ).toBeVisible();
    await expect(projector.getByText('No response')).toBeVisible();
    const live = (
      await call<{ records: LiveTool[] }>(
        request,
        participant,
        'GET',
        `events/${own.eventId}/sessions/${ids.session}/live-tools`,
      )
    ).records;
    const pollQuestion = live.find((t) => t.instanceId === ids.pollInstance)!.questions[0]!;
    const autumn = pollQuestion.options.find((o) => o.label === 'Autumn')!.id;
    await call(
      request,
      participant,
      'POST',
      `events/${own.eventId}/engagement/instances/${ids.pollInstance}/answers`,
      {
        answers: [{ questionId: pollQuestion.id, optionIds: [autumn] }],
      },
    );
    await expect(projector.getByRole('meter', { name: 'Autumn' })).toHaveAttribute('aria-valuenow', '100', {
      timeout: 10_000,
    });
    await expect(projector.getByText('1 response')).toBeVisible();
    await screen(projector, 'poll results 1920');

    const cloudQuestion = live.find((t) => t.instanceId === ids.cloudInstance)!.questions[0]!;
    await call(
      request,
      participant,
      'POST',
      `events/${own.eventId}/engagement/instances/${ids.cloudInstance}/answers`,
      {
        answers: [{ questionId: cloudQuestion.id, text: 'Inspiring' }],
      },
    );
    await projector.goto(
      `${CONSOLE_URL}/view-result/${own.eventId}/${ids.cloud}/${ids.cloudInstance}?speed=20`,
    );
    await expect(projector.getByRole('img', { name: /Word cloud: inspiring/i })).toBeVisible();
    await expect(projector.getByLabel('Speed')).toHaveValue('20');
    await screen(projector, 'word cloud 1920');

    await projector.goto(`${CONSOLE_URL}/view-aggregated-result/${own.eventId}/${ids.poll}`);
    await expect(projector.getByRole('meter', { name: 'Autumn' })).toHaveAttribute('aria-valuenow', '100');
    await screen(projector, 'aggregated results 1920');
  });

  await test.step('the moderator runs a quiz; the results screen shows the question, then the leaderboard', async () => {
    await moderator.goto(`${CONSOLE_URL}/moderate/${ids.session}`);
    const controls = moderator.getByRole('group', { name: `Run the quiz ${quizName}` });
    await expect(controls).toContainText('Not started');
    await projector.goto(`${CONSOLE_URL}/view-result/${own.eventId}/${ids.quiz}/${ids.quizInstance}`);
    await expect(projector.getByText('Get ready! The quiz starts soon.')).toBeVisible();
    await controls.getByRole('button', { name: `Next question: ${quizName}` }).click();
    await expect(controls).toContainText('Question 1 of 1');
    await expect(
      projector.getByRole('heading', { level: 2, name: 'What is the capital of Canada?' }),
    ).toBeVisible({ timeout: 10_000 });
    await expect(projector.getByText(/\d+ s left/)).toBeVisible();
    const live = (
      await call<{ records: LiveTool[] }>(
        request,
        participant,
        'GET',
        `events/${own.eventId}/sessions/${ids.session}/live-tools`,
      )
    ).records;
    const question = live.find((t) => t.instanceId === ids.quizInstance)!.questions[0]!;
    const ottawa = question.options.find((o) => o.label === 'Ottawa')!.id;
    await call(
      request,
      participant,
      'POST',
      `events/${own.eventId}/engagement/instances/${ids.quizInstance}/quiz/answers`,
      {
        questionId: question.id,
        optionIds: [ottawa],
      },
    );
    await expect(projector.getByRole('meter', { name: 'Ottawa' })).toHaveAttribute('aria-valuenow', '100', {
      timeout: 10_000,
    });
    await screen(projector, 'quiz question 1920');
    await controls.getByRole('button', { name: `Show leaderboard: ${quizName}` }).click();
    await expect(projector.getByRole('heading', { level: 2, name: 'Leaderboard' })).toBeVisible({
      timeout: 10_000,
    });
    await expect(projector.getByRole('listitem').filter({ hasText: 'Amara' })).toContainText(/\d+ points/);
    await expect(projector.getByText('✓ Ottawa')).toBeVisible();
    await screen(projector, 'quiz leaderboard 1920');
    await controls.getByRole('button', { name: `Finish quiz: ${quizName}` }).click();
    await expect(projector.getByRole('heading', { level: 2, name: 'Final leaderboard' })).toBeVisible({
      timeout: 10_000,
    });
  });

  await test.step('the event admin reads the decisions log and the moderation list', async () => {
    await projector.setViewportSize(DESKTOP);
    await projector.goto(`${CONSOLE_URL}/moderate/${ids.session}`);
    const log = projector.getByRole('region', { name: 'Decisions log' });
    await expect(
      log.getByRole('row').filter({ hasText: 'Rejected' }).filter({ hasText: rejected }),
    ).toBeVisible();
    await expect(log.getByRole('row').filter({ hasText: 'Replied' })).toContainText(replyText);
    await expect(log.getByRole('row').filter({ hasText: 'Edited and approved' })).toContainText(edited);
    await screen(projector, 'admin decisions log');
    await moderator.goto(`${CONSOLE_URL}/moderation`);
    await expect(moderator.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
    await expect(moderator.getByRole('link', { name: sessionName })).toBeVisible();
    await screen(moderator, 'moderation sessions');
  });
});

test('the demo moderator signs in on the console and lands on /moderation', async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`${CONSOLE_URL}/login`);
  await fillSignIn(page, DEMO.moderator);
  await expect(page).toHaveURL(`${CONSOLE_URL}/moderation`);
  await expect(page.getByRole('heading', { level: 1, name: 'Moderation' })).toBeVisible();
  await screen(page, 'demo moderator home');
});
