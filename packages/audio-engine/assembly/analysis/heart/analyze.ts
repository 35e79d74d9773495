// Heart-sound analysis: envelope, signal quality, heart rate, S1/S2 segmentation; the result record
// whose layout src/wasm-records.ts declares. The diagnosis is made in TypeScript (src/heart/) over
// this record, so every host applies the same rule.
//
// Written from the papers, not from any reference implementation; one file per stage:
// - ./envelope.ts (with ./decimate.ts): 25–400 Hz band-pass and homomorphic envelope at 50 Hz.
// - ./quality.ts: noise bursts found with Schmidt et al.'s (2010) spike criterion on the envelope
//   are set aside: excluded from the standardisation, the autocorrelation and the reported
//   segments, neutral in the decoder.
// - ./rate.ts: heart rate and systolic interval from the envelope's autocorrelation.
// - ./segmentation.ts: S1 → systole → S2 → diastole by explicit-duration semi-Markov Viterbi, which
//   also picks between the rate and its half or double (below).
// - ./bands.ts: band powers and spectral flatness per envelope frame, for the murmur detector.
import {
  CANDIDATE_HEIGHT,
  CANDIDATE_INTERVALS,
  CANDIDATE_PERIOD,
  CANDIDATE_PERIODICITY,
  CANDIDATE_RATE,
  CANDIDATE_RHYTHM_CV,
  CANDIDATE_S1_CONTRAST,
  CANDIDATE_S2_CONTRAST,
  CANDIDATE_SCORE,
  HEART_BAND_VALUES,
  HEART_BANDS_FRAMES,
  HEART_BANDS_OFFSET,
  HEART_BANDS_RATE,
  HEART_CANDIDATE_BYTES,
  HEART_CANDIDATE_COUNT,
  HEART_CANDIDATES,
  HEART_MAX_CANDIDATES,
  HEART_FRAME_COUNT,
  HEART_FRAME_RATE,
  HEART_HEADER_BYTES,
  HEART_PERIOD,
  HEART_PERIODICITY,
  HEART_RATE_ACF,
  HEART_SEGMENT_BYTES,
  HEART_SEGMENT_COUNT,
  HEART_SPAN_BYTES,
  HEART_SPAN_COUNT,
  HEART_SYSTOLE,
  HEART_UNUSABLE_FRAMES,
  SEGMENT_END,
  SEGMENT_LEVEL,
  SEGMENT_START,
  SEGMENT_STATE,
  SPAN_END,
  SPAN_START,
} from '../../../src/wasm-records';
import { heartBands } from './bands';
import { freeIntermediate, toIntermediate } from './decimate';
import { FRAME_RATE, heartEnvelope } from './envelope';
import { medianOf, qualityMask, standardize } from './quality';
import { findRhythm, refine, Rhythm, systoleFor, windowPeriodicity } from './rate';
import { decode, DIA, lastScore, S1, S2, SYS } from './segmentation';

// The autocorrelation cannot always tell a heartbeat from two (S1-to-S2 taken for the beat, when
// systole and diastole last about as long) or from half of one, so the segmentation decides: the
// envelope is decoded with the chosen period and with the autocorrelation's peaks near half and
// twice it (rate.ts), and the decode that explains the envelope best wins (segmentation.ts's path
// score: heart sounds where the envelope is high, silence where it is low, durations near their
// priors). A wrong, shorter period puts an S2 into silence; a wrong, longer one puts heart sounds
// into systole or diastole. The score is biased towards longer periods, whose looser diastole
// prior fits anything, so a longer period must win by SLOWER_MARGIN per frame.
// Measured with `npm run eval:rate` on CirCor's 1,786 annotated recordings (rate within 5 bpm of
// the annotators' median S1-to-S1 interval / halved / doubled / S1-S2 F1 at 100 ms):
// autocorrelation alone 74.0 / 6.7 / 10.3 % / 0.833; with the faster candidate only
// 75.9 / 3.5 / 10.5 % / 0.838; with both and no margin 74.6 / 10.4 / 3.9 % / 0.856; margins of 0.07,
// 0.10, 0.12 and 0.14 per frame 78.6, 79.0, 79.2 and 79.2 % (F1 0.875–0.878). The seven
// benchmark fixtures' results are unchanged.
const SLOWER_MARGIN: f64 = 0.12;

// Rate candidates. The chosen decode above still gets the S1-to-S2 interval for the beat when a
// child's systole is shorter than the search's lower lag allows the 2× check to see (its double lies
// outside ±3 frames of the true period), and nothing tells a halved rate from a right one but the
// decode. So the period chosen and the autocorrelation's next highest peaks (up to
// HEART_MAX_CANDIDATES in all) are each decoded once more, for the rate only: their S1-to-S1 rate and
// regularity, path score, and how far their S1 and S2 rise above the silences between them (a period
// that puts S2 into a silence or a sound into systole/diastole shows it there). The TypeScript host
// picks the rate from these (src/heart/rate-choice.ts); the segments the murmur detector reads stay
// those of the chosen decode.
class CandidateStats {
  rate: f64 = 0;
  cv: f64 = 0;
  intervals: i32 = 0;
  s1: f64 = 0;
  s2: f64 = 0;
}

