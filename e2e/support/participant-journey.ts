import { type Locator, type Page } from '@playwright/test';
import { APP_URL } from './env';
import {
  checkScreen,
  linksIn,
  missingScreens,
  pattern,
  toPath,
  unvisitedLink,
  VIEWPORTS,
  type NavScreen,
  type RequiredScreen,
} from './role-journey';
import { BrowserComplaints } from './screen-checks';
import { expect, test } from './test';
import { signIn } from './ui';

export interface ParticipantJourney {
  account: { email: string; password: string };
  event: string;
  /** The event's tabs (paths under /event/{eventId}/). */
  tabs: readonly RequiredScreen[];
  /** What the More tab must offer. */
  more: readonly RequiredScreen[];
}

/** The event's tab bar: the navigation with a link to the More page. */
const tabBar = (page: Page): Locator => page.locator('nav').filter({ has: page.locator('a[href$="/more"]') });

/** Links in the screen's content that lead to another screen of the event. */
const inEvent = (eventPath: string, known: Set<string>) => (path: string) =>
  path.startsWith(`${eventPath}/`) && !known.has(path);

/**
 * One test per width: signs in on the participant app, opens the event from My events, reads the
 * tab bar and the More page, checks that every required screen is offered, then opens each tab,
 * each More entry (by clicking, as a participant would) and the first item of each screen that
 * lists some (a session, a person, a map…), checking every screen.
 */
export function participantRoleJourney(journey: ParticipantJourney): void {
  for (const viewport of VIEWPORTS) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });
      test(`every participant screen at ${viewport.width} px`, async ({ page }) => {
        test.setTimeout(360_000);
        const width = viewport.width;
        const complaints = new BrowserComplaints(page);
        await signIn(page, APP_URL, journey.account);
        await toPath(page, '/');
        const card = page.getByRole('link', { name: new RegExp(journey.event) });
        await expect(card).toBeVisible();
        await checkScreen(page, complaints, 'My events', width);

        await card.click();
        await expect(page).toHaveURL(/\/event\/[^/]+\/[^/]+$/);
        const eventPath = /^\/event\/[^/]+/.exec(new URL(page.url()).pathname)![0];
        await expect(tabBar(page)).toBeVisible();
        const tabs = await linksIn(tabBar(page));
        expect(missingScreens(tabs.map(relative(eventPath)), journey.tabs), 'tabs missing').toEqual([]);
        const more = tabs.find((t) => t.path === `${eventPath}/more`)!;

        const known = new Set(tabs.map((t) => t.path));
        const visited = new Set(tabs.map((t) => pattern(t.path)));
        const detail = async (name: string) => {
          const link = await unvisitedLink(page.locator('main'), visited, inEvent(eventPath, known));
          if (!link) return;
          visited.add(pattern(link.path));
          complaints.take();
          await page.locator('main').locator(`a[href^="${link.path}"]`).first().click();
          await toPath(page, link.path);
          await checkScreen(page, complaints, `${name} detail`, width);
        };

        let moreEntries: NavScreen[] = [];
        for (const tab of tabs) {
          await test.step(tab.name, async () => {
            complaints.take();
            await tabBar(page).getByRole('link', { name: tab.name, exact: true }).click();
            await toPath(page, tab.path);
            await checkScreen(page, complaints, tab.name, width);
            if (tab === more) {
              moreEntries = (await linksIn(page.locator('main'))).filter((l) =>
                inEvent(eventPath, known)(l.path),
              );
              expect(
                missingScreens(moreEntries.map(relative(eventPath)), journey.more),
                `missing from More (found: ${moreEntries.map((e) => e.path).join(', ')})`,
              ).toEqual([]);
            } else {
              await detail(tab.name);
            }
          });
        }
        for (const entry of moreEntries) known.add(entry.path);
        for (const entry of moreEntries) {
          visited.add(pattern(entry.path));
          await test.step(`More: ${entry.name}`, async () => {
            await tabBar(page).getByRole('link', { name: more.name, exact: true }).click();
            await toPath(page, more.path);
            complaints.take();
            await page.locator('main').locator(`a[href="${entry.path}"]`).first().click();
            await toPath(page, entry.path);
            await checkScreen(page, complaints, entry.name, width);
            await detail(entry.name);
          });
        }
      });
    });
  }
}

/** Paths relative to the event (`/agenda`), for the required lists. */
const relative =
  (eventPath: string) =>
  (s: NavScreen): NavScreen => ({ ...s, path: s.path.slice(eventPath.length) });
