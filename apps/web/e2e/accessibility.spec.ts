import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { demo, signInAs } from './support';

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id}: ${violation.help} (${violation.nodes.map((n) => n.target.join(' ')).join(', ')})`,
    );
  expect(serious).toEqual([]);
}

test('the sign-in page has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the patients home in the shell has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, demo.ben);
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await expectNoSeriousViolations(page);
});

for (const path of ['/signed-out', '/no-such-page', '/support', '/contact', '/terms', '/privacy', '/hipaa']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('main')).toBeVisible();
    await expectNoSeriousViolations(page);
  });
}
