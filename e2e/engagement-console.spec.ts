import type { APIRequestContext, Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiSignIn, bearer, type Session } from './support/api';
import { API_URL, CONSOLE_URL, DEMO } from './support/env';
import { call, createOwnEvent, openEventInConsole, type OwnEvent } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, fieldError, pickDateTime, row, toastSays } from './support/ui';

// Issue 12, the engagement console (spec part 2 `/engagement`; part 3 engagement tool, instances;
// part 4 instance status; part 8 'Copied: ' and 'No response'; part 9 anonymity and engagement
// types). Runs in an event of its own, so its tools never reach other journeys.

const stamp = Date.now().toString(36);
const named = (name: string) => `${name} ${stamp}`;
const EVENT = named('E2E Engagement');
const SESSION = named('Opening keynote');
const POLL = named('Favourite colour');
const QA = named('Ask the speaker');
const SURVEY = named('Session feedback');
const CLOUD = named('One word');

/** Spec part 5 / 8 texts, word for word. */
const REQUIRED = 'Required field';
const NO_RESPONSE = 'No response';
const copiedText = (name: string) => `Copied: ${name}`;

let own: OwnEvent | undefined;
let quizEvent: OwnEvent | undefined;
let voter: Session;
test.afterAll(async ({ request }) => {
  await own?.cleanUp(request);
  await quizEvent?.cleanUp(request);
});

/** The journey's one session (made through the API at the start). */
async function sessionOf(request: APIRequestContext, ev: OwnEvent): Promise<{ id: string }> {
  const list = await call<{ records: Array<{ id: string; name: string }> }>(
    request,
    ev.admin,
    'GET',
    `events/${ev.eventId}/sessions`,
  );
  return list.records.find((r) => r.name === SESSION)!;
}

async function nav(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name, exact: true })
    .click();
}

