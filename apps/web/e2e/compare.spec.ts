import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { apiGet, demo, expectNoSeriousViolations, signInAs, snap } from './support';
import { recordInNewExam } from './api-recording';
import { capturePlayback, captured, chunkCount } from './playback-capture';

// Issue 40, acceptance 4: Compare lines a recording up with the same point's earlier one on S1, plays
// them A/B with one control and no gap, and shows a council member no patient identity.

type Segment = { state: string; start: number; end: number };
type Recording = {
  id: string;
  auscultationPoint: { label: string };
  beatawareReport?: { segmentation?: Segment[] } | null;
};
type ExamWithRecordings = {
  id: string;
  patientMasked: boolean;
  patientProfileId: string | null;
  auscultations?: Recording[];
};

const fixtures = path.resolve(import.meta.dirname, '../../../benchmarks/fixtures/audio');
const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const firstS1 = (recording: Recording) =>
  recording.beatawareReport?.segmentation?.find((segment) => segment.state === 'S1')?.start ?? null;

/** An exam among a list's pages whose Heart 1 recording and its newest earlier one both have an S1. */
async function findComparable(page: Page, list: string, wanted: (exam: ExamWithRecordings) => boolean) {
  for (let pageNumber = 1; pageNumber <= 8; pageNumber++) {
    const exams = await apiGet<{ items: ExamWithRecordings[] }>(
      page,
      `/api/v1/search/${list}?q=${q({ pagination: { pageNumber, pageSize: 10 } })}`,
    );
    for (const item of exams.items.filter(wanted)) {
      const exam = await apiGet<ExamWithRecordings>(
        page,
        `/api/v1/exams/${item.id}?q=${q({ joinedLoads: ['auscultations'] })}`,
      );
      const h1 = exam.auscultations?.find((a) => a.auscultationPoint.label === 'h1' && firstS1(a) !== null);
      if (!h1) continue;
      const { auscultations } = await apiGet<{ auscultations: Recording[] }>(
        page,
        `/api/v1/auscultations/${h1.id}/earlier`,
      );
      if (auscultations[0] && firstS1(auscultations[0]) !== null)
        return { exam, current: h1, earlier: auscultations[0] };
    }
  }
  throw new Error(`No exam in ${list} with two Heart 1 recordings to compare`);
}

