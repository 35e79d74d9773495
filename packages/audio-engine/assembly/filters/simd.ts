// Four biquad sections in the four f32 lanes of one v128, pipelined: at step i lane k filters the
// output lane k-1 produced at step i-1, so one vector operation advances all four sections and
// the cascade's output appears 3 samples late (the loop runs 3 extra steps and writes back in
// place). V8 does not auto-vectorise WASM (NOTES.md), so this is written with explicit v128.
// f32 coefficients and state: fine for the display filters and band-passes above ~100 Hz; the
// playback chain keeps the f64 scalar cascade because 20–35 Hz high-pass poles need doubles.
import { cascadeCount } from './biquad';

const HEADER: usize = 8;
const SECTION: usize = 72;

/** Filters n samples in place through the first four sections of cascade `c` (state starts at zero). */
export function cascade4Simd(c: usize, ptr: usize, n: i32): void {
  if (cascadeCount(c) < 4 || n <= 0) return;
  let b0 = f32x4.splat(0),
    b1 = f32x4.splat(0),
    b2 = f32x4.splat(0),
    a1 = f32x4.splat(0),
    a2 = f32x4.splat(0);
  const s0 = c + HEADER,
    s1 = s0 + SECTION,
    s2 = s1 + SECTION,
    s3 = s2 + SECTION;
  b0 = f32x4(<f32>load<f64>(s0), <f32>load<f64>(s1), <f32>load<f64>(s2), <f32>load<f64>(s3));
  b1 = f32x4(<f32>load<f64>(s0, 8), <f32>load<f64>(s1, 8), <f32>load<f64>(s2, 8), <f32>load<f64>(s3, 8));
  b2 = f32x4(<f32>load<f64>(s0, 16), <f32>load<f64>(s1, 16), <f32>load<f64>(s2, 16), <f32>load<f64>(s3, 16));
  a1 = f32x4(<f32>load<f64>(s0, 24), <f32>load<f64>(s1, 24), <f32>load<f64>(s2, 24), <f32>load<f64>(s3, 24));
  a2 = f32x4(<f32>load<f64>(s0, 32), <f32>load<f64>(s1, 32), <f32>load<f64>(s2, 32), <f32>load<f64>(s3, 32));
  let x1 = f32x4.splat(0),
    x2 = f32x4.splat(0),
    y1 = f32x4.splat(0),
    y2 = f32x4.splat(0);
  let y = f32x4.splat(0);
  // Steps 0-2 fill the pipeline, steps 3..n-1 read sample i and write sample i-3, and three more
  // steps with zero input flush it; no per-step branch in the main loop.
  for (let i = 0; i < 3; i++) {
    const xin: f32 = i < n ? load<f32>(ptr + ((<usize>i) << 2)) : 0;
    const inp = v128.shuffle<f32>(f32x4.splat(xin), y, 0, 4, 5, 6);
    const early = f32x4.sub(f32x4.add(f32x4.mul(b1, x1), f32x4.mul(b2, x2)), f32x4.mul(a2, y2));
    y = f32x4.add(f32x4.sub(f32x4.mul(b0, inp), f32x4.mul(a1, y1)), early);
    x2 = x1;
    x1 = inp;
    y2 = y1;
    y1 = y;
  }
  for (let i = 3; i < n; i++) {
    // Lane 0 takes the new sample, lanes 1-3 the previous step's outputs of lanes 0-2, in one
    // shuffle. The terms that do not depend on the previous step are summed first, so the
    // loop-carried chain is shuffle → mul → sub → add.
    const inp = v128.shuffle<f32>(f32x4.splat(load<f32>(ptr + ((<usize>i) << 2))), y, 0, 4, 5, 6);
    const early = f32x4.sub(f32x4.add(f32x4.mul(b1, x1), f32x4.mul(b2, x2)), f32x4.mul(a2, y2));
    y = f32x4.add(f32x4.sub(f32x4.mul(b0, inp), f32x4.mul(a1, y1)), early);
    x2 = x1;
    x1 = inp;
    y2 = y1;
    y1 = y;
    store<f32>(ptr + ((<usize>(i - 3)) << 2), f32x4.extract_lane(y, 3));
  }
  for (let i = max(n, 3); i < n + 3; i++) {
    const inp = v128.shuffle<f32>(f32x4.splat(0), y, 0, 4, 5, 6);
    const early = f32x4.sub(f32x4.add(f32x4.mul(b1, x1), f32x4.mul(b2, x2)), f32x4.mul(a2, y2));
    y = f32x4.add(f32x4.sub(f32x4.mul(b0, inp), f32x4.mul(a1, y1)), early);
    x2 = x1;
    x1 = inp;
    y2 = y1;
    y1 = y;
    store<f32>(ptr + ((<usize>(i - 3)) << 2), f32x4.extract_lane(y, 3));
  }
}
