// CirCor annotations (.tsv) and the scores of the heart analysis against them.
import type { HeartSegment } from './result.js';
import { median } from '../stats.js';

/** CirCor .tsv rows: start, end, state (1 S1, 2 systole, 3 S2, 4 diastole, 0 unannotated). */
export interface Annotation {
  start: number;
  end: number;
  state: number;
}

export function parseTsv(text: string): Annotation[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim().split(/\s+/).map(Number))
    .filter((r) => r.length >= 3 && r.every(Number.isFinite))
    .map(([start, end, state]) => ({ start: start!, end: end!, state: state! }));
}

/** The rate SOURCES.md states: 60 / median S1-onset interval over consecutive S1s with no 0 between. */
export function annotatedHeartRate(a: Annotation[]): number {
  const iv: number[] = [];
  let last: number | undefined;
  for (const r of a) {
    if (r.state === 0) last = undefined;
    else if (r.state === 1) {
      if (last !== undefined) iv.push(r.start - last);
      last = r.start;
    }
  }
  return iv.length ? 60 / median(iv) : 0;
}

export interface Score {
  tp: number;
  fp: number;
  fn: number;
  precision: number;
  recall: number;
  f1: number;
}

/**
 * S1/S2 detection score: a detected sound is a true positive when its centre lies within
 * `tolerance` seconds of the centre of an unmatched annotated sound of the same kind (Springer
 * 2016 §III-D, 100 ms). Only the annotated span counts: detections inside state-0 stretches are
 * ignored, as the annotators gave no truth there.
 */
export function scoreSegmentation(segments: HeartSegment[], truth: Annotation[], tolerance = 0.1): Score {
  const unlabelled = truth.filter((t) => t.state === 0);
  const first = truth.find((t) => t.state !== 0)?.start ?? 0;
  const last = [...truth].reverse().find((t) => t.state !== 0)?.end ?? 0;
  const inTruth = (c: number) =>
    c >= first - tolerance && c <= last + tolerance && !unlabelled.some((u) => c > u.start && c < u.end);
  let tp = 0;
  let fp = 0;
  let fn = 0;
  for (const [kind, state] of [
    ['S1', 1],
    ['S2', 3],
  ] as const) {
    const want = truth.filter((t) => t.state === state).map((t) => (t.start + t.end) / 2);
    const got = segments
      .filter((s) => s.state === kind)
      .map((s) => (s.start + s.end) / 2)
      .filter(inTruth);
    const used = new Array<boolean>(want.length).fill(false);
    for (const c of got) {
      let best = -1;
      for (let i = 0; i < want.length; i++) {
        if (
          !used[i] &&
          Math.abs(want[i]! - c) <= tolerance &&
          (best < 0 || Math.abs(want[i]! - c) < Math.abs(want[best]! - c))
        )
          best = i;
      }
      if (best >= 0) {
        used[best] = true;
        tp++;
      } else fp++;
    }
    fn += used.filter((u) => !u).length;
  }
  const precision = tp + fp ? tp / (tp + fp) : 0;
  const recall = tp + fn ? tp / (tp + fn) : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { tp, fp, fn, precision, recall, f1 };
}
