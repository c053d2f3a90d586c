import type { APIRequestContext, Page } from '@playwright/test';
import { CONSOLE_URL } from './env';
import {
  checkScreen,
  isScreen,
  linksIn,
  missingScreens,
  pattern,
  PHONE_MAX_WIDTH,
  toPath,
  unvisitedLink,
  VIEWPORTS,
  type NavScreen,
  type RequiredScreen,
} from './role-journey';
import { BrowserComplaints } from './screen-checks';
import { expect, test } from './test';
import { ensureChosen, signIn } from './ui';

type Account = { email: string; password: string };

export interface ConsoleJourney {
  /** Who signs in (or how to get them: the hub admin is made by the journey). */
  account: Account | ((request: APIRequestContext) => Promise<Account>);
  /** The event the event-scoped screens work on, chosen in the header's switcher. */
  event?: string;
  /** What the navigation must offer this role. */
  required: readonly RequiredScreen[];
  /**
   * Screens this role's walk leaves out, with their detail screens, because the event admin's journey
   * walks them at both widths: the event's screens are the same pages on the same demo data for every
   * admin role. What differs per role (the navigation, what it offers) is still read and checked at
   * both widths. Walking them once instead of three times keeps CI under its 30 minutes.
   */
  walkedElsewhere?: readonly RequiredScreen[];
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Console navigation' });

/** On a phone the side navigation is behind the header's burger. */
async function openNav(page: Page, width: number): Promise<void> {
  if (width > PHONE_MAX_WIDTH) return;
  const burger = page.getByRole('button', { name: 'Open navigation' });
  await burger.click();
  await expect(nav(page)).toBeInViewport();
}

async function closeNav(page: Page, width: number): Promise<void> {
  if (width > PHONE_MAX_WIDTH) return;
  await page.getByRole('button', { name: 'Close navigation' }).click();
  await expect(nav(page)).not.toBeInViewport();
}

/** The account menu's links (Dev mailbox…), but not sign-out. */
async function accountMenuLinks(page: Page): Promise<NavScreen[]> {
  await page.getByRole('button', { name: 'Account menu' }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  const links = (await linksIn(menu)).filter((l) => l.path !== '/logout');
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  return links;
}

async function open(page: Page, screen: NavScreen & { inMenu: boolean }, width: number): Promise<void> {
  if (screen.inMenu) {
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: screen.name, exact: true }).click();
  } else {
    await openNav(page, width);
    await nav(page).getByRole('link', { name: screen.name, exact: true }).click();
  }
  await toPath(page, screen.path);
}

/**
 * One test per width: signs in, chooses the event, reads the side navigation and the account menu,
 * checks that every required screen is there, then opens each entry (by clicking it, as a user
 * would) and the first record of each list (its detail screen), checking every screen — at phone
 * width, but those of `walkedElsewhere`.
 */
export function consoleRoleJourney(journey: ConsoleJourney): void {
  for (const viewport of VIEWPORTS) {
    test.describe(`${viewport.width} px`, () => {
      test.use({ viewport });
      test(`every console screen of the role at ${viewport.width} px`, async ({ page, request }) => {
        // Every screen of the console and the first record of each list: ~40 screens, and growing
        // with each area (issue 15 added the games and their pages).
        test.setTimeout(600_000);
        const width = viewport.width;
        const account =
          typeof journey.account === 'function' ? await journey.account(request) : journey.account;
        const complaints = new BrowserComplaints(page);
        await signIn(page, CONSOLE_URL, account);
        await expect(page).not.toHaveURL(/\/login/);
        await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
        if (journey.event) {
          const header = page.getByRole('banner');
          await ensureChosen(header, page, 'Selected event', journey.event);
        }

        await openNav(page, width);
        const sideNav = await linksIn(nav(page));
        await closeNav(page, width);
        const screens = [
          ...sideNav.map((s) => ({ ...s, inMenu: false })),
          ...(await accountMenuLinks(page)).map((s) => ({ ...s, inMenu: true })),
        ];
        expect(
          missingScreens(screens, journey.required),
          `screens missing from the navigation (found: ${screens.map((s) => s.path).join(', ')})`,
        ).toEqual([]);
        expect(
          screens.filter((s) => s.name === ''),
          'navigation entries without a name',
        ).toEqual([]);

        const visited = new Set<string>(screens.map((s) => pattern(s.path)));
        const elsewhere = journey.walkedElsewhere ?? [];
        const walked = screens.filter((s) => !elsewhere.some((r) => isScreen(s, r)));
        for (const entry of walked) {
          await test.step(entry.name, async () => {
            complaints.take();
            await open(page, entry, width);
            await checkScreen(page, complaints, entry.name, width);
            // The list's first record: its detail screen, once per kind.
            const rows = page.locator('main table tbody tr:not([aria-hidden="true"])');
            const detail = await unvisitedLink(rows.first(), visited);
            if (!detail) return;
            visited.add(pattern(detail.path));
            complaints.take();
            await rows.first().locator(`a[href^="${detail.path}"]`).first().click();
            await toPath(page, detail.path);
            await checkScreen(page, complaints, `${entry.name} detail`, width);
          });
        }
      });
    });
  }
}
