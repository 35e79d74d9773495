// The murmur detector's second model: a small 1-D convolutional network over the heart analysis's
// own frames, two 20 ms frames averaged into one of 40 ms: per frame the 10 band powers (dB, less
// the recording's median per band, so the gain drops out), the spectral flatness, which of
// S1/systole/S2/diastole the segmentation put the frame in, and whether the frame is unusable. Four dilated convolutions (receptive field
// about 2.5 s, two to five cardiac cycles) learn what the hand-made phase features summarise, and
// the recording's probability comes from the mean and the maximum of the last layer over the
// usable frames. Convolutions over time-frequency frames are what the best PhysioNet/CinC 2022
// murmur entries used (e.g. Lu et al. 2022, CinC 49, a lightweight CNN on log-mel frames;
// Reyna et al. 2023's summary, PLOS Digit Health 2(9)); dilations and residual connections as in
// WaveNet/TCN (van den Oord et al. 2016; Bai et al. 2018).
//
// Training is train/cnn.py (PyTorch from Debian's python3-torch); inference runs the layers in the
// engine's WASM (assembly/analysis/conv.ts, f32 SIMD: a 60 s recording in a few milliseconds,
// where plain TypeScript took ~40 ms) and the pooling and head here, so Node, the worker and the
// browser give the same probability to the last bit.
import type { Engine } from '../engine.js';
import type { HeartRecord } from '../heart/result.js';
import { HEART_BAND_COUNT, HEART_BAND_VALUES } from '../wasm-records.js';

/** Input channels per frame: bands, flatness, 4 states, unusable. */
export const CNN_CHANNELS = HEART_BAND_COUNT + 1 + 4 + 1;
/** Analysis frames averaged into one network frame (20 ms → 40 ms). */
const CNN_POOL = 2;
const STATE_CHANNEL: Record<string, number> = { S1: 0, systole: 1, S2: 2, diastole: 3 };

export interface ConvLayer {
  /** out × in × kernel, row-major (PyTorch's Conv1d layout). */
  w: number[];
  b: number[];
  in: number;
  out: number;
  kernel: number;
  dilation: number;
  /** Adds the layer's input to its output (after the ReLU). */
  residual: boolean;
}

export interface CnnModel {
  layers: ConvLayer[];
  /** Over [mean of the last layer, max of the last layer]. */
  head: { w: number[]; b: number };
}

export interface CnnInput {
  /** frames × CNN_CHANNELS, frame-major. */
  x: Float32Array;
  /** 1 where the frame is usable (no unusable analysis frame in it). */
  mask: Uint8Array;
  frames: number;
}

/** Median of a column of the band matrix (the mean of the two middle values for an even count). */
function columnMedian(bands: Float32Array, frames: number, k: number): number {
  const v = new Float64Array(frames);
  for (let f = 0; f < frames; f++) v[f] = bands[f * HEART_BAND_VALUES + k]!;
  v.sort();
  const m = frames >> 1;
  return frames % 2 ? v[m]! : (v[m - 1]! + v[m]!) / 2;
}

/**
 * The network's input: per 40 ms frame the mean of its two analysis frames' values (bands and
 * flatness in dB/10, bands less the recording's median; the state one-hots), unusable when either
 * analysis frame is. The trainer reads exactly this (the training command exports it).
 */
export function cnnInput(record: HeartRecord): CnnInput {
  const T = record.frameCount;
  const fr = record.frameRate;
  const C = CNN_CHANNELS;
  const full = new Float64Array(C * T);
  for (let k = 0; k < HEART_BAND_COUNT + 1; k++) {
    const med = k < HEART_BAND_COUNT && T ? columnMedian(record.bands, T, k) : 0;
    for (let f = 0; f < T; f++) full[f * C + k] = (record.bands[f * HEART_BAND_VALUES + k]! - med) / 10;
  }
  for (const s of record.segments) {
    const c = HEART_BAND_COUNT + 1 + STATE_CHANNEL[s.state]!;
    for (let f = Math.max(0, Math.round(s.start * fr)); f < Math.min(T, Math.round(s.end * fr)); f++)
      full[f * C + c] = 1;
  }
  for (const s of record.unusableSpans)
    for (let f = Math.max(0, Math.round(s.start * fr)); f < Math.min(T, Math.round(s.end * fr)); f++)
      full[f * C + C - 1] = 1;
  const frames = Math.floor(T / CNN_POOL);
  const x = new Float32Array(frames * C);
  const mask = new Uint8Array(frames);
  for (let t = 0; t < frames; t++) {
    for (let k = 0; k < C - 1; k++) {
      let s = 0;
      for (let p = 0; p < CNN_POOL; p++) s += full[(t * CNN_POOL + p) * C + k]!;
      x[t * C + k] = s / CNN_POOL;
    }
    let bad = 0;
    for (let p = 0; p < CNN_POOL; p++) bad = Math.max(bad, full[(t * CNN_POOL + p) * C + C - 1]!);
    x[t * C + C - 1] = bad;
    mask[t] = bad ? 0 : 1;
  }
  return { x, mask, frames };
}

