import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const demo = { ada: 'ada@riverside.example', ben: 'ben@lakeside.example', password: 'Auscura-demo-2026' };

/** Fills the built-in provider's sign-in page the way a person does. */
export async function submitSignIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** From any protected page: sign in and wait for the shell. */
export async function signInAs(page: Page, email: string, password = demo.password) {
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await submitSignIn(page, email, password);
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
}

/** axe on the current page: no serious or critical violation, each listed with where it is. */
export async function expectNoSeriousViolations(page: Page) {
  // Let running transitions end first (a dialog fading in, a menu fading out): half-way through a
  // fade, text sits on a half-transparent background and axe measures a contrast nobody sees.
  // Endless animations (spinners) are not waited for, and the wait is capped.
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.allSettled(finite.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]);
  });
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

/**
 * Full-page screenshots at the given widths (375 × 740, 1024 × 768, else × 900) into E2E_SHOTS_DIR,
 * when it is set, named `<name>-<width>.png`; the page is left at 1440 × 900.
 */
export async function snap(page: Page, name: string, widths: number[]) {
  const folder = process.env.E2E_SHOTS_DIR;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  for (const width of widths) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : width === 1024 ? 768 : 900 });
    await page.screenshot({ path: path.join(folder, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** A GET of the API with the page's own access token (the SDK keeps it in local storage). */
export async function apiGet<T>(page: Page, url: string): Promise<T> {
  return page.evaluate(async (target) => {
    const token = Object.entries(localStorage)
      .filter(([key]) => key.startsWith('@@auth0spajs@@'))
      .map(([, value]) => JSON.parse(value) as { body?: { access_token?: string } })
      .find((entry) => entry.body?.access_token)?.body?.access_token;
    const response = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as T;
  }, url);
}
