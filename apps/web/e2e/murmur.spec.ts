import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { demo, expectNoSeriousViolations, signInAs } from './support';

/** The hrefs of the first page of the organization's exams, newest first. */
async function examLinks(page: Page): Promise<string[]> {
  await page.goto('/organization/exams?all=true');
  await signInAs(page, demo.ada);
  const links = page.getByRole('table').getByRole('link', { name: /^View exam/ });
  await expect(links.first()).toBeVisible();
  return links.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href') ?? ''));
}

/** Waits until every recording of the open exam has been analysed (the demo recordings are processed in the background). */
async function waitForAnalysis(page: Page) {
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Auscultations' })).toBeVisible();
    await expect(page.getByText('Processing. Please try later.')).toHaveCount(0);
    await expect(page.getByText('Report not requested yet.')).toHaveCount(0);
  }).toPass({ timeout: 90_000 });
}

test('heart recordings show the murmur finding and lung recordings no heart verdict; the matching murmur note is offered, never checked', async ({
  page,
}) => {
  // The demo recordings are analysed in the background after the server starts.
  test.setTimeout(240_000);
  let sawLung = false;
  let sawSuggestion = false;
  for (const href of await examLinks(page)) {
    await page.goto(href);
    const heart = page.getByRole('article', { name: /^Heart \d$/ });
    const lung = page.getByRole('article', { name: /^Lung \d$/ });
    await expect(page.getByRole('heading', { name: 'Auscultations' })).toBeVisible();
    if ((await heart.count()) + (await lung.count()) === 0) continue;
    await waitForAnalysis(page);
    for (const card of await lung.all()) {
      sawLung = true;
      await expect(card.getByText('No heart analysis for lung sounds')).toBeVisible();
      await expect(card.getByText(/^--\s*bpm$/)).toBeVisible();
      await expect(card.getByText(/^Murmur:/)).toHaveCount(0);
    }
    for (const card of await heart.all()) await expect(card.getByText('Murmur:', { exact: true })).toBeVisible();
    const suggestions = page.getByRole('button', { name: /^Accept suggestion: / });
    if (!sawSuggestion && (await suggestions.count()) > 0) {
      sawSuggestion = true;
      const label = (await suggestions.first().getAttribute('aria-label'))!.replace('Accept suggestion: ', '');
      const box = page.getByRole('checkbox', { name: label, exact: true });
      // Offered, not chosen: the clinician decides.
      await expect(box).not.toBeChecked();
      await expectNoSeriousViolations(page);
      await suggestions.first().click();
      await expect(box).toBeChecked();
      await expect(page.getByRole('button', { name: `Accept suggestion: ${label}` })).toHaveCount(0);
      // Put the exam back as it was (the notes save automatically).
      await box.click();
      await expect(box).not.toBeChecked();
    }
    if (sawLung && sawSuggestion) break;
  }
  expect(sawLung, 'an exam with a lung recording').toBe(true);
  expect(sawSuggestion, 'an exam with a murmur suggestion').toBe(true);
});
