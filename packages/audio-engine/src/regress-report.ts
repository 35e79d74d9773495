// `auscura-dsp regress --report DIR`: the regression run as a JUnit XML file (what CI systems
// display: one test suite per output signal — each preset, each variant, the analysis — and one
// test case per fixture in it) and one self-contained HTML page (no external file: the pictures
// are inline PNG data URIs) with, per fixture and signal, the deviation from the golden per band
// and the golden, current and difference spectrograms side by side.
//
// The band numbers come from the golden print's coarse spectrogram (regress.ts: 32 log rows,
// 4 columns per second, 0.5 dB steps), so they read in 0.5 dB steps too. Bands: heart 20–200 Hz
// (S1, S2, low murmurs), 200–600 Hz (most murmurs), 600–2000 Hz (high-pitched murmurs, clicks);
// lung bands in spectrogram.ts (LUNG_BANDS). Pass or fail stays regress.ts's: levels and analysis.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { encode } from 'fast-png';
import { HEART_BANDS, LUNG_BANDS } from './spectrogram.js';
import {
  fixtureSite,
  PRINT_SPECTROGRAM,
  printCellsDb,
  type PrintSpectrogram,
  type RegressReport,
  type SignalPrint,
} from './regress.js';

/** Current minus golden over one band's cells (every time column × the rows whose centre lies in the band). */
export interface BandDeviation {
  lowHz: number;
  highHz: number;
  cells: number;
  /** Largest |current − golden| in dB. */
  maxDb: number;
  /** Root mean square of current − golden in dB. */
  rmsDb: number;
  /** Mean of current − golden in dB (negative: quieter now). */
  meanDb: number;
}

export interface SignalResult {
  fixture: string;
  /** 'preset wide', 'variant algo1', … or 'analysis'. */
  signal: string;
  drift: string[];
  /** Null when the golden or the current print has no spectrogram (or their axes differ). */
  bands: BandDeviation[] | null;
  golden: PrintSpectrogram | null;
  current: PrintSpectrogram | null;
}

export interface ReportFiles {
  junit: string;
  html: string;
  failedFixtures: string[];
}

const rowCentre = (p: PrintSpectrogram, r: number) => p.lowHz * (p.highHz / p.lowHz) ** ((r + 0.5) / p.rows);

export function bandDeviations(
  current: PrintSpectrogram,
  golden: PrintSpectrogram,
  bands: readonly (readonly [number, number])[],
): BandDeviation[] | null {
  const same = (['lowHz', 'highHz', 'rows', 'cols', 'fftSize'] as const).every((k) => current[k] === golden[k]);
  if (!same) return null;
  const a = printCellsDb(current);
  const b = printCellsDb(golden);
  return bands
    .filter(([lo]) => lo < golden.highHz)
    .map(([lowHz, highHz]) => {
      let n = 0;
      let max = 0;
      let sq = 0;
      let sum = 0;
      for (let r = 0; r < golden.rows; r++) {
        const f = rowCentre(golden, r);
        if (f < lowHz || f >= highHz) continue;
        for (let c = 0; c < golden.cols; c++) {
          const d = a[c * golden.rows + r]! - b[c * golden.rows + r]!;
          n++;
          max = Math.max(max, Math.abs(d));
          sq += d * d;
          sum += d;
        }
      }
      return { lowHz, highHz, cells: n, maxDb: max, rmsDb: n ? Math.sqrt(sq / n) : 0, meanDb: n ? sum / n : 0 };
    });
}

