import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { analyzeRecording, decodeWav, loadEngine, toMono } from '@auscura/audio-engine/node';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { fakeMediaLaunchOptions, heartFixture } from './fake-media';
import { demo, expectNoSeriousViolations, signInAs } from './support';

const shots = process.env.E2E_SHOTS_DIR;

test.use({ launchOptions: fakeMediaLaunchOptions(heartFixture) });

declare global {
  interface Window {
    __monitorRms?: number[];
  }
}

/**
 * Taps what the 'live-monitor-processor' sends to the speakers: when the page connects a monitor
 * node to the destination, a ScriptProcessor also hears it and logs the RMS of each block.
 */
function tapMonitorOutput() {
  const rms: number[] = [];
  window.__monitorRms = rms;
  const monitors = new WeakSet<AudioNode>();
  const Native = window.AudioWorkletNode;
  window.AudioWorkletNode = class extends Native {
    constructor(context: BaseAudioContext, name: string, options?: AudioWorkletNodeOptions) {
      super(context, name, options);
      if (name === 'live-monitor-processor') monitors.add(this);
    }
  };
  const connect = AudioNode.prototype.connect as (this: AudioNode, ...args: unknown[]) => AudioNode;
  AudioNode.prototype.connect = function (this: AudioNode, ...args: unknown[]) {
    const result = connect.apply(this, args);
    if (monitors.has(this) && args[0] instanceof AudioDestinationNode) {
      const tap = this.context.createScriptProcessor(2048, 1, 1);
      tap.onaudioprocess = (event) => {
        const x = event.inputBuffer.getChannelData(0);
        rms.push(Math.sqrt(x.reduce((sum, v) => sum + v * v, 0) / x.length));
      };
      const mute = this.context.createGain();
      mute.gain.value = 0;
      connect.call(this, tap);
      connect.call(tap, mute);
      connect.call(mute, this.context.destination);
    }
    return result;
  } as typeof AudioNode.prototype.connect;
}

/** Mean RMS of the monitor's output over the next `ms`. */
async function monitorLevel(page: Page, ms: number): Promise<number> {
  const from = await page.evaluate(() => window.__monitorRms?.length ?? 0);
  await page.waitForTimeout(ms);
  const blocks = await page.evaluate((start) => (window.__monitorRms ?? []).slice(start), from);
  return blocks.reduce((sum, v) => sum + v, 0) / Math.max(1, blocks.length);
}

