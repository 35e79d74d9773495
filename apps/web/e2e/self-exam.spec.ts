import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { fakeMediaLaunchOptions, heartFixture } from './fake-media';
import { newestMailTo, outboxFiles } from './outbox';
import { demo, expectNoSeriousViolations, signInAs } from './support';

const shots = process.env.E2E_SHOTS_DIR;

test.use({ launchOptions: fakeMediaLaunchOptions(heartFixture) });

/** Screenshots at the given sizes, when E2E_SHOTS_DIR asks for them. */
async function snap(page: Page, name: string, sizes: readonly (readonly [number, number])[]) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const before = page.viewportSize();
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(shots, `${name}-${width}x${height}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}
const desktop = [
  [1440, 900],
  [1024, 768],
] as const;
const phone = [[375, 812]] as const;

/** How many recordings wait in the patient's IndexedDB for their upload. */
function pendingCount(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('auscura-self-exam');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('pending-uploads').objectStore('pending-uploads').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
}

test('a self exam: requested by Ada, recorded and sent by the patient at 375 px, listed as Self - Provider Initiated', async ({
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

  // Ada asks for two points and mails the access information.
  await page.getByRole('region', { name: 'Exam History' }).getByRole('button', { name: 'Create Self Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Self Exam' });
  await dialog.getByRole('checkbox', { name: 'Heart 1' }).check();
  await dialog.getByRole('checkbox', { name: 'Lung 2' }).check();
  await dialog.getByLabel('Instructions (optional)').fill('Sit quietly for five minutes before you start.');
  const created = page.waitForResponse(
    (response) => response.request().method() === 'POST' && /\/self-exam-requests$/.test(response.url()),
  );
  await dialog.getByRole('button', { name: 'Create self exam' }).click();
  const request = (await (await created).json()) as { id: string };
  const address = await dialog.getByRole('textbox', { name: "Patient's email address" }).inputValue();
  const before = outboxFiles();
  await dialog.getByRole('button', { name: 'Send access info' }).click();
  await expect(page.getByText('The access information email was successfully sent')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect.poll(() => newestMailTo(address, before)).not.toBeNull();
  const mail = newestMailTo(address, before)!;
  const link = /Open this link: (\S+)/.exec(mail)![1]!;
  const code = /access code: (\S+)/.exec(mail)![1]!;
  expect(link).toContain(`/self-exam/${request.id}`);

  // The patient, in a browser of their own, on a phone-sized window.
  const patientContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const patient = await patientContext.newPage();
  await patient.goto(link);
  await expect(patient.getByRole('heading', { name: 'Your self exam' })).toBeVisible();
  await expectNoSeriousViolations(patient);
  await snap(patient, 'self-exam-code', [...phone, ...desktop]);
  await patient.getByLabel('Access code').fill('WRONG-CODE-22');
  await patient.getByRole('button', { name: 'Continue' }).click();
  await expect(patient.getByRole('alert')).toContainText('This code does not work');
  await patient.getByLabel('Access code').fill(code.toLowerCase());
  await patient.getByRole('button', { name: 'Continue' }).click();

  await expect(patient.getByRole('heading', { name: 'Before you start' })).toBeVisible();
  await expect(patient.getByText('Sit quietly for five minutes before you start.')).toBeVisible();
  // Chromium's fake input is no stethoscope by name (§9 patterns): the patient may pick any input.
  await expect(patient.getByText(/could not recognise a stethoscope|stethoscope is connected/)).toBeVisible();
  await expectNoSeriousViolations(patient);
  await snap(patient, 'self-exam-instructions', phone);
  await patient.getByRole('button', { name: 'Start recording' }).click();

  for (const [index, title] of ['Heart 1', 'Lung 2'].entries()) {
    await expect(patient.getByRole('heading', { name: title })).toBeVisible();
    await expect(patient.getByText(`Point ${index + 1} of 2`)).toBeVisible();
    // The level meter hears the fixture before anything is recorded.
    await expect
      .poll(async () => Number(await patient.getByRole('meter').getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(-60);
    if (index === 0) {
      await expectNoSeriousViolations(patient);
      await snap(patient, 'self-exam-point', [...phone, ...desktop]);
    }
    await patient.getByRole('button', { name: 'Start recording' }).click();
    await patient.waitForTimeout(5500); // past the capture check's 5 s minimum
    await patient.getByRole('button', { name: 'Stop recording' }).click();
    await expect(patient.getByText(/seconds recorded/)).toBeVisible({ timeout: 20_000 });
    if (index === 0) {
      // Redo once: the first take is dropped, a new one is recorded.
      await patient.getByRole('button', { name: 'Record again' }).click();
      await patient.getByRole('button', { name: 'Start recording' }).click();
      await patient.waitForTimeout(5500); // past the capture check's 5 s minimum
      await patient.getByRole('button', { name: 'Stop recording' }).click();
      await expect(patient.getByText(/seconds recorded/)).toBeVisible({ timeout: 20_000 });
      await expectNoSeriousViolations(patient);
      await snap(patient, 'self-exam-review', phone);
    }
    if (index === 1) {
      // The network fails on the first try: the recording waits in IndexedDB, and Try again sends it.
      await patient.route('**/auscultation-requests/*/auscultation', (route) => route.abort('internetdisconnected'), {
        times: 1,
      });
      await patient.getByRole('button', { name: 'Send this recording' }).click();
      await expect(patient.getByRole('alert')).toContainText('could not be sent');
      expect(await pendingCount(patient)).toBe(1);
      await patient.getByRole('button', { name: 'Try again' }).click();
    } else {
      await patient.getByRole('button', { name: 'Send this recording' }).click();
    }
  }
  await expect(patient.getByRole('heading', { name: 'Your recordings were sent' })).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(patient);
  await snap(patient, 'self-exam-sent', [...phone, ...desktop]);
  // Nothing is left waiting in IndexedDB.
  expect(await pendingCount(patient)).toBe(0);
  await patientContext.close();

  // Ada: the request is completed and links to its exam; /exams lists it as Self - Provider Initiated.
  await page.goto('/self-exam-requests');
  const requests = page.getByRole('table', { name: 'Self-exam requests' });
  const row = requests.getByRole('row').filter({ hasText: patientName }).first();
  await expect(row).toContainText('Completed');
  await expect(row).toContainText('2 recorded');
  await expectNoSeriousViolations(page);
  await snap(page, 'self-exam-requests', desktop);

  await page.goto('/exams?type=self-provider-initiated');
  const exams = page.getByRole('table', { name: 'My exams' });
  const examRow = exams.getByRole('row').filter({ hasText: patientName }).first();
  await expect(examRow).toContainText('Self - Provider Initiated');
  await expectNoSeriousViolations(page);
  await snap(page, 'exams', desktop);

  const examAnswer = page.waitForResponse(
    (response) => response.request().method() === 'GET' && /\/api\/v1\/exams\/[0-9a-f-]{36}(\?|$)/.test(response.url()),
  );
  await examRow.getByRole('link', { name: /^View exam/ }).click();
  // Exactly the two recordings: the retried upload was not stored twice.
  const exam = (await (await examAnswer).json()) as {
    type: string;
    auscultations?: { auscultationPoint: { label: string } }[];
  };
  expect(exam.type).toBe('self-provider-initiated');
  expect(exam.auscultations?.map((a) => a.auscultationPoint.label).sort()).toEqual(['h1', 'l2']);
  await expect(page.getByRole('article', { name: 'Heart 1' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Lung 2' })).toBeVisible();
});
