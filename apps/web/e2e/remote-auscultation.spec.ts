import { analyzeRecording, decodeWav, loadEngine, readMonoWav, toMono } from '@auscura/audio-engine/node';
import { expect, test } from '@playwright/test';
import type { Browser } from '@playwright/test';
import { heartFixture } from './fake-media';
import { demo, expectNoSeriousViolations, signInAs, snap } from './support';
import { launchWithFakeMedia, pageAccessToken } from './video/room-page';
import { api, patientPage, remoteSession } from './video/remote-session';
import { windowLikeness } from './video/alignment';

/*
 * Issue 17 through the screens, two Chromium instances: the patient's fake microphone plays a CirCor
 * heart recording; the clinician previews the stethoscope and records h1 and l1 remotely; the stored
 * h1 is the source itself (correlation) with the engine's heart rate; then the failures: the
 * stethoscope unplugged, a network cut during the upload, the patient's tab closed while recording.
 */
const source = heartFixture;

type Auscultation = { id: string; auscultationPoint: { label: string }; heartrateBpm: number | null };

test('the clinician hears the patient’s stethoscope and records h1 and l1 remotely, losslessly; failures cancel cleanly', async ({
  baseURL,
}) => {
  test.setTimeout(300_000);
  const browsers: Browser[] = [];
  try {
    const providerBrowser = await launchWithFakeMedia();
    browsers.push(providerBrowser);
    const patientBrowser = await launchWithFakeMedia(source);
    browsers.push(patientBrowser);
    const provider = await (await providerBrowser.newContext({ baseURL })).newPage();
    await provider.goto('/patients');
    await signInAs(provider, demo.ada);
    const patient = await patientPage(patientBrowser, baseURL!);
    const { examId, panel } = await remoteSession(provider, patient);
    const auscultations = async () =>
      (
        await api<{ auscultations: Auscultation[] }>(
          provider,
          `/api/v1/exams/${examId}?q=${encodeURIComponent('{"joinedLoads":["auscultations"]}')}`,
        )
      ).auscultations;
    // The browser's voice processing is off on the stethoscope, as the patient's browser reports.
    await expect(panel.getByText(/browser processing off/)).toBeVisible();

    // Preview: the stethoscope's own track arrives and is heard through the engine's chain.
    await panel.getByRole('button', { name: 'Preview' }).click();
    await expect(panel.getByText('Listening live')).toBeVisible({ timeout: 15_000 });
    await expect(panel.getByText('The patient has been muted during auscultation review.')).toBeVisible();
    await expect(
      patient.getByText('Your microphone is off while your clinician listens to your stethoscope.'),
    ).toBeVisible();
    const meter = panel.getByRole('meter', { name: 'Stethoscope level' });
    await expect.poll(() => meter.getAttribute('aria-valuetext'), { timeout: 10_000 }).not.toBe('No signal');
    await expectNoSeriousViolations(provider);
    await snap(provider, 'remote-preview', [1440, 1024]);
    await expectNoSeriousViolations(patient);
    await snap(patient, 'remote-patient-listening', [1440, 1024, 375]);

    // Acceptance 1: h1 and l1 for 10 s each, recorded on the patient's side and saved.
    const record = async (label: string, name: string, seconds: number) => {
      await panel.getByRole('button', { name, exact: true }).click();
      await panel.getByRole('button', { name: `Record ${name}` }).click();
      await expect(panel.getByRole('timer')).toBeVisible();
      await expect(patient.getByText(`Recording ${name}.`, { exact: false })).toBeVisible();
      await provider.waitForTimeout(seconds * 1000);
    };
    await record('h1', 'Heart 1', 10);
    await expectNoSeriousViolations(provider);
    await snap(provider, 'remote-recording', [1440, 1024]);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('button', { name: /^Heart 1 · / })).toBeVisible({ timeout: 30_000 });
    await record('l1', 'Lung 1', 10);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('button', { name: /^Lung 1 · / })).toBeVisible({ timeout: 30_000 });
    // The newest is on top and expanded, playable with the exam page's player.
    await expect(panel.getByRole('button', { name: /^Play,/ }).first()).toBeVisible();
    await snap(provider, 'remote-recorded', [1440, 1024]);

    const saved = await auscultations();
    expect(saved.map((a) => a.auscultationPoint.label).sort()).toEqual(['h1', 'l1']);
    const h1 = saved.find((a) => a.auscultationPoint.label === 'h1')!;
    await expect
      .poll(async () => (await auscultations()).find((a) => a.id === h1.id)?.heartrateBpm ?? null, {
        timeout: 30_000,
      })
      .not.toBeNull();
    const engine = loadEngine();
    const original = readMonoWav(source);
    const sourceRate = analyzeRecording(engine, original.samples, original.sampleRate).heart?.heartRateBpm ?? NaN;
    const storedRate = (await auscultations()).find((a) => a.id === h1.id)!.heartrateBpm!;
    console.log(`remote h1: ${storedRate} bpm stored, ${sourceRate} bpm on the source`);
    expect(Math.abs(storedRate - sourceRate)).toBeLessThanOrEqual(5);

    // Acceptance 2: the stored h1, brought to the source's rate and aligned, is the source.
    // Fetched by the test itself with the clinician's token: handing 2.5 MB through page.evaluate as
    // an array of numbers took 50 s of the test's time on a loaded machine.
    const response = await fetch(`${baseURL}/api/v1/auscultations/${h1.id}/recording/data`, {
      headers: { authorization: `Bearer ${await pageAccessToken(provider)}` },
    });
    expect(response.status).toBe(200);
    const stored = decodeWav(new Uint8Array(await response.arrayBuffer()));
    // The stored h1 is compared with the source window by window (0.5 s), each brought to the
    // recording's rate and aligned on its own (alignment.ts, windowLikeness): Chromium's fake capture
    // jumps where its file loops and may drop a 10 ms buffer under load, so the stretches between
    // such jumps must each be the source, sample for sample (a codec or a resampler in the path
    // would leave no window at 0.99).
    const recorded = toMono(stored.channels);
    const ms = (samples: number) => `${((1000 * samples) / stored.sampleRate).toFixed(1)} ms`;
    const likeness = windowLikeness(
      original.samples,
      engine.resample(original.samples, original.sampleRate, stored.sampleRate),
      recorded,
      engine.resample(recorded, stored.sampleRate, original.sampleRate),
      Math.round(0.5 * stored.sampleRate),
      0.99,
    );
    console.log(
      `remote h1: ${stored.sampleRate} Hz, ${(recorded.length / stored.sampleRate).toFixed(2)} s, ${likeness.alike} of ${likeness.windows} windows of 0.5 s alike (lowest ${likeness.worstAlike.toFixed(5)}), capture jumps at ${likeness.jumps.map((j) => (j / stored.sampleRate).toFixed(1) + ' s').join(', ') || 'none'}; ${likeness.unexplained} unlike windows no jump explains; unlike: ${likeness.unlike.map((w) => `${(w.start / stored.sampleRate).toFixed(1)} s r ${w.correlation.toFixed(3)} rms ${w.rms.toFixed(4)} pieces ${w.pieces}/5${w.damage ? `, off the source's place from ${ms(w.damage.from)} for ${ms(w.damage.span)} (${ms(w.damage.silent)} of it silent)` : ''}`).join(', ') || 'none'}`,
    );
    // Under a full CI run's load the fake capture dropped a buffer 7 times in 31 s (55 of 61 windows
    // alike, lowest r 0.995), and once left 22 of 27 alike with one jump (which windows failed was not
    // logged then; it is now): the windows a jump spoils are not counted against the path. Every other
    // window must be the source, and most of the recording must be (a codec in the path leaves no
    // window alike, so both fail then). A later CI run had its first three windows unlike (r 0.30,
    // 0.54, 0.64) and no window before them to follow on from; such windows are now judged by their
    // 0.1 s pieces (alignment.ts), and the log says how many were found in the source.
    expect(likeness.unexplained).toBe(0);
    expect(likeness.alike).toBeGreaterThanOrEqual(0.6 * likeness.windows);

    // Acceptance 4: the stethoscope unplugged during a recording cancels it, with the §8 text.
    await record('h2', 'Heart 2', 2);
    await patient.evaluate(() => {
      const tracks = (window as unknown as { stethoscopeTracks: MediaStreamTrack[] }).stethoscopeTracks;
      const track = tracks.findLast((t) => t.readyState === 'live')!;
      track.stop();
      track.dispatchEvent(new Event('ended'));
    });
    const dialog = provider.getByRole('dialog', { name: 'Auscultation Error' });
    await expect(dialog).toContainText('The stethoscope was disconnected during the auscultation.');
    await expectNoSeriousViolations(provider);
    await snap(provider, 'remote-error', [1440]);
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    await expect(patient.getByText('Stethoscope Disconnected')).toBeVisible();
    await patient.getByRole('button', { name: 'Use this input' }).click();
    await expect(patient.getByText(/^Connected:/)).toBeVisible();

    // A network cut during the upload: the first try fails, the patient's page sends it again; one is stored.
    let cut = true;
    await patient.route('**/api/v1/exams/*/auscultations?*', async (route) => {
      if (cut) {
        cut = false;
        return route.abort('connectionreset');
      }
      return route.continue();
    });
    await record('h3', 'Heart 3', 3);
    await panel.getByRole('button', { name: 'Save' }).click();
    await expect(panel.getByRole('button', { name: /^Heart 3 · / })).toBeVisible({ timeout: 30_000 });
    expect(cut).toBe(false);
    expect((await auscultations()).filter((a) => a.auscultationPoint.label === 'h3')).toHaveLength(1);

    // The patient's tab closes during a recording: the request is cancelled within 10 s, nothing stored.
    await record('h4', 'Heart 4', 2);
    const closedAt = Date.now();
    await patient.close();
    await expect(dialog).toContainText('The patient disconnected during the auscultation.', { timeout: 10_000 });
    console.log(`remote: patient-disconnected text after ${Date.now() - closedAt} ms`);
    await dialog.getByRole('button', { name: 'Dismiss' }).click();
    expect((await auscultations()).map((a) => a.auscultationPoint.label).sort()).toEqual(['h1', 'h3', 'l1']);
  } finally {
    for (const browser of browsers) await browser.close();
  }
});