/** Screenshots of a step at both sizes, when E2E_SHOTS_DIR asks for them. */
async function snap(page: Page, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  for (const [width, height] of [
    [1440, 900],
    [1024, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: path.join(shots, `${name}-${width}x${height}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 900 });
}

/** Signs in as Ada and starts the in-person exam of her first patient, from its detail page or the list's row menu. */
async function openDialog(
  page: Page,
  from: 'detail' | 'list' = 'detail',
): Promise<{ dialog: Locator; patient: string }> {
  await page.goto('/patients');
  await signInAs(page, demo.ada);
  const patient = await startFromPage(page, from);
  const dialog = page.getByRole('dialog', { name: 'In-Person Exam' });
  await expect(dialog.getByRole('heading', { name: 'Compatibility check' })).toBeVisible();
  return { dialog, patient };
}

/** Adds a patient through the New patient dialog and opens their detail page; returns the name. */
async function addPatient(page: Page, birthdate = '07/04/1958'): Promise<string> {
  await page.goto('/patients');
  await signInAs(page, demo.ada);
  await page.getByRole('button', { name: 'Add new patient' }).first().click();
  const form = page.getByRole('dialog', { name: 'New patient' });
  const stamp = Date.now();
  await form.getByRole('textbox', { name: 'First name' }).fill('Ines');
  await form.getByRole('textbox', { name: 'Last name' }).fill(
    `Recorded-${String(stamp)
      .slice(-6)
      .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`,
  );
  await form.getByRole('textbox', { name: 'Email address' }).fill(`ines.${stamp}@example.org`);
  await form.getByRole('textbox', { name: 'Date of birth' }).fill(birthdate);
  await form.getByRole('button', { name: 'Add patient' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('table').getByRole('row', { name: new RegExp(`ines\\.${stamp}@example\\.org`) });
  const name = (await row.getByRole('cell').first().innerText()).trim();
  await row.getByRole('link', { name: `View ${name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return name;
}

async function startFromPage(page: Page, from: 'detail' | 'list'): Promise<string> {
  const firstView = page
    .getByRole('table')
    .getByRole('link', { name: /^View / })
    .first();
  const patient = ((await firstView.getAttribute('aria-label')) ?? '').replace(/^View /, '');
  if (from === 'list') {
    await page.getByRole('button', { name: `More actions for ${patient}` }).click();
    await page.getByRole('menuitem', { name: 'Start In-Person Exam' }).click();
    return patient;
  }
  await firstView.click();
  await expect(page.getByRole('heading', { level: 1, name: patient })).toBeVisible();
  await page.getByRole('button', { name: 'Start In-Person Exam' }).click();
  return patient;
}

/** The fake inputs are not stethoscopes: the warning shows and any input can be chosen. */
async function chooseFakeInput(page: Page, dialog: Locator) {
  await expect(dialog.getByText('Stethoscope Not Detected')).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Stethoscope input' }).click();
  await page.getByRole('option', { name: 'Fake Default Audio Input' }).click();
  // The menu fades out, hidden from the accessibility tree at once but still in the page: wait until
  // its items are gone, or axe catches them half-transparent.
  await expect(page.getByRole('option', { includeHidden: true })).toHaveCount(0);
}

/** The exam with its auscultations, through the API with the page's own access token. */
async function examThroughApi(page: Page, examId: string) {
  return page.evaluate(async (id) => {
    const token = Object.entries(localStorage)
      .filter(([key]) => key.startsWith('@@auth0spajs@@'))
      .map(([, value]) => JSON.parse(value) as { body?: { access_token?: string } })
      .find((entry) => entry.body?.access_token)?.body?.access_token;
    const q = encodeURIComponent(JSON.stringify({ joinedLoads: ['auscultations'] }));
    const response = await fetch(`/api/v1/exams/${id}?q=${q}`, { headers: { authorization: `Bearer ${token}` } });
    return (await response.json()) as { auscultations: { auscultationPoint: { label: string } }[] };
  }, examId);
}

/** Picks h1, records about `seconds`, and waits for the Review step. */
async function record(page: Page, dialog: Locator, seconds: number, checkMonitor = false) {
  await dialog.getByRole('radio', { name: /^h1 / }).check();
  await snap(page, '3-select-point');
  await dialog.getByRole('button', { name: 'Next' }).click();
  const start = dialog.getByRole('button', { name: 'Start Auscultation' });
  await expect(start).toBeEnabled({ timeout: 20_000 });
  // The file's sound reaches the meter.
  await expect
    .poll(async () => Number(await dialog.getByRole('meter').getAttribute('aria-valuenow')))
    .toBeGreaterThan(-50);
  if (checkMonitor) {
    // Listening sends the filtered stethoscope sound out; more gain makes it louder.
    await dialog.getByRole('switch', { name: 'Listen (headphones)' }).check();
    const quiet = await monitorLevel(page, 1500);
    expect(quiet).toBeGreaterThan(1e-4);
    const gain = dialog.getByRole('slider', { name: /^Gain/ });
    await gain.focus();
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowRight');
    await expect(dialog.getByText('Gain: 10×')).toBeVisible();
    expect(await monitorLevel(page, 1500)).toBeGreaterThan(quiet * 2);
  }
  await snap(page, '4-auscultate');
  await expectNoSeriousViolations(page);
  await start.click();
  await expect(dialog.getByText(/^5\d\.\d s$/)).toBeVisible();
  await page.waitForTimeout(seconds * 1000);
  await snap(page, '5-recording');
  await dialog.getByRole('button', { name: 'Stop Auscultation' }).click();
  await expect(dialog.getByRole('button', { name: 'Play recording' })).toBeVisible({ timeout: 20_000 });
}

test('records h1 in person, saves it, and the exam plays it with the heart rate of the source file', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.addInitScript(tapMonitorOutput);
  // A new patient, then the In-Person Exam from their detail page.
  await addPatient(page);
  await page.getByRole('button', { name: 'Start In-Person Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'In-Person Exam' });
  await expect(dialog.getByRole('heading', { name: 'Compatibility check' })).toBeVisible();
  await chooseFakeInput(page, dialog);
  await snap(page, '1-compatibility');
  await expectNoSeriousViolations(page);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/exams') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Start exam' }).click();
  const examId = ((await (await created).json()) as { id: string }).id;
  await expect(dialog.getByRole('heading', { name: 'New Auscultation' })).toBeVisible();
  await expect(dialog.getByText(/^\d+ years old$/)).toBeVisible();
  await snap(page, '2-exam-started');
  await expectNoSeriousViolations(page);

  await record(page, dialog, 10, true);
  await expect(dialog.getByText(/^Heart 1: (9|10|11)\.\d s recorded/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Play recording' }).click();
  await expect(dialog.getByRole('button', { name: 'Stop playback' })).toBeVisible();
  await snap(page, '6-review');
  await expectNoSeriousViolations(page);
  await dialog.getByRole('button', { name: 'Stop playback' }).click();

  // Notes save by themselves.
  await dialog.getByRole('textbox', { name: 'Notes' }).fill('Recorded in person.');
  await expect(dialog.getByText('Notes saved')).toBeVisible();

  await dialog.getByRole('button', { name: 'Save' }).click();
  const recorded = dialog.getByRole('list', { name: 'Recorded Auscultations' });
  await expect(recorded.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(recorded.getByText('Heart 1')).toBeVisible();
  await expect(dialog.getByRole('radio', { name: /^h1 / })).not.toBeChecked();
  await snap(page, '7-saved');
  await expectNoSeriousViolations(page);

  await dialog.getByRole('button', { name: 'Close In-Person Exam' }).click();
  await expect(dialog).toBeHidden();
  // The history reloads with the new exam at the top; its page plays the recording.
  const newest = page
    .getByRole('table')
    .getByRole('link', { name: /^View exam/ })
    .first();
  await expect(newest).toHaveAttribute('href', `/exams/${examId}`);
  await newest.click();
  await expect(page.getByText('Recorded in person.')).toBeVisible();
  const card = page.getByRole('article', { name: 'Heart 1' });
  await expect(card.getByRole('slider', { name: /^Playback position/ })).toBeVisible({ timeout: 30_000 });
  await expect(async () => {
    await page.reload();
    await expect(card.getByText(/^\d+\s*bpm$/)).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  const shown = Number((await card.getByText(/^\d+\s*bpm$/).innerText()).replace(/\D+/g, ''));
  const source = decodeWav(readFileSync(heartFixture));
  const reference = analyzeRecording(loadEngine(), toMono(source.channels), source.sampleRate).heart!.heartRateBpm;
  expect(Math.abs(shown - reference), `shown ${shown} bpm, source ${reference} bpm`).toBeLessThanOrEqual(10);

  await card.getByRole('button', { name: /^Play,/ }).click();
  await expect(card.getByRole('button', { name: /^Stop,/ })).toBeVisible({ timeout: 20_000 });
  await expect
    .poll(async () =>
      Number(await card.getByRole('slider', { name: /^Playback position/ }).getAttribute('aria-valuenow')),
    )
    .toBeGreaterThan(0.5);
});

test('an upload cut off by the network is kept, retried with the same key, and stored once', async ({ page }) => {
  test.setTimeout(180_000);
  const { dialog } = await openDialog(page);
  await chooseFakeInput(page, dialog);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/exams') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Start exam' }).click();
  const examId = ((await (await created).json()) as { id: string }).id;
  await record(page, dialog, 3);

  let cut = 0;
  // The first upload reaches the server, but its answer is lost to a network cut: the retry must
  // not make a second auscultation.
  await page.route('**/api/v1/exams/*/auscultations', async (route) => {
    if (cut++ > 0) return route.continue();
    await route.fetch();
    return route.abort('internetdisconnected');
  });
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/auscultations') && request.method() === 'POST') {
      keys.push(
        /"clientRecordingId":"([0-9a-f-]+)"/.exec(request.postDataBuffer()?.toString('latin1') ?? '')?.[1] ?? '',
      );
    }
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText(/could not be uploaded\. It is kept on this computer/)).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
  await snap(page, '8-upload-failed');
  await expectNoSeriousViolations(page);
  // The recording survives in IndexedDB too.
  const stored = await page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('auscura-in-person-exam');
        open.onsuccess = () => {
          const count = open.result.transaction('pending-recordings').objectStore('pending-recordings').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
        open.onerror = () => reject(open.error);
      }),
  );
  expect(stored).toBe(1);

  await dialog.getByRole('button', { name: 'Retry' }).click();
  const recorded = dialog.getByRole('list', { name: 'Recorded Auscultations' });
  await expect(recorded.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toBe(keys[0]);

  // Through the API: exactly one auscultation on the exam.
  const exam = await examThroughApi(page, examId);
  expect(exam.auscultations).toHaveLength(1);

  // Delete it again through the Delete Auscultation dialog.
  await recorded.getByRole('button', { name: 'Delete Heart 1 recording' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Auscultation' });
  await expect(confirm.getByRole('button', { name: 'Delete' })).toBeVisible();
  await page.waitForTimeout(400); // the dialog's fade-in
  await snap(page, '9-delete');
  await expectNoSeriousViolations(page);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('The auscultation has been deleted')).toBeVisible();
  await expect(dialog.getByText('Nothing recorded yet.')).toBeVisible();
});

test('a recording whose upload failed survives a reload and is sent from the next dialog', async ({ page }) => {
  test.setTimeout(180_000);
  const { dialog } = await openDialog(page, 'list');
  await chooseFakeInput(page, dialog);
  const created = page.waitForResponse((r) => r.url().endsWith('/api/v1/exams') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Start exam' }).click();
  const examId = ((await (await created).json()) as { id: string }).id;
  await record(page, dialog, 2);
  await page.route('**/api/v1/exams/*/auscultations', (route) => route.abort('internetdisconnected'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible();
  await page.unroute('**/api/v1/exams/*/auscultations');

  await page.reload();
  await startFromPage(page, 'list');
  const next = page.getByRole('dialog', { name: 'In-Person Exam' });
  await chooseFakeInput(page, next);
  await next.getByRole('button', { name: 'Start exam' }).click();
  const unsent = next.getByRole('region', { name: 'Unsent Recordings' });
  await expect(unsent.getByText(/^Heart 1, \d+\.\d s, recorded .*: not uploaded yet\.$/)).toBeVisible();
  await snap(page, '10-unsent');
  await expectNoSeriousViolations(page);
  await unsent.getByRole('button', { name: /^Retry sending Heart 1 recording/ }).click();
  await expect(unsent).toBeHidden();
  // It went to the exam it was recorded in, once.
  const exam = await examThroughApi(page, examId);
  expect(exam.auscultations.map((a) => a.auscultationPoint.label)).toEqual(['h1']);
});

test('a 9-month-old reads "9 months old" in the In-Person Exam dialog, the shared age text, not "Age 0"', async ({
  page,
}) => {
  // Born nine months and three days ago, in the browser's calendar.
  const birth = await page.evaluate(() => {
    const date = new Date();
    date.setMonth(date.getMonth() - 9);
    date.setDate(date.getDate() - 3);
    const two = (n: number) => String(n).padStart(2, '0');
    return `${two(date.getMonth() + 1)}/${two(date.getDate())}/${date.getFullYear()}`;
  });
  await addPatient(page, birth);
  await page.getByRole('button', { name: 'Start In-Person Exam' }).click();
  const dialog = page.getByRole('dialog', { name: 'In-Person Exam' });
  await chooseFakeInput(page, dialog);
  await dialog.getByRole('button', { name: 'Start exam' }).click();
  await expect(dialog.getByRole('heading', { name: 'New Auscultation' })).toBeVisible();
  await expect(dialog.getByText('9 months old', { exact: true })).toBeVisible();
});