test('event admin creates a poll and a moderated Q&A on a session, opens an instance, copies a tool and sees validation', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  own = await createOwnEvent(request, EVENT);
  await call(request, own.admin, 'POST', `events/${own.eventId}/sessions`, {
    name: SESSION,
    startDate: '2027-03-01',
    startTime: '09:00 AM',
    endDate: '2027-03-01',
    endTime: '10:00 AM',
  });
  await page.setViewportSize({ width: 1440, height: 900 });

  await test.step('the Engagement area lists no tools yet', async () => {
    await openEventInConsole(page, EVENT);
    await nav(page, 'Engagement tools');
    await expect(page).toHaveURL(/\/engagement$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Engagement tools' })).toBeVisible();
    await expect(page.getByText('No engagement tools yet')).toBeVisible();
    await screen(page, 'tools-empty-1440');
  });

  await test.step('an empty form shows the messages on its fields', async () => {
    await page.getByRole('link', { name: 'Create tool' }).first().click();
    await expect(page.getByRole('heading', { level: 1, name: 'New engagement tool' })).toBeVisible();
    // The defaults: a poll, not anonymous.
    await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('Poll');
    await expect(page.getByRole('radio', { name: 'Not anonymous' })).toBeChecked();
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const name = page.getByRole('textbox', { name: 'Name' });
    expect(await fieldError(name)).toContain(REQUIRED);
    await expect(name).toBeFocused();
    expect(await fieldError(page.getByRole('textbox', { name: 'Question 1 text' }))).toContain(REQUIRED);
    expect(await fieldError(page.getByRole('textbox', { name: 'Question 1 option 1' }))).toContain(REQUIRED);
    await expect(page.getByText('Please correct the marked fields.')).toBeVisible();
    await screen(page, 'tool-form-errors-1440');
  });

  await test.step('a poll with two options on the session', async () => {
    await page.getByRole('textbox', { name: 'Name' }).fill(POLL);
    await page.getByRole('textbox', { name: 'Question 1 text' }).fill('Which colour do you like?');
    await page.getByRole('textbox', { name: 'Question 1 option 1' }).fill('Red');
    await page.getByRole('textbox', { name: 'Question 1 option 2' }).fill('Blue');
    // A third option, moved up and removed again: the builder works from the keyboard's buttons.
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: 'Question 1 option 3' }).fill('Green');
    await page.getByRole('button', { name: 'Move question 1 option 3 up' }).click();
    await expect(page.getByRole('textbox', { name: 'Question 1 option 2' })).toHaveValue('Green');
    await page.getByRole('button', { name: 'Remove question 1 option 2' }).click();
    await expect(page.getByRole('textbox', { name: 'Question 1 option 2' })).toHaveValue('Blue');
    await expect(page.getByRole('textbox', { name: 'Question 1 option 3' })).toHaveCount(0);
    await choose(page, page, 'Sessions', SESSION);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toastSays(page, `“${POLL}” created`);
    await expect(page.getByRole('heading', { level: 1, name: POLL })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Instances' })).toHaveAttribute('aria-selected', 'true');
  });

  await test.step('an instance opened now on the session', async () => {
    await page.getByRole('button', { name: 'Add instance' }).click();
    const dialog = page.getByRole('dialog', { name: 'New instance' });
    await expect(dialog.getByRole('combobox', { name: 'Session' })).toHaveValue(SESSION);
    await dialog.getByRole('radio', { name: 'Open now' }).check();
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await toastSays(page, 'Instance added');
    const instance = row(page, SESSION);
    await expect(instance.getByText('Open', { exact: true })).toBeVisible();
    await expect(instance.getByRole('button', { name: `Close ${SESSION}` })).toBeVisible();
    await expect(instance.getByRole('link', { name: /Results screen/ })).toHaveAttribute(
      'href',
      new RegExp(`/view-result/${own!.eventId}/[0-9a-f-]{36}/[0-9a-f-]{36}$`),
    );
    await screen(page, 'tool-instances-1440');

    // Closed elsewhere (a moderator, the schedule): the row follows without a reload (session room).
    const [toolId, instanceId] = /view-result\/[^/]+\/([^/]+)\/([^/]+)$/
      .exec((await instance.getByRole('link', { name: /Results screen/ }).getAttribute('href'))!)!
      .slice(1);
    await call(
      request,
      own!.admin,
      'PUT',
      `events/${own!.eventId}/engagement-tools/${toolId}/instances/${instanceId}/status`,
      { status: 'CLOSED' },
    );
    await expect(instance.getByText('Closed', { exact: true })).toBeVisible();
    await instance.getByRole('button', { name: `Open ${SESSION}` }).click();
    await toastSays(page, 'Instance opened');
    await expect(instance.getByText('Open', { exact: true })).toBeVisible();
  });

  await test.step('results: No response before a vote; a vote reaches the open results live; the CSV export has it', async () => {
    await page.getByRole('tab', { name: 'Results' }).click();
    await expect(page.getByRole('heading', { level: 3, name: /Which colour do you like\?/ })).toBeVisible();
    await expect(page.getByText(NO_RESPONSE)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Poll results (CSV)' })).toBeVisible();
    await screen(page, 'tool-results-1440');

    // The demo participant joins this event and votes through the API while the screen is open.
    await call(request, own!.admin, 'POST', `events/${own!.eventId}/participants`, {
      email: DEMO.participant.email,
      firstName: DEMO.participant.firstName,
      lastName: 'Okafor',
    });
    voter = await apiSignIn(request, DEMO.participant);
    const tools = await call<{
      records: Array<{
        id: string;
        name: string;
        questions: Array<{ id: string; options: Array<{ id: string; label: string }> }>;
      }>;
    }>(request, own!.admin, 'GET', `events/${own!.eventId}/engagement-tools`);
    const poll = tools.records.find((t) => t.name === POLL)!;
    const instances = await call<{ records: Array<{ id: string }> }>(
      request,
      own!.admin,
      'GET',
      `events/${own!.eventId}/engagement-tools/${poll.id}/instances`,
    );
    const question = poll.questions[0]!;
    await choose(page, page, 'Show results of', new RegExp(`^${SESSION} \\(Open\\)$`));
    await expect(page.getByText(NO_RESPONSE)).toBeVisible();
    await call(
      request,
      voter,
      'POST',
      `events/${own!.eventId}/engagement/instances/${instances.records[0]!.id}/answers`,
      {
        answers: [
          { questionId: question.id, optionIds: [question.options.find((o) => o.label === 'Blue')!.id] },
        ],
      },
    );
    // No reload: engagement.results on the instance's room.
    await expect(row(page, 'Blue')).toContainText('100%');
    await expect(row(page, 'Red')).toContainText('0%');
    await expect(page.getByText('1 respondent', { exact: true })).toBeVisible();
    await choose(page, page, 'Show results of', 'All instances');
    await expect(row(page, 'Blue')).toContainText('100%');
    await screen(page, 'tool-results-voted-1440');

    // An edit keeps the options' ids, so the vote stays with Blue; the new option starts at 0.
    await page.getByRole('tab', { name: 'Details' }).click();
    await page.getByRole('button', { name: 'Add option' }).click();
    await page.getByRole('textbox', { name: 'Question 1 option 3' }).fill('Green');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await toastSays(page, `“${POLL}” saved`);
    await page.getByRole('tab', { name: 'Results' }).click();
    await expect(row(page, 'Blue')).toContainText('100%');
    await expect(row(page, 'Green')).toContainText('0%');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Poll results (CSV)' }).click();
    const csv = readFileSync(await (await download).path(), 'utf8');
    expect(csv).toContain('Blue');
  });

  await test.step('survey results: a scale, a multiple choice and the written answers with their author', async () => {
    const ev = `events/${own!.eventId}`;
    const survey = await call<{
      id: string;
      questions: Array<{ id: string; type: string; options: Array<{ id: string; label: string }> }>;
    }>(request, own!.admin, 'POST', `${ev}/engagement-tools`, {
      type: 'SURVEY',
      name: SURVEY,
      sessionIds: [(await sessionOf(request, own!)).id],
      questions: [
        {
          type: 'LINEAR_SCALE',
          text: 'How useful was it?',
          scaleMax: 5,
          scaleMinLabel: 'Not at all',
          scaleMaxLabel: 'Very',
        },
        {
          type: 'CHECKBOX',
          text: 'What did you like?',
          options: [{ label: 'Talks' }, { label: 'Food' }, { label: 'Venue' }],
        },
        { type: 'TEXTBOX', text: 'What should we change?' },
        { type: 'TEXT_FIELD', text: 'One word for today?' },
      ],
    });
    const instance = await call<{ id: string }>(
      request,
      own!.admin,
      'POST',
      `${ev}/engagement-tools/${survey.id}/instances`,
      {
        sessionId: (await sessionOf(request, own!)).id,
        status: 'OPEN',
      },
    );
    const [scale, liked, change] = survey.questions;
    await call(request, voter, 'POST', `${ev}/engagement/instances/${instance.id}/answers`, {
      answers: [
        { questionId: scale!.id, value: 4 },
        {
          questionId: liked!.id,
          optionIds: liked!.options.filter((o) => o.label !== 'Venue').map((o) => o.id),
        },
        { questionId: change!.id, text: 'Longer coffee breaks' },
      ],
    });
    await page.goto(`${CONSOLE_URL}/engagement/${survey.id}?tab=results`);
    await expect(page.getByRole('heading', { level: 1, name: SURVEY })).toBeVisible();
    await choose(page, page, 'Show results of', new RegExp(`^${SESSION} \\(Open\\)$`));
    const card = (text: string) => page.getByTestId('question-result').filter({ hasText: text });
    await expect(row(card('How useful was it?'), '4')).toContainText('100%');
    await expect(row(card('How useful was it?'), '5 (Very)')).toContainText('0%');
    await expect(card('How useful was it?').getByText('1 (Not at all)')).toBeVisible();
    await expect(row(card('What did you like?'), 'Food')).toContainText('100%');
    await expect(row(card('What did you like?'), 'Venue')).toContainText('0%');
    const written = card('What should we change?').getByRole('list', { name: 'Answers' });
    await expect(written).toContainText('Longer coffee breaks');
    await expect(written).toContainText(DEMO.participant.firstName);
    // Nobody answered the fourth question.
    await expect(card('One word for today?')).toContainText(NO_RESPONSE);
    await screen(page, 'survey-results-1440');
    await expect(page.getByRole('button', { name: 'Survey results (XLSX)' })).toBeVisible();
  });

  await test.step('a word-cloud poll: its question becomes short text, the words are merged in the results', async () => {
    await page.goto(`${CONSOLE_URL}/engagement/new`);
    await page.getByRole('textbox', { name: 'Name' }).fill(CLOUD);
    await page.getByRole('switch', { name: /Word cloud/ }).check();
    await expect(page.getByRole('combobox', { name: 'Question 1 type' })).toHaveValue('Short text');
    await expect(page.getByRole('textbox', { name: 'Question 1 option 1' })).toHaveCount(0);
    await page.getByRole('textbox', { name: 'Question 1 text' }).fill('This session in one word');
    await choose(page, page, 'Sessions', SESSION);
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toastSays(page, `“${CLOUD}” created`);
    const toolId = /\/engagement\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    const ev = `events/${own!.eventId}`;
    const tool = await call<{ questions: Array<{ id: string; type: string }> }>(
      request,
      own!.admin,
      'GET',
      `${ev}/engagement-tools/${toolId}`,
    );
    expect(tool.questions[0]!.type).toBe('TEXT_FIELD');
    const instance = await call<{ id: string }>(
      request,
      own!.admin,
      'POST',
      `${ev}/engagement-tools/${toolId}/instances`,
      {
        sessionId: (await sessionOf(request, own!)).id,
        status: 'OPEN',
      },
    );
    await call(request, voter, 'POST', `${ev}/engagement/instances/${instance.id}/answers`, {
      answers: [{ questionId: tool.questions[0]!.id, text: '  Inspiring ' }],
    });
    await page.getByRole('tab', { name: 'Results' }).click();
    await expect(row(page, 'inspiring')).toContainText('100%');
    await screen(page, 'word-cloud-results-1440');
  });

  await test.step('a moderated Q&A on the same session', async () => {
    await page.getByRole('link', { name: 'Engagement tools' }).first().click();
    await page.getByRole('link', { name: 'Create tool' }).first().click();
    await choose(page, page, 'Kind', 'Q&A');
    await page.getByRole('textbox', { name: 'Name' }).fill(QA);
    await page.getByRole('switch', { name: /Moderated/ }).check();
    await choose(page, page, 'Default order of questions', 'Newest first');
    await choose(page, page, 'Sessions', SESSION);
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Participants choose' }).check();
    await screen(page, 'tool-form-qa-1440');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toastSays(page, `“${QA}” created`);
    await expect(page.getByRole('heading', { level: 1, name: QA })).toBeVisible();
    // What was saved comes back in the editor.
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByRole('switch', { name: /Moderated/ })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Participants choose' })).toBeChecked();
    await expect(page.getByRole('combobox', { name: 'Kind' })).toBeDisabled();
  });

  await test.step('Q&A: the moderation decisions log names who approved a question; the Q&A export has it', async () => {
    const tools = await call<{ records: Array<{ id: string; name: string }> }>(
      request,
      own!.admin,
      'GET',
      `events/${own!.eventId}/engagement-tools`,
    );
    const qa = tools.records.find((t) => t.name === QA)!;
    const instance = await call<{ id: string }>(
      request,
      own!.admin,
      'POST',
      `events/${own!.eventId}/engagement-tools/${qa.id}/instances`,
      { sessionId: (await sessionOf(request, own!)).id, status: 'OPEN' },
    );
    const asked = await call<{ id: string; status: string }>(
      request,
      voter,
      'POST',
      `events/${own!.eventId}/engagement/instances/${instance.id}/questions`,
      { text: 'Will the slides be shared?' },
    );
    expect(asked.status).toBe('PENDING');
    await call(
      request,
      own!.admin,
      'POST',
      `events/${own!.eventId}/moderation/answers/${asked.id}/moderate`,
      {
        action: 'APPROVE',
      },
    );
    await page.getByRole('tab', { name: 'Results' }).click();
    await choose(page, page, 'Show results of', new RegExp(`^${SESSION} \\(Open\\)$`));
    const log = page.getByRole('table', { name: 'Moderation decisions' });
    await expect(row(log, 'Approved')).toContainText('Ethan Brooks');
    await screen(page, 'qa-decisions-1440');
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Q&A (CSV)' }).click();
    expect(readFileSync(await (await download).path(), 'utf8')).toContain('Will the slides be shared?');
  });

  await test.step('the list shows both; a copy says Copied: and appears', async () => {
    await page.getByRole('link', { name: 'Engagement tools' }).first().click();
    await expect(row(page, POLL)).toHaveCount(1);
    await expect(row(page, QA)).toHaveCount(1);
    await expect(row(page, POLL).getByText('1 open')).toBeVisible();
    await row(page, POLL)
      .getByRole('button', { name: `Copy ${POLL}` })
      .click();
    await toastSays(page, copiedText(POLL));
    await expect(row(page, `${POLL} (copy)`)).toHaveCount(1);
    await screen(page, 'tools-list-1440');
  });

  await test.step('the type filter narrows the list', async () => {
    await page.goto(page.url().replace(/\?.*$/, '') + '?type=QA');
    await expect(row(page, QA)).toHaveCount(1);
    await expect(row(page, POLL)).toHaveCount(0);
    await page.goto(page.url().replace(/\?.*$/, ''));
  });

  await test.step('deleting the copy asks first', async () => {
    await row(page, `${POLL} (copy)`)
      .getByRole('button', { name: `Delete ${POLL} (copy)` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Delete engagement tool' });
    await expect(dialog).toContainText(`${POLL} (copy)`);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastSays(page, `“${POLL} (copy)” deleted`);
    await expect(row(page, `${POLL} (copy)`)).toHaveCount(0);
  });

  await test.step('on a phone: the list and the editor fit 390 px', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Engagement tools' })).toBeVisible();
    await expect(row(page, POLL)).toHaveCount(1);
    await screen(page, 'tools-list-390');
    await row(page, POLL).getByRole('link', { name: POLL }).click();
    await expect(page.getByRole('heading', { level: 1, name: POLL })).toBeVisible();
    await page.getByRole('tab', { name: 'Details' }).click();
    await expect(page.getByRole('textbox', { name: 'Question 1 option 2' })).toHaveValue('Blue');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screen(page, 'tool-form-390');
    for (const tab of ['Instances', 'Results'] as const) {
      await page.getByRole('tab', { name: tab }).click();
      await expect(page.getByRole('heading', { level: 2, name: tab })).toBeVisible();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
      ).toBeLessThanOrEqual(0);
      await screen(page, `tool-${tab.toLowerCase()}-390`);
    }
    // On a phone the instances are cards, their buttons in view.
    await page.getByRole('tab', { name: 'Instances' }).click();
    await expect(
      page
        .getByRole('listitem')
        .filter({ hasText: SESSION })
        .getByRole('button', { name: `Close ${SESSION}` }),
    ).toBeInViewport();
  });
});

