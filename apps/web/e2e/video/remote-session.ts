import { expect } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { pageAccessToken } from './room-page';

/** The provider's API calls from its page, with its access token. */
export async function api<T>(page: Page, url: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const token = await pageAccessToken(page);
  return page.evaluate(
    async ({ url, token, init }) => {
      const response = await fetch(url, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      return response.json();
    },
    { url, token, init },
  ) as Promise<T>;
}

/**
 * A page for the patient whose init script keeps the stethoscope tracks it opens (asked with the
 * browser's processing off) in window.stethoscopeTracks, so a test can unplug one.
 */
export async function patientPage(
  browser: Browser,
  baseURL: string,
  options: { bypassCSP?: boolean } = {},
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1024, height: 900 }, ...options });
  await context.addInitScript(() => {
    const tracks: MediaStreamTrack[] = [];
    Object.assign(window, { stethoscopeTracks: tracks });
    const native = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await native(constraints);
      const audio = constraints?.audio;
      if (audio && typeof audio === 'object' && audio.autoGainControl === false)
        tracks.push(...stream.getAudioTracks());
      return stream;
    };
  });
  return context.newPage();
}

/**
 * A virtual exam of the signed-in provider's started now the way a clinician does it — Start Virtual
 * Exam in a patient's row, then Start exam, straight into the room (exams-and-devices §2.3; this path
 * once left 'Record' disabled for good, the room never learning its exam) — then the patient joins
 * with the code and a name, is admitted, and uses the input it is offered as its stethoscope (no fake
 * input is named like one, so the 16 tries of §9 run out first). Answers the exam's ids and the
 * room's auscultations panel.
 */
export async function remoteSession(provider: Page, patient: Page) {
  await provider.goto('/patients');
  const firstView = provider
    .getByRole('table')
    .getByRole('link', { name: /^View / })
    .first();
  const patientName = ((await firstView.getAttribute('aria-label')) ?? '').replace(/^View /, '');
  await provider.getByRole('button', { name: `More actions for ${patientName}` }).click();
  await provider.getByRole('menuitem', { name: 'Start Virtual Exam' }).click();
  await provider.getByRole('button', { name: 'Start exam' }).click();
  await expect(provider).toHaveURL(/\/live-exam\/[0-9a-f-]{36}$/);
  const virtualExamId = new URL(provider.url()).pathname.split('/').pop()!;
  const panel: Locator = provider.getByRole('complementary', { name: 'Auscultations' });
  await expect(panel.getByRole('heading', { name: 'Recorded auscultations' })).toBeVisible();
  const exam = await api<{ examId: string; accessCode: string }>(provider, `/api/v1/virtual-exams/${virtualExamId}`);
  // The room knows its exam: its recordings list, not "being created".
  await expect(panel.getByText('The exam’s record is being created…')).toBeHidden({ timeout: 10_000 });

  const join = async (page: Page) => {
    await page.goto(`/virtual-exam/${virtualExamId}`);
    await page.getByRole('textbox', { name: 'Access code' }).fill(exam.accessCode);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('textbox', { name: 'Your name' }).fill('Pat Example');
    await page.getByRole('button', { name: 'Ask to join' }).click();
    await provider.getByRole('dialog', { name: 'Entry request' }).getByRole('button', { name: 'Admit' }).click();
    await expect(page.getByText('Stethoscope Not Detected')).toBeVisible({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Use this input' }).click();
    await expect(page.getByText(/^Connected:/)).toBeVisible();
  };
  await join(patient);
  return { virtualExamId, examId: exam.examId, panel };
}
