// Acceptance 3: heart rate within 5 bpm of the .tsv S1 annotations and S1/S2 F1 ≥ 0.90 with a
// 100 ms tolerance, on every CirCor fixture. F1 is scored over the annotated span only: detections
// inside unlabelled (state 0) stretches are not counted, as the annotators gave no truth there
// (scoreSegmentation). The rate compared is the engine's rate over the whole recording.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadEngine, readMonoWav } from '../src/node.js';
import { analyzeHeart } from '../src/heart/analyze.js';
import { annotatedHeartRate, parseTsv, scoreSegmentation } from '../src/heart/annotations.js';
import { fixtureNames, fixturePath, sine } from './helpers.js';

const engine = loadEngine();
const circor = fixtureNames().filter((n) => n.includes('circor'));
// 49638: the annotators labelled only 3.4 s of 21.5 s (the rest is too noisy to label). Since the
// signal-quality check sets its noise bursts aside, the engine finds the rhythm (127.7 bpm over
// the recording, whose rate rises from ~120 to ~130 bpm; 120 bpm over the annotated span, which
// is annotated at 121.7) and puts a sound within 100 ms of each of the 14 annotated ones (test
// below), but it calls S1 what the annotators call S2: there systole (0.26 s) and diastole
// (0.23 s) are about equally long, and the sound annotated S2 is the louder and lower-pitched one,
// so neither timing nor the usual acoustic cues tell them apart. Known miss, reported in
// benchmarks/RESULTS.md (the journal's "Heart analysis on the CirCor fixtures" has the table);
// `it.fails` turns red once it is fixed.
const KNOWN_MISSES = new Set(['heart_poorquality_murmur_unknown_circor_49638_MV']);

function evaluate(name: string) {
  const { samples, sampleRate } = readMonoWav(fixturePath(name));
  const truth = parseTsv(readFileSync(fixturePath(name, '.tsv'), 'utf8'));
  const h = analyzeHeart(engine, samples, sampleRate);
  return { h, ref: annotatedHeartRate(truth), score: scoreSegmentation(h.segments, truth, 0.1) };
}

/** S1 (50 ms) and S2 (40 ms) bursts of 60 Hz at `bpm`, S2 at `s2At` of the cycle (40 % unless given). */
function beats(bpm: number, rate: number, seconds: number, s2At = 0.4): Float32Array {
  const period = 60 / bpm;
  const x = new Float32Array(rate * seconds);
  for (let i = 0; i < x.length; i++) {
    const t = (i / rate) % period;
    const s1 = t < 0.05;
    const s2 = t > period * s2At && t < period * s2At + 0.04;
    x[i] = s1 || s2 ? (s1 ? 0.6 : 0.4) * Math.sin(2 * Math.PI * 60 * (i / rate)) : 0.001 * Math.sin(i);
  }
  return x;
}

