import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { encodeWav } from '@auscura/audio-engine/node';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { fakeMediaLaunchOptions } from './fake-media';
import { newestMailTo, outboxFiles } from './outbox';
import { demo, expectNoSeriousViolations, signInAs, snap } from './support';

// A stethoscope that hears nothing: Chromium's fake microphone plays 10 s of digital silence, looping.
// Written when the spec loads, before the browser is launched with it.
const silentWav = path.join(os.tmpdir(), 'auscura-e2e-silence-44k.wav');
mkdirSync(path.dirname(silentWav), { recursive: true });
writeFileSync(silentWav, encodeWav([new Float32Array(44_100 * 10)], 44_100, 'pcm16'));

test.use({ launchOptions: fakeMediaLaunchOptions(silentWav) });

/**
 * The exam page's card of a point, once the server has analysed the recording (no longer 'Processing'):
 * no heart rate ('--') and the reason the analysis gives ('Silence' is a variant's name, not a reason).
 */
async function expectWithheldRate(page: Page, card: Locator) {
  await expect(async () => {
    await page.reload();
    await expect(card.getByText('Heart rate', { exact: true })).toBeVisible({ timeout: 10_000 });
    await expect(card.getByText('Processing. Please try later.')).toHaveCount(0, { timeout: 3_000 });
    await expect(card.getByText(/^--\s*(bpm)?$/)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 90_000 });
  await expect(card).toContainText(/\bsilent\b|no sound|skin contact|no heartbeat/i);
}

test('in person: a silent input is flagged live and before saving, with Record again; saved anyway, the exam shows -- and why', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto('/patients');
  await signInAs(page, demo.ada);
  await page
    .getByRole('table')
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await page.getByRole('button', { name: 'Start In-Person Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'In-Person Exam' });
  await expect(dialog.getByText('Stethoscope Not Detected')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Stethoscope input' }).click();
  await page.getByRole('option', { name: 'Fake Default Audio Input' }).click();
  await expect(page.getByRole('option', { includeHidden: true })).toHaveCount(0);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/exams') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Start exam' }).click();
  const examId = ((await (await created).json()) as { id: string }).id;

  await dialog.getByRole('radio', { name: /^h1 / }).check();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await expect(dialog.getByRole('button', { name: 'Start Auscultation' })).toBeEnabled({ timeout: 20_000 });
  // Live: the level stays at nothing, and after about 1.5 s the page says so in words.
  const contact = dialog.getByRole('status', { name: 'Stethoscope contact' });
  await expect(contact).toHaveText(/No sound — check the stethoscope is on the skin/);
  await expectNoSeriousViolations(page);
  await snap(page, 'capture-in-person-no-sound', [1440, 1024]);
  await dialog.getByRole('button', { name: 'Start Auscultation' }).click();
  await page.waitForTimeout(6000);
  await expect(contact).toHaveText(/No sound/);
  await dialog.getByRole('button', { name: 'Stop Auscultation' }).click();

  // Before saving: flagged, with Record again first.
  const flag = dialog.getByRole('group', { name: 'Step 3 of 3: Review' }).getByRole('alert');
  await expect(flag).toContainText('Silent recording', { timeout: 20_000 });
  await expect(flag).toContainText('No sound was recorded');
  await expect(dialog.getByRole('button', { name: 'Record again' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(page);
  await snap(page, 'capture-in-person-flagged', [1440, 1024]);
  // Record again goes back to the recording step.
  await dialog.getByRole('button', { name: 'Record again' }).click();
  await expect(dialog.getByRole('button', { name: 'Start Auscultation' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Start Auscultation' }).click();
  await page.waitForTimeout(6000);
  await dialog.getByRole('button', { name: 'Stop Auscultation' }).click();
  await dialog.getByRole('button', { name: 'Save anyway' }).click({ timeout: 20_000 });
  const recorded = dialog.getByRole('list', { name: 'Recorded Auscultations' });
  await expect(recorded.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await dialog.getByRole('button', { name: 'Close In-Person Exam' }).click();

  await page.goto(`/exams/${examId}`);
  const card = page.getByRole('article', { name: 'Heart 1' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expectWithheldRate(page, card);
  await snap(page, 'capture-in-person-exam', [1440]);
});

test('self exam: a silent input is flagged for the patient in plain words with Record again; sent anyway, the exam shows -- and why', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.goto('/patients');
  await signInAs(page, demo.ada);
  await page
    .getByRole('table', { name: 'Patient list' })
    .getByRole('link', { name: /^View / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Patient Details' })).toBeVisible();
  const patientName = await page.getByRole('heading', { level: 1 }).innerText();
  await page.getByRole('region', { name: 'Exam History' }).getByRole('button', { name: 'Create Self Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Self Exam' });
  await dialog.getByRole('checkbox', { name: 'Heart 1' }).check();
  await dialog.getByRole('button', { name: 'Create self exam' }).click();
  const address = await dialog.getByRole('textbox', { name: "Patient's email address" }).inputValue();
  const before = outboxFiles();
  await dialog.getByRole('button', { name: 'Send access info' }).click();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => newestMailTo(address, before)).not.toBeNull();
  const mail = newestMailTo(address, before)!;
  const link = /Open this link: (\S+)/.exec(mail)![1]!;
  const code = /access code: (\S+)/.exec(mail)![1]!;

  const patientContext = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const patient = await patientContext.newPage();
  await patient.goto(link);
  await patient.getByLabel('Access code').fill(code);
  await patient.getByRole('button', { name: 'Continue' }).click();
  await patient.getByRole('button', { name: 'Start recording' }).click();
  await expect(patient.getByRole('heading', { name: 'Heart 1' })).toBeVisible();
  const contact = patient.getByRole('status', { name: 'Stethoscope contact' });
  await expect(contact).toHaveText(/No sound\. Check that the stethoscope touches your bare skin\./, {
    timeout: 15_000,
  });
  await expectNoSeriousViolations(patient);
  await snap(patient, 'capture-self-exam-no-sound', [375]);
  await patient.setViewportSize({ width: 375, height: 740 });
  await patient.getByRole('button', { name: 'Start recording' }).click();
  await patient.waitForTimeout(6000);
  await patient.getByRole('button', { name: 'Stop recording' }).click();
  await expect(patient.getByRole('alert')).toContainText(
    "We couldn't hear anything. Check the stethoscope touches your skin and record again.",
    { timeout: 20_000 },
  );
  await expect(patient.getByRole('button', { name: 'Record again' })).toBeVisible();
  await expect(patient.getByRole('button', { name: 'Send this recording', exact: true })).toHaveCount(0);
  await expectNoSeriousViolations(patient);
  await snap(patient, 'capture-self-exam-flagged', [375, 1024]);
  await patient.setViewportSize({ width: 375, height: 740 });
  await patient.getByRole('button', { name: 'Send this recording anyway' }).click();
  await expect(patient.getByRole('heading', { name: 'Your recordings were sent' })).toBeVisible({ timeout: 30_000 });
  await patientContext.close();

  await page.goto('/exams?type=self-provider-initiated');
  const examRow = page.getByRole('table', { name: 'My exams' }).getByRole('row').filter({ hasText: patientName });
  await examRow
    .first()
    .getByRole('link', { name: /^View exam/ })
    .click();
  const card = page.getByRole('article', { name: 'Heart 1' });
  await expect(card).toBeVisible({ timeout: 30_000 });
  await expectWithheldRate(page, card);
  await snap(page, 'capture-self-exam-exam', [1440]);
});
