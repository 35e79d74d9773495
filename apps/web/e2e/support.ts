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

/**
 * Waits until no finite animation or transition runs (spinners, which never end, are not waited
 * for), looking again two frames after each wait, at most 2 s in all.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    const deadline = performance.now() + 2000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    for (;;) {
      await frame();
      await frame();
      const finite = document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' && Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)),
        );
      const left = deadline - performance.now();
      if (finite.length === 0 || left <= 0) return;
      await Promise.race([
        Promise.allSettled(finite.map((animation) => animation.finished)),
        new Promise((resolve) => setTimeout(resolve, left)),
      ]);
    }
  });
}

/** axe once the page has settled, and whether anything started to move while it ran. */
async function analyzeSettled(page: Page) {
  await settle(page);
  await page.evaluate(() => {
    const watch = window as unknown as { auscuraMoved?: number };
    if (watch.auscuraMoved === undefined) {
      const moved = () => (watch.auscuraMoved = (watch.auscuraMoved ?? 0) + 1);
      document.addEventListener('transitionrun', moved, true);
      document.addEventListener('animationstart', moved, true);
    }
    watch.auscuraMoved = 0;
  });
  const results = await new AxeBuilder({ page }).analyze();
  const moved = await page.evaluate(() => ((window as unknown as { auscuraMoved?: number }).auscuraMoved ?? 0) > 0);
  return { results, moved };
}

/**
 * axe on the current page: no serious or critical violation, each listed with where it is.
 *
 * Half-way through a transition (a dialog fading in, a button turning from disabled to enabled as a
 * device list arrives) text sits on a half-transparent background or in a colour between two, and
 * axe measures a contrast nobody sees. So axe runs once the page has settled, and its answer counts
 * only if nothing started to move while it ran; otherwise it runs again (three times at most, the
 * last answer counting). A CI run failed on such a colour once (the compatibility test's stethoscope
 * error pane).
 */
export async function expectNoSeriousViolations(page: Page) {
  let { results, moved } = await analyzeSettled(page);
  for (let attempt = 1; attempt < 3 && moved; attempt++) ({ results, moved } = await analyzeSettled(page));
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
