import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Download, Page } from '@playwright/test';
import { demo, signInAs } from './support';

/** The text poppler's pdftotext finds in a downloaded PDF, whitespace folded. */
async function pdfText(download: Download): Promise<string> {
  const file = await download.path();
  expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

/** Opens the first exam of the organization with four recordings, once its recordings are analysed. */
async function openExamWithFourRecordings(page: Page) {
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  const links = page.getByRole('table').getByRole('link', { name: /^View exam/ });
  await expect(links.first()).toBeVisible();
  const hrefs = await links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
  const cards = page.getByRole('article', { name: /^(Heart|Lung) \d$/ });
  for (const href of hrefs) {
    await page.goto(href);
    await expect(page.getByRole('heading', { name: 'Auscultations' })).toBeVisible();
    if ((await cards.count()) !== 4) continue;
    // The demo recordings are analysed in the background after the server starts.
    await expect(async () => {
      await page.reload();
      await expect(cards).toHaveCount(4);
      await expect(page.getByText('Processing. Please try later.')).toHaveCount(0);
      await expect(page.getByText('Report not requested yet.')).toHaveCount(0);
    }).toPass({ timeout: 120_000 });
    return cards;
  }
  throw new Error('no demo exam with four recordings on the first page');
}

test('the exam page downloads its PDF report and FHIR bundle, saying what the page says', async ({ page }) => {
  test.setTimeout(240_000);
  const cards = await openExamWithFourRecordings(page);
  const patient = (await page.getByRole('heading', { level: 1 }).textContent())!;
  const shown = [];
  for (const card of await cards.all()) {
    const point = (await card.getByRole('heading', { level: 3 }).textContent())!;
    const rate = (await card
      .getByText('Heart rate', { exact: true })
      .locator('xpath=following-sibling::*[1]')
      .textContent())!
      .replace('bpm', '')
      .trim();
    const murmurLabel = card.getByText('Murmur:', { exact: true });
    const murmur = (await murmurLabel.count()) ? await murmurLabel.locator('xpath=..').textContent() : null;
    shown.push({ point, rate, murmur: murmur?.replace('Murmur:', '').trim() ?? null });
  }
  const notes = await page.getByRole('textbox', { name: 'Notes', exact: true }).inputValue();

  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download report' }).click(),
  ]);
  expect(report.suggestedFilename()).toMatch(/^Auscura_exam_\d{4}-\d\d-\d\d\.pdf$/);
  const text = await pdfText(report);
  expect(text).toContain(patient);
  if (notes.trim()) expect(text).toContain(notes.trim().replace(/\s+/g, ' '));
  for (const { point, rate, murmur } of shown) {
    expect(text).toContain(point);
    expect(text).toContain(rate === '--' ? 'Heart rate: -- (' : `Heart rate: ${rate} bpm`);
    if (murmur) expect(text).toContain(`Murmur: ${murmur}`);
  }
  expect(text).toContain('Auscura gives no medical advice or diagnosis.');

  const [fhir] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download FHIR (.json)' }).click(),
  ]);
  expect(fhir.suggestedFilename()).toMatch(/^Auscura_exam_\d{4}-\d\d-\d\d\.fhir\.json$/);
  const bundle = JSON.parse(fs.readFileSync(await fhir.path(), 'utf8')) as {
    resourceType: string;
    entry: {
      resource: { resourceType: string; code?: { coding?: { code: string }[] }; valueQuantity?: { value: number } };
    }[];
  };
  expect(bundle.resourceType).toBe('Bundle');
  const rates = bundle.entry
    .map((e) => e.resource)
    .filter((r) => r.resourceType === 'Observation' && r.code?.coding?.[0]?.code === '8867-4')
    .map((r) => (r.valueQuantity ? String(r.valueQuantity.value) : '--'));
  // One heart-rate Observation per recording, in the page's order, with the page's figures.
  expect(rates).toEqual(shown.map((s) => s.rate));
});

test('an exam list row menu downloads the report', async ({ page }) => {
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  const menu = page.getByRole('button', { name: /^More actions, exam of/ }).first();
  await menu.click();
  const [report] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: 'Download report' }).click(),
  ]);
  expect(await pdfText(report)).toContain('Exam report');
});

test("a council member's report of another organization's exam holds no patient identity", async ({ browser }) => {
  // Ben's own list names Lakeside's patients; Ada, on the council, sees those exams masked.
  const lakeside = await browser.newContext();
  const ben = await lakeside.newPage();
  await ben.goto('/organization/exams?all=true');
  await signInAs(ben, demo.ben);
  const patientLinks = ben.getByRole('table').getByRole('link', { name: /^View exam of .* for / });
  await expect(patientLinks.first()).toBeVisible();
  const names = (await patientLinks.evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? '')))
    .map((label) => label.replace(/^View exam of .* for /, ''))
    .filter((name) => name !== '**********');
  expect(names.length).toBeGreaterThan(0);
  await lakeside.close();

  const riverside = await browser.newContext();
  const ada = await riverside.newPage();
  await ada.goto('/council');
  await signInAs(ada, demo.ada);
  const masked = ada.getByRole('button', { name: /^More actions, exam of .* for \*{10}$/ }).first();
  await expect(masked).toBeVisible();
  await masked.click();
  const [report] = await Promise.all([
    ada.waitForEvent('download'),
    ada.getByRole('menuitem', { name: 'Download report' }).click(),
  ]);
  const text = await pdfText(report);
  expect(text).toContain('Patient: **********');
  expect(text).toContain('Birthdate: hidden (patient of another organization)');
  expect(text).toContain('Lakeside Pulmonology');
  for (const name of names) {
    for (const part of name.split(' ').filter((word) => word.length > 2)) expect(text).not.toContain(part);
  }
  await riverside.close();
});
