import type { APIRequestContext, Browser, BrowserContext, Page, WebSocketRoute } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { bearer } from './support/api';
import { API_URL, APP_URL, E2E_PORT } from './support/env';
import { allMail, linkTo, waitForMail } from './support/mailbox';
import { call, createOwnEvent, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { unique } from './support/ui';

// Issue 12, participant side: three participants on phones (390×844, three browser contexts) are on
// a session's page when an organiser opens a poll: it appears without a reload, each votes with one
// tap and the tallies converge on every phone without a reload. In the session's Q&A one asks a
// question, the two others upvote it and every phone sees the count; a phone offline is refused
// with the offline message and keeps the text (a vote too, never sent later); a phone whose socket
// dropped catches up when it reconnects; when the poll closes it goes from every phone. Then a
// survey, a quiz, a moderated Q&A, a word cloud and a document, each on one phone.

const PHONE = { width: 390, height: 844 };
const OFFLINE = 'You are offline. Your answer was not sent; please try again when you are connected.'; // ENGAGEMENT_MESSAGES.offline

interface Participant {
  id: string;
  email: string;
  firstName: string;
}

const eventName = unique('Engagement journey');
const sessionName = 'Future of events';
const poll = { name: 'Morning drink', question: 'What do you drink in the morning?' };
const qaName = 'Ask the speaker';
const question = 'Will the slides be shared after the talk?';

let own: OwnEvent;
let people: Participant[] = [];
const ids = { session: '', poll: '', pollInstance: '', qa: '', qaInstance: '' };
const contexts: BrowserContext[] = [];

test.describe.configure({ timeout: 300_000 });

test.beforeAll(async ({ request }) => {
  own = await createOwnEvent(request, eventName);
  const ev = `events/${own.eventId}`;
  const tag = Date.now().toString(36);
  people = [];
  for (const [firstName, lastName] of [
    ['Amara', 'Okafor'],
    ['Bruno', 'Silva'],
    ['Chen', 'Wei'],
  ] as const)
    people.push(
      await call<Participant>(request, own.admin, 'POST', `${ev}/participants`, {
        email: `${firstName.toLowerCase()}.${tag}@example.com`,
        firstName,
        lastName,
      }),
    );
  ids.session = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/sessions`, {
      name: sessionName,
      type: 'KEYNOTE',
      startDate: '2027-03-01',
      startTime: '09:00 AM',
      endDate: '2027-03-01',
      endTime: '10:00 AM',
    })
  ).id;
  ids.poll = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
      type: 'POLL',
      name: poll.name,
      sessionIds: [ids.session],
      questions: [
        {
          type: 'RADIOBOX',
          text: poll.question,
          options: [{ label: 'Tea' }, { label: 'Coffee' }, { label: 'Water' }],
        },
      ],
    })
  ).id;
  ids.pollInstance = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools/${ids.poll}/instances`, {
      sessionId: ids.session,
      status: 'CLOSED',
    })
  ).id;
  ids.qa = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
      type: 'QA',
      name: qaName,
      anonymity: 'ALLOW_ANONYMOUS',
      sessionIds: [ids.session],
    })
  ).id;
  ids.qaInstance = (
    await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools/${ids.qa}/instances`, {
      sessionId: ids.session,
      status: 'OPEN',
    })
  ).id;
});

test.afterAll(async ({ request }) => {
  for (const c of contexts) await c.close().catch(() => undefined);
  await own?.cleanUp(request);
});

/** A phone signed in by the participant's magic link, on the session's page. */
async function onSessionPage(
  browser: Browser,
  request: APIRequestContext,
  who: Participant,
  /** How far the phone's clock is off (the quiz countdown must not depend on it). */
  clockOffsetMs = 0,
  cutter?: SocketCutter,
): Promise<Page> {
  const before = (await allMail()).map((m) => m.id);
  await call(request, own.admin, 'POST', `events/${own.eventId}/participants/magic-links`, {
    participantIds: [who.id],
    host: `localhost:${E2E_PORT}`,
  });
  const mail = await waitForMail(who.email, { subject: new RegExp(eventName), exclude: before });
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US', hasTouch: true });
  contexts.push(context);
  if (clockOffsetMs !== 0) await context.clock.install({ time: new Date(Date.now() + clockOffsetMs) });
  if (cutter) await cutter.install(context);
  const page = await context.newPage();
  await page.goto(linkTo(mail, '/event/login').href);
  await expect(page).toHaveURL(`${APP_URL}/event/${own.eventId}/home`);
  await page.goto(`${APP_URL}/event/${own.eventId}/agenda/${ids.session}`);
  await expect(page.getByRole('heading', { name: sessionName, level: 1 })).toBeVisible();
  return page;
}

/**
 * A phone's realtime socket passed through Playwright, so the journey can drop it and keep it down
 * (the app's socket then retries with backoff): frames sent meanwhile are lost, as on a train.
 */
class SocketCutter {
  private down = false;
  private readonly open: WebSocketRoute[] = [];
  /** Connections the app opened while the network was down: held, connected when it returns. */
  private readonly held: WebSocketRoute[] = [];

  async install(context: BrowserContext): Promise<void> {
    await context.routeWebSocket(/\/realtime\//, (ws) => {
      if (this.down) this.held.push(ws);
      else this.open.push(ws, ws.connectToServer());
    });
  }

  async cut(): Promise<void> {
    this.down = true;
    for (const ws of this.open.splice(0)) await ws.close().catch(() => undefined);
  }

  restore(): void {
    this.down = false;
    for (const ws of this.held.splice(0)) this.open.push(ws, ws.connectToServer());
  }
}

const tool = (page: Page, name: string) => page.getByRole('article', { name });

async function setPoll(request: APIRequestContext, status: 'OPEN' | 'CLOSED'): Promise<void> {
  await call(
    request,
    own.admin,
    'PUT',
    `events/${own.eventId}/engagement-tools/${ids.poll}/instances/${ids.pollInstance}/status`,
    { status },
  );
}

/** The poll's bar for an option: its label and "<n> vote(s) · <p>%". */
const bar = (page: Page, option: string) =>
  tool(page, poll.name).getByTestId('result-row').filter({ hasText: option });

test('three phones vote on a live poll and ask and upvote in the Q&A, without reloading', async ({
  browser,
  request,
}) => {
  const phones: Page[] = [];
  const cutter = new SocketCutter();
  for (const who of people)
    phones.push(await onSessionPage(browser, request, who, 0, who === people[2] ? cutter : undefined));
  const [amara, bruno, chen] = phones as [Page, Page, Page];

  // The Q&A is open; the poll is not yet.
  await expect(tool(amara, qaName)).toBeVisible();
  await expect(tool(amara, poll.name)).toHaveCount(0);
  await screen(amara, 'session with Q&A');

  await test.step('the poll appears on every phone when it opens', async () => {
    await setPoll(request, 'OPEN');
    for (const p of phones) await expect(tool(p, poll.name)).toBeVisible({ timeout: 10_000 });
    await expect(tool(amara, poll.name).getByRole('button', { name: 'Tea' })).toBeVisible();
    // Heard as well as seen: the polite status names what is live.
    await expect(amara.getByRole('status').filter({ hasText: 'Live now:' })).toContainText(poll.name);
    await screen(amara, 'poll opened');
  });

  await test.step('one tap each; the tallies converge on every phone', async () => {
    await tool(amara, poll.name).getByRole('button', { name: 'Tea' }).click();
    await expect(bar(amara, 'Tea')).toContainText('1 vote · 100%');
    await tool(bruno, poll.name).getByRole('button', { name: 'Coffee' }).click();
    await tool(chen, poll.name).getByRole('button', { name: 'Tea' }).click();
    for (const p of phones) {
      await expect(bar(p, 'Tea')).toContainText('2 votes · 67%', { timeout: 10_000 });
      await expect(bar(p, 'Coffee')).toContainText('1 vote · 33%');
      await expect(bar(p, 'Water')).toContainText('0 votes · 0%');
    }
    await screen(amara, 'poll results');
  });

  await test.step('a question asked on one phone reaches the others, who upvote it', async () => {
    const qa = tool(amara, qaName);
    await qa.getByLabel('Your question').fill(question);
    await qa.getByRole('button', { name: 'Send question' }).click();
    for (const p of [bruno, chen]) {
      const upvote = tool(p, qaName).getByRole('button', { name: `Upvote: ${question}` });
      await expect(upvote).toBeVisible({ timeout: 10_000 });
      await upvote.click();
      await expect(upvote).toHaveAttribute('aria-pressed', 'true');
    }
    await expect(
      tool(amara, qaName).getByRole('button', { name: `Upvote: ${question} (2 upvotes)` }),
    ).toBeVisible();
    for (const p of phones)
      await expect(tool(p, qaName).getByRole('button', { name: `Upvote: ${question}` })).toHaveText(/2/, {
        timeout: 10_000,
      });
    await expect(tool(amara, qaName).getByTestId('qa-question')).toContainText('Amara');
    await screen(bruno, 'question upvoted');
  });

  await test.step('an upvote taken back counts down on every phone', async () => {
    const upvote = tool(chen, qaName).getByRole('button', { name: `Upvote: ${question}` });
    await upvote.click();
    await expect(upvote).toHaveAttribute('aria-pressed', 'false');
    for (const p of phones)
      await expect(tool(p, qaName).getByRole('button', { name: `Upvote: ${question}` })).toHaveText(/1/, {
        timeout: 10_000,
      });
  });

  await test.step('offline, a question is refused with a clear message and the text is kept', async () => {
    await chen.context().setOffline(true);
    const qa = tool(chen, qaName);
    await qa.getByLabel('Your question').fill('Is there a recording?');
    await qa.getByRole('button', { name: 'Send question' }).click();
    await expect(qa.getByText(OFFLINE)).toBeVisible();
    await expect(qa.getByLabel('Your question')).toHaveValue('Is there a recording?');
    await screen(chen, 'offline refused');
    // A vote offline is refused too, and not sent later: the tallies stay as they were.
    const vote = tool(chen, poll.name);
    await vote.getByRole('button', { name: 'Change my answer' }).click();
    await vote.getByRole('button', { name: 'Water' }).click();
    await expect(vote.getByText(OFFLINE)).toBeVisible();
    await chen.context().setOffline(false);
    await vote.getByRole('button', { name: 'Keep my answer' }).click();
    await amara.waitForTimeout(1_500);
    await expect(bar(amara, 'Water')).toContainText('0 votes · 0%');
    await expect(bar(chen, 'Tea')).toContainText('2 votes · 67%');
  });

  await test.step('a phone whose socket dropped catches up when it reconnects', async () => {
    await cutter.cut();
    const vote = tool(bruno, poll.name);
    await vote.getByRole('button', { name: 'Change my answer' }).click();
    await vote.getByRole('button', { name: 'Water' }).click();
    for (const p of [amara, bruno]) {
      await expect(bar(p, 'Water')).toContainText('1 vote · 33%');
      await expect(bar(p, 'Coffee')).toContainText('0 votes · 0%');
    }
    // Chen's phone missed the frame while its socket was down…
    await expect(bar(chen, 'Coffee')).toContainText('1 vote · 33%');
    cutter.restore();
    // …and fetches the results again when it reconnects.
    await expect(bar(chen, 'Water')).toContainText('1 vote · 33%', { timeout: 20_000 });
    await expect(bar(chen, 'Coffee')).toContainText('0 votes · 0%');
  });

  await test.step('the poll goes from every phone when it closes', async () => {
    await setPoll(request, 'CLOSED');
    for (const p of phones) await expect(tool(p, poll.name)).toHaveCount(0, { timeout: 10_000 });
    await expect(tool(amara, qaName)).toBeVisible();
  });
});

test('a survey with the five question types: required marks, field errors from the API, thank-you', async ({
  browser,
  request,
}) => {
  const ev = `events/${own.eventId}`;
  const survey = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
    type: 'SURVEY',
    name: 'Session feedback',
    anonymity: 'ALLOW_ANONYMOUS',
    sessionIds: [ids.session],
    questions: [
      { type: 'TEXTBOX', text: 'What should we change?', required: true },
      { type: 'RADIOBOX', text: 'Would you come again?', options: [{ label: 'Yes' }, { label: 'No' }] },
      {
        type: 'CHECKBOX',
        text: 'What did you like?',
        options: [{ label: 'Talks' }, { label: 'Food' }, { label: 'Venue' }],
      },
      {
        type: 'LINEAR_SCALE',
        text: 'How useful was it?',
        scaleMax: 5,
        scaleMinLabel: 'Not at all',
        scaleMaxLabel: 'Very',
      },
      { type: 'TEXT_FIELD', text: 'Your role in one line' },
    ],
  });
  const surveyRun = await call<{ id: string }>(
    request,
    own.admin,
    'POST',
    `${ev}/engagement-tools/${survey.id}/instances`,
    { sessionId: ids.session, status: 'OPEN' },
  );
  const page = await onSessionPage(browser, request, people[1]!);
  const form = tool(page, 'Session feedback');
  await expect(form).toBeVisible();
  await expect(form.getByText('1 = Not at all')).toBeVisible();
  await expect(form.getByText('5 = Very')).toBeVisible();

  await form.getByRole('radio', { name: 'Yes' }).check();
  await form.getByRole('checkbox', { name: 'Talks' }).check();
  await form.getByRole('checkbox', { name: 'Venue' }).check();
  await form.getByRole('radio', { name: '4 of 5' }).check();
  await form.getByRole('textbox', { name: 'Your role in one line' }).fill('Product designer');
  await form.getByRole('button', { name: 'Submit' }).click();
  // The API refuses it without the required answer; its message shows under that question.
  const required = form.getByRole('textbox', { name: /What should we change\?/ });
  await expect(required).toHaveAccessibleDescription('Required field');
  await expect(form.getByRole('checkbox', { name: 'Venue' })).toBeChecked();
  await screen(page, 'survey field error');

  await required.fill('More time for questions.');
  await form.getByLabel('Answer anonymously').check();
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByText('Thank you! Your answers were sent.')).toBeVisible();
  await screen(page, 'survey thanks');
  const results = await call<{
    respondents: number;
    questions: Array<{ questionId: string; scale: Array<{ value: number; count: number }> }>;
  }>(request, own.admin, 'GET', `${ev}/engagement-tools/${survey.id}/results`);
  expect(results.respondents).toBe(1);
  // Answered anonymously: staff see the text without its author.
  const textAnswers = await call<{ records: Array<{ text: string; author: string | null }> }>(
    request,
    own.admin,
    'GET',
    `${ev}/moderation/engagement-tools/${survey.id}/instances/${surveyRun.id}/text-answers?questionId=${results.questions[0]!.questionId}`,
  );
  expect(textAnswers.records).toEqual([
    expect.objectContaining({ text: 'More time for questions.', author: null }),
  ]);
  expect(results.questions[3]?.scale.find((v) => v.value === 4)?.count).toBe(1);
});

test("a quiz: lobby, a question with the server's countdown on a phone whose clock is wrong, leaderboard with own rank", async ({
  browser,
  request,
}) => {
  const ev = `events/${own.eventId}`;
  const quiz = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
    type: 'QUIZ',
    name: 'Event trivia',
    sessionIds: [ids.session],
    questions: [
      {
        type: 'RADIOBOX',
        text: 'Which city hosts the summit?',
        options: [{ label: 'Oslo' }, { label: 'Berlin' }, { label: 'Lisbon' }],
        correctOptionIndexes: [1],
        points: 1000,
        timeLimitSec: 30,
      },
      {
        type: 'CHECKBOX',
        text: 'Which are tracks of the summit?',
        options: [{ label: 'Design' }, { label: 'Data' }, { label: 'Cooking' }],
        correctOptionIndexes: [0, 1],
        points: 1000,
        timeLimitSec: 30,
      },
    ],
  });
  const instance = await call<{ id: string }>(
    request,
    own.admin,
    'POST',
    `${ev}/engagement-tools/${quiz.id}/instances`,
    {
      sessionId: ids.session,
      status: 'OPEN',
    },
  );
  const move = (action: string) =>
    call(
      request,
      own.admin,
      'PUT',
      `${ev}/moderation/engagement-tools/${quiz.id}/instances/${instance.id}/quiz`,
      {
        action,
      },
    );
  // The phone's clock is ten minutes slow: a countdown from its own clock would show 600+ seconds.
  const page = await onSessionPage(browser, request, people[2]!, -10 * 60_000);
  const card = tool(page, 'Event trivia');
  await expect(card.getByText('The quiz starts soon. Stay on this page.')).toBeVisible();
  await screen(page, 'quiz lobby');

  await move('NEXT_QUESTION');
  await expect(card.getByText('Question 1 of 2')).toBeVisible();
  await expect(card.getByText('Which city hosts the summit?')).toBeVisible();
  const countdown = card.getByTestId('quiz-countdown');
  await expect(countdown).toHaveText(/^\d+ seconds? left$/);
  const seconds = Number((await countdown.textContent())!.match(/\d+/)![0]);
  expect(seconds).toBeGreaterThan(15);
  expect(seconds).toBeLessThanOrEqual(30);
  await screen(page, 'quiz question');
  await card.getByRole('button', { name: 'Berlin' }).click();
  await expect(card.getByText('Answer sent. Waiting for the others…')).toBeVisible();
  // After a reload the question is asked again on the page; a second answer is refused by the API
  // and the phone shows the waiting state, not an error.
  await page.reload();
  await card.getByRole('button', { name: 'Oslo' }).click();
  await expect(card.getByText('Answer sent. Waiting for the others…')).toBeVisible();
  await expect(card.getByRole('alert')).toHaveCount(0);

  await move('SHOW_LEADERBOARD');
  await expect(card.getByText(/^You are #1 with \d+ points\.$/)).toBeVisible();
  const points = Number((await card.getByText(/^You are #1 with/).textContent())!.match(/with (\d+)/)![1]);
  expect(points).toBeGreaterThan(500);
  await expect(card.getByRole('listitem').filter({ hasText: people[2]!.firstName })).toContainText(
    `${points} pts`,
  );
  await screen(page, 'quiz leaderboard');

  // A multiple-choice question: tick, untick, submit once.
  await move('NEXT_QUESTION');
  await expect(card.getByText('Question 2 of 2')).toBeVisible();
  for (const option of ['Design', 'Cooking', 'Data', 'Cooking'])
    await card.getByRole('button', { name: option }).click();
  await expect(card.getByRole('button', { name: 'Cooking' })).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByRole('button', { name: 'Design' })).toHaveAttribute('aria-pressed', 'true');
  await card.getByRole('button', { name: 'Submit' }).click();
  await expect(card.getByText('Answer sent. Waiting for the others…')).toBeVisible();
  await move('FINISH');
  await expect(card.getByText('The quiz is over.')).toBeVisible();
  const total = Number((await card.getByText(/^You are #1 with/).textContent())!.match(/with (\d+)/)![1]);
  expect(total).toBeGreaterThan(points + 500);
  await screen(page, 'quiz finished');
});

test('a moderated Q&A: own questions wait for a moderator, then the board follows approve, highlight, answered and reply live', async ({
  browser,
  request,
}) => {
  const ev = `events/${own.eventId}`;
  const qa = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
    type: 'QA',
    name: 'Moderated questions',
    sessionIds: [ids.session],
    settings: { moderated: true, qaSort: 'NEWEST_FIRST' },
  });
  const instance = await call<{ id: string }>(
    request,
    own.admin,
    'POST',
    `${ev}/engagement-tools/${qa.id}/instances`,
    { sessionId: ids.session, status: 'OPEN' },
  );
  const page = await onSessionPage(browser, request, people[0]!);
  const card = tool(page, 'Moderated questions');
  const texts = ['Is lunch included?', 'Where is room B?'];
  for (const text of texts) {
    await card.getByLabel('Your question').fill(text);
    await card.getByRole('button', { name: 'Send question' }).click();
    await expect(card.getByRole('listitem').filter({ hasText: text })).toContainText(
      'Waiting for a moderator',
    );
  }
  await expect(card.getByTestId('qa-question')).toHaveCount(0);
  await screen(page, 'qa waiting for a moderator');

  const queue = await call<{ records: Array<{ id: string; text: string }> }>(
    request,
    own.admin,
    'GET',
    `${ev}/moderation/engagement-tools/${qa.id}/instances/${instance.id}/answers`,
  );
  const idOf = (text: string) => queue.records.find((r) => r.text === text)!.id;
  const moderate = (text: string, action: string) =>
    call(request, own.admin, 'POST', `${ev}/moderation/answers/${idOf(text)}/moderate`, { action });
  for (const text of texts) await moderate(text, 'APPROVE');
  const questions = card.getByTestId('qa-question');
  // Newest first, the tool's order; the waiting list is gone.
  await expect(questions).toHaveText([new RegExp(texts[1]!), new RegExp(texts[0]!)]);
  await expect(card.getByText('Waiting for a moderator')).toHaveCount(0);
  await card.getByLabel('Order').selectOption({ label: 'Newest last' });
  await expect(questions).toHaveText([new RegExp(texts[0]!), new RegExp(texts[1]!)]);

  await moderate(texts[1]!, 'HIGHLIGHT');
  await expect(questions.first()).toContainText(texts[1]!);
  await expect(questions.first()).toContainText('On screen now');
  await moderate(texts[0]!, 'MARK_ANSWERED');
  await expect(card.getByRole('heading', { name: 'Answered' })).toBeVisible();
  await call(request, own.admin, 'POST', `${ev}/moderation/reply/${idOf(texts[1]!)}`, {
    text: 'Room B is on the first floor.',
  });
  await expect(questions.first()).toContainText('Room B is on the first floor.');
  await screen(page, 'qa moderated board');

  // A rejected question leaves the waiting list and never reaches the board.
  const rejected = 'Can I bring a friend?';
  await card.getByLabel('Your question').fill(rejected);
  await card.getByRole('button', { name: 'Send question' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: rejected })).toContainText(
    'Waiting for a moderator',
  );
  const after = await call<{ records: Array<{ id: string; text: string }> }>(
    request,
    own.admin,
    'GET',
    `${ev}/moderation/engagement-tools/${qa.id}/instances/${instance.id}/answers`,
  );
  await call(
    request,
    own.admin,
    'POST',
    `${ev}/moderation/answers/${after.records.find((r) => r.text === rejected)!.id}/moderate`,
    {
      action: 'REJECT',
    },
  );
  await expect(card.getByText(rejected)).toHaveCount(0, { timeout: 25_000 });
  await expect(questions).toHaveCount(2);
});

test('a word-cloud poll takes one short phrase (a long one is refused under the field) and a document opens its material', async ({
  browser,
  request,
}) => {
  const ev = `events/${own.eventId}`;
  const cloud = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
    type: 'POLL',
    name: 'One word',
    sessionIds: [ids.session],
    settings: { wordCloud: true },
    questions: [{ type: 'TEXT_FIELD', text: 'This session in one word' }],
  });
  const upload = await request.post(`${API_URL}/${ev}/materials`, {
    headers: bearer(own.admin),
    multipart: {
      file: {
        name: 'agenda.png',
        mimeType: 'image/png',
        buffer: readFileSync(resolve(import.meta.dirname, '../apps/web/public/pwa-192.png')),
      },
      name: 'Printed agenda',
      description: '',
    },
  });
  expect(upload.ok(), await upload.text()).toBe(true);
  const material = (await upload.json()) as { id: string; url: string };
  const doc = await call<{ id: string }>(request, own.admin, 'POST', `${ev}/engagement-tools`, {
    type: 'DOCUMENT',
    name: 'Handout',
    sessionIds: [ids.session],
    materialId: material.id,
  });
  for (const t of [cloud, doc])
    await call(request, own.admin, 'POST', `${ev}/engagement-tools/${t.id}/instances`, {
      sessionId: ids.session,
      status: 'OPEN',
    });
  const page = await onSessionPage(browser, request, people[1]!);

  const handout = tool(page, 'Handout').getByRole('link', { name: 'Open Printed agenda' });
  await expect(handout).toHaveAttribute('href', material.url);
  await expect(handout).toHaveAttribute('target', '_blank');

  const card = tool(page, 'One word');
  const field = card.getByRole('textbox', { name: 'This session in one word' });
  await field.fill('far too many words here');
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(field).toHaveAccessibleDescription(/Please enter one word or a short phrase/);
  await field.fill('  Inspiring ');
  await card.getByRole('button', { name: 'Vote' }).click();
  await expect(card.getByRole('listitem').filter({ hasText: 'inspiring' })).toHaveText('inspiring · 1');
  await screen(page, 'word cloud and document');
});
