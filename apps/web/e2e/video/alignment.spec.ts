import { loadEngine, readMonoWav } from '@auscura/audio-engine/node';
import { expect, test } from '@playwright/test';
import { heartFixture } from '../fake-media';
import { windowLikeness } from './alignment';

/*
 * The remote-auscultation test's judge, without a browser: the heart fixture brought to 44.1 kHz is
 * the "recording", then spoiled as Chromium's fake capture spoils it (10 ms dropped) or as a damaged
 * path would (the sound filtered, a tone added), and windowLikeness must tell the two apart.
 */
const rate = 44100;
const window = rate / 2;

test('windowLikeness explains capture drops and counts damage, at the start of a recording too', () => {
  const engine = loadEngine();
  const source = readMonoWav(heartFixture);
  const sourceAtRate = engine.resample(source.samples, source.sampleRate, rate);
  // 12 s from 1.3 s into the source, which the looping fake capture would have wrapped around.
  const recording = Float32Array.from(
    { length: 12 * rate },
    (_, i) => sourceAtRate[(i + 1.3 * rate) % sourceAtRate.length]!,
  );
  const judge = (excerpt: Float32Array) =>
    windowLikeness(
      source.samples,
      sourceAtRate,
      excerpt,
      engine.resample(excerpt, rate, source.sampleRate),
      window,
      0.99,
    );
  const withDrops = (x: Float32Array, seconds: number[], length = rate / 100) => {
    const kept: number[] = [];
    x.forEach((value, i) => {
      if (!seconds.some((s) => i >= s * rate && i < s * rate + length)) kept.push(value);
    });
    return Float32Array.from(kept);
  };

  const clean = judge(recording);
  expect(clean.alike).toBe(clean.windows);
  expect(clean.unexplained).toBe(0);

  // Two drops in the first window, two in the seventh: those windows are unlike, but explained.
  const dropped = judge(withDrops(recording, [0.2, 0.35, 3.1, 3.3]));
  expect(dropped.unlike.map((w) => w.start / window)).toEqual([0, 6]);
  expect(dropped.unlike.every((w) => w.pieces >= 3)).toBe(true);
  expect(dropped.jumps.length).toBeGreaterThan(0);
  expect(dropped.unexplained).toBe(0);

  // Six jumps of 86 ms (as where the fake capture's file loops) in the first 1.1 s, 0.52 s in all:
  // the first two windows are unlike and have no alike window before them, yet are source pieces.
  const jumpy = judge(withDrops(recording, [0.1, 0.3, 0.7, 0.9, 1.3, 1.5], 0.086 * rate));
  expect(jumpy.unlike.map((w) => w.start / window)).toEqual([0, 1]);
  expect(jumpy.unlike.every((w) => w.pieces >= 2)).toBe(true);
  expect(jumpy.unexplained).toBe(0);

  // The first 1.5 s low-passed (one pole at ~200 Hz): before any alike window, yet counted.
  const filtered = Float32Array.from(recording);
  let y = 0;
  for (let i = 0; i < 1.5 * rate; i++) filtered[i] = y += 0.03 * (recording[i]! - y);
  const damagedStart = judge(filtered);
  expect(damagedStart.unlike.map((w) => [w.start / window, w.pieces])).toEqual([
    [0, 0],
    [1, 0],
    [2, 0],
  ]);
  expect(damagedStart.unexplained).toBe(3);

  // A tone over one window in the middle: the place in the source goes on, the window is counted once.
  const toned = Float32Array.from(recording, (v, i) =>
    i >= 10 * window && i < 11 * window ? v + 0.01 * Math.sin(i * 0.7) : v,
  );
  const damagedMiddle = judge(toned);
  expect(damagedMiddle.unlike.map((w) => w.start / window)).toEqual([10]);
  expect(damagedMiddle.unexplained).toBe(1);
  expect(damagedMiddle.unlike[0]!.damage!.span).toBeGreaterThan(0.99 * window);

  // 10 ms zeroed in place (a capture buffer lost and its place kept): counted, and the log can say so.
  const zeroed = Float32Array.from(recording, (v, i) => (i >= 5.2 * rate && i < 5.21 * rate ? 0 : v));
  const gap = judge(zeroed);
  expect(gap.unlike.map((w) => w.start / window)).toEqual([10]);
  expect(gap.unexplained).toBe(1);
  const { from, span, silent } = gap.unlike[0]!.damage!;
  expect(Math.abs(from - 0.2 * rate)).toBeLessThan(rate / 1000);
  expect(Math.abs(span - rate / 100)).toBeLessThan(rate / 1000);
  expect(silent).toBe(rate / 100);
});