describe('heart analysis against the CirCor annotations', () => {
  it('reproduces the rates SOURCES.md states from the .tsv files', () => {
    const labels = JSON.parse(readFileSync(fixturePath('labels', '.json'), 'utf8')).files;
    for (const name of circor)
      expect(annotatedHeartRate(parseTsv(readFileSync(fixturePath(name, '.tsv'), 'utf8')))).toBeCloseTo(
        labels[name].heartRateBpmFromTsv,
        1,
      );
  });

  for (const name of circor) {
    const test = KNOWN_MISSES.has(name) ? it.fails : it;
    test(`${name}: rate within 5 bpm, S1/S2 F1 ≥ 0.90 at 100 ms`, () => {
      const { h, ref, score } = evaluate(name);
      console.log(
        name,
        `rate ${h.heartRateBpm.toFixed(1)} vs ${ref.toFixed(1)}`,
        `F1 ${score.f1.toFixed(3)}`,
        h.diagnosis,
      );
      expect(Math.abs(h.heartRateBpm - ref)).toBeLessThanOrEqual(5);
      expect(score.f1).toBeGreaterThanOrEqual(0.9);
      expect(h.heartbeatPresent).toBe(true);
    });
  }

  it('finds fast rates up to 220 bpm (children) and slow ones down to 30', () => {
    const rate = 4000;
    for (const bpm of [35, 75, 150, 200]) {
      const h = analyzeHeart(engine, beats(bpm, rate, 20), rate);
      expect(Math.abs(h.heartRateBpm - bpm)).toBeLessThan(bpm * 0.04);
      expect(h.heartbeatPresent).toBe(true);
    }
  });

  it('lets the segmentation choose between the period and its half or double (systole as long as diastole)', () => {
    // With S2 half-way through the cycle, S1-to-S2 repeats like a beat: before the segmentation chose,
    // 80 bpm read 40 (analyze.ts).
    const rate = 4000;
    for (const bpm of [50, 60, 70, 80, 90]) {
      const h = analyzeHeart(engine, beats(bpm, rate, 20, 0.5), rate);
      expect(Math.abs(h.heartRateBpm - bpm)).toBeLessThan(bpm * 0.04);
    }
  });

  it('finds the rhythm of the poor-quality recording 49638 between its noise bursts', () => {
    const { h } = evaluate('heart_poorquality_murmur_unknown_circor_49638_MV');
    const truth = parseTsv(
      readFileSync(fixturePath('heart_poorquality_murmur_unknown_circor_49638_MV', '.tsv'), 'utf8'),
    );
    // The burst at 17.3–17.7 s (−20 dB against −30 dB heart sounds) is set aside, not segmented.
    expect(h.unusableSpans.some((u) => u.start <= 17.4 && u.end >= 17.6)).toBe(true);
    for (const g of h.segments)
      expect(h.unusableSpans.some((u) => (g.start + g.end) / 2 > u.start && (g.start + g.end) / 2 < u.end)).toBe(false);
    // Every annotated sound has a detected sound (S1 or S2) within 100 ms.
    const sounds = h.segments.filter((g) => g.state === 'S1' || g.state === 'S2').map((g) => (g.start + g.end) / 2);
    const annotated = truth.filter((t) => t.state === 1 || t.state === 3);
    expect(annotated).toHaveLength(14);
    for (const t of annotated) expect(sounds.some((c) => Math.abs(c - (t.start + t.end) / 2) <= 0.1)).toBe(true);
    // Over the annotated span, the engine's S1-to-S1 intervals give the annotated rate.
    const first = annotated[0]!.start - 0.1;
    const last = annotated[annotated.length - 1]!.end + 0.1;
    const onsets = h.segments.filter((g) => g.state === 'S1' && g.start >= first && g.end <= last).map((g) => g.start);
    const iv = onsets
      .slice(1)
      .map((t, i) => t - onsets[i]!)
      .sort((a, b) => a - b);
    expect(iv.length).toBeGreaterThanOrEqual(5);
    expect(Math.abs(60 / iv[iv.length >> 1]! - annotatedHeartRate(truth))).toBeLessThanOrEqual(5);
    // And over the whole recording a rate well inside the search range.
    expect(h.heartRateBpm).toBeGreaterThan(110);
    expect(h.heartRateBpm).toBeLessThan(140);
  });

  it('sets loud noise bursts aside and keeps the rate (Schmidt 2010 spike criterion)', () => {
    const rate = 4000;
    for (const [from, to] of [
      [8, 8.6],
      [0, 1],
      [5, 5.3],
    ] as const) {
      const x = beats(100, rate, 20);
      let seed = 3;
      for (let i = Math.round(from * rate); i < Math.round(to * rate); i++)
        x[i]! += ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 8;
      const h = analyzeHeart(engine, x, rate);
      expect(Math.abs(h.heartRateBpm - 100)).toBeLessThan(4);
      expect(h.unusableSpans).toHaveLength(1);
      expect(h.unusableSpans[0]!.start).toBeLessThanOrEqual(from + 0.05);
      expect(h.unusableSpans[0]!.end).toBeGreaterThanOrEqual(to - 0.05);
      expect(h.usableSec).toBeCloseTo(20 - (h.unusableSpans[0]!.end - h.unusableSpans[0]!.start), 5);
      const inside = h.segments.filter((g) => (g.start + g.end) / 2 > from && (g.start + g.end) / 2 < to);
      expect(inside).toHaveLength(0);
    }
    // A clean recording has nothing set aside.
    expect(analyzeHeart(engine, beats(100, rate, 20), rate).unusableSpans).toHaveLength(0);
  });

  it('analyses 44.1 kHz input like 4 kHz input (anti-alias FIR before the band-pass)', () => {
    const low = analyzeHeart(engine, beats(90, 4000, 20), 4000);
    // A loud 4109 Hz tone would land at 100 Hz, inside the heart band, if the decimation to
    // 4009 Hz let it through.
    const x = beats(90, 44100, 20);
    for (let i = 0; i < x.length; i++) x[i]! += 0.3 * Math.sin((2 * Math.PI * 4109 * i) / 44100);
    const high = analyzeHeart(engine, x, 44100);
    expect(Math.abs(high.heartRateBpm - 90)).toBeLessThan(2);
    expect(high.diagnosis).toBe('NORMAL');
    const onsets = (h: typeof low) => h.segments.filter((g) => g.state === 'S1').map((g) => g.start);
    const a = onsets(low);
    const b = onsets(high);
    expect(b.length).toBeGreaterThanOrEqual(a.length - 1);
    for (const t of b) expect(a.some((u) => Math.abs(u - t) <= 0.04)).toBe(true);
  });

  it('does not diagnose a rate that runs into the search limit', () => {
    const h = analyzeHeart(engine, beats(31, 4000, 20), 4000);
    expect(h.heartRateBpm).toBeGreaterThan(30);
    expect(h.heartRateBpm).toBeLessThan(32);
    expect(h.diagnosis).toBe('INSUFFICIENT_DATA');
    expect(h.reasons.join()).toMatch(/edge of the 30–220 bpm search/);
  });

  it('gives INSUFFICIENT_DATA for short or rhythm-less input and documents why', () => {
    const short = analyzeHeart(engine, sine(100, 4000, 2), 4000);
    expect(short.diagnosis).toBe('INSUFFICIENT_DATA');
    expect(short.quality.reason).toBe('too-short');
    expect(short.reasons.join()).toMatch(/lasts 2\.0 s, at least 5 s are needed/);
    let seed = 7;
    const noise = Float32Array.from(
      { length: 4000 * 10 },
      () => ((seed = (seed * 16807) % 2147483647) / 2147483647 - 0.5) * 0.2,
    );
    const h = analyzeHeart(engine, noise, 4000);
    expect(h.diagnosis).toBe('INSUFFICIENT_DATA');
    expect(h.heartbeatPresent).toBe(false);
  });
});
