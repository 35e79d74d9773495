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
  CANDIDATE_ONSET_COUNT,
  CANDIDATE_ONSETS_OFFSET,
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
  HEART_ONSET_BYTES,
  HEART_PERIOD,
  HEART_PERIODICITY,
  HEART_RATE_ACF,
  HEART_SEGMENT_BYTES,
  HEART_SEGMENT_COUNT,
  HEART_SPAN_BYTES,
  HEART_SPAN_COUNT,
  HEART_SYSTOLE,
  HEART_UNUSABLE_FRAMES,
  ONSET_CLEAN,
  ONSET_FRAME,
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
  /** S1 onsets (frames) of complete cycles outside the unusable frames, in time order. */
  onsets: StaticArray<i32> = new StaticArray<i32>(0);
  /** Per onset: 1 when the interval from the previous one holds no unusable frame. */
  clean: StaticArray<u8> = new StaticArray<u8>(0);
  onsetCount: i32 = 0;
}

function candidateStats(segs: StaticArray<i32>, e: StaticArray<f64>, bad: StaticArray<u8>): CandidateStats {
  const out = new CandidateStats();
  const n = segs.length / 3;
  const sum = new StaticArray<f64>(4);
  const cnt = new StaticArray<i32>(4);
  const onsets = new StaticArray<i32>(max(1, n));
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
    if (st == S1 && i > 0 && i < n - 1) onsets[k++] = a;
  }
  const clean = new StaticArray<u8>(max(1, k));
  const iv = new StaticArray<f64>(max(1, k));
  let m = 0;
  for (let i = 1; i < k; i++) {
    let ok = true;
    for (let f = onsets[i - 1]; f <= onsets[i] && ok; f++) if (bad[f] != 0) ok = false;
    if (ok) {
      clean[i] = 1;
      iv[m++] = <f64>(onsets[i] - onsets[i - 1]) / FRAME_RATE;
    }
  }
  out.onsets = onsets;
  out.clean = clean;
  out.onsetCount = k;
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

class Candidate {
  period: f64 = 0;
  height: f64 = 0;
  periodicity: f64 = 0;
  score: f64 = 0;
  stats: CandidateStats = new CandidateStats();
}

/** Decodes the rate candidates (the chosen period first, whose decode is the segments' own). */
function rateCandidates(
  rhythm: Rhythm,
  e: StaticArray<f64>,
  bad: StaticArray<u8>,
  chosenSegs: StaticArray<i32>,
  chosenScore: f64,
): Array<Candidate> {
  const r = rhythm.prominence;
  const top = rhythm.peakCount > 0 ? r[rhythm.peakLags[0]] : 0;
  const chosenLag = rhythm.period * FRAME_RATE;
  const list = new Array<Candidate>();
  for (let i = -1; i < rhythm.peakCount && list.length < HEART_MAX_CANDIDATES; i++) {
    const c = new Candidate();
    let systole: f64;
    if (i < 0) {
      c.period = rhythm.period;
      systole = rhythm.systole;
      c.periodicity = rhythm.periodicity;
      const l = <i32>Math.round(chosenLag);
      c.height = top > 0 && l < r.length ? r[l] / top : 0;
    } else {
      const l = rhythm.peakLags[i];
      if (Math.abs(<f64>l - chosenLag) <= 2) continue;
      c.period = refine(r, l) / FRAME_RATE;
      systole = systoleFor(r, c.period);
      c.periodicity = windowPeriodicity(rhythm.detrended, bad, l);
      c.height = top > 0 ? r[l] / top : 0;
    }
    // The chosen period's decode is the segments' own: not decoded again.
    const segs = i < 0 ? chosenSegs : decode(e, c.period, systole);
    c.score = (i < 0 ? chosenScore : lastScore) / <f64>max(1, e.length);
    c.stats = candidateStats(segs, e, bad);
    list.push(c);
  }
  return list;
}

/** Bytes the candidates' onsets take after the band matrix. */
function onsetBytes(list: Array<Candidate>): usize {
  let n: usize = 0;
  for (let i = 0; i < list.length; i++) n += <usize>list[i].stats.onsetCount * <usize>HEART_ONSET_BYTES;
  return n;
}

function storeCandidates(out: usize, list: Array<Candidate>, onsetBase: usize): void {
  let o = onsetBase;
  for (let k = 0; k < list.length; k++) {
    const cand = list[k];
    const c = cand.stats;
    const p = out + <usize>HEART_CANDIDATES + <usize>k * <usize>HEART_CANDIDATE_BYTES;
    store<f64>(p + <usize>CANDIDATE_PERIOD, cand.period);
    store<f64>(p + <usize>CANDIDATE_HEIGHT, cand.height);
    store<f64>(p + <usize>CANDIDATE_PERIODICITY, cand.periodicity);
    store<f64>(p + <usize>CANDIDATE_RATE, c.rate);
    store<f64>(p + <usize>CANDIDATE_RHYTHM_CV, c.cv);
    store<f64>(p + <usize>CANDIDATE_INTERVALS, <f64>c.intervals);
    store<f64>(p + <usize>CANDIDATE_SCORE, cand.score);
    store<f64>(p + <usize>CANDIDATE_S2_CONTRAST, c.s2);
    store<f64>(p + <usize>CANDIDATE_S1_CONTRAST, c.s1);
    store<i32>(p + <usize>CANDIDATE_ONSETS_OFFSET, <i32>o);
    store<i32>(p + <usize>CANDIDATE_ONSET_COUNT, c.onsetCount);
    for (let j = 0; j < c.onsetCount; j++) {
      const q = out + o + <usize>j * <usize>HEART_ONSET_BYTES;
      store<i32>(q + <usize>ONSET_FRAME, c.onsets[j]);
      store<i32>(q + <usize>ONSET_CLEAN, <i32>c.clean[j]);
    }
    o += <usize>c.onsetCount * <usize>HEART_ONSET_BYTES;
  }
  store<i32>(out + <usize>HEART_CANDIDATE_COUNT, list.length);
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
  const candidates =
    segs !== null
      ? rateCandidates(rhythm, e, bad, changetype<StaticArray<i32>>(segs), chosenScore)
      : new Array<Candidate>();
  const onsetBase = bandBase + <usize>bandFrames * <usize>HEART_BAND_VALUES * 4;
  const out = heap.alloc(onsetBase + onsetBytes(candidates));
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
  storeCandidates(out, candidates, onsetBase);
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
