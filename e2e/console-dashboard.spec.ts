import type { APIRequestContext, Page } from '@playwright/test';
import { apiSignIn, bearer, type Session } from './support/api';
import { API_URL, CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from './support/env';
import { call } from './support/own-event';
import { expect, screen, test } from './support/test';
import { choose, row, search, signIn, toastSays } from './support/ui';

// Issue 11, "Finish the product": the event dashboard (figures linking to their lists, today's
// sessions, imports, charts, checklist), the participant profile's sessions, waitlists and
// check-ins, a bulk action with its summary, and impersonation started from the profile and stopped.

const WIDTHS = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

interface Setup {
  admin: Session;
  eventId: string;
  pia: { id: string; firstName: string; lastName: string };
  quinn: { id: string; firstName: string; lastName: string };
  labelName: string;
  labelId: string;
  sessionName: string;
}

async function setUp(request: APIRequestContext, tag: string): Promise<Setup> {
  const admin = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
  const events = await call<{ records: Array<{ id: string; name: string }> }>(
    request,
    admin,
    'GET',
    `users/${admin.userId}/events`,
  );
  const eventId = events.records.find((e) => e.name === DEMO_EVENT)!.id;
  const base = `events/${eventId}`;
  const person = (firstName: string) =>
    call<{ id: string; firstName: string; lastName: string }>(
      request,
      admin,
      'POST',
      `${base}/participants`,
      {
        firstName,
        lastName: `Dash ${tag}`,
        email: `${firstName.toLowerCase()}.dash.${tag}@example.com`,
      },
    );
  const pia = await person('Pia');
  const quinn = await person('Quinn');
  const labelName = `Dashboard ${tag}`;
  const label = await call<{ id: string }>(request, admin, 'POST', `${base}/labels`, {
    name: labelName,
    type: 'MANUAL',
  });
  const sessions = await call<{ records: Array<{ id: string; name: string }> }>(
    request,
    admin,
    'GET',
    `${base}/sessions?limit=20&sort=startAt:asc`,
  );
  const session = sessions.records[0]!;
  await call(request, admin, 'POST', `${base}/sessions/v2/${session.id}/attendees`, {
    participantIds: [pia.id],
    overrideCapacity: true,
  });
  await call(request, admin, 'POST', `${base}/sessions/v2/${session.id}/attendees/${pia.id}/check-in`);
  return { admin, eventId, pia, quinn, labelName, labelId: label.id, sessionName: session.name };
}

async function tearDown(request: APIRequestContext, s: Setup): Promise<void> {
  const base = `events/${s.eventId}`;
  for (const id of [s.pia.id, s.quinn.id]) {
    const res = await request.fetch(`${API_URL}/${base}/participants/${id}`, {
      method: 'DELETE',
      headers: bearer(s.admin),
    });
    expect([204, 404]).toContain(res.status());
  }
  await call(request, s.admin, 'DELETE', `${base}/labels/${s.labelId}`);
}

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

async function dashboard(page: Page, s: Setup, width: string): Promise<void> {
  await page
    .getByRole('link', { name: new RegExp(DEMO_EVENT) })
    .first()
    .click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/${s.eventId}/overview`);
  const figures = page.getByRole('list', { name: 'Key figures' });
  await expect(figures).toBeVisible();
  for (const label of [
    'Participants',
    'Signed in at least once',
    'Check-ins today',
    'Sessions today',
    'Magic links sent',
  ])
    await expect(
      figures.getByRole('link', { name: new RegExp(`^Open the list: ${label}: \\d`) }),
    ).toBeVisible();
  await expect(figures).toContainText(/new today/);
  await expect(page.getByRole('heading', { name: 'Today’s sessions' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recent imports' })).toBeVisible();
  // The charts arrive with their own chunk.
  await expect(page.getByRole('heading', { name: 'Registrations per day' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Check-ins per hour today' })).toBeVisible();
  await screen(page, `dashboard-${width}`);

  await figures.getByRole('link', { name: /^Open the list: Magic links sent/ }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/attendees/magic-links`);
  await page.goBack();
  await figures.getByRole('link', { name: /^\d[\d,]* used$/ }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/attendees/magic-links?status=USED`);
  await page.goBack();
  await figures.getByRole('link', { name: /^Open the list: Participants: / }).click();
  await expect(page).toHaveURL(`${CONSOLE_URL}/attendees`);
}

for (const { name: width, viewport } of WIDTHS) {
  test.describe(`console dashboard, profile, bulk actions and impersonation (${width})`, () => {
    test.use({ viewport });
    let s: Setup | undefined;
    test.afterAll(async ({ request }) => {
      if (s) await tearDown(request, s);
    });

    test('an admin reads the dashboard, a profile’s sessions, acts on a selection and views the app as a participant', async ({
      page,
      request,
    }) => {
      test.setTimeout(180_000);
      s = await setUp(request, `${width}-${Date.now().toString(36)}`);
      const setup = s;
      await signIn(page, CONSOLE_URL, DEMO.eventAdmin);

      await test.step('the dashboard: figures linking to their lists, today, imports, charts', async () => {
        await dashboard(page, setup, width);
      });

      await test.step('the profile lists the sessions, waitlists and check-ins', async () => {
        await page.goto(`${CONSOLE_URL}/${setup.eventId}/attendees/${setup.pia.id}`);
        await expect(page.getByRole('heading', { level: 1, name: fullName(setup.pia) })).toBeVisible();
        const section = page.getByRole('region', { name: 'Sessions', exact: true });
        await expect(section.getByRole('heading', { name: 'Enrolled' })).toBeVisible();
        await expect(section.getByRole('heading', { name: 'Waitlists' })).toBeVisible();
        await expect(section.getByRole('heading', { name: 'Check-ins' })).toBeVisible();
        await expect(section.getByRole('link', { name: setup.sessionName }).first()).toBeVisible();
        await expect(section).toContainText('Checked in by an admin');
        await screen(page, `profile-${width}`);
      });

      await test.step('a bulk action through the confirmation dialog, with its summary', async () => {
        await page.goto(`${CONSOLE_URL}/attendees`);
        await search(page, setup.pia.lastName);
        await expect(row(page, fullName(setup.quinn))).toBeVisible();
        await page.getByRole('checkbox', { name: 'Select all rows shown' }).check();
        const bar = page.getByRole('region', { name: 'Actions for the selected rows' });
        await expect(bar).toContainText('2 selected');
        await bar.getByRole('button', { name: 'Labels' }).click();
        await page.getByRole('menuitem', { name: 'Add labels…' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add labels to 2 participants' });
        await choose(dialog, page, 'Labels', setup.labelName);
        await page.keyboard.press('Escape');
        await screen(page, `bulk-labels-${width}`);
        await dialog.getByRole('button', { name: 'Add labels' }).click();
        await toastSays(page, '2 participants labelled.');
        await expect(row(page, fullName(setup.quinn))).toContainText(setup.labelName);

        await page.getByRole('checkbox', { name: `Select ${fullName(setup.quinn)}` }).check();
        await bar.getByRole('button', { name: 'Remove from event…' }).click();
        const remove = page.getByRole('dialog', { name: 'Remove 1 participant from the event?' });
        await screen(page, `bulk-remove-${width}`);
        await remove.getByRole('button', { name: 'Remove from event' }).click();
        await toastSays(page, '1 participant removed from the event.');
        await expect(row(page, fullName(setup.quinn))).toHaveCount(0);
      });

      await test.step('impersonation starts from the profile and stops cleanly', async () => {
        const profile = `${CONSOLE_URL}/${setup.eventId}/attendees/${setup.pia.id}`;
        await page.goto(profile);
        await page.getByRole('button', { name: `View as ${fullName(setup.pia)}` }).click();
        const dialog = page.getByRole('dialog', { name: `View the app as ${fullName(setup.pia)}?` });
        await dialog.getByRole('button', { name: 'View as participant' }).click();
        await expect(page).toHaveURL(`${CONSOLE_URL}/event/${setup.eventId}/home`);
        const banner = page.getByRole('region', { name: 'Viewing as another person' });
        await expect(banner).toContainText(`You are viewing as ${fullName(setup.pia)}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await screen(page, `impersonating-${width}`);
        await banner.getByRole('button', { name: 'Stop' }).click();
        await expect(page).toHaveURL(profile);
        await expect(page.getByRole('region', { name: 'Viewing as another person' })).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1, name: fullName(setup.pia) })).toBeVisible();
      });
    });
  });
}
