// Four biquad sections in the four f32 lanes of one v128, pipelined: at step i lane k filters the
// output lane k-1 produced at step i-2, so one vector operation advances all four sections and
// the cascade's output appears 6 samples late (the loop runs 6 extra steps and writes back in
// place). V8 does not auto-vectorise WASM (with --enable simd a scalar cascade ran no faster, ~70–84
// Msamples/s; this kernel ~176–210 on the same machine), so this is written with explicit v128.
//
// Why two steps between sections rather than one: each step is a direct-form-I biquad,
// y = b0·x + b1·x1 + b2·x2 - a2·y2 - a1·y1. With a one-step hand-over, x is the previous step's
// y shuffled one lane up, so the loop-carried chain ran shuffle → mul → sub → add (~11 cycles a
// sample on AMD EPYC, 322 Msamples/s). With two, everything but -a1·y1 is known a step early, and
// the chain is one mul and one sub. The sections and their coefficients are the same; only the
// order of the additions changed, within f32 rounding (test/dsp.test.ts).
//
// f32 coefficients and state: fine for the display filters and band-passes above ~100 Hz; the
// playback chain keeps the f64 scalar cascade because 20–35 Hz high-pass poles need doubles.
import { cascadeCount } from './biquad';

const HEADER: usize = 8;
const SECTION: usize = 72;
/** Steps from a sample entering lane 0 to its filtered value leaving lane 3: 2 per hand-over. */
const LATENCY: i32 = 6;

/** Filters n samples in place through the first four sections of cascade `c` (state starts at zero). */
export function cascade4Simd(c: usize, ptr: usize, n: i32): void {
  if (cascadeCount(c) < 4 || n <= 0) return;
  const s0 = c + HEADER,
    s1 = s0 + SECTION,
    s2 = s1 + SECTION,
    s3 = s2 + SECTION;
  const b0 = f32x4(<f32>load<f64>(s0), <f32>load<f64>(s1), <f32>load<f64>(s2), <f32>load<f64>(s3));
  const b1 = f32x4(<f32>load<f64>(s0, 8), <f32>load<f64>(s1, 8), <f32>load<f64>(s2, 8), <f32>load<f64>(s3, 8));
  const b2 = f32x4(<f32>load<f64>(s0, 16), <f32>load<f64>(s1, 16), <f32>load<f64>(s2, 16), <f32>load<f64>(s3, 16));
  const a1 = f32x4(<f32>load<f64>(s0, 24), <f32>load<f64>(s1, 24), <f32>load<f64>(s2, 24), <f32>load<f64>(s3, 24));
  const a2 = f32x4(<f32>load<f64>(s0, 32), <f32>load<f64>(s1, 32), <f32>load<f64>(s2, 32), <f32>load<f64>(s3, 32));
  let x1 = f32x4.splat(0),
    x2 = f32x4.splat(0),
    y1 = f32x4.splat(0),
    y2 = f32x4.splat(0);
  // Steps 0-5 fill the pipeline, steps 6..n-1 read sample i and write sample i-6, and six more
  // steps with zero input flush it; no per-step branch in the main loop.
  for (let i = 0; i < LATENCY; i++) {
    const xin: f32 = i < n ? load<f32>(ptr + ((<usize>i) << 2)) : 0;
    // Lane 0 takes the new sample, lanes 1-3 the outputs of lanes 0-2 two steps ago.
    const inp = v128.shuffle<f32>(f32x4.splat(xin), y2, 0, 4, 5, 6);
    const early = f32x4.add(
      f32x4.add(f32x4.mul(b0, inp), f32x4.mul(b1, x1)),
      f32x4.sub(f32x4.mul(b2, x2), f32x4.mul(a2, y2)),
    );
    const y = f32x4.sub(early, f32x4.mul(a1, y1));
    x2 = x1;
    x1 = inp;
    y2 = y1;
    y1 = y;
  }
  for (let i = LATENCY; i < n; i++) {
    const inp = v128.shuffle<f32>(f32x4.splat(load<f32>(ptr + ((<usize>i) << 2))), y2, 0, 4, 5, 6);
    const early = f32x4.add(
      f32x4.add(f32x4.mul(b0, inp), f32x4.mul(b1, x1)),
      f32x4.sub(f32x4.mul(b2, x2), f32x4.mul(a2, y2)),
    );
    const y = f32x4.sub(early, f32x4.mul(a1, y1));
    x2 = x1;
    x1 = inp;
    y2 = y1;
    y1 = y;
    store<f32>(ptr + ((<usize>(i - LATENCY)) << 2), f32x4.extract_lane(y, 3));
  }
  for (let i = max(n, LATENCY); i < n + LATENCY; i++) {
    const inp = v128.shuffle<f32>(f32x4.splat(0), y2, 0, 4, 5, 6);
    const early = f32x4.add(
      f32x4.add(f32x4.mul(b0, inp), f32x4.mul(b1, x1)),
      f32x4.sub(f32x4.mul(b2, x2), f32x4.mul(a2, y2)),
    );
    const y = f32x4.sub(early, f32x4.mul(a1, y1));
    x2 = x1;
    x1 = inp;
    y2 = y1;
    y1 = y;
    store<f32>(ptr + ((<usize>(i - LATENCY)) << 2), f32x4.extract_lane(y, 3));
  }
}