/** The layer's weights in the kernel's order, w[(j·in + i)·out + o], as f32. */
const packed = new WeakMap<ConvLayer, Float32Array>();
function packWeights(L: ConvLayer): Float32Array {
  let w = packed.get(L);
  if (!w) {
    w = new Float32Array(L.w.length);
    for (let o = 0; o < L.out; o++)
      for (let i = 0; i < L.in; i++)
        for (let j = 0; j < L.kernel; j++) w[(j * L.in + i) * L.out + o] = L.w[(o * L.in + i) * L.kernel + j]!;
    packed.set(L, w);
  }
  return w;
}

/**
 * The same layer as assembly/analysis/conv.ts in plain TypeScript, rounding to f32 after every
 * operation in the kernel's order: the reference the tests hold the WASM to, bit for bit.
 */
export function convReference(L: ConvLayer, x: Float32Array, frames: number): Float32Array {
  const f = Math.fround;
  const w = packWeights(L);
  const y = new Float32Array(frames * L.out);
  const pad = (L.dilation * (L.kernel - 1)) >> 1;
  for (let t = 0; t < frames; t++)
    for (let o = 0; o < L.out; o++) {
      let acc = f(L.b[o]!);
      for (let j = 0; j < L.kernel; j++) {
        const tt = t + j * L.dilation - pad;
        if (tt < 0 || tt >= frames) continue;
        for (let i = 0; i < L.in; i++) acc = f(acc + f(w[(j * L.in + i) * L.out + o]! * x[tt * L.in + i]!));
      }
      let v = Math.max(acc, 0);
      if (L.residual) v = f(v + x[t * L.in + o]!);
      y[t * L.out + o] = v;
    }
  return y;
}

/** Runs the layers in the engine's WASM; returns the last layer's output (frames × out). */
export function cnnLayers(engine: Engine, model: CnnModel, input: CnnInput): Float32Array {
  const e = engine.exports;
  const T = input.frames;
  const widest = Math.max(CNN_CHANNELS, ...model.layers.map((L) => L.out));
  const bufs = [e.alloc(Math.max(16, T * widest * 4)), e.alloc(Math.max(16, T * widest * 4))];
  const wPtr = e.alloc(Math.max(16, ...model.layers.map((L) => L.w.length * 4)));
  const bPtr = e.alloc(Math.max(16, ...model.layers.map((L) => L.out * 4)));
  try {
    new Float32Array(e.memory.buffer, bufs[0]!, input.x.length).set(input.x);
    let cur = 0;
    for (const L of model.layers) {
      if (L.out % 4) throw new Error('the network layers need a multiple of 4 outputs');
      new Float32Array(e.memory.buffer, wPtr, L.w.length).set(packWeights(L));
      new Float32Array(e.memory.buffer, bPtr, L.out).set(L.b);
      e.convLayer(bufs[cur]!, L.in, T, wPtr, bPtr, L.out, L.kernel, L.dilation, L.residual ? 1 : 0, bufs[1 - cur]!);
      cur = 1 - cur;
    }
    const out = model.layers[model.layers.length - 1]!.out;
    return new Float32Array(e.memory.buffer, bufs[cur]!, T * out).slice();
  } finally {
    for (const p of [...bufs, wPtr, bPtr]) e.free(p);
  }
}

/** The head over the last layer: mean and max over the usable frames (f64), then a linear unit. */
export function cnnHead(model: CnnModel, h: Float32Array, input: CnnInput): number {
  const T = input.frames;
  const H = model.layers[model.layers.length - 1]!.out;
  let used = 0;
  for (let t = 0; t < T; t++) used += input.mask[t]!;
  if (!used) return NaN;
  let z = model.head.b;
  for (let c = 0; c < H; c++) {
    let sum = 0;
    let max = -Infinity;
    for (let t = 0; t < T; t++) {
      if (!input.mask[t]) continue;
      const v = h[t * H + c]!;
      sum += v;
      if (v > max) max = v;
    }
    z += model.head.w[c]! * (sum / used) + model.head.w[H + c]! * max;
  }
  return z;
}

/** The network's murmur log-odds for one recording; NaN when no frame is usable. */
export function cnnLogit(engine: Engine, model: CnnModel, input: CnnInput): number {
  if (!input.mask.some((m) => m)) return NaN;
  return cnnHead(model, cnnLayers(engine, model, input), input);
}
