import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { builtFeatures } from '@auscura/contracts';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { apiGet, demo, expectNoSeriousViolations, signInAs } from './support';

// Issue 22: what a clinician hits in the first hour. Each test names its item.

const shots = process.env.E2E_SHOTS_DIR;

const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
type ExamWithRecordings = { id: string; patientMasked: boolean; auscultations?: unknown[] };

/** The first exam among the council list's pages that matches, with its recordings. */
async function findCouncilExam(page: Page, wanted: (exam: ExamWithRecordings) => boolean) {
  for (let pageNumber = 1; pageNumber <= 8; pageNumber++) {
    const list = await apiGet<{ items: ExamWithRecordings[] }>(
      page,
      `/api/v1/search/council-exams?q=${q({ pagination: { pageNumber, pageSize: 10 } })}`,
    );
    for (const item of list.items) {
      const exam = await apiGet<ExamWithRecordings>(
        page,
        `/api/v1/exams/${item.id}?q=${q({ joinedLoads: ['auscultations'] })}`,
      );
      if ((exam.auscultations?.length ?? 0) > 1 && wanted(exam)) return exam;
    }
  }
  throw new Error('No council exam with recordings found');
}

test('dead ends: a signed-in unknown route keeps the shell; unbuilt features are not offered', async ({ page }) => {
  // Signed out, an unknown address is the standalone not-found page.
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  await page.goto('/patients');
  await signInAs(page, demo.ada);
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  await expect(menu.getByRole('link', { name: 'My Patients' })).toBeVisible();
  // Exam Calendar is in the menu exactly when its screen is built.
  await expect(menu.getByRole('link', { name: 'Exam Calendar' })).toHaveCount(builtFeatures.examCalendar ? 1 : 0);
  const unbuilt = [
    ...(builtFeatures.examCalendar ? [] : ['/calendar']),
    ...(builtFeatures.liveExam ? [] : ['/live-exam']),
    ...(builtFeatures.compatibilityTest ? [] : ['/live-exam-compatibility-test']),
  ];
  for (const address of [...unbuilt, '/no-such-page']) {
    await page.goto(address);
    await expect(page.getByRole('heading', { name: 'Page not found.' })).toBeVisible();
    // The shell stays: the menu and the top bar's Log out.
    await expect(menu.getByRole('link', { name: 'My Patients' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  }
  await expectNoSeriousViolations(page);
  // The Support page recommends the compatibility test only once it exists.
  await page.goto('/support');
  await expect(page.getByRole('heading', { name: 'Before you write' })).toBeVisible();
  await expect(page.getByText(/compatibility test/i)).toHaveCount(builtFeatures.compatibilityTest ? 1 : 0);
});

/** Same-origin addresses of every link on the page, without fragments; sign-out is left alone. */
async function linksOn(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && !url.pathname.startsWith('/sign-out') && !url.pathname.startsWith('/api'))
    .map((url) => `${url.pathname}${url.search}`);
}

/** One visit per address shape (ids and page numbers folded), so the crawl stays short. */
const shapeOf = (address: string) =>
  address.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, ':id').replace(/p=\d+/, 'p=N');

async function crawl(page: Page, starts: string[], limit: number) {
  const queue = [...starts];
  const seen = new Set<string>();
  const visited: string[] = [];
  const dead: string[] = [];
  while (queue.length > 0 && visited.length < limit) {
    const address = queue.shift()!;
    if (seen.has(shapeOf(address))) continue;
    seen.add(shapeOf(address));
    await page.goto(address);
    // A screen has loaded once its level-1 heading shows (every page, the not-found page included).
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForTimeout(300);
    visited.push(address);
    if ((await page.getByRole('heading', { name: 'Page not found.' }).count()) > 0) dead.push(address);
    queue.push(...(await linksOn(page)));
  }
  return { visited, dead };
}

test('no page of the built app links to an unbuilt route: every link and menu item, signed in and public', async ({
  page,
}) => {
  test.setTimeout(240_000);
  // The public pages and the sign-in page, signed out.
  await page.goto('/support');
  const publicPages = await crawl(page, ['/support', '/contact', '/terms', '/privacy', '/hipaa', '/signed-out'], 15);
  expect(publicPages.dead).toEqual([]);
  await page.goto('/patients');
  // Signed out, /patients goes on to the sign-in page: read its links once it is there.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  expect(await linksOn(page)).not.toContain('/forgot-password');
  await signInAs(page, demo.ada);
  const signedIn = await crawl(page, ['/patients', '/council', '/organization/exams?all=true'], 45);
  expect(signedIn.dead).toEqual([]);
  // The crawl reached the menu's screens, a patient and an exam.
  const shapes = new Set(signedIn.visited.map(shapeOf));
  for (const shape of ['/patients', '/council', '/organization/healthcare-providers', '/patients/:id', '/exams/:id'])
    expect([...shapes].some((visited) => visited.startsWith(shape))).toBe(true);
});

test('exam page at 1024×768 and 1280×800: Mark as reviewed and notes in the first screen, before the recordings; Loop and Region named by recording', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.goto('/patients');
  await signInAs(page, demo.ada);
  const exam = await findCouncilExam(page, (candidate) => !candidate.patientMasked);
  for (const [width, height] of [
    [1024, 768],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(`/exams/${exam.id}`);
    const reviewed = page.getByRole('switch', { name: 'Mark as reviewed' });
    const notes = page.getByRole('textbox', { name: 'Notes' });
    await expect(reviewed).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    if (shots) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, `exam-${width}x${height}.png`) });
    }
    for (const control of [reviewed, notes]) {
      const box = (await control.boundingBox())!;
      expect(box.y + box.height, `${width}×${height}`).toBeLessThanOrEqual(height);
    }
    // Enhanced notes come before the first recording, never below them.
    const enhanced = (await page.getByRole('checkbox', { name: 'Stridor' }).boundingBox())!;
    const firstRecording = (await page.getByRole('article').first().boundingBox())!;
    if (width < 1200) expect(enhanced.y).toBeLessThan(firstRecording.y);
    else expect(enhanced.y + enhanced.height).toBeLessThanOrEqual(height);
  }
  // Every card's Loop and Region buttons have their own name, as Play and Delete do.
  for (const control of ['Loop', 'Region']) {
    const names = await page
      .getByRole('button', { name: new RegExp(`^${control},`) })
      .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
    expect(names.length).toBe(exam.auscultations!.length);
    expect(new Set(names).size).toBe(names.length);
  }
});

