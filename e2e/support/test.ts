import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import axe from 'axe-core';
import { appendFileSync, mkdirSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

export { expect };

export const SCREENSHOT_DIR = resolve(import.meta.dirname, '../screenshots');
/** Every violation of the run, one JSON object a line (.tmp is git-ignored; global setup empties it). */
export const AXE_REPORT = resolve(import.meta.dirname, '../../.tmp/e2e/axe-violations.jsonl');
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

function specName(info: TestInfo): string {
  // The spec file the test belongs to (titlePath[0]), also when a support module declared it.
  return basename(info.titlePath[0] || info.file).replace(/\.spec\.ts$/, '');
}

function slug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Lets CSS transitions (Mantine modals, menus, toasts) finish so screenshots and axe see the end state. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('domcontentloaded');
  await page
    .waitForFunction(
      () =>
        document.fonts.status === 'loaded' &&
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || (a.effect?.getComputedTiming().iterations ?? 1) === Infinity,
          ),
      undefined,
      { timeout: 5_000 },
    )
    .catch(() => undefined);
}

/** A named full-page screenshot in e2e/screenshots/<journey>/<name>.png. */
export async function shot(page: Page, name: string): Promise<string> {
  const info = base.info();
  const dir = join(SCREENSHOT_DIR, specName(info));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${slug(name)}.png`);
  await settle(page);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export interface A11yFinding {
  journey: string;
  screen: string;
  url: string;
  rule: string;
  impact: string | null | undefined;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: string; html: string; summary: string | undefined }>;
}

/**
 * axe-core evaluated in a frame only when the frame has none yet: it stays there until the next
 * navigation, so the screens of a single-page journey share one copy instead of parsing its 550 kB
 * again per check (the string literal is cheap to parse; the code inside is compiled only when run).
 */
const AXE_ONCE_PER_DOCUMENT = `if (typeof window.axe?.run !== 'function') (0, eval)(${JSON.stringify(axe.source)});`;

/**
 * axe-core with the WCAG 2.0 A/AA, 2.1 AA and 2.2 AA rules on the current screen. Violations fail the
 * test (softly, so the journey goes on and every screen is checked) and are appended to
 * .tmp/e2e/axe-violations.jsonl for the report. axe runs in the page (legacy mode): the default
 * mode opens a blank page per check to combine the frames' results, which doubled a check's cost.
 */
export async function checkA11y(
  page: Page,
  screen: string,
  options: { exclude?: string[] } = {},
): Promise<A11yFinding[]> {
  const info = base.info();
  await settle(page);
  const analyze = async () => {
    let builder = new AxeBuilder({ page, axeSource: AXE_ONCE_PER_DOCUMENT })
      .withTags(AXE_TAGS)
      .setLegacyMode();
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    return builder.analyze();
  };
  let result = await analyze();
  // A toast that starts fading in or out during the analysis has a transient contrast (opacity < 1):
  // look again once it has settled. A real contrast fault is still there the second time.
  if (result.violations.some((v) => v.id === 'color-contrast')) {
    await page.waitForTimeout(600);
    await settle(page);
    result = await analyze();
  }
  const findings: A11yFinding[] = result.violations.map((v) => ({
    journey: specName(info),
    screen,
    url: page.url(),
    rule: v.id,
    impact: v.impact,
    help: v.help,
    helpUrl: v.helpUrl,
    nodes: v.nodes
      .slice(0, 5)
      .map((n) => ({ target: n.target.join(' '), html: n.html.slice(0, 300), summary: n.failureSummary })),
  }));
  if (findings.length > 0) {
    mkdirSync(resolve(AXE_REPORT, '..'), { recursive: true });
    for (const f of findings) appendFileSync(AXE_REPORT, `${JSON.stringify(f)}\n`);
    await info.attach(`axe-${slug(screen)}.json`, {
      body: JSON.stringify(findings, null, 2),
      contentType: 'application/json',
    });
  }
  const readable = findings.map(
    (f) =>
      `${f.rule} (${f.impact}): ${f.help}\n` +
      f.nodes.map((n) => `    ${n.target}\n      ${n.summary?.replace(/\n/g, '\n      ')}`).join('\n'),
  );
  expect.soft(readable, `axe violations on screen "${screen}" (${page.url()})`).toEqual([]);
  return findings;
}

/** Every screen the journey visits: a named screenshot and an accessibility check. */
export async function screen(page: Page, name: string, options?: { exclude?: string[] }): Promise<void> {
  await shot(page, name);
  await checkA11y(page, name, options);
}

/**
 * The journeys' `test`: like Playwright's, plus the browser's uncaught errors and console errors,
 * attached to a failing test so a product-side cause is visible in the report.
 */
export const test = base.extend<{ browserLog: void }>({
  browserLog: [
    async ({ page }, use, info) => {
      const lines: string[] = [];
      page.on('pageerror', (e) => lines.push(`pageerror: ${e.message}`));
      page.on('console', (m) => {
        if (m.type() === 'error') lines.push(`console.error: ${m.text()}`);
      });
      page.on('response', (r) => {
        if (r.status() >= 500) lines.push(`HTTP ${r.status()} ${r.request().method()} ${r.url()}`);
      });
      await use();
      if (info.status !== info.expectedStatus && lines.length > 0) {
        await info.attach('browser-log.txt', { body: lines.join('\n'), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});