/** The longest run of samples below 1e-6 in magnitude. */
function longestSilence(samples: ArrayLike<number>): number {
  let run = 0;
  let longest = 0;
  for (let i = 0; i < samples.length; i++) {
    run = Math.abs(samples[i]!) < 1e-6 ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** Opens Compare on the exam's Heart 1 card and chooses the newest earlier recording. */
async function openCompare(page: Page, examId: string): Promise<Locator> {
  await page.goto(`/exams/${examId}`);
  const card = page.getByRole('article', { name: 'Heart 1' });
  await card.getByRole('button', { name: 'Compare, Heart 1' }).click();
  const dialog = page.getByRole('dialog', { name: 'Compare Heart 1' });
  await dialog.getByRole('list', { name: 'Earlier recordings of Heart 1' }).getByRole('button').first().click();
  await expect(dialog.getByTestId('compare-alignment')).toBeVisible({ timeout: 30_000 });
  return dialog;
}

/** Shared-axis time of a lane's first S1 as drawn: its left edge over the heart-cycle row's width. */
async function drawnS1(lane: Locator, total: number): Promise<number> {
  const row = lane.getByTestId('heart-cycle-row');
  const box = (await row.boundingBox())!;
  const s1 = (await row.locator('[data-state="S1"]').first().boundingBox())!;
  return ((s1.x - box.x) / box.width) * total;
}

test('Compare lines two visits up on S1 and plays them A/B without a gap', async ({ page }) => {
  test.setTimeout(120_000);
  await capturePlayback(page);
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  // The demo recordings are analysed in the background after the server starts: wait for two.
  let found: Awaited<ReturnType<typeof findComparable>> | null = null;
  await expect(async () => {
    found = await findComparable(page, 'organization-exams', () => true);
  }).toPass({ timeout: 90_000 });
  const { exam, current, earlier } = found!;
  const dialog = await openCompare(page, exam.id);

  // The caption gives the S1s the analysis found; they are the API's, to the hundredth.
  const caption = (await dialog.getByTestId('compare-alignment').textContent()) ?? '';
  const [thisS1, earlierS1, shared] = [...caption.matchAll(/(\d+\.\d\d) s/g)].map((m) => Number(m[1]));
  expect(thisS1).toBeCloseTo(firstS1(current)!, 2);
  expect(earlierS1).toBeCloseTo(firstS1(earlier)!, 2);
  expect(shared).toBeCloseTo(Math.max(thisS1!, earlierS1!), 2);

  // As drawn, both first S1s sit at the same shared time, within 20 ms, and there.
  const lanes = dialog.getByRole('slider', { name: /^Playback position, Heart 1, / });
  await expect(lanes).toHaveCount(2);
  const total = Number(await lanes.first().getAttribute('aria-valuemax'));
  const groups = dialog.locator('div').filter({ has: page.getByTestId('heart-cycle-row') });
  const thisLane = groups.filter({ hasText: 'This visit' }).last();
  const earlierLane = groups.filter({ hasText: /^Earlier,/ }).last();
  const [a, b] = [await drawnS1(thisLane, total), await drawnS1(earlierLane, total)];
  expect(Math.abs(a - b)).toBeLessThan(0.02);
  expect(Math.abs(a - shared!)).toBeLessThan(0.02);
  await expectNoSeriousViolations(page);
  await snap(page, 'compare', [1440, 1024]);

  // A/B: both play; switching to B mid-way leaves no silent gap in what the speakers get.
  const from = await chunkCount(page);
  await dialog.getByRole('button', { name: 'Play, both recordings of Heart 1' }).click();
  const stop = dialog.getByRole('button', { name: 'Stop, both recordings of Heart 1' });
  await expect(stop).toBeVisible({ timeout: 20_000 });
  await page.waitForTimeout(1_500);
  const before = Number(await lanes.first().getAttribute('aria-valuenow'));
  const switchFrom = await chunkCount(page);
  await dialog.getByRole('button', { name: 'B: earlier' }).click();
  const switchTo = await chunkCount(page);
  await expect(dialog.getByRole('button', { name: 'B: earlier' })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForTimeout(1_500);
  await stop.click();
  const after = Number(await lanes.first().getAttribute('aria-valuenow'));
  // The shared position went on through the switch (no restart from the start).
  expect(after).toBeGreaterThan(before + 1);
  const { samples, sampleRate } = await captured(page, from);
  expect(samples.length / sampleRate).toBeGreaterThan(2.5);
  // Around the switch (the capture's chunks from just before the click to just after it answered),
  // what the speakers got has no silent stretch (|x| < 1e-6) of 5 ms or more.
  const around = await page.evaluate(
    ([first, last]) => window.__captures!.at(-1)!.chunks.slice(first, last).flat(),
    [switchFrom - 1, switchTo + 2],
  );
  expect(around.length / sampleRate).toBeGreaterThan(0.1);
  expect((longestSilence(around) / sampleRate) * 1000).toBeLessThan(5);
});

test("a council member comparing another organization's exam sees no patient identity", async ({ browser }) => {
  test.setTimeout(120_000);
  const riverside = await browser.newContext();
  const ada = await riverside.newPage();
  await ada.goto('/council');
  await signInAs(ada, demo.ada);
  // An exam of another organization with a Heart 1 recording: Ada is not told whose it is (no patient
  // id either); Ben, of the patient's organization, is.
  let maskedExam: ExamWithRecordings | undefined;
  for (let pageNumber = 1; !maskedExam && pageNumber <= 8; pageNumber++) {
    const seen = await apiGet<{ items: ExamWithRecordings[] }>(
      ada,
      `/api/v1/search/council-exams?q=${q({ pagination: { pageNumber, pageSize: 10 } })}`,
    );
    for (const item of seen.items.filter((exam) => exam.patientMasked)) {
      const exam = await apiGet<ExamWithRecordings>(
        ada,
        `/api/v1/exams/${item.id}?q=${q({ joinedLoads: ['auscultations'] })}`,
      );
      if (exam.auscultations?.some((a) => a.auscultationPoint.label === 'h1')) maskedExam = exam;
      if (maskedExam) break;
    }
  }
  expect(maskedExam?.patientProfileId).toBeNull();

  // The patient's own organization records Heart 1 in a new exam, so it has an earlier one to compare
  // with, and says who the patient is.
  const lakeside = await browser.newContext();
  const ben = await lakeside.newPage();
  await ben.goto('/patients');
  await signInAs(ben, demo.ben);
  const { patientProfileId } = await apiGet<ExamWithRecordings>(ben, `/api/v1/exams/${maskedExam!.id}`);
  const profile = await apiGet<{ firstName: string; lastName: string; birthdate: string }>(
    ben,
    `/api/v1/patient-profiles/${patientProfileId}`,
  );
  expect(profile.lastName.length).toBeGreaterThan(1);
  const examId = await recordInNewExam(
    ben,
    demo.ben,
    patientProfileId!,
    fs.readFileSync(path.join(fixtures, 'heart_normal_circor_50017_MV.wav')),
  );
  await lakeside.close();

  const dialog = await openCompare(ada, examId);
  await expect(dialog.getByRole('slider', { name: /^Playback position, Heart 1, / })).toHaveCount(2);
  const text = (await dialog.textContent()) ?? '';
  expect(text).toContain('Earlier,');
  for (const part of [profile.firstName, profile.lastName, profile.birthdate]) expect(text).not.toContain(part);
  await riverside.close();
});