/** Splits one fixture's report into its signals (each preset, each variant, the analysis) with their band deviations. */
export function signalResults(r: RegressReport): SignalResult[] {
  const bands = fixtureSite(r.fixture) === 'lungs' ? LUNG_BANDS : HEART_BANDS;
  const out: SignalResult[] = [];
  const claimed = new Set<string>();
  for (const kind of ['presets', 'variants'] as const) {
    const names = Object.keys(r.want?.[kind] ?? r.got?.[kind] ?? {});
    for (const name of names) {
      const signal = `${kind === 'presets' ? 'preset' : 'variant'} ${name}`;
      const drift = r.drift.filter((d) => d.startsWith(`${signal}:`));
      drift.forEach((d) => claimed.add(d));
      const g: SignalPrint | undefined = r.want?.[kind][name];
      const c: SignalPrint | undefined = r.got?.[kind][name];
      out.push({
        fixture: r.fixture,
        signal,
        drift,
        bands: g?.spectrogram && c?.spectrogram ? bandDeviations(c.spectrogram, g.spectrogram, bands) : null,
        golden: g?.spectrogram ?? null,
        current: c?.spectrogram ?? null,
      });
    }
  }
  out.push({
    fixture: r.fixture,
    signal: 'analysis',
    drift: r.drift.filter((d) => !claimed.has(d)),
    bands: null,
    golden: null,
    current: null,
  });
  return out;
}

