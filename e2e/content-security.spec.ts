import type { Page } from '@playwright/test';
import { APP_URL, DEMO, DEMO_EVENT } from './support/env';
import { openEventInConsole } from './support/own-event';
import { expect, test } from './support/test';
import { signIn } from './support/ui';

// Issue 9, finding 8: the web app runs under its Content-Security-Policy (apps/api/src/platform/headers.ts)
// without a single violation — participant app and console, realtime socket included.

/** Records every CSP violation the page reports, from before its first script runs. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.exposeFunction('reportCspViolation', (line: string) => violations.push(line));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { reportCspViolation(line: string): void }).reportCspViolation(
        `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
      );
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(`console: ${m.text()}`);
  });
  return violations;
}

test('the participant app runs under its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  const answer = await page.goto(`${APP_URL}/login`);
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(answer?.headers()['x-frame-options']).toBe('DENY');
  await signIn(page, APP_URL, DEMO.participant);
  await expect(page).toHaveURL(`${APP_URL}/`);
  await page
    .getByRole('link', { name: new RegExp(DEMO_EVENT) })
    .first()
    .click();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the console runs under its policy', async ({ page }) => {
  const violations = await watchViolations(page);
  await openEventInConsole(page, DEMO_EVENT);
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});