function candidateStats(segs: StaticArray<i32>, e: StaticArray<f64>, bad: StaticArray<u8>): CandidateStats {
  const out = new CandidateStats();
  const n = segs.length / 3;
  const sum = new StaticArray<f64>(4);
  const cnt = new StaticArray<i32>(4);
  const onsets = new StaticArray<f64>(n);
  let k = 0;
  for (let i = 0; i < n; i++) {
    const st = segs[3 * i];
    const a = segs[3 * i + 1];
    const b = segs[3 * i + 2];
    if (bad[(a + b) >> 1] != 0 || b <= a) continue;
    let m: f64 = 0;
    for (let f = a; f < b; f++) m += e[f];
    sum[st] += m / <f64>(b - a);
    cnt[st]++;
    // S1 onsets of complete cycles (not the first or last segment), as ../../../src/heart/rhythm.ts.
    if (st == S1 && i > 0 && i < n - 1) onsets[k++] = <f64>a;
  }
  const iv = new StaticArray<f64>(max(1, k));
  let m = 0;
  for (let i = 1; i < k; i++) {
    let clean = true;
    for (let f = <i32>onsets[i - 1]; f <= <i32>onsets[i] && clean; f++) if (bad[f] != 0) clean = false;
    if (clean) iv[m++] = (onsets[i] - onsets[i - 1]) / FRAME_RATE;
  }
  out.intervals = m;
  if (m >= 2) {
    out.rate = 60 / medianOf(iv, m);
    let mean: f64 = 0;
    for (let i = 0; i < m; i++) mean += iv[i];
    mean /= <f64>m;
    let v: f64 = 0;
    for (let i = 0; i < m; i++) v += (iv[i] - mean) * (iv[i] - mean);
    out.cv = Math.sqrt(v / <f64>m) / mean;
  }
  for (let st = 0; st < 4; st++) if (cnt[st] > 0) sum[st] /= <f64>cnt[st];
  const quiet = Math.max(sum[SYS], sum[DIA]);
  out.s1 = sum[S1] - quiet;
  out.s2 = sum[S2] - quiet;
  return out;
}

function storeCandidates(
  out: usize,
  rhythm: Rhythm,
  e: StaticArray<f64>,
  bad: StaticArray<u8>,
  chosenSegs: StaticArray<i32>,
  chosenScore: f64,
): void {
  const r = rhythm.prominence;
  const top = rhythm.peakCount > 0 ? r[rhythm.peakLags[0]] : 0;
  const chosenLag = rhythm.period * FRAME_RATE;
  let count = 0;
  for (let i = -1; i < rhythm.peakCount && count < HEART_MAX_CANDIDATES; i++) {
    let period: f64, systole: f64, periodicity: f64, height: f64;
    if (i < 0) {
      period = rhythm.period;
      systole = rhythm.systole;
      periodicity = rhythm.periodicity;
      const l = <i32>Math.round(chosenLag);
      height = top > 0 && l < r.length ? r[l] / top : 0;
    } else {
      const l = rhythm.peakLags[i];
      if (Math.abs(<f64>l - chosenLag) <= 2) continue;
      period = refine(r, l) / FRAME_RATE;
      systole = systoleFor(r, period);
      periodicity = windowPeriodicity(rhythm.detrended, bad, l);
      height = top > 0 ? r[l] / top : 0;
    }
    // The chosen period's decode is the segments' own: not decoded again.
    const segs = i < 0 ? chosenSegs : decode(e, period, systole);
    const score = (i < 0 ? chosenScore : lastScore) / <f64>max(1, e.length);
    const c = candidateStats(segs, e, bad);
    const p = out + <usize>HEART_CANDIDATES + <usize>count * <usize>HEART_CANDIDATE_BYTES;
    store<f64>(p + <usize>CANDIDATE_PERIOD, period);
    store<f64>(p + <usize>CANDIDATE_HEIGHT, height);
    store<f64>(p + <usize>CANDIDATE_PERIODICITY, periodicity);
    store<f64>(p + <usize>CANDIDATE_RATE, c.rate);
    store<f64>(p + <usize>CANDIDATE_RHYTHM_CV, c.cv);
    store<f64>(p + <usize>CANDIDATE_INTERVALS, <f64>c.intervals);
    store<f64>(p + <usize>CANDIDATE_SCORE, score);
    store<f64>(p + <usize>CANDIDATE_S2_CONTRAST, c.s2);
    store<f64>(p + <usize>CANDIDATE_S1_CONTRAST, c.s1);
    count++;
  }
  store<i32>(out + <usize>HEART_CANDIDATE_COUNT, count);
}

