import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { demo, signInAs, submitSignIn } from './support';

/** The list's total from its pager ('1–10 of 18'). */
async function patientTotal(page: Page): Promise<number> {
  const pager = page.getByText(/^\d+–\d+ of \d+$/);
  await expect(pager).toBeVisible();
  return Number(/of (\d+)$/.exec(await pager.innerText())![1]);
}

test('Ada signs in, lands on her patients list in the shell, pages and searches it, and logs out', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, demo.ada);
  await expect(page).toHaveURL(/\/$|\/patients/);
  await expect(page.getByRole('heading', { name: 'Patients', exact: true })).toBeVisible();
  await expect(page.getByRole('navigation').getByRole('link', { name: 'My Patients' })).toBeVisible();

  const table = page.getByRole('table');
  const rows = table.getByRole('row');
  // Ada has 18 seeded patients (other specs may add some): 10 on page 1 (plus the header row),
  // the rest on page 2.
  await expect(rows).toHaveCount(11);
  const total = await patientTotal(page);
  expect(total).toBeGreaterThanOrEqual(18);
  await page.getByRole('button', { name: /next page/i }).click();
  await expect(page).toHaveURL(/[?&]p=2/);
  await expect(rows).toHaveCount(Math.min(10, total - 10) + 1);
  await expect(page.getByText(`11–${Math.min(20, total)} of ${total}`)).toBeVisible();

  // Search by the last name of a patient on this page.
  const firstCell = await rows.nth(1).getByRole('cell').first().innerText();
  const lastName = firstCell.trim().split(' ').at(-1)!;
  const search = page.getByPlaceholder('Enter name or email address');
  await search.fill(lastName);
  // Wait for the filtered answer: every body row carries the name, and fewer than a full page.
  await expect
    .poll(async () => {
      const texts = await rows.allInnerTexts();
      return texts.length > 1 && texts.length < 11 && texts.slice(1).every((text) => text.includes(lastName));
    })
    .toBe(true);
  await search.fill('zz-no-such-patient');
  await expect(page.getByText('Sorry, no matching records found')).toBeVisible();
  await search.press('Escape');
  await expect(search).toHaveValue('');
  await expect(rows).toHaveCount(11);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Signed Out' })).toBeVisible();
  await expect(page.getByText("You've been safely signed out.")).toBeVisible();
});

test('a wrong password shows an error; ten in a row lock the account; the right one is refused during the lock', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await submitSignIn(page, 'rosalind@lakeside.example', 'not-my-password');
  await expect(page.getByRole('alert')).toHaveText('The email address or password is incorrect.');
  for (let attempt = 2; attempt <= 10; attempt++) {
    await submitSignIn(page, 'rosalind@lakeside.example', `not-my-password-${attempt}`);
  }
  await expect(page.getByRole('alert')).toContainText('Too many failed sign-in attempts');
  await submitSignIn(page, 'rosalind@lakeside.example', demo.password);
  await expect(page.getByRole('alert')).toContainText('Sign-in is paused for this account for 15 minutes');
  await expect(page.getByRole('button', { name: 'Log out' })).toHaveCount(0);
});

test('a signed-out visit to /patients?p=2 leads to sign-in and then back to that address', async ({ page }) => {
  await page.goto('/patients?p=2');
  await signInAs(page, demo.ada);
  await expect(page).toHaveURL(/\/patients\?p=2$/);
  const total = await patientTotal(page);
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(Math.min(10, total - 10) + 1);
});

test('an unknown path shows the not-found page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByText('404 Error')).toBeVisible();
  await expect(page.getByText('Page not found.')).toBeVisible();
  await expect(page.getByText("Sorry, we couldn't find the page you were looking for.")).toBeVisible();
  await page.getByRole('link', { name: 'Go back home' }).click();
  await expect(page).not.toHaveURL(/no\/such\/page/);
});

test('the signed-out page explains each reason', async ({ page }) => {
  await page.goto('/signed-out?reason=auth-error');
  await expect(page.getByRole('heading', { name: 'Error signing in' })).toBeVisible();
  await expect(page.getByText('There was an error signing in. Please try again.')).toBeVisible();
  await page.goto('/signed-out?reason=inactivity');
  await expect(page.getByText("For security reasons, you've been signed out due to inactivity.")).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign back in' })).toBeVisible();
});
