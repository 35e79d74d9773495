// The JavaScript a browser loads to reach the signed-in home page: every script response from
// opening the portal, signing in as Ada, until the patients table shows. Sizes are the gzip
// sizes of the bodies (level 9, as a server or CDN would send them) plus the raw sizes.
//
// Also, each with a signed-in session restored from storage and an empty HTTP cache:
// - the first load of the other main pages (patient, exam, exams, live exam, calendar, …), and of
//   the patient's public pages without a session;
// - a time-to-interactive-like figure: from navigation start to the patients table's first row
//   drawn (median of `BENCH_WEB_RUNS`, default 7).
// With BENCH_BASE_SERVER_ENTRY (another build's server bundle, e.g. main's in a worktree of its
// own) the same is measured on that build too, the runs alternating, so both see the same load.
//
// Writes benchmarks/web/first-screen-report.md: the chunks of the first screen and the modules in
// each (from the build's bundle report, apps/web/build/bundle-stats.json, rollup-plugin-visualizer).
// Run after `npm run build`; starts its own servers on fresh data folders.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, startServer } from '../support/server.mjs';

const ada = { email: 'ada@riverside.example', password: 'Auscura-demo-2026' };
const runs = Number(process.env.BENCH_WEB_RUNS ?? 7);
const baseEntry = process.env.BENCH_BASE_SERVER_ENTRY;
const statsFile = path.resolve(import.meta.dirname, '../../apps/web/build/bundle-stats.json');
const reportFile = path.resolve(import.meta.dirname, 'first-screen-report.md');
const kb = (bytes) => +(bytes / 1024).toFixed(1);
const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** Records every script body the page receives, by path. */
function recordScripts(page) {
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
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
  return scripts;
}

function summarize(scripts) {
  const files = [...scripts].map(([file, size]) => ({ file, ...size })).sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), { raw: 0, gzip: 0 });
  return { totalGzipKB: kb(total.gzip), totalRawKB: kb(total.raw), files };
}