test("a council exam of another organization offers no Delete; the caller's own exams do", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/council');
  await signInAs(page, demo.ada);
  const other = await findCouncilExam(page, (exam) => exam.patientMasked);
  await page.goto(`/exams/${other.id}`);
  await expect(page.getByRole('heading', { level: 1, name: '**********' })).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(other.auscultations!.length);
  await expect(page.getByRole('button', { name: /^Delete,/ })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Mark as reviewed' })).toBeVisible();

  const own = await findCouncilExam(page, (exam) => !exam.patientMasked);
  await page.goto(`/exams/${own.id}`);
  await expect(page.getByRole('article')).toHaveCount(own.auscultations!.length);
  await expect(page.getByRole('button', { name: /^Delete,/ })).toHaveCount(own.auscultations!.length);
});

test('create account with an unknown invitation id says the invitation is no longer valid', async ({ page }) => {
  await page.goto('/create-account?t=no-such-invitation');
  await expect(
    page.getByText(
      'This invitation is no longer valid. If you do not already have an account, please request a new invitation.',
    ),
  ).toBeVisible();
  await expect(page.getByText(/There is an error with this invitation/)).toHaveCount(0);
});

test("the New patient dialog's Sex offers the spec's options: Unknown, Male, Female", async ({ page }) => {
  await page.goto('/patients');
  await signInAs(page, demo.ada);
  await page.getByRole('button', { name: 'Add new patient' }).first().click();
  const sex = page.getByRole('dialog', { name: 'New patient' }).getByRole('combobox', { name: 'Sex (optional)' });
  await expect(sex.locator('option')).toHaveText(['Unknown', 'Male', 'Female']);
  await expect(sex).toHaveValue('unknown');
});
