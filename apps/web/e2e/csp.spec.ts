import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { demo, signInAs } from './support';
import { openHeartRecording } from './playback-capture';

/**
 * Issue 21, finding 6: the main screens load and work under the server's strict policy with zero
 * violations — the sign-in page, the shell, the patients list, an exam with the engine's
 * WebAssembly and AudioWorklet playback, settings. (Every other spec runs under it too; the run's
 * teardown fails on any report.)
 */
async function watchViolations(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.exposeFunction('reportCspViolation', (text: string) => seen.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportCspViolation(text: string): void }).reportCspViolation(
        `${event.effectiveDirective} ${event.blockedURI}`,
      );
    });
  });
  // A header the browser cannot parse is said on the console too: a Permissions-Policy feature
  // Chromium does not know ('bluetooth') printed a warning on every page.
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Permissions[- ]Policy/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test('the main screens load under the Content-Security-Policy with zero violations', async ({ page }) => {
  const violations = await watchViolations(page);
  const answer = await page.goto('/');
  expect(answer?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  await signInAs(page, demo.ben);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().click();
  await expect(page.getByRole('main')).toBeVisible();
  await page.goto('/organization/exams?all=true');
  await expect(
    page
      .getByRole('table')
      .getByRole('link', { name: /^View exam/ })
      .first(),
  ).toBeVisible();
  expect(violations).toEqual([]);
});

test('exam playback (WebAssembly, AudioWorklet, blob media) has zero violations', async ({ page }) => {
  const violations = await watchViolations(page);
  const card = await openHeartRecording(page);
  await expect(card.getByRole('slider', { name: /^Playback position/ })).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: /^Play,/ }).click();
  await expect(card.getByRole('button', { name: /^Stop,/ })).toBeVisible({ timeout: 20_000 });
  await card.getByRole('button', { name: /^Stop,/ }).click();
  expect(violations).toEqual([]);
});