test('event admin builds a quiz (correct answers, points, time limit, reordered questions), schedules an instance in the event’s zone and makes a document of a material', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const EVENT2 = named('E2E Quiz');
  const QUIZ = named('Capitals quiz');
  const DOCUMENT = named('Handout');
  const MATERIAL = named('Printed agenda');
  quizEvent = await createOwnEvent(request, EVENT2);
  const ev = quizEvent;
  await call(request, ev.admin, 'POST', `events/${ev.eventId}/sessions`, {
    name: SESSION,
    startDate: '2027-03-01',
    startTime: '09:00 AM',
    endDate: '2027-03-01',
    endTime: '10:00 AM',
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  await openEventInConsole(page, EVENT2);
  await page.goto(`${CONSOLE_URL}/engagement/new`);

  await test.step('a quiz with two questions, correct answers, points and a time limit', async () => {
    await choose(page, page, 'Kind', 'Quiz');
    await page.getByRole('textbox', { name: 'Name' }).fill(QUIZ);
    await page.getByRole('textbox', { name: 'Question 1 text' }).fill('Capital of France?');
    await page.getByRole('textbox', { name: 'Question 1 option 1' }).fill('Paris');
    await page.getByRole('textbox', { name: 'Question 1 option 2' }).fill('Lyon');
    // No correct answer: the API refuses it on the question's options (its field error, shown there).
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(
      page
        .getByRole('group', { name: 'Question 1' })
        .getByText('Please mark correct answers among the options (one for a single choice)'),
    ).toBeVisible();
    await page.getByRole('checkbox', { name: 'Correct answer: question 1 option 1' }).check();
    await page.getByRole('textbox', { name: 'Points' }).fill('500');
    await page.getByRole('textbox', { name: 'Time limit (seconds)' }).fill('20');

    await page.getByRole('button', { name: 'Add question' }).click();
    await choose(page, page, 'Question 2 type', 'Multiple choice');
    await page.getByRole('textbox', { name: 'Question 2 text' }).fill('Cities in Italy?');
    await page.getByRole('textbox', { name: 'Question 2 option 1' }).fill('Rome');
    await page.getByRole('textbox', { name: 'Question 2 option 2' }).fill('Milan');
    await page.getByRole('checkbox', { name: 'Correct answer: question 2 option 1' }).check();
    await page.getByRole('checkbox', { name: 'Correct answer: question 2 option 2' }).check();
    // Reordered by the keyboard-usable buttons.
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    await expect(page.getByRole('textbox', { name: 'Question 1 text' })).toHaveValue('Cities in Italy?');
    await choose(page, page, 'Sessions', SESSION);
    await page.keyboard.press('Escape');
    await screen(page, 'quiz-form-1440');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toastSays(page, `“${QUIZ}” created`);
    await expect(page.getByRole('heading', { level: 1, name: QUIZ })).toBeVisible();

    const tools = await call<{
      records: Array<{
        name: string;
        questions: Array<{
          position: number;
          text: string;
          points: number;
          timeLimitSec: number;
          options: Array<{ id: string; label: string }>;
          correctOptionIds: string[];
        }>;
      }>;
    }>(request, ev.admin, 'GET', `events/${ev.eventId}/engagement-tools`);
    const saved = tools.records.find((t) => t.name === QUIZ)!;
    const [first, second] = [...saved.questions].sort((a, b) => a.position - b.position);
    expect(first!.text).toBe('Cities in Italy?');
    expect(first!.correctOptionIds).toHaveLength(2);
    expect(second!.text).toBe('Capital of France?');
    expect(second!.points).toBe(500);
    expect(second!.timeLimitSec).toBe(20);
    expect(second!.correctOptionIds).toEqual([second!.options.find((o) => o.label === 'Paris')!.id]);
  });

  await test.step('a scheduled instance: opens and closes at wall-clock times in Europe/Berlin', async () => {
    await page.getByRole('button', { name: 'Add instance' }).click();
    const dialog = page.getByRole('dialog', { name: 'New instance' });
    await dialog.getByRole('radio', { name: 'Scheduled' }).check();
    await expect(dialog.getByText('Times in the event’s time zone: Europe/Berlin')).toBeVisible();
    // Without an opening time it is refused on the field.
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await expect(dialog.getByText('Please enter when it opens')).toBeVisible();
    const opens = dialog.getByRole('button', { name: /^Opens at/ });
    const closes = dialog.getByRole('button', { name: /^Closes at/ });
    await pickDateTime(page, opens, { year: 2027, month: 3, day: 1, hour: 9, minute: 30 });
    await pickDateTime(page, closes, { year: 2027, month: 3, day: 1, hour: 10, minute: 0 });
    await screen(page, 'instance-scheduled-dialog-1440');
    await dialog.getByRole('button', { name: 'Create', exact: true }).click();
    await toastSays(page, 'Instance added');
    const instance = row(page, SESSION);
    await expect(instance.getByText('Scheduled', { exact: true })).toBeVisible();
    await expect(instance).toContainText('09:30');
    const tools = await call<{ records: Array<{ id: string; name: string }> }>(
      request,
      ev.admin,
      'GET',
      `events/${ev.eventId}/engagement-tools`,
    );
    const quiz = tools.records.find((t) => t.name === QUIZ)!;
    const instances = await call<{ records: Array<{ status: string; opensAt: string; closesAt: string }> }>(
      request,
      ev.admin,
      'GET',
      `events/${ev.eventId}/engagement-tools/${quiz.id}/instances`,
    );
    // 09:30 in Berlin on 1 March (UTC+1) is 08:30 UTC.
    expect(instances.records[0]).toMatchObject({
      status: 'SCHEDULED',
      opensAt: '2027-03-01T08:30:00.000Z',
      closesAt: '2027-03-01T09:00:00.000Z',
    });
    await screen(page, 'quiz-instances-1440');
    await instance.getByRole('button', { name: `Delete instance in ${SESSION}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete instance' });
    await expect(confirm).toContainText(SESSION);
    await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastSays(page, 'Instance deleted');
    await expect(page.getByText('No instances yet.')).toBeVisible();
  });

  await test.step('a document needs its material, chosen among the event’s materials', async () => {
    const upload = await request.post(`${API_URL}/events/${ev.eventId}/materials`, {
      headers: bearer(ev.admin),
      multipart: {
        file: {
          name: 'agenda.png',
          mimeType: 'image/png',
          buffer: readFileSync(resolve(import.meta.dirname, '../apps/web/public/pwa-192.png')),
        },
        name: MATERIAL,
        description: '',
      },
    });
    expect(upload.ok(), await upload.text()).toBe(true);
    const material = (await upload.json()) as { id: string };
    await page.goto(`${CONSOLE_URL}/engagement/new`);
    await choose(page, page, 'Kind', 'Document');
    await page.getByRole('textbox', { name: 'Name' }).fill(DOCUMENT);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const select = page
      .getByRole('combobox', { name: 'Material' })
      .or(page.getByRole('textbox', { name: 'Material' }));
    expect(await fieldError(select.first())).toContain('Please select value');
    await choose(page, page, 'Material', MATERIAL);
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    await toastSays(page, `“${DOCUMENT}” created`);
    const tools = await call<{
      records: Array<{ name: string; type: string; material: { id: string } | null }>;
    }>(request, ev.admin, 'GET', `events/${ev.eventId}/engagement-tools`);
    expect(tools.records.find((t) => t.name === DOCUMENT)).toMatchObject({
      type: 'DOCUMENT',
      material: { id: material.id },
    });
  });
});
