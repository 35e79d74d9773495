import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fakeMediaLaunchOptions, heartFixture } from './fake-media';
import { newestMailTo, outboxFiles } from './outbox';
import { demo, expectNoSeriousViolations, signInAs, snap } from './support';

const phone = { width: 375, height: 812 };

test.use({ launchOptions: fakeMediaLaunchOptions(heartFixture) });

/** axe, then screenshots at 375, 1024 and 1440 px; the patient's page goes back to the phone's width. */
async function checkPatientPage(page: Page, name: string) {
  await expectNoSeriousViolations(page);
  await snap(page, name, [375, 1024, 1440]);
  await page.setViewportSize(phone);
}

/** Records one point with the fake microphone and sends it. */
async function recordAndSend(page: Page, title: string, position: string) {
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  await expect(page.getByText(position)).toBeVisible();
  // The level meter hears the fixture before anything is recorded.
  await expect
    .poll(async () => Number(await page.getByRole('meter').getAttribute('aria-valuenow')), { timeout: 15_000 })
    .toBeGreaterThan(-60);
  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.waitForTimeout(5500); // past the capture check's 5 s minimum
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByText(/seconds recorded/)).toBeVisible({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Send this recording' }).click();
}

test('a patient-initiated self exam: Ada sends the standing link, the patient chooses two points at 375 px, the exam arrives as Self - Patient Initiated and Ada is told', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto('/patients');
  await signInAs(page, demo.ada);
  await page
    .getByRole('table', { name: 'Patient list' })
    .getByRole('link', { name: /^View / })
    .nth(1)
    .click();
  await expect(page.getByRole('heading', { name: 'Patient Details' })).toBeVisible();
  const patientName = await page.getByRole('heading', { level: 1 }).innerText();
  const address = await page.getByRole('region', { name: 'Patient Details' }).getByText(/@/).innerText();

  // Ada sends the standing link, with a note; the code is shown to her once.
  await page
    .getByRole('region', { name: 'Exam History' })
    .getByRole('button', { name: 'Standing Self-Exam Link' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Standing self-exam link' });
  await expect(dialog.getByText(`No standing self-exam link has been sent to ${patientName} yet.`)).toBeVisible();
  await dialog
    .getByLabel('Note for the patient (optional)')
    .fill('Record Heart 1 and Lung 2 when you feel short of breath.');
  await expectNoSeriousViolations(page);
  await snap(page, 'standing-link-dialog', [375, 1024, 1440]);
  const before = outboxFiles();
  await dialog.getByRole('button', { name: 'Send standing self-exam link' }).click();
  await expect(page.getByText('The access information email was successfully sent')).toBeVisible();
  await expect(dialog.getByText(`Sent to ${address}`)).toBeVisible();
  await expect(dialog.getByText(/^Active\. Sent on/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Send a new code' })).toBeVisible();
  await expectNoSeriousViolations(page);
  await snap(page, 'standing-link-dialog-sent', [375, 1024, 1440]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await expect.poll(() => newestMailTo(address, before)).not.toBeNull();
  const mail = newestMailTo(address, before)!;
  expect(mail).toContain('Subject: Your self-exam link on Auscura');
  const link = /Open this link: (\S+)/.exec(mail)![1]!;
  const code = /access code: (\S+)/.exec(mail)![1]!;
  expect(link).toMatch(/\/self-exam-link\/[0-9a-f-]{36}$/);

  // The patient, in a browser of their own, on a phone-sized window.
  const patientContext = await browser.newContext({ viewport: phone });
  const patient = await patientContext.newPage();
  await patient.goto(link);
  await expect(patient.getByRole('heading', { name: 'Your self exam' })).toBeVisible();
  await checkPatientPage(patient, 'standing-link-code');
  await patient.getByLabel('Access code').fill('WRONG-CODE-22');
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient.getByRole('alert')).toContainText('ask your clinician to send you the link again');
  await patient.getByLabel('Access code').fill(code.toLowerCase());
  await patient.getByRole('button', { name: 'Continue' }).click();

  // The patient chooses what to record: at least one place.
  await expect(patient.getByRole('heading', { name: 'Choose what to record' })).toBeVisible();
  await expect(patient.getByText('Record Heart 1 and Lung 2 when you feel short of breath.')).toBeVisible();
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient.getByRole('alert')).toContainText('Choose at least one place to record.');
  await patient.getByRole('checkbox', { name: /^Heart 1/ }).check();
  await patient.getByRole('checkbox', { name: /^Lung 2/ }).check();
  await checkPatientPage(patient, 'standing-link-choose');
  await patient.getByRole('button', { name: 'Continue with 2 places' }).click();

  await expect(patient.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(patient.getByText('You chose 2 places to record.', { exact: false })).toBeVisible();
  await expect(patient.getByText(/could not recognise a stethoscope|stethoscope is connected/)).toBeVisible();
  await checkPatientPage(patient, 'standing-link-instructions');
  await patient.getByRole('button', { name: 'Start recording' }).click();
  await recordAndSend(patient, 'Heart 1', 'Point 1 of 2');
  await recordAndSend(patient, 'Lung 2', 'Point 2 of 2');
  await expect(patient.getByRole('heading', { name: 'Your recordings were sent' })).toBeVisible({ timeout: 30_000 });
  await expect(patient.getByText('open the link in your email again')).toBeVisible();
  await checkPatientPage(patient, 'standing-link-sent');

  // Ada, still in the portal, is told (the shell asks every half minute), and follows the link.
  const notice = page
    .getByRole('region', { name: 'Notifications' })
    .getByRole('alert')
    .filter({
      hasText: `Self exam from ${patientName} arrived`,
    });
  await expect(notice).toBeVisible({ timeout: 45_000 });
  await expectNoSeriousViolations(page);
  await snap(page, 'standing-link-notice', [1024, 1440]);
  const examAnswer = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/api\/v1\/exams\/[0-9a-f-]{36}(\?|$)/.test(response.url()),
  );
  await notice.getByRole('link', { name: 'View exam' }).click();
  const exam = (await (await examAnswer).json()) as {
    type: string;
    auscultations?: { auscultationPoint: { label: string } }[];
  };
  expect(exam.type).toBe('self-patient-initiated');
  expect(exam.auscultations?.map((a) => a.auscultationPoint.label).sort()).toEqual(['h1', 'l2']);
  await expect(page.getByRole('article', { name: 'Heart 1' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lung 2' })).toBeVisible();
  await expect(notice).toBeHidden();

  // /exams lists it as Self - Patient Initiated.
  await page.goto('/exams?type=self-patient-initiated');
  const row = page.getByRole('table', { name: 'My exams' }).getByRole('row').filter({ hasText: patientName }).first();
  await expect(row).toContainText('Self - Patient Initiated');

  // Another day, the patient starts again with the same link and code, sends one of two places and
  // closes the page: opening the link again offers to finish that self exam.
  await patient.goto(link);
  await patient.getByLabel('Access code').fill(code);
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient.getByRole('heading', { name: 'Choose what to record' })).toBeVisible();
  await expect(patient.getByText('You have a self exam to finish')).toBeHidden();
  await patient.getByRole('checkbox', { name: /^Heart 3/ }).check();
  await patient.getByRole('checkbox', { name: /^Lung 1/ }).check();
  await patient.getByRole('button', { name: 'Continue with 2 places' }).click();
  await patient.getByRole('button', { name: 'Start recording' }).click();
  await recordAndSend(patient, 'Heart 3', 'Point 1 of 2');
  await expect(patient.getByRole('heading', { name: 'Lung 1' })).toBeVisible({ timeout: 30_000 });
  await patient.reload();
  await patient.getByLabel('Access code').fill(code);
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient.getByText('You have a self exam to finish')).toBeVisible();
  await expect(patient.getByText(/sent 1 of 2 recordings\. Still to record: Lung 1\./)).toBeVisible();
  await checkPatientPage(patient, 'standing-link-unfinished');
  await patient.getByRole('button', { name: 'Finish that self exam' }).click();
  await expect(patient.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(patient.getByText('Heart 3 — already sent')).toBeVisible();

  // Ada turns the link off: the patient's code no longer opens it, and the page says why.
  await page.goBack();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Patient Details' })).toBeVisible();
  await page
    .getByRole('region', { name: 'Exam History' })
    .getByRole('button', { name: 'Standing Self-Exam Link' })
    .click();
  // Two uses so far: the sent one and the one with Heart 3 (its exam exists).
  await expect(dialog.getByText(/Used 2 times/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Turn off link' }).click();
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Turn off link' }).click();
  await expect(page.getByText('The standing self-exam link has been turned off')).toBeVisible();
  await expect(dialog.getByText(/^Turned off on/)).toBeVisible();
  await snap(page, 'standing-link-dialog-off', [1024]);
  await dialog.getByRole('button', { name: 'Close' }).click();

  await patient.goto(link);
  await patient.getByLabel('Access code').fill(code);
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient.getByRole('alert')).toContainText('turned this self-exam link off');
  await patientContext.close();
});
