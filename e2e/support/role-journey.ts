import { expect, type Locator, type Page } from '@playwright/test';
import { screen } from './test';
import {
  type BrowserComplaints,
  emptyColumns,
  horizontalOverflow,
  rawKeysShown,
  waitForContent,
} from './screen-checks';

/**
 * The walk of issue 11's role journeys (e2e/roles): sign in, discover the role's screens from its
 * navigation, check each one. Screens are named after their navigation entry; screenshots land in
 * e2e/screenshots/<role>/<screen>-<width>.png (the role is the spec file's name).
 */

export const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
export const PHONE_MAX_WIDTH = 575;

/** A screen the navigation leads to: its entry's name and the path it opens. */
export interface NavScreen {
  name: string;
  path: string;
}

/** A screen that must be in a role's navigation: a name for the report and its path (or pattern). */
export interface RequiredScreen {
  name: string;
  path: string | RegExp;
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** A path with its ids replaced: one visit per kind of screen (one session detail, not all of them). */
export const pattern = (path: string): string => path.replace(UUID, ':id');

/** Whether the screen `found` is the required one. */
export const isScreen = (found: NavScreen, required: RequiredScreen): boolean =>
  typeof required.path === 'string' ? found.path === required.path : required.path.test(found.path);

export function missingScreens(found: readonly NavScreen[], required: readonly RequiredScreen[]): string[] {
  return required
    .filter((r) => !found.some((f) => isScreen(f, r)))
    .map((r) => `${r.name} (${String(r.path)})`);
}

/**
 * Links to screens (name, same-origin path) inside `scope`, in document order, without duplicates:
 * not files (a location's PDF map, a material: API paths, downloads, new tabs).
 */
export async function linksIn(scope: Locator): Promise<NavScreen[]> {
  const links = await scope.locator('a[href]').evaluateAll((anchors) =>
    anchors
      .filter((a) => {
        const r = a.getBoundingClientRect();
        const file =
          (a as HTMLAnchorElement).target === '_blank' ||
          a.hasAttribute('download') ||
          new URL((a as HTMLAnchorElement).href).pathname.startsWith('/api/');
        return r.width > 0 && r.height > 0 && !file;
      })
      .map((a) => {
        const url = new URL((a as HTMLAnchorElement).href);
        // A card's first line is its title.
        const text = (a as HTMLElement).innerText.split('\n').find((line) => line.trim() !== '') ?? '';
        const name = (a.getAttribute('aria-label') ?? text).trim().replace(/\s+/g, ' ');
        return { name, path: url.origin === location.origin ? url.pathname : '', hash: url.hash };
      }),
  );
  const seen = new Set<string>();
  return links
    .filter((l) => l.path !== '' && l.hash === '' && !seen.has(l.path) && seen.add(l.path))
    .map(({ name, path }) => ({ name, path }));
}

export async function toPath(page: Page, path: string): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === path);
}

/**
 * Checks the screen that is showing: loaded, axe (no violations), no raw i18n keys, no empty table
 * column, no sideways scrolling on a phone, no browser errors or failed API calls since `complaints`
 * was last emptied; then the full-page screenshot `<name>-<width>`. Soft: the walk goes on, so one
 * run lists every screen's faults.
 */
export async function checkScreen(
  page: Page,
  complaints: BrowserComplaints,
  name: string,
  width: number,
): Promise<void> {
  const where = `${name} at ${width} px (${new URL(page.url()).pathname})`;
  try {
    await waitForContent(page);
    await complaints.quiet();
    await waitForContent(page);
    // Skeletons below the fold would be in the full-page screenshot: give them a moment. A long
    // virtual list keeps some for rows it has not fetched and fetches them only when scrolled to, so
    // once no API call has been pending for a second the ones left stay (this used to wait 5 s on
    // every such screen) and do not fail the screen.
    const until = Date.now() + 5_000;
    while (Date.now() < until && !complaints.idleFor(1_000)) {
      const skeletons = await page.locator('.mantine-Skeleton-root, tbody tr[aria-hidden="true"]').count();
      if (skeletons === 0) break;
      await page.waitForTimeout(100);
    }
  } catch {
    expect.soft(false, `${where}: still loading after 15 s`).toBe(true);
  }
  await screen(page, `${name}-${width}`);
  expect.soft(await rawKeysShown(page), `${where}: raw i18n keys or templates on screen`).toEqual([]);
  expect.soft(await emptyColumns(page), `${where}: table columns without content in the demo`).toEqual([]);
  if (width <= PHONE_MAX_WIDTH)
    expect.soft(await horizontalOverflow(page), `${where}: px of sideways scrolling`).toBe(0);
  expect.soft(complaints.take(), `${where}: browser errors and failed API calls`).toEqual([]);
}

/** The first link in `scope` to a kind of screen not visited yet (by `pattern`), if any. */
export async function unvisitedLink(
  scope: Locator,
  visited: Set<string>,
  accept: (path: string) => boolean = () => true,
): Promise<NavScreen | undefined> {
  return (await linksIn(scope)).find((l) => accept(l.path) && !visited.has(pattern(l.path)));
}
