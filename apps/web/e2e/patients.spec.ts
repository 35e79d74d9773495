import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { builtFeatures } from '@auscura/contracts';
import { demo, expectNoSeriousViolations, signInAs } from './support';

/** The fields of the New patient / Update patient dialog, found the way a person finds them. */
function patientForm(dialog: Locator) {
  return {
    firstName: dialog.getByRole('textbox', { name: 'First name' }),
    lastName: dialog.getByRole('textbox', { name: 'Last name' }),
    email: dialog.getByRole('textbox', { name: 'Email address' }),
    sex: dialog.getByRole('combobox', { name: 'Sex (optional)' }),
    birthdate: dialog.getByRole('textbox', { name: 'Date of birth' }),
  };
}

async function expectMessages(dialog: Locator, messages: string[]) {
  for (const message of messages) await expect(dialog.getByText(message, { exact: true })).toBeVisible();
}

/** The local date as YYYY-MM-DD, as the browser's date field holds it. */
async function browserToday(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

test('New patient: every message for bad input, the duplicate address, then the patient in the list; Update Details changes it', async ({
  page,
}) => {
  await page.goto('/');
  await signInAs(page, demo.ada);
  const table = page.getByRole('table', { name: 'Patient list' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();
  // An address already used in the organization, from the list itself.
  const takenEmail = (await table.getByRole('row').nth(1).getByRole('cell').nth(2).innerText()).trim();

  await page.getByRole('button', { name: 'Add new patient' }).click();
  const dialog = page.getByRole('dialog', { name: 'New patient' });
  await expect(dialog).toBeVisible();
  const form = patientForm(dialog);
  await expect(form.firstName).toBeFocused();
  await expectNoSeriousViolations(page);

  // Nothing filled in: each required field says so.
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expectMessages(dialog, [
    'First name is required',
    'Last name is required',
    'Email address is required.',
    'Date of birth is required',
  ]);
  await expect(form.firstName).toBeFocused();
  await expectNoSeriousViolations(page);

  // Too long, special characters, a bad address, a date that does not exist.
  await form.firstName.fill('A'.repeat(101));
  await form.lastName.fill('Smith #2');
  await form.email.fill('not-an-email');
  await form.birthdate.fill('02/30/1980');
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expectMessages(dialog, [
    'First name must be fewer than 100 characters',
    'Last name cannot contain special characters',
    'Invalid email address.',
    'Date of birth must be a valid date',
  ]);

  await form.firstName.fill('Mo$');
  await form.lastName.fill('L'.repeat(101));
  await form.email.fill(`${'x'.repeat(115)}@x.org`);
  await form.birthdate.fill('12/31/2999');
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expectMessages(dialog, [
    'First name cannot contain special characters',
    'Last name must be fewer than 100 characters',
    'Email address may not exceed 120 characters.',
    'Date of birth must be in the past',
  ]);
  await form.birthdate.fill('12/31/1899');
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expectMessages(dialog, ['Date of birth must be a valid date']);

  // Typing digits only: the field adds the slashes.
  await form.birthdate.fill('');
  await form.birthdate.pressSequentially('03141961');
  await expect(form.birthdate).toHaveValue('03/14/1961');

  // Valid, but the address is taken (in another case): the server's duplicate, naming the address.
  await form.firstName.fill('Maren');
  await form.lastName.fill("O'Neill-Ruiz");
  const duplicate = takenEmail.toUpperCase();
  await form.email.fill(duplicate);
  await form.sex.selectOption('female');
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expect(
    dialog.getByText(`A patient with the email address ${duplicate} already exists. Email addresses must be unique.`),
  ).toBeVisible();
  await expectNoSeriousViolations(page);

  // A free address: created, the dialog closes, the list (newest first) shows the patient.
  const email = `maren.${Date.now()}@example.org`;
  await form.email.fill(email);
  await dialog.getByRole('button', { name: 'Add patient' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Maren O'Neill-Ruiz has been added to your patients")).toBeVisible();
  const newRow = table.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) });
  await expect(newRow).toContainText("Maren O'Neill-Ruiz");
  await expect(newRow).toContainText('03/14/1961');

  // Update Details from the row's more-menu: the form holds the patient; only the change is sent.
  await newRow.getByRole('button', { name: "More actions for Maren O'Neill-Ruiz" }).click();
  await page.getByRole('menuitem', { name: 'Update Details' }).click();
  const update = page.getByRole('dialog', { name: 'Update patient' });
  await expect(update).toBeVisible();
  const updateForm = patientForm(update);
  await expect(updateForm.firstName).toHaveValue('Maren');
  await expect(updateForm.email).toHaveValue(email);
  await expect(updateForm.birthdate).toHaveValue('03/14/1961');
  await expect(updateForm.sex).toHaveValue('female');
  await expectNoSeriousViolations(page);
  await updateForm.lastName.fill('Lindqvist');
  const patch = page.waitForRequest((request) => request.method() === 'PATCH');
  await update.getByRole('button', { name: 'Save changes' }).click();
  expect((await patch).postDataJSON()).toEqual({ lastName: 'Lindqvist' });
  await expect(update).toBeHidden();
  await expect(page.getByText('The patient details have been updated')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(email.replace(/[.]/g, '\\.')) })).toContainText(
    'Maren Lindqvist',
  );

  // The duplicate check applies to an update too.
  await table.getByRole('button', { name: 'More actions for Maren Lindqvist' }).click();
  await page.getByRole('menuitem', { name: 'Update Details' }).click();
  await patientForm(update).email.fill(takenEmail);
  await update.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    update.getByText(`A patient with the email address ${takenEmail} already exists. Email addresses must be unique.`),
  ).toBeVisible();
  await update.getByRole('button', { name: 'Cancel' }).click();
  await expect(update).toBeHidden();
});

