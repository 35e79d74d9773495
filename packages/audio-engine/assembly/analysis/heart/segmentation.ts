// Segmentation (stage 4): explicit-duration hidden semi-Markov decoding of the cycle S1 → systole →
// S2 → diastole (Schmidt et al. 2010; Springer et al. 2016), with Gaussian state durations from
// those papers (S1 122 ± 22 ms, S2 92 ± 22 ms, systole = systolic interval - S1 ± 25 ms, diastole =
// period - systolic interval - S2 ± (0.07·mean + 6 ms)). Springer's emissions come from a trained
// logistic regression; we have no training set for it, so sound states score +z and silent states
// -z of the standardised envelope, scaled by EMISSION_WEIGHT.
import { FRAME_RATE } from './envelope';

const EMISSION_WEIGHT: f64 = 1.0;
export const S1: i32 = 0;
export const SYS: i32 = 1;
export const S2: i32 = 2;
export const DIA: i32 = 3;

function gaussLog(d: f64, mean: f64, sd: f64): f64 {
  const z = (d - mean) / sd;
  return -0.5 * z * z;
}

/** The best path's score (emissions plus duration log-priors) of the last decode(): analyze.ts compares periods by it. */
export let lastScore: f64 = 0;

/** Explicit-duration semi-Markov Viterbi. Returns triples (state, start, end) in time order. */
export function decode(e: StaticArray<f64>, period: f64, systole: f64): StaticArray<i32> {
  const T = e.length;
  const mean = new StaticArray<f64>(4);
  const sd = new StaticArray<f64>(4);
  mean[S1] = 0.122 * FRAME_RATE;
  sd[S1] = 0.022 * FRAME_RATE;
  mean[S2] = 0.092 * FRAME_RATE;
  sd[S2] = 0.022 * FRAME_RATE;
  mean[SYS] = Math.max(0.02, systole - 0.122) * FRAME_RATE;
  sd[SYS] = 0.025 * FRAME_RATE;
  const dia = Math.max(0.04, period - systole - 0.092);
  mean[DIA] = dia * FRAME_RATE;
  sd[DIA] = (0.07 * dia + 0.006) * FRAME_RATE;
  const dmin = new StaticArray<i32>(4);
  const dmax = new StaticArray<i32>(4);
  let longest = 1;
  for (let j = 0; j < 4; j++) {
    dmin[j] = max(1, <i32>Math.floor(mean[j] - 3 * sd[j]));
    dmax[j] = max(dmin[j], <i32>Math.ceil(mean[j] + 3 * sd[j]));
    if (dmax[j] > longest) longest = dmax[j];
  }
  // Cumulative emission scores: sound states +z, silent states -z.
  const cum = new StaticArray<f64>(T + 1);
  for (let t = 0; t < T; t++) cum[t + 1] = cum[t] + EMISSION_WEIGHT * e[t];
  const NEG: f64 = -1e300;
  const delta = new StaticArray<f64>((T + 1) * 4);
  const back = new StaticArray<i32>((T + 1) * 4);
  for (let i = 0; i < (T + 1) * 4; i++) delta[i] = NEG;
  for (let t = 1; t <= T; t++) {
    for (let j = 0; j < 4; j++) {
      const sign: f64 = j == S1 || j == S2 ? 1 : -1;
      const prev = (j + 3) & 3;
      let best = NEG;
      let bestD = 0;
      const top = min(t, t == T ? longest : dmax[j]);
      for (let d = 1; d <= top; d++) {
        const s = t - d;
        const emit = sign * (cum[t] - cum[s]);
        let score: f64;
        if (s == 0) {
          // First segment may be cut by the start of the recording: no duration prior.
          score = d <= dmax[j] ? emit : NEG;
        } else {
          const before = delta[s * 4 + prev];
          if (before <= NEG) continue;
          if (t == T) {
            // Last segment may be cut by the end: only its upper bound applies.
            if (d > dmax[j]) continue;
            score = before + emit;
          } else {
            if (d < dmin[j]) continue;
            score = before + emit + gaussLog(<f64>d, mean[j], sd[j]);
          }
        }
        if (score > best) {
          best = score;
          bestD = d;
        }
      }
      delta[t * 4 + j] = best;
      back[t * 4 + j] = bestD;
    }
  }
  let state = 0;
  for (let j = 1; j < 4; j++) if (delta[T * 4 + j] > delta[T * 4 + state]) state = j;
  lastScore = delta[T * 4 + state];
  // Backtrack into a reversed list, then reverse.
  const tmp = new Array<i32>();
  let t = T;
  while (t > 0) {
    const d = back[t * 4 + state];
    if (d <= 0) break;
    tmp.push(state);
    tmp.push(t - d);
    tmp.push(t);
    t -= d;
    state = (state + 3) & 3;
  }
  const count = tmp.length / 3;
  const out = new StaticArray<i32>(count * 3);
  for (let i = 0; i < count; i++) {
    const k = count - 1 - i;
    out[3 * i] = tmp[3 * k];
    out[3 * i + 1] = tmp[3 * k + 1];
    out[3 * i + 2] = tmp[3 * k + 2];
  }
  return out;
}
