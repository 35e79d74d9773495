import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiGet, demo, expectNoSeriousViolations, signInAs } from './support';
import { openHeartRecording } from './playback-capture';

/** The ids of one page of the organization's 'All' exams, in list order (newest first). */
async function allExamIds(page: Page, pageNumber = 1): Promise<string[]> {
  await page.goto(`/organization/exams?all=true${pageNumber > 1 ? `&p=${pageNumber}` : ''}`);
  const links = page.getByRole('table').getByRole('link', { name: /^View exam/ });
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  return hrefs.map((href) => href.split('/').at(-1)!);
}

/** Opens /organization/exams/all/{the n-th newest exam} as Ada; each test works on its own exam. */
async function openAllExam(page: Page, index: number) {
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  const id = (await allExamIds(page))[index]!;
  await page.goto(`/organization/exams/all/${id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  return id;
}

test('Previous and Next walk the whole organization list, as built: Previous to older, Next to newer', async ({
  page,
}) => {
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  const [first, second, third] = await allExamIds(page);
  const total = Number((await page.getByText(/^\d+–\d+ of \d+$/).innerText()).split(' of ')[1]);

  await page.goto(`/organization/exams/all/${first}`);
  const navigation = page.getByRole('navigation', { name: 'Exam navigation' });
  await expect(navigation.getByText(`1 of ${total}`)).toBeVisible();
  await expect(navigation.getByRole('button', { name: 'Next' })).toBeDisabled();
  await navigation.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/exams/all/${second}$`));
  await expect(navigation.getByText(`2 of ${total}`)).toBeVisible();
  await navigation.getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/exams/all/${third}$`));
  await navigation.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(new RegExp(`/organization/exams/all/${second}$`));

  // The other end: the oldest exam, last on the last page.
  const last = (await allExamIds(page, Math.ceil(total / 10))).at(-1)!;
  await page.goto(`/organization/exams/all/${last}`);
  await expect(navigation.getByText(`${total} of ${total}`)).toBeVisible();
  await expect(navigation.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await navigation.getByRole('link', { name: 'Next' }).click();
  await expect(navigation.getByText(`${total - 1} of ${total}`)).toBeVisible();
});

test('the reviewed switch is saved, announced and survives a reload', async ({ page }) => {
  await openAllExam(page, 3);
  const toggle = page.getByRole('switch', { name: 'Mark as reviewed' });
  const before = await toggle.isChecked();
  await toggle.click();
  await expect(
    page.getByText(before ? 'The exam has been marked as unreviewed' : 'The exam has been marked as reviewed'),
  ).toBeVisible();
  await expect(page.getByText(before ? 'Unreviewed' : 'Reviewed', { exact: true })).toBeVisible();
  await page.reload();
  await expect(toggle).toBeChecked({ checked: !before });
  // Put it back so the seeded state stays as other tests expect it.
  await toggle.click();
  await expect(toggle).toBeChecked({ checked: before });
});

test('notes are saved with Save, confirmed for 3 seconds, and survive a reload', async ({ page }) => {
  await openAllExam(page, 4);
  const notes = page.getByRole('textbox', { name: 'Notes' });
  const text = `Grade II/VI systolic murmur, recheck ${Date.now()}`;
  await notes.fill(text);
  await expect(page.getByText(`${text.length} / 5000`)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  const saved = page.getByText('Notes saved');
  await expect(saved).toBeVisible();
  await expect(saved).toBeHidden({ timeout: 5_000 });
  await page.reload();
  await expect(notes).toHaveValue(text);
});

test('notes are also saved when the field loses focus', async ({ page }) => {
  await openAllExam(page, 5);
  const notes = page.getByRole('textbox', { name: 'Notes' });
  const text = `Saved on blur ${Date.now()}`;
  await notes.fill(text);
  await page.getByRole('heading', { name: 'Enhanced notes' }).click();
  await expect(page.getByText('Notes saved')).toBeVisible();
  await page.reload();
  await expect(notes).toHaveValue(text);
});

test('enhanced notes: the exclusive option clears and locks its group, and the choice survives a reload', async ({
  page,
}) => {
  await openAllExam(page, 6);
  const murmur = page.getByRole('group', { name: 'Murmur' });
  const noMurmur = murmur.getByRole('checkbox', { name: 'Likely no murmur' });
  const holosystolic = murmur.getByRole('checkbox', { name: 'Holosystolic' });
  const saved = () =>
    page.waitForResponse((r) => r.url().includes('/enhanced-notes') && r.request().method() === 'PUT');

  if (await noMurmur.isChecked()) {
    const response = saved();
    await noMurmur.uncheck();
    await response;
  }
  await expect(holosystolic).toBeEnabled();
  if (!(await holosystolic.isChecked())) {
    const response = saved();
    await holosystolic.check();
    expect((await response).ok()).toBe(true);
  }

  const response = saved();
  await noMurmur.check();
  await expect(holosystolic).not.toBeChecked();
  await expect(holosystolic).toBeDisabled();
  expect((await response).ok()).toBe(true);

  await page.reload();
  await expect(noMurmur).toBeChecked();
  await expect(holosystolic).not.toBeChecked();
  await expect(holosystolic).toBeDisabled();
  // The other group is untouched by the murmur group's exclusive option.
  await expect(
    page.getByRole('group', { name: 'Breath sounds' }).getByRole('checkbox', { name: 'Stridor' }),
  ).toBeVisible();
});

test('sharing checks the address and then reports success', async ({ page }) => {
  await openAllExam(page, 7);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share exam' });
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Email address is required.')).toBeVisible();
  await dialog.getByLabel('Email address').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Invalid email address.')).toBeVisible();
  await dialog.getByLabel('Email address').fill(`${'a'.repeat(110)}@example.com`);
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(dialog.getByText('Email address may not exceed 120 characters.')).toBeVisible();
  await dialog.getByLabel('Email address').fill('colleague@example.com');
  await dialog.getByRole('button', { name: 'Share' }).click();
  await expect(page.getByText('The exam has been shared with colleague@example.com')).toBeVisible();
  await expect(dialog).toBeHidden();
});

test('the exam shows its recordings, and combo repeats them under Silence, Algo1 and Raw', async ({ page }) => {
  const id = await openAllExam(page, 0);
  const recordings = page.getByRole('region', { name: 'Auscultations' }).getByRole('article');
  await expect(recordings.first()).toBeVisible();
  const count = await recordings.count();
  expect(count).toBeGreaterThan(0);
  await expect(recordings.first().getByRole('heading', { level: 3 })).toHaveText(/^(Heart|Lung) [1-5]$/);
  await expectNoSeriousViolations(page);

  await page.goto(`/exams/${id}?combo`);
  for (const column of ['Silence', 'Algo1', 'Raw']) {
    const section = page.getByRole('region', { name: column });
    await expect(section.getByRole('heading', { name: column })).toBeVisible();
    await expect(section.getByRole('article')).toHaveCount(count);
  }
  // /exams/{id} is outside the organization family: no position, no Previous/Next.
  await expect(page.getByRole('navigation', { name: 'Exam navigation' })).toHaveCount(0);
});

test('an unknown exam shows the not-found page', async ({ page }) => {
  await page.goto('/exams/00000000-0000-4000-8000-000000000000');
  await signInAs(page, demo.ada);
  await expect(page.getByText('Page not found.')).toBeVisible();
});

test('the spectrogram shows what plays: Low darkens the picture above 300 Hz, the playhead moves, the choice is remembered and axe passes', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const card = await openHeartRecording(page);
  await card.getByRole('button', { name: 'Spectrogram' }).click();
  const picture = card.getByRole('slider', { name: /^Playback position/ });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await expect(card.getByText(/Spectrogram, 20 Hz to 2 kHz, \d+\.\d s in \d+ frames/)).toBeVisible();
  // Mean brightness of the picture's top 40 % (on the 20 Hz–2 kHz axis: above about 320 Hz).
  const topBrightness = () =>
    picture
      .locator('canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, Math.floor(canvas.height * 0.4));
        let sum = 0;
        for (let i = 0; i < data.length; i += 4) sum += data[i]! + data[i + 1]! + data[i + 2]!;
        return sum / (data.length / 4);
      });
  await expect.poll(topBrightness).toBeGreaterThan(0);
  const wide = await topBrightness();
  await card.getByRole('button', { name: 'Low', exact: true }).click();
  await expect(card.getByText(/\(Low filter, /)).toBeVisible();
  // The colours saturate at both ends, so brightness moves less than the dB do (about −20 dB above 300 Hz here).
  await expect.poll(topBrightness).toBeLessThan(wide * 0.85);
  await expect(card.getByRole('img', { name: /^Filter response, low preset/ })).toBeVisible();

  await card.getByRole('button', { name: /^Play,/ }).click();
  await expect
    .poll(async () => Number(await picture.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
  await card.getByRole('button', { name: /^Stop,/ }).click();
  await expectNoSeriousViolations(page);

  await page.reload();
  await expect(card.getByRole('button', { name: 'Spectrogram' })).toHaveAttribute('aria-pressed', 'true');
});

type Segment = { start: number; end: number };
type Analysed = {
  id: string;
  auscultationPoint: { longLabel: string };
  beatawareReport?: {
    murmur?: { status: string; segments: Segment[] };
    segmentation?: Array<Segment & { state: string }>;
  };
};
const listQuery = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/** The first organization exam with a heart recording in which a murmur was heard, and that recording. */
async function findMurmur(page: Page): Promise<{ examId: string; recording: Analysed }> {
  for (let pageNumber = 1; pageNumber <= 5; pageNumber++) {
    const { items } = await apiGet<{ items: Array<{ id: string }> }>(
      page,
      `/api/v1/search/organization-exams?q=${listQuery({ pagination: { pageNumber, pageSize: 10 } })}`,
    );
    for (const { id } of items) {
      const exam = await apiGet<{ auscultations?: Analysed[] }>(
        page,
        `/api/v1/exams/${id}?q=${listQuery({ joinedLoads: ['auscultations'] })}`,
      );
      const all = exam.auscultations ?? [];
      // One recording of its point in the exam, so its card is the only one of that name.
      const recording = all.find(
        (a) =>
          a.beatawareReport?.murmur?.status === 'present' &&
          (a.beatawareReport.segmentation?.length ?? 0) > 0 &&
          all.filter((b) => b.auscultationPoint.longLabel === a.auscultationPoint.longLabel).length === 1,
      );
      if (recording) return { examId: id, recording };
    }
  }
  throw new Error('No analysed murmur recording among the organization exams');
}

test("the analysis is drawn on a murmur recording's spectrogram where its JSON puts it, within one frame; Low takes > 10 dB above 300 Hz", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  let found: Awaited<ReturnType<typeof findMurmur>> | null = null;
  // The demo recordings are analysed in the background after the server starts.
  await expect(async () => {
    found = await findMurmur(page);
  }).toPass({ timeout: 90_000 });
  const { examId, recording } = found!;
  const report = recording.beatawareReport!;
  await page.goto(`/exams/${examId}`);
  const card = page.getByRole('article', { name: recording.auscultationPoint.longLabel });
  await card.getByRole('button', { name: 'Spectrogram' }).click();
  const summary = card.getByText(/Spectrogram, .* in \d+ frames of [\d.]+ ms/);
  await expect(summary).toBeVisible({ timeout: 30_000 });
  const frame = Number(/frames of ([\d.]+) ms/.exec((await summary.textContent())!)![1]) / 1000;
  const duration = Number(await card.getByRole('slider', { name: /^Playback position/ }).getAttribute('aria-valuemax'));

  /** The shared time axis at an element's edges, measured on the page. */
  const band = card.getByRole('group', { name: /^Analysis along the recording/ });
  const bandBox = (await band.boundingBox())!;
  const timeAtX = (x: number) => ((x - bandBox.x) / bandBox.width) * duration;

  const murmurs = band.getByRole('button', { name: /^Murmur heard in systole|^Murmur heard in diastole/ });
  await expect(murmurs).toHaveCount(report.murmur!.segments.length);
  for (const [i, segment] of report.murmur!.segments.entries()) {
    const box = (await murmurs.nth(i).boundingBox())!;
    expect(Math.abs(timeAtX(box.x) - segment.start)).toBeLessThanOrEqual(frame);
    // Segments narrower than 3 px are drawn 3 px wide, to be seen and clicked: their ends are not checked.
    if (box.width > 3.5) expect(Math.abs(timeAtX(box.x + box.width) - segment.end)).toBeLessThanOrEqual(frame);
  }
  // Switching to Low takes more than 10 dB from the picture above 300 Hz (its own measure, in its text
  // alternative), once the worker has rendered the recording anew through the Low band.
  const levelAbove300 = async () =>
    Number(/mean level above 300 Hz (-?\d+) dB/.exec((await summary.textContent()) ?? '')![1]);
  const wide = await levelAbove300();
  await card.getByRole('button', { name: 'Wide', exact: true }).click();
  await expect(card.getByText(/\(Wide filter, /)).toBeVisible();
  await expect.poll(levelAbove300).toBe(wide);
  await card.getByRole('button', { name: 'Low', exact: true }).click();
  await expect.poll(levelAbove300, { timeout: 20_000 }).toBeLessThan(wide - 10);

  const cycle = card.getByTestId('heart-cycle-row').locator('[data-state]');
  await expect(cycle).toHaveCount(report.segmentation!.length);
  const drawn = await cycle.evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().left));
  const rowLeft = (await card.getByTestId('heart-cycle-row').boundingBox())!.x;
  report.segmentation!.forEach((segment, i) => {
    expect(Math.abs(((drawn[i]! - rowLeft) / bandBox.width) * duration - segment.start)).toBeLessThanOrEqual(frame);
  });
});
