import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { testResultsFileSchema } from '@auscura/contracts';
import type { TestResultsFile } from '@auscura/contracts';
import { expectNoSeriousViolations } from '../support';

export const testPath = '/live-exam-compatibility-test';
const shots = process.env.E2E_SHOTS_DIR;

/** The active pane's headline (the wizard's h2). */
export const paneTitle = (page: Page) => page.locator('#pane-title');

/** axe on the pane, and with E2E_SHOTS_DIR screenshots of it at 1440×900 and 1024×768. */
export async function checkPane(page: Page, name: string) {
  await expectNoSeriousViolations(page);
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const size = page.viewportSize();
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(shots, `compat-${name}-${width}.png`), fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

/** From Get started to the Connectivity pane on the default path (stethoscope skipped). */
export async function walkToConnectivity(page: Page) {
  await page.goto(testPath);
  await page.getByRole('button', { name: 'Get started' }).click();
  await expect(paneTitle(page)).toHaveText('Browser supported');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Check permissions' }).click();
  await expect(paneTitle(page)).toHaveText('Can you see yourself?');
  await page.getByRole('button', { name: 'Yes, continue' }).click();
  await expect(paneTitle(page)).toHaveText('Check your microphone and speakers');
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Waits for the connection tests to end (they take about half a minute). */
export async function connectivityOutcome(page: Page): Promise<string> {
  await expect(paneTitle(page)).not.toHaveText('Hang tight!', { timeout: 90_000 });
  return (await paneTitle(page).textContent()) ?? '';
}

/** Clicks 'Download report results' and reads test_results.json, checked against the contract. */
export async function downloadResults(page: Page): Promise<TestResultsFile> {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download report results' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('test_results.json');
  return testResultsFileSchema.parse(JSON.parse(readFileSync(await download.path(), 'utf8')));
}
