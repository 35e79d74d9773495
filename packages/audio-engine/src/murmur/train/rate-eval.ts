// The heart analysis against the CirCor annotators (the repository's `npm run eval:rate`): for every
// recording with annotated beats, the engine's rate against the annotated one (60 / median
// S1-to-S1 interval, annotations.ts) and its S1/S2 detections against the annotated sounds
// (within 100 ms, Springer 2016), as test/heart.test.ts scores the fixtures, pooled and by age group. Rate errors by a factor of about 2 are
// counted apart: half (two beats taken as one, or the breathing period) and double (S1-to-S2
// taken as the beat).
import { readFileSync } from 'node:fs';
import type { Engine } from '../../engine.js';
import { annotatedHeartRate, parseTsv, scoreSegmentation } from '../../heart/annotations.js';
import { analyzeHeart } from '../../heart/analyze.js';
import { decodeFlac } from '../../flac.js';
import { toMono } from '../../wav.js';
import { readPatients, readRecordings } from './dataset.js';

export interface RateGroup {
  recordings: number;
  within5: number;
  within10pct: number;
  half: number;
  double: number;
  tp: number;
  fp: number;
  fn: number;
}

const empty = (): RateGroup => ({ recordings: 0, within5: 0, within10pct: 0, half: 0, double: 0, tp: 0, fp: 0, fn: 0 });

export async function evaluateRates(
  engine: Engine,
  dir: string,
  progress: (done: number, total: number) => void = () => {},
): Promise<Record<string, RateGroup>> {
  const recordings = readRecordings(dir, readPatients(dir));
  const groups: Record<string, RateGroup> = { all: empty() };
  let done = 0;
  for (const r of recordings) {
    progress(++done, recordings.length);
    const truth = parseTsv(readFileSync(r.path.replace(/\.flac$/, '.tsv'), 'utf8'));
    const annotated = annotatedHeartRate(truth);
    if (!(annotated > 0)) continue;
    const flac = await decodeFlac(readFileSync(r.path));
    const samples = toMono(flac.channels);
    const h = analyzeHeart(engine, samples, flac.sampleRate);
    const rate = h.heartRateBpm;
    const score = scoreSegmentation(h.segments, truth, 0.1);
    for (const key of ['all', r.patient.age || 'not given']) {
      const g = (groups[key] ??= empty());
      g.recordings++;
      if (Math.abs(rate - annotated) <= 5) g.within5++;
      if (Math.abs(rate - annotated) <= 0.1 * annotated) g.within10pct++;
      if (rate < 0.6 * annotated) g.half++;
      if (rate > 1.6 * annotated) g.double++;
      g.tp += score.tp;
      g.fp += score.fp;
      g.fn += score.fn;
    }
  }
  return groups;
}

export function formatRates(groups: Record<string, RateGroup>): string {
  const pct = (a: number, n: number) => `${((100 * a) / Math.max(1, n)).toFixed(1)} %`;
  const lines = ['group        recordings  within 5 bpm  within 10 %  rate halved  rate doubled  S1/S2 F1 (100 ms)'];
  for (const [k, g] of Object.entries(groups)) {
    const f1 = (2 * g.tp) / Math.max(1, 2 * g.tp + g.fp + g.fn);
    lines.push(
      `${k.padEnd(12)} ${String(g.recordings).padStart(10)}  ${pct(g.within5, g.recordings).padStart(12)}  ${pct(g.within10pct, g.recordings).padStart(11)}  ${pct(g.half, g.recordings).padStart(11)}  ${pct(g.double, g.recordings).padStart(12)}  ${f1.toFixed(3).padStart(17)}`,
    );
  }
  return lines.join('\n');
}
