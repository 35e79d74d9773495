import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { demo, expectNoSeriousViolations, signInAs } from './support';

const headers = (page: Page) => page.getByRole('table').getByRole('columnheader');
const bodyRows = (page: Page) =>
  page
    .getByRole('table')
    .getByRole('row')
    .filter({ has: page.getByRole('cell') });

test('the patients home opens a patient through the row menu; the detail shows the card and the exam history', async ({
  page,
}) => {
  await page.goto('/');
  await signInAs(page, demo.ada);
  const firstRow = bodyRows(page)
    .filter({ has: page.getByRole('button', { name: /^More actions for / }) })
    .first();
  await expect(firstRow).toBeVisible();
  const name = (await firstRow.getByRole('cell').first().innerText()).trim();
  await firstRow.getByRole('button', { name: `More actions for ${name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem')).toHaveText([
    'View Details',
    'Update Details',
    'Start Virtual Exam',
    'Start In-Person Exam',
  ]);
  await menu.getByRole('menuitem', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/patients\/[0-9a-f-]{36}$/);

  const card = page.getByRole('region', { name: 'Patient Details' });
  await expect(card.getByText(name, { exact: true })).toBeVisible();
  for (const label of ['Name', 'Date of birth', 'Sex', 'Email', 'Profile created', 'Primary doctor']) {
    await expect(card.getByText(label, { exact: true })).toBeVisible();
  }
  await expect(card.getByText(/^(\d\d\/\d\d\/\d{4} \((1 month|\d+ months|\d+ years) old\)|unknown)$/)).toBeVisible();
  await expect(card.getByText(/^(Male|Female|Unknown)$/)).toBeVisible();
  expect((await card.boundingBox())?.width).toBe(250);

  const history = page.getByRole('region', { name: 'Exam History' });
  await expect(history).toBeVisible();
  await expect(headers(page)).toHaveText(['Date', 'Type', 'Status', 'Conducted by', 'Actions']);
  await expect(history.getByText('Loading…')).toHaveCount(0);
  const views = history.getByRole('link', { name: /^View exam/ });
  if ((await views.count()) > 0) {
    await expect(history.getByRole('row').nth(1)).toContainText(/Reviewed|Unreviewed/);
    await views.first().click();
    await expect(page).toHaveURL(/\/exams\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  } else {
    await expect(history.getByText('This patient has no exams yet.')).toBeVisible();
  }
});

test('a patient of another organization, or none, shows the not-found page', async ({ page }) => {
  await page.goto('/patients/00000000-0000-4000-8000-000000000000');
  await signInAs(page, demo.ada);
  await expect(page.getByText('Page not found.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Go back home' })).toBeVisible();
});

test('the Organization menu leads to providers, patients and exams', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, demo.ada);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await menu.getByRole('button', { name: 'Organization' }).click();

  await menu.getByRole('link', { name: 'HCP' }).click();
  await expect(page).toHaveURL(/\/organization\/healthcare-providers$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Healthcare Providers' })).toBeVisible();
  await expect(headers(page)).toHaveText([
    'Name',
    'Display name',
    'Email',
    'Role',
    'Total patients',
    'Total exams',
    'Unreviewed',
  ]);
  const ada = bodyRows(page).filter({ hasText: demo.ada });
  await expect(ada).toContainText('Ada Lovelace');
  await expect(ada).toContainText('Healthcare provider / Council member');
  // 18 seeded patients each for Ada; other specs may have added some since the server started.
  const totalPatients = async (email: string) =>
    Number(await bodyRows(page).filter({ hasText: email }).getByRole('cell').nth(4).innerText());
  const adas = await totalPatients(demo.ada);
  const graces = await totalPatients('grace@riverside.example');
  expect(adas).toBeGreaterThanOrEqual(18);
  expect(graces).toBeGreaterThanOrEqual(7);
  await expectNoSeriousViolations(page);

  await menu.getByRole('link', { name: 'Patients', exact: true }).click();
  await expect(page).toHaveURL(/\/organization\/patients$/);
  await expect(headers(page)).toHaveText(['Name', 'Date of birth', 'Email', 'Primary care provider', 'Actions']);
  // Ada's and Grace's patients (18 and 7 seeded) are the organization's.
  await expect(page.getByText(`1–10 of ${adas + graces}`)).toBeVisible();
  await expect(bodyRows(page).filter({ hasText: /Dr\. (Lovelace|Hopper)/ })).toHaveCount(10);
  await page.getByPlaceholder('Enter name or email address').fill('zz-no-such-patient');
  await expect(page.getByText('Sorry, no matching records found')).toBeVisible();
  await expectNoSeriousViolations(page);

  await menu.getByRole('link', { name: 'Exams' }).click();
  await expect(page).toHaveURL(/\/organization\/exams$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Exams' })).toBeVisible();
  await expect(headers(page)).toHaveText([
    'Patient name',
    'Exam date',
    'Exam type',
    'Status',
    'Conducted by',
    'Actions',
  ]);
  await expect(page.getByRole('button', { name: 'My Exams' })).toHaveAttribute('aria-pressed', 'true');
  await expect(bodyRows(page).first()).toContainText('Dr. Lovelace');
  await expect(bodyRows(page).filter({ hasNotText: 'Dr. Lovelace' })).toHaveCount(0);
  const myView = bodyRows(page)
    .first()
    .getByRole('link', { name: /^View exam/ });
  await expect(myView).toHaveAttribute('href', /^\/organization\/exams\/[0-9a-f-]{36}$/);
  await expectNoSeriousViolations(page);

  await page.getByRole('button', { name: 'Go to next page' }).click();
  await expect(page).toHaveURL(/p=2/);
  await page.getByRole('button', { name: 'All' }).click();
  await expect(page).toHaveURL(/\/organization\/exams\?all=true$/);
  await expect(page.getByRole('button', { name: 'All' })).toHaveAttribute('aria-pressed', 'true');
  const allView = bodyRows(page)
    .first()
    .getByRole('link', { name: /^View exam/ });
  await expect(allView).toHaveAttribute('href', /^\/organization\/exams\/all\/[0-9a-f-]{36}$/);
  const patientLink = bodyRows(page).first().getByRole('link').first();
  await expect(patientLink).toHaveAttribute('href', /^\/patients\/[0-9a-f-]{36}$/);
  await page.getByRole('button', { name: 'My Exams' }).click();
  await expect(page).toHaveURL(/all=false/);
});

test("the council list masks other organizations' patients for Ada and opens a masked exam", async ({ page }) => {
  await page.goto('/council');
  await signInAs(page, demo.ada);
  await expect(page.getByRole('heading', { level: 1, name: 'Council History' })).toBeVisible();
  await expect(headers(page)).toHaveText([
    'Patient name',
    'Exam date',
    'Exam type',
    'Status',
    'Conducted by',
    'Actions',
  ]);
  // Exams of both organizations interleave by date; page on until a masked row shows.
  const masked = bodyRows(page).filter({ has: page.getByRole('cell', { name: '**********', exact: true }) });
  for (let p = 1; p <= 5 && (await masked.count()) === 0; p++) {
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page).toHaveURL(new RegExp(`p=${p + 1}`));
    await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  }
  const row = masked.first();
  await expect(row).toBeVisible();
  // A masked patient has no link; only the view link remains in the row.
  await expect(row.getByRole('link')).toHaveCount(1);
  await expectNoSeriousViolations(page);

  await row.getByRole('link', { name: /^View exam/ }).click();
  await expect(page).toHaveURL(/\/exams\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: '**********' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View patient' })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Mark as reviewed' })).toBeVisible();
  await expectNoSeriousViolations(page);
});

test('the council list explains kindly to Ben that it is for council members', async ({ page }) => {
  await page.goto('/council');
  await signInAs(page, demo.ben);
  await expect(page.getByText(/open to members of the council of doctors/)).toBeVisible();
  await expect(page.getByText(/An unexpected error occurred/)).toHaveCount(0);
});

test('the patient detail has no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  await signInAs(page, demo.ada);
  await bodyRows(page)
    .first()
    .getByRole('link', { name: /^View / })
    .click();
  await expect(page.getByRole('region', { name: 'Exam History' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  await expectNoSeriousViolations(page);
});