test('Update profile on the patient detail, and a self-exam request with its code and link, stored as shown', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/');
  await signInAs(page, demo.ada);
  const table = page.getByRole('table', { name: 'Patient list' });
  await table
    .getByRole('link', { name: /^View / })
    .nth(2)
    .click();
  await expect(page.getByRole('heading', { name: 'Patient Details' })).toBeVisible();
  const name = await page.getByRole('heading', { level: 1 }).innerText();
  const patientId = page.url().split('/').at(-1)!;

  // Update profile: the card shows the change.
  await page.getByRole('button', { name: 'Update profile' }).click();
  const update = page.getByRole('dialog', { name: 'Update patient' });
  await expect(patientForm(update).firstName).toHaveValue(name.split(' ')[0]!);
  await patientForm(update).sex.selectOption('male');
  await update.getByRole('button', { name: 'Save changes' }).click();
  await expect(update).toBeHidden();
  const card = page.getByRole('region', { name: 'Patient Details' });
  await expect(card.getByText('Male', { exact: true })).toBeVisible();

  // Create Self Exam from the Exam History header.
  const history = page.getByRole('region', { name: 'Exam History' });
  await history.getByRole('button', { name: 'Create Self Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Self Exam' });
  await expect(dialog).toBeVisible();
  for (const label of ['Heart 1', 'Heart 5', 'Lung 1', 'Lung 5']) {
    await expect(dialog.getByRole('checkbox', { name: label })).not.toBeChecked();
  }
  await expect(dialog.getByRole('checkbox', { name: /Other/ })).toHaveCount(0);
  const today = await browserToday(page);
  await expect(dialog.getByLabel('Exam date')).toHaveValue(today);
  await expectNoSeriousViolations(page);

  await dialog.getByRole('button', { name: 'Create self exam' }).click();
  await expect(dialog.getByText('You must select at least one auscultation point', { exact: true })).toBeVisible();
  await expectNoSeriousViolations(page);

  await dialog.getByRole('checkbox', { name: 'Lung 3' }).check();
  await dialog.getByRole('checkbox', { name: 'Heart 2' }).check();
  await dialog.getByLabel('Instructions (optional)').fill('Sit quietly for five minutes before you start.');
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/self-exam-requests$/.test(response.url()),
  );
  await dialog.getByRole('button', { name: 'Create self exam' }).click();
  const response = await created;
  expect(response.status()).toBe(201);
  const request = (await response.json()) as { id: string; accessCode: string; link: string };

  if (builtFeatures.selfExamPatientPages) {
    // The code and the link are shown, each copyable.
    const code = dialog.getByRole('textbox', { name: 'Access code' });
    const link = dialog.getByRole('textbox', { name: 'Link' });
    await expect(code).toHaveValue(request.accessCode);
    await expect(code).toHaveValue(/^[A-Z2-9]{10}$/);
    await expect(link).toHaveValue(`${new URL(page.url()).origin}/self-exam/${request.id}`);
    await expectNoSeriousViolations(page);
    await dialog.getByRole('button', { name: 'Copy access code' }).click();
    await expect(page.getByText('The access information has been copied to your clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(request.accessCode);
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(request.link);

    // Send access info: pre-filled with the patient's address.
    await expect(dialog.getByRole('textbox', { name: "Patient's email address" })).not.toHaveValue('');
    await dialog.getByRole('button', { name: 'Send access info' }).click();
    await expect(page.getByText('The access information email was successfully sent')).toBeVisible();
  } else {
    // The patient's pages are not built yet: no link or code that would lead the patient to a 404.
    await expect(dialog.getByRole('status')).toHaveText(/The patient side of self exams is not available yet/);
    await expect(dialog.getByRole('textbox', { name: 'Link' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Send access info' })).toHaveCount(0);
  }

  // Stored as shown: read back through the API with the page's own token.
  const authorization = (await response.request().allHeaders())['authorization']!;
  const stored = await page.request.get(`/api/v1/self-exam-requests/${request.id}`, { headers: { authorization } });
  expect(stored.status()).toBe(200);
  expect(await stored.json()).toMatchObject({
    id: request.id,
    patientProfileId: patientId,
    examDate: today,
    instructions: 'Sit quietly for five minutes before you start.',
    auscultationPoints: ['h2', 'l3'],
    accessCode: request.accessCode,
    link: request.link,
    finalizedAt: null,
  });

  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
});
