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
  HEART_BAND_VALUES,
  HEART_BANDS_FRAMES,
  HEART_BANDS_OFFSET,
  HEART_BANDS_RATE,
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
import { qualityMask, standardize } from './quality';
import { findRhythm } from './rate';
import { decode, lastScore } from './segmentation';

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
