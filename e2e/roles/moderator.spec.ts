import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { apiSignIn } from '../support/api';
import { CONSOLE_URL, DEMO, DEMO_EVENT, E2E_PORT } from '../support/env';
import { linkTo, waitForMail, allMail } from '../support/mailbox';
import { call } from '../support/own-event';
import { checkScreen, toPath, VIEWPORTS } from '../support/role-journey';
import { BrowserComplaints } from '../support/screen-checks';
import { expect, test } from '../support/test';
import { fillSignIn } from '../support/ui';

// Issue 11, Tests (and defect 7): the demo moderator's screens at 1440 px and 390 px (axe, real
// content, screenshots in e2e/screenshots/moderator/): the password sign-in (which lands on
// `/moderation`, issue 12) and the session moderation page an admin's invitation links to (spec part 2
// `/moderate/{sessionId}/{token?}`). Signing in with the password lands on `/moderation`, which is
// why the README and the start banner list the account.

const README = readFileSync(resolve(import.meta.dirname, '../../README.md'), 'utf8');

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width} px`, () => {
    test.use({ viewport });
    test(`every moderator screen at ${viewport.width} px`, async ({ page, request }) => {
      const width = viewport.width;
      const complaints = new BrowserComplaints(page);

      await test.step('signs in on the console with the password', async () => {
        await page.goto(`${CONSOLE_URL}/login`);
        await fillSignIn(page, DEMO.moderator);
        // Issue 12: the moderator lands on their sessions, so the README may advertise the account.
        await expect(page).toHaveURL(`${CONSOLE_URL}/moderation`);
        expect(README).toContain(DEMO.moderator.email);
        await page.waitForLoadState('networkidle');
        // 4xx of the refused sign-in are the answer, not a fault of the screen.
        complaints.take();
        await checkScreen(page, complaints, 'sign-in', width);
      });

      await test.step('opens the session moderation page from an invitation', async () => {
        const admin = await apiSignIn(request, DEMO.eventAdmin, `cms.localhost:${E2E_PORT}`);
        const events = await call<{ records: Array<{ id: string; name: string }> }>(
          request,
          admin,
          'GET',
          `users/${admin.userId}/events`,
        );
        const eventId = events.records.find((e) => e.name === DEMO_EVENT)!.id;
        const sessions = await call<{ records: Array<{ id: string; name: string }> }>(
          request,
          admin,
          'GET',
          `events/${eventId}/sessions?limit=1&sort=startAt:asc`,
        );
        const session = sessions.records[0]!;
        const before = (await allMail()).map((m) => m.id);
        await call(request, admin, 'POST', `events/${eventId}/sessions/${session.id}/invite-moderator`, {
          email: DEMO.moderator.email,
        });
        const mail = await waitForMail(DEMO.moderator.email, { exclude: before });
        complaints.take();
        await page.goto(linkTo(mail, `/moderate/${session.id}/`).href);
        await toPath(page, `/moderate/${session.id}`);
        await expect(page.getByRole('heading', { level: 2, name: session.name })).toBeVisible();
        await checkScreen(page, complaints, 'session moderation', width);
      });
    });
  });
}
