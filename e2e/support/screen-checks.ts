import type { Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * What a role journey (e2e/roles) checks on every screen besides axe: the screen has finished
 * loading, shows no raw i18n keys, no table column is empty, nothing overflows sideways, and the
 * browser reported no errors and no failed API calls while it was open.
 */

const CATALOG_DIR = resolve(import.meta.dirname, '../../apps/web/src/shared/i18n/en');

let catalogKeys: Promise<Set<string>> | undefined;

/**
 * Every key of the web app's English catalog, as i18next prints a missing one: `nav.home` and
 * `shell:nav.home` (plural forms under their base key too). Read from the catalog files themselves,
 * so a namespace added later is covered.
 */
export function i18nKeys(): Promise<Set<string>> {
  catalogKeys ??= (async () => {
    const keys = new Set<string>();
    const walk = (ns: string, prefix: string, node: unknown) => {
      if (typeof node === 'string') {
        for (const key of [prefix, prefix.replace(/_(zero|one|two|few|many|other)$/, '')]) {
          keys.add(key);
          keys.add(`${ns}:${key}`);
        }
        return;
      }
      if (node && typeof node === 'object')
        for (const [k, v] of Object.entries(node)) walk(ns, prefix ? `${prefix}.${k}` : k, v);
    };
    for (const file of readdirSync(CATALOG_DIR).filter((f) => /^[a-zA-Z]+\.ts$/.test(f))) {
      const ns = file.replace(/\.ts$/, '');
      const mod = (await import(pathToFileURL(resolve(CATALOG_DIR, file)).href)) as { default: unknown };
      walk(ns, '', mod.default);
    }
    // Single-segment keys ('home') are ordinary words: only dotted paths say "this is a key".
    return new Set([...keys].filter((k) => k.includes('.')));
  })();
  return catalogKeys;
}

/** Texts on screen (rendered text, accessible names, placeholders) that are catalog keys or templates. */
export async function rawKeysShown(page: Page): Promise<string[]> {
  const keys = await i18nKeys();
  const texts = await page.evaluate(() => {
    const out = [document.body.innerText, document.title];
    for (const el of document.querySelectorAll('[aria-label],[placeholder],[title],img[alt]')) {
      if (el.closest('[aria-hidden="true"]')) continue;
      for (const attr of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(attr);
        if (value) out.push(value);
      }
    }
    return out;
  });
  const found = new Set<string>();
  for (const text of texts) {
    for (const token of text.match(/[A-Za-z][\w]*(?::[A-Za-z][\w]*)?(?:\.[A-Za-z][\w]*)+/g) ?? []) {
      if (keys.has(token)) found.add(token);
    }
    for (const template of text.match(/\{\{[^}]*\}\}|\{\{|\}\}/g) ?? []) found.add(template);
  }
  return [...found];
}

/**
 * Waits until the screen has loaded: no route or list loader, no busy table, no skeleton (or a
 * list's skeleton row) in view. (A virtual list keeps skeleton rows for the windows it has not
 * fetched, below the fold.)
 */
export async function waitForContent(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page.waitForFunction(
    () => {
      const inView = (el: Element) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return (
          r.width > 0 &&
          r.height > 0 &&
          r.bottom > 0 &&
          r.top < innerHeight &&
          style.visibility !== 'hidden' &&
          style.display !== 'none'
        );
      };
      const main = document.querySelector('main') ?? document.body;
      if (main.innerText.trim() === '') return false;
      const busy = [
        ...document.querySelectorAll(
          '[aria-busy="true"], .mantine-Loader-root, .mantine-Skeleton-root, [data-loading="true"], tbody tr[aria-hidden="true"]',
        ),
      ];
      // Loaders inside buttons belong to an action in progress, not to the screen's content.
      return busy.filter((el) => !el.closest('button') && inView(el)).length === 0;
    },
    undefined,
    { timeout },
  );
}

/**
 * Columns of the visible tables that have no content in any loaded row, and tables with no rows at
 * all ("header — table"): in the demo every column should show something. A cell counts when it
 * has text or a control, image or icon (selection and action columns).
 */
export async function emptyColumns(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
    };
    const tables = [...document.querySelectorAll('table')].filter(
      (t) => visible(t) && !t.closest('[aria-hidden="true"]'),
    );
    tables.forEach((table, t) => {
      const name =
        table.getAttribute('aria-label') ??
        (table.getAttribute('aria-labelledby')
          ? document.getElementById(table.getAttribute('aria-labelledby')!.split(' ')[0]!)?.innerText
          : undefined) ??
        `table ${t + 1}`;
      const headerRow = table.querySelector('thead tr');
      const headers = headerRow ? [...headerRow.children] : [];
      const rows = [...table.querySelectorAll('tbody tr')].filter(
        (r) => r.getAttribute('aria-hidden') !== 'true' && r.children.length === headers.length,
      );
      if (headers.length === 0) return;
      if (rows.length === 0) {
        problems.push(`${name}: no rows`);
        return;
      }
      headers.forEach((th, i) => {
        if (!visible(th)) return;
        const filled = rows.some((r) => {
          const cell = r.children[i] as HTMLElement | undefined;
          if (!cell) return false;
          return cell.innerText.trim() !== '' || cell.querySelector('img,svg,input,button,a,canvas') !== null;
        });
        if (!filled)
          problems.push(`${name}: column "${(th as HTMLElement).innerText.trim() || i + 1}" is empty`);
      });
    });
    return problems;
  });
}

/** How far the page is wider than the window (0: no horizontal scrolling). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return Math.max(0, root.scrollWidth - window.innerWidth);
  });
}

/**
 * The browser's complaints while a screen is open: uncaught errors, console errors and API calls
 * answered 4xx/5xx. `take()` answers those since the last call.
 */
export class BrowserComplaints {
  private lines: string[] = [];
  private inFlight = new Set<unknown>();
  private lastSettled = Date.now();

  constructor(page: Page) {
    const isApi = (url: string) => new URL(url).pathname.startsWith('/api/');
    page.on('request', (r) => {
      if (isApi(r.url())) this.inFlight.add(r);
    });
    const settled = (r: unknown) => {
      if (this.inFlight.delete(r)) this.lastSettled = Date.now();
    };
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('pageerror', (e) => this.lines.push(`uncaught: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') this.lines.push(`console.error: ${m.text()}`);
    });
    page.on('response', (r) => {
      if (r.status() >= 400 && new URL(r.url()).pathname.startsWith('/api/'))
        this.lines.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
    });
    page.on('requestfailed', (r) => {
      const failure = r.failure()?.errorText ?? '';
      // A navigation away cancels what the last screen was still loading: not a failure.
      if (new URL(r.url()).pathname.startsWith('/api/') && !/ERR_ABORTED/.test(failure))
        this.lines.push(`request failed: ${r.method()} ${r.url()} ${failure}`);
    });
  }

  /**
   * Waits until no API call has been pending for `quietMs` (view settings that arrive after the
   * first rows, for instance, make a list fetch again and show skeletons for a moment).
   */
  async quiet(quietMs = 500, timeout = 15_000): Promise<void> {
    const until = Date.now() + timeout;
    while (Date.now() < until) {
      if (this.idleFor(quietMs)) return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }

  /** Whether no API call has been pending for `ms`. */
  idleFor(ms: number): boolean {
    return this.inFlight.size === 0 && Date.now() - this.lastSettled >= ms;
  }

  take(): string[] {
    const taken = this.lines;
    this.lines = [];
    return taken;
  }
}