/** `withBands` 0 leaves the band matrix out (frame count × 0 values): the benchmark times the murmur stage with it. */
export function heartAnalyze(ptr: usize, n: i32, sampleRate: f64, withBands: i32): usize {
  const x = toIntermediate(ptr, n, sampleRate);
  const e = heartEnvelope(x, n, sampleRate);
  const T = e.length;
  const bad = new StaticArray<u8>(T);
  const badFrames = qualityMask(e, bad);
  standardize(e, bad);
  const rhythm = findRhythm(e, bad);
  let segCount = 0;
  let segs: StaticArray<i32> | null = null;
  let chosenScore: f64 = 0;
  if (rhythm.found) {
    segs = decode(e, rhythm.period, rhythm.systole);
    let best = lastScore;
    const first = rhythm.period;
    for (let k = 0; k < rhythm.altCount; k++) {
      const alt = decode(e, rhythm.altPeriod[k], rhythm.altSystole[k]);
      if (lastScore > best + (rhythm.altPeriod[k] > first ? SLOWER_MARGIN * <f64>T : 0)) {
        best = lastScore;
        segs = alt;
        rhythm.period = rhythm.altPeriod[k];
        rhythm.bpm = 60 / rhythm.period;
        rhythm.systole = rhythm.altSystole[k];
        rhythm.periodicity = rhythm.altPeriodicity[k];
      }
    }
    segCount = segs.length / 3;
    chosenScore = best;
  }
  let spanCount = 0;
  for (let f = 0; f < T; f++) if (bad[f] != 0 && (f == 0 || bad[f - 1] == 0)) spanCount++;
  const segBase = <usize>HEART_HEADER_BYTES;
  const spanBase = segBase + <usize>segCount * <usize>HEART_SEGMENT_BYTES;
  const bandBase = spanBase + <usize>spanCount * <usize>HEART_SPAN_BYTES;
  const bandFrames = withBands != 0 ? T : 0;
  const out = heap.alloc(bandBase + <usize>bandFrames * <usize>HEART_BAND_VALUES * 4);
  if (bandFrames > 0) heartBands(x, bandFrames, out + bandBase);
  freeIntermediate(x);
  store<i32>(out + <usize>HEART_BANDS_OFFSET, <i32>bandBase);
  store<i32>(out + <usize>HEART_BANDS_FRAMES, bandFrames);
  store<f64>(out + <usize>HEART_BANDS_RATE, x.rate);
  store<f64>(out + <usize>HEART_RATE_ACF, rhythm.bpm);
  store<f64>(out + <usize>HEART_PERIODICITY, rhythm.periodicity);
  store<f64>(out + <usize>HEART_PERIOD, rhythm.period);
  store<f64>(out + <usize>HEART_SYSTOLE, rhythm.systole);
  store<f64>(out + <usize>HEART_FRAME_RATE, FRAME_RATE);
  store<i32>(out + <usize>HEART_SEGMENT_COUNT, segCount);
  store<i32>(out + <usize>HEART_FRAME_COUNT, T);
  store<i32>(out + <usize>HEART_SPAN_COUNT, spanCount);
  store<i32>(out + <usize>HEART_UNUSABLE_FRAMES, badFrames);
  store<i32>(out + <usize>HEART_CANDIDATE_COUNT, 0);
  if (segs !== null) storeCandidates(out, rhythm, e, bad, changetype<StaticArray<i32>>(segs), chosenScore);
  if (segs !== null) {
    const s = changetype<StaticArray<i32>>(segs);
    for (let i = 0; i < segCount; i++) {
      const p = out + segBase + <usize>i * <usize>HEART_SEGMENT_BYTES;
      const a = s[3 * i + 1];
      const b = s[3 * i + 2];
      let m: f64 = 0;
      for (let f = a; f < b; f++) m += e[f];
      store<i32>(p + <usize>SEGMENT_STATE, s[3 * i]);
      store<i32>(p + <usize>SEGMENT_START, a);
      store<i32>(p + <usize>SEGMENT_END, b);
      store<f32>(p + <usize>SEGMENT_LEVEL, <f32>(m / <f64>max(1, b - a)));
    }
  }
  let sp = out + spanBase;
  for (let f = 0; f < T; f++) {
    if (bad[f] == 0 || (f > 0 && bad[f - 1] != 0)) continue;
    let b = f + 1;
    while (b < T && bad[b] != 0) b++;
    store<i32>(sp + <usize>SPAN_START, f);
    store<i32>(sp + <usize>SPAN_END, b);
    sp += <usize>HEART_SPAN_BYTES;
  }
  return out;
}

export function heartResultFree(p: usize): void {
  heap.free(p);
}
