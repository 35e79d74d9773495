import { expect, test } from '@playwright/test';
import { demo, expectNoSeriousViolations, signInAs } from './support';

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
