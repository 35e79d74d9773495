// The JavaScript a browser loads to reach the signed-in home page: every script response from
// opening the portal, signing in as Ada, until the patients table shows. Sizes are the gzip
// sizes of the bodies (level 9, as a server or CDN would send them) plus the raw sizes.
// Run after `npm run build`; starts its own server on a fresh data folder.
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, startServer } from '../support/server.mjs';

const port = 8184;
const origin = `http://localhost:${port}`;
const { stop } = await startServer({ port, name: 'web' });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
try {
  const page = await browser.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script') return;
    try {
      const body = await response.body();
      scripts.set(new URL(response.url()).pathname, {
        raw: body.length,
        gzip: zlib.gzipSync(body, { level: 9 }).length,
      });
    } catch {
      // redirects have no body
    }
  });
  await page.goto(`${origin}/`);
  await page.getByLabel('Email').fill('ada@riverside.example');
  await page.getByLabel('Password').fill('Auscura-demo-2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('table').getByRole('row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  const files = [...scripts].map(([file, size]) => ({ file, ...size })).sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
  console.log(
    JSON.stringify(
      {
        benchmark: 'JavaScript to the signed-in home',
        totalGzipKB: +(total.gzip / 1024).toFixed(1),
        totalRawKB: +(total.raw / 1024).toFixed(1),
        targetGzipKB: 300,
        files,
      },
      null,
      2,
    ),
  );
} finally {
  await browser.close();
  await stop();
}