const xml = (s: string) =>
  s.replace(/[<>&"']/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[ch]!);
const hz = (f: number) => (f >= 1000 ? `${+(f / 1000).toFixed(1)} kHz` : `${Math.round(f)} Hz`);
const band = (b: BandDeviation) => `${hz(b.lowHz)}–${hz(b.highHz)}`;
const bandLine = (b: BandDeviation) =>
  `${band(b)}: max ${b.maxDb.toFixed(1)} dB, RMS ${b.rmsDb.toFixed(1)} dB, mean ${b.meanDb >= 0 ? '+' : ''}${b.meanDb.toFixed(1)} dB`;

export function junitXml(results: SignalResult[][]): string {
  const bySignal = new Map<string, SignalResult[]>();
  for (const s of results.flat()) bySignal.set(s.signal, [...(bySignal.get(s.signal) ?? []), s]);
  const all = results.flat();
  const failures = all.filter((s) => s.drift.length).length;
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="auscura-dsp regress" tests="${all.length}" failures="${failures}" errors="0">`,
  ];
  for (const [signal, cases] of bySignal) {
    const f = cases.filter((s) => s.drift.length).length;
    lines.push(`  <testsuite name="${xml(signal)}" tests="${cases.length}" failures="${f}" errors="0" skipped="0">`);
    for (const s of cases) {
      const open = `    <testcase classname="${xml(signal)}" name="${xml(s.fixture)}"`;
      if (!s.drift.length) {
        lines.push(`${open}/>`);
        continue;
      }
      const body = [...s.drift, ...(s.bands ?? []).map((b) => `band ${bandLine(b)}`)].join('\n');
      lines.push(`${open}>`);
      lines.push(`      <failure message="${xml(s.drift[0]!)}" type="drift">${xml(body)}</failure>`);
      lines.push('    </testcase>');
    }
    lines.push('  </testsuite>');
  }
  lines.push('</testsuites>', '');
  return lines.join('\n');
}

// Colour maps: magma's anchors for level (dark = quiet), blue–white–red for the difference.
const MAGMA = [
  [0, 0, 4],
  [81, 18, 124],
  [183, 55, 121],
  [252, 137, 97],
  [252, 253, 191],
];
const DIVERGING = [
  [59, 76, 192],
  [240, 240, 240],
  [180, 4, 38],
];
/** Range of the difference picture: ±12 dB saturates. */
export const DIFF_RANGE_DB = 12;
/** Dynamic range of the level pictures below their loudest cell. */
export const LEVEL_RANGE_DB = 80;

function colour(map: number[][], t: number): [number, number, number] {
  const x = Math.min(1, Math.max(0, t)) * (map.length - 1);
  const i = Math.min(map.length - 2, Math.floor(x));
  const f = x - i;
  const a = map[i]!;
  const b = map[i + 1]!;
  return [0, 1, 2].map((k) => Math.round(a[k]! + (b[k]! - a[k]!) * f)) as [number, number, number];
}

/** A PNG data URI of cols × rows cells, the lowest row at the bottom; `t` maps a cell's value to 0–1. */
function picture(values: Float32Array, rows: number, cols: number, map: number[][], t: (v: number) => number): string {
  const data = new Uint8Array(rows * cols * 3);
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++) {
      const o = ((rows - 1 - r) * cols + c) * 3;
      data.set(colour(map, t(values[c * rows + r]!)), o);
    }
  return `data:image/png;base64,${Buffer.from(encode({ width: cols, height: rows, data, channels: 3, depth: 8 })).toString('base64')}`;
}

const html = xml;

function signalHtml(s: SignalResult): string {
  const status = s.drift.length ? '<strong class="fail">DRIFT</strong>' : '<span class="ok">ok</span>';
  const drift = s.drift.length ? `<ul>${s.drift.map((d) => `<li>${html(d)}</li>`).join('')}</ul>` : '';
  if (!s.golden || !s.current)
    return `<tr><th scope="row">${html(s.signal)}</th><td>${status}${drift}</td><td colspan="4">${s.signal === 'analysis' ? 'rate, segments, murmur, noise slices' : 'no golden spectrogram to compare with (no golden file, or one written before the report existed: regress --update writes it)'}</td></tr>`;
  const g = printCellsDb(s.golden);
  const c = printCellsDb(s.current);
  const top = Math.ceil(Math.max(...g, ...c) / 10) * 10;
  const level = (v: number) => (v - (top - LEVEL_RANGE_DB)) / LEVEL_RANGE_DB;
  const axis = `${hz(s.golden.lowHz)}–${hz(s.golden.highHz)}, ${(s.golden.cols / PRINT_SPECTROGRAM.colsPerSecond).toFixed(1)} s`;
  const bands = s.bands
    ? `<table class="bands"><tr><th>band</th><th>max |Δ|</th><th>RMS Δ</th><th>mean Δ</th></tr>${s.bands
        .map(
          (b) =>
            `<tr${b.maxDb >= 1 ? ' class="moved"' : ''}><td>${band(b)}</td><td>${b.maxDb.toFixed(1)} dB</td><td>${b.rmsDb.toFixed(1)} dB</td><td>${b.meanDb >= 0 ? '+' : ''}${b.meanDb.toFixed(1)} dB</td></tr>`,
        )
        .join('')}</table>`
    : 'axes differ from the golden: no band comparison';
  let diffPic = '';
  if (s.bands) {
    const d = Float32Array.from(c, (v, i) => v - g[i]!);
    const worst = s.bands.reduce((a, b) => (b.rmsDb > a.rmsDb ? b : a), s.bands[0]!);
    const alt = worst && worst.maxDb > 0 ? `largest change in ${band(worst)} (${bandLine(worst)})` : 'no change';
    diffPic = `<img src="${picture(d, s.golden.rows, s.golden.cols, DIVERGING, (v) => (v + DIFF_RANGE_DB) / (2 * DIFF_RANGE_DB))}" alt="${html(`Difference, current minus golden, ${s.signal}: ${alt}`)}">`;
  }
  const img = (v: Float32Array, which: string) =>
    `<img src="${picture(v, s.golden!.rows, s.golden!.cols, MAGMA, level)}" alt="${html(`Spectrogram of the ${which} output, ${s.signal}, ${axis}, ${top - LEVEL_RANGE_DB} to ${top} dB`)}">`;
  return `<tr><th scope="row">${html(s.signal)}</th><td>${status}${drift}</td><td>${bands}</td><td>${img(g, 'golden')}</td><td>${img(c, 'current')}</td><td>${diffPic}</td></tr>`;
}

/** The pictures' axes for one fixture, in words. */
function axisLine(r: SignalResult[]): string {
  const p = r.find((s) => s.golden)?.golden;
  if (!p) return '';
  const sec = (p.cols / PRINT_SPECTROGRAM.colsPerSecond).toFixed(1);
  return `<p>Pictures: ${hz(p.lowHz)} at the bottom to ${hz(p.highHz)} at the top (log scale), 0 to ${sec} s left to right.</p>`;
}

export function reportHtml(results: SignalResult[][], when = new Date()): string {
  const failed = results.filter((r) => r.some((s) => s.drift.length));
  const sections = results.map((r) => {
    const fixture = r[0]!.fixture;
    const bad = r.filter((s) => s.drift.length);
    const id = `f-${fixture.replace(/[^A-Za-z0-9_-]/g, '_')}`;
    return `<section id="${id}"><details${bad.length ? ' open' : ''}><summary><h2>${html(fixture)} — ${bad.length ? `<span class="fail">${bad.length} signal${bad.length > 1 ? 's' : ''} drifted</span>` : '<span class="ok">matches</span>'}</h2></summary>
${axisLine(r)}
<table class="signals"><tr><th scope="col">signal</th><th scope="col">result</th><th scope="col">deviation per band (current − golden)</th><th scope="col">golden</th><th scope="col">current</th><th scope="col">difference</th></tr>
${r.map(signalHtml).join('\n')}</table></details></section>`;
  });
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>auscura-dsp regress — ${failed.length ? `${failed.length} fixtures drifted` : 'all fixtures match'}</title>
<style>
body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#111}
h1{font-size:1.4rem}h2{display:inline;font-size:1.05rem}
.fail{color:#a00}.ok{color:#060}
table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 6px;vertical-align:top;text-align:left}
.bands td,.bands th{border:0;padding:1px 6px;font-variant-numeric:tabular-nums;white-space:nowrap}.bands tr.moved{background:#fde2e2}
img{width:200px;height:80px;image-rendering:pixelated;display:block}
.legend{display:inline-block;width:160px;height:12px;vertical-align:middle}
ul{margin:.2rem 0;padding-left:1.2rem}
</style></head><body>
<h1>auscura-dsp regress: ${results.length - failed.length}/${results.length} fixtures match</h1>
<p>Run ${html(when.toISOString())}. Pass or fail: each output's levels (whole-signal RMS and peak, RMS per 100 ms block, relative tolerance 1e-3) and the analysis, against <code>benchmarks/golden</code>.
The band deviations and pictures come from the golden print's spectrogram: 32 log-frequency rows (heart 20 Hz–2 kHz, lung to 4 kHz or Nyquist), 4 columns per second, 0.5 dB steps.
Pictures: low frequencies at the bottom, time to the right.
Level <span class="legend" style="background:linear-gradient(90deg,${MAGMA.map((c) => `rgb(${c.join(',')})`).join(',')})" role="img" aria-label="dark is quiet, light is loud"></span> ${LEVEL_RANGE_DB} dB below the loudest cell → loudest;
difference <span class="legend" style="background:linear-gradient(90deg,${DIVERGING.map((c) => `rgb(${c.join(',')})`).join(',')})" role="img" aria-label="blue is quieter now, red is louder now"></span> −${DIFF_RANGE_DB} dB (quieter now) → +${DIFF_RANGE_DB} dB (louder now).</p>
${failed.length ? `<p>Drifted: ${failed.map((r) => `<a href="#f-${r[0]!.fixture.replace(/[^A-Za-z0-9_-]/g, '_')}">${html(r[0]!.fixture)}</a>`).join(', ')}</p>` : ''}
${sections.join('\n')}
</body></html>
`;
}

/** Writes DIR/junit.xml and DIR/index.html for a regression run. */
export function writeRegressReport(dir: string, reports: RegressReport[]): ReportFiles {
  mkdirSync(dir, { recursive: true });
  const results = reports.map(signalResults);
  const junit = resolve(join(dir, 'junit.xml'));
  const page = resolve(join(dir, 'index.html'));
  writeFileSync(junit, junitXml(results));
  writeFileSync(page, reportHtml(results));
  return { junit, html: page, failedFixtures: reports.filter((r) => r.drift.length).map((r) => r.fixture) };
}