async function signIn(page, origin) {
  await page.goto(`${origin}/`);
  await page.getByLabel('Email').fill(ada.email);
  await page.getByLabel('Password').fill(ada.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('table').getByRole('row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Ids the page list needs, read from the signed-in app's own lists. */
async function findIds(page, origin) {
  const patientHref = await page.getByRole('table').getByRole('link').first().getAttribute('href');
  await page.goto(`${origin}/organization/exams?all=true`);
  const examLink = page
    .getByRole('table')
    .getByRole('link', { name: /^View exam/ })
    .first();
  await examLink.waitFor();
  const examHref = await examLink.getAttribute('href');
  return { patientHref, examHref };
}

/** One build: its server, the first screen, the other pages and the timing runs. */
async function openTarget({ name, port, entry, browser }) {
  const origin = `http://localhost:${port}`;
  const server = await startServer({ port, name: `web-${name}`, entry });
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await signIn(page, origin);
  const firstScreen = summarize(scripts);
  const storageState = await context.storageState();
  const ids = await findIds(page, origin);
  await context.close();
  return { name, origin, server, firstScreen, storageState, ids, pages: {}, tti: [] };
}

async function measurePage(browser, target, { label, href, signedIn }) {
  const context = await browser.newContext(signedIn ? { storageState: target.storageState } : {});
  const page = await context.newPage();
  const scripts = recordScripts(page);
  await page.goto(`${target.origin}${href}`);
  // The page's own heading, then quiet twice: a screen's lazy parts (the player, the engine) load
  // after its data, and a loaded machine can be quiet for a moment before they start.
  await page
    .getByRole('heading', { level: 1 })
    .first()
    .waitFor({ timeout: 20_000 })
    .catch(() => {});
  for (let settle = 0; settle < 2; settle++) {
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
  }
  const url = new URL(page.url());
  target.pages[label] = { href, landedOn: url.pathname, ...summarize(scripts) };
  await context.close();
}

/** Navigation start to the patients table's first data row, for a user whose session is in storage. */
async function timeToTable(browser, target) {
  const context = await browser.newContext({ storageState: target.storageState });
  const page = await context.newPage();
  await page.goto(`${target.origin}/`);
  const ms = await page.waitForFunction(
    () => (document.querySelectorAll('table tbody tr').length > 0 ? performance.now() : 0),
    undefined,
    { polling: 'raf', timeout: 30_000 },
  );
  target.tti.push(Math.round(await ms.jsonValue()));
  await context.close();
}

// Issue 41: none of these may reach the first screen; the report and the output name any that do.
const notOnFirstScreen = [
  /@auth0\//,
  /@sentry\//,
  /packages\/audio-engine\//,
  /features\/(live-exam|in-person-exam|self-exam|compatibility-test)\//,
  /features\/exams\/components\/auscultation\//,
  /spectrogram|player/i,
  /node_modules\/(twilio-video|firebase|@firebase|react-big-calendar)\//,
  // The contracts' live-exam, video and compatibility schemas (reached only through the contracts' index).
  /packages\/contracts\/src\/(realtime|video|compatibility|remote-auscultation)\.ts$/,
  // MUI's CSS-variables theme and provider (the app's theme has no CSS variables).
  /@mui\/(material\/styles\/(createThemeWithVars|ThemeProviderWithVars)|system\/cssVars\/)/,
];

/** The first screen's chunks with their largest modules (the build's own module sizes). */
function writeReport(firstScreen) {
  if (!fs.existsSync(statsFile)) return null;
  const stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  const lines = [
    '# First screen: what is in it',
    '',
    'Written by `npm run bench:web` (benchmarks/web/first-screen.mjs) from the build it measured: each script the',
    'browser loads to reach the signed-in home (Ada, patients table, network idle), with its gzip size (level 9, the',
    'whole file) and its largest modules. Module sizes come from the build (rollup-plugin-visualizer, raw data): the',
    'code the bundler kept of each module after tree-shaking but before minification, and that code gzipped on its',
    'own; they rank the modules, they do not add up to the chunk.',
    '',
    `Total: **${firstScreen.totalGzipKB} KB gzip** (${firstScreen.totalRawKB} KB raw), ${firstScreen.files.length} scripts.`,
    '',
  ];
  const byPackage = new Map();
  const unwanted = [];
  for (const file of firstScreen.files) {
    const chunk = file.file.replace(/^\//, '');
    const modules = Object.values(stats.nodeMetas)
      .filter((meta) => meta.moduleParts[chunk])
      .map((meta) => ({ id: meta.id, ...stats.nodeParts[meta.moduleParts[chunk]] }))
      .sort((a, b) => b.renderedLength - a.renderedLength);
    lines.push(`## ${chunk}: ${kb(file.gzip)} KB gzip, ${kb(file.raw)} KB raw, ${modules.length} modules`, '');
    for (const module of modules) {
      if (notOnFirstScreen.some((pattern) => pattern.test(module.id))) unwanted.push(shortId(module.id));
      const pkg = packageOf(module.id);
      const sum = byPackage.get(pkg) ?? { rendered: 0, gzip: 0 };
      byPackage.set(pkg, { rendered: sum.rendered + module.renderedLength, gzip: sum.gzip + module.gzipLength });
    }
    for (const module of modules.slice(0, 30)) {
      lines.push(`- ${shortId(module.id)}: ${kb(module.renderedLength)} KB (gzip alone ${kb(module.gzipLength)})`);
    }
    if (modules.length > 30) lines.push(`- … ${modules.length - 30} more`);
    lines.push('');
  }
  const packages = [...byPackage].sort((a, b) => b[1].rendered - a[1].rendered);
  lines.push(
    '## By package (all first-screen chunks)',
    '',
    '| package | kept, before minification, KB | gzipped module by module, KB |',
    '|---|---|---|',
  );
  for (const [pkg, size] of packages) lines.push(`| ${pkg} | ${kb(size.rendered)} | ${kb(size.gzip)} |`);
  lines.push(
    '',
    '## Kept off the first screen',
    '',
    'The Auth0 SDK, Sentry, the audio engine, the live exam, the in-person and self exams, the compatibility test,',
    "the recordings' cards with the player and spectrogram, Twilio, Firebase, the calendar, the contracts' live-exam,",
    "video and compatibility schemas, and MUI's CSS-variables theme and provider:",
    unwanted.length ? `**on it**: ${unwanted.join(', ')}` : 'none of their modules is on it.',
    '',
  );
  fs.writeFileSync(reportFile, lines.join('\n'));
  return { file: reportFile, unwanted };
}

function shortId(id) {
  return id
    .replace(/^.*?node_modules\//, '')
    .replace(/^.*?\/(apps|packages)\//, '$1/')
    .replace(/^\0/, '');
}

function packageOf(id) {
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(id);
  if (match) return match[1];
  const own = /\/(apps\/web|packages\/[^/]+)\//.exec(id);
  if (own) return own[1];
  // The app's own modules appear as /src/… (relative to the Vite root).
  return id.startsWith('/src/') ? 'apps/web' : shortId(id);
}

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
});
const targets = [];
try {
  targets.push(await openTarget({ name: 'this', port: 8184, browser }));
  if (baseEntry) targets.push(await openTarget({ name: 'base', port: 8185, entry: baseEntry, browser }));

  for (const target of targets) {
    const pages = [
      { label: 'patient page', href: target.ids.patientHref, signedIn: true },
      { label: 'exam page', href: target.ids.examHref, signedIn: true },
      { label: 'exams', href: '/exams', signedIn: true },
      { label: 'organization exams', href: '/organization/exams', signedIn: true },
      { label: 'live exam (provider lobby)', href: '/live-exam', signedIn: true },
      { label: 'calendar', href: '/calendar', signedIn: true },
      { label: 'profile', href: '/profile-and-settings', signedIn: true },
      { label: 'patient: virtual exam join', href: '/virtual-exam', signedIn: false },
      { label: 'patient: compatibility test', href: '/live-exam-compatibility-test', signedIn: false },
    ];
    for (const entry of pages) await measurePage(browser, target, entry);
  }
  // One warm-up each (the server's first answers), then the runs alternate between the builds.
  for (const target of targets) await timeToTable(browser, target);
  for (const target of targets) target.tti = [];
  for (let run = 0; run < runs; run++) for (const target of targets) await timeToTable(browser, target);

  const report = writeReport(targets[0].firstScreen);
  const result = {
    benchmark: 'JavaScript to the signed-in home',
    totalGzipKB: targets[0].firstScreen.totalGzipKB,
    totalRawKB: targets[0].firstScreen.totalRawKB,
    targetGzipKB: 200,
    timeToPatientsTableMs: { median: median(targets[0].tti), runs: targets[0].tti },
    otherPagesGzipKB: Object.fromEntries(Object.entries(targets[0].pages).map(([label, p]) => [label, p.totalGzipKB])),
    report: report && path.relative(process.cwd(), report.file),
    notOnFirstScreenButThere: report?.unwanted,
    files: targets[0].firstScreen.files,
  };
  if (targets[1]) {
    const base = targets[1];
    result.base = {
      serverEntry: baseEntry,
      totalGzipKB: base.firstScreen.totalGzipKB,
      totalRawKB: base.firstScreen.totalRawKB,
      timeToPatientsTableMs: { median: median(base.tti), runs: base.tti },
      otherPagesGzipKB: Object.fromEntries(Object.entries(base.pages).map(([label, p]) => [label, p.totalGzipKB])),
    };
  }
  console.log(JSON.stringify(result, null, 2));
} finally {
  await browser.close();
  for (const target of targets) await target.server.stop();
}
