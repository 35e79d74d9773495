// Algo2, Silence and SG variants (DESIGN.md "Recording variants").
//
// Algo2, "standard normalization": the mean is removed and the result scaled so the largest
// magnitude is 0.99 (-0.09 dBFS). Standardizing (z-score) and then fitting the peak into the
// file's range is the same linear map, so this is the z-score made playable.
// Silence, "silence-gated, normalized": 20 ms frames whose RMS is below 10 % (-20 dB) of the
// 95th-percentile frame RMS are set to zero, with 5 ms raised-cosine ramps at each gate edge so
// the gate does not click, then Algo2's normalization (mean removed before the gate).
// SG, "normalized-data-sg": Savitzky–Golay smoothing (Savitzky & Golay 1964), cubic fit over a
// 2.5 ms window (11 samples at 4 kHz, 111 at 44.1 kHz; cut-off ≈ 0.35·Nyquist at 4 kHz per
// Schafer 2011), mirrored at the ends, then Algo2's normalization.

const PEAK: f64 = 0.99;

// The three passes run on vectors. The mean is summed in four f64 lanes (the additions in another
// order than one running sum: the mean can differ in its last bits, far inside the regression
// tolerance); the peak |x - mean| is max(max - mean, mean - min), exact, from f32x4 min/max; the
// scaling is the same per-sample f64 arithmetic as before, two samples at a time.
export function normalizeInPlace(ptr: usize, n: i32, removeMean: bool = true): void {
  if (n <= 0) return;
  const n4 = n & ~3;
  let mean: f64 = 0;
  if (removeMean) {
    let sa = f64x2.splat(0);
    let sb = f64x2.splat(0);
    for (let i = 0; i < n4; i += 4) {
      const v = v128.load(ptr + ((<usize>i) << 2));
      sa = f64x2.add(sa, f64x2.promote_low_f32x4(v));
      sb = f64x2.add(sb, f64x2.promote_low_f32x4(v128.shuffle<f32>(v, v, 2, 3, 0, 1)));
    }
    const s = f64x2.add(sa, sb);
    mean = f64x2.extract_lane(s, 0) + f64x2.extract_lane(s, 1);
    for (let i = n4; i < n; i++) mean += <f64>load<f32>(ptr + ((<usize>i) << 2));
    mean /= <f64>n;
  }
  let lo = f32x4.splat(Infinity);
  let hi = f32x4.splat(-Infinity);
  for (let i = 0; i < n4; i += 4) {
    const v = v128.load(ptr + ((<usize>i) << 2));
    lo = f32x4.pmin(lo, v);
    hi = f32x4.pmax(hi, v);
  }
  let vmin = <f64>(
    Mathf.min(
      Mathf.min(f32x4.extract_lane(lo, 0), f32x4.extract_lane(lo, 1)),
      Mathf.min(f32x4.extract_lane(lo, 2), f32x4.extract_lane(lo, 3)),
    )
  );
  let vmax = <f64>(
    Mathf.max(
      Mathf.max(f32x4.extract_lane(hi, 0), f32x4.extract_lane(hi, 1)),
      Mathf.max(f32x4.extract_lane(hi, 2), f32x4.extract_lane(hi, 3)),
    )
  );
  for (let i = n4; i < n; i++) {
    const v = <f64>load<f32>(ptr + ((<usize>i) << 2));
    if (v < vmin) vmin = v;
    if (v > vmax) vmax = v;
  }
  let peak: f64 = 0;
  if (vmax - mean > peak) peak = vmax - mean;
  if (mean - vmin > peak) peak = mean - vmin;
  const k = peak > 0 ? PEAK / peak : 0;
  const mv = f64x2.splat(mean);
  const kv = f64x2.splat(k);
  for (let i = 0; i < n4; i += 4) {
    const p = ptr + ((<usize>i) << 2);
    const v = v128.load(p);
    const a = f64x2.mul(f64x2.sub(f64x2.promote_low_f32x4(v), mv), kv);
    const b = f64x2.mul(f64x2.sub(f64x2.promote_low_f32x4(v128.shuffle<f32>(v, v, 2, 3, 0, 1)), mv), kv);
    v128.store(p, v128.shuffle<f32>(f32x4.demote_f64x2_zero(a), f32x4.demote_f64x2_zero(b), 0, 1, 4, 5));
  }
  for (let i = n4; i < n; i++) {
    const p = ptr + ((<usize>i) << 2);
    store<f32>(p, <f32>((<f64>load<f32>(p) - mean) * k));
  }
}

export function normalizeTo(inPtr: usize, n: i32, outPtr: usize): void {
  memory.copy(outPtr, inPtr, (<usize>n) << 2);
  normalizeInPlace(outPtr, n);
}

export function silenceGate(inPtr: usize, n: i32, sampleRate: f64, outPtr: usize): void {
  if (n <= 0) return;
  const frame = <i32>Math.max(1, Math.round(0.02 * sampleRate));
  const frames = (n + frame - 1) / frame;
  const rms = new StaticArray<f64>(frames);
  // One pass for the frame RMS values and the mean (the same additions, in the same order, as two
  // separate passes would make).
  let mean: f64 = 0;
  for (let f = 0; f < frames; f++) {
    let s: f64 = 0;
    const end = min(n, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) {
      const v = <f64>load<f32>(inPtr + ((<usize>i) << 2));
      s += v * v;
      mean += v;
    }
    unchecked((rms[f] = Math.sqrt(s / <f64>(end - f * frame))));
  }
  mean /= <f64>n;
  const sorted = new StaticArray<f64>(frames);
  for (let f = 0; f < frames; f++) sorted[f] = rms[f];
  sorted.sort();
  const ref = sorted[<i32>Math.floor(0.95 * <f64>(frames - 1))];
  const gate = 0.1 * ref;
  // Per-sample gain: the moving average m of the frames' 0/1 open flags over the last `ramp`
  // samples, shaped by a raised cosine. The mean is removed before gating (not after), so gated
  // stretches stay exactly zero. With the ramp (5 ms) shorter than a frame (20 ms), m can only
  // differ from the frame's own flag in the first ramp - 1 samples of a frame whose flag differs
  // from the previous frame's; everywhere else the gain is the flag itself, so the per-sample work
  // is one multiply and the ramps are computed exactly as the running average would give them.
  const ramp = <i32>Math.max(1, Math.round(0.005 * sampleRate));
  const open = new StaticArray<u8>(frames);
  for (let f = 0; f < frames; f++) open[f] = rms[f] >= gate ? 1 : 0;
  if (ramp > frame) {
    gateByRunningAverage(inPtr, n, outPtr, mean, frame, ramp, open);
  } else {
    const fr = <f64>ramp;
    for (let f = 0; f < frames; f++) {
      const s = f * frame;
      const e = min(n, s + frame);
      const now = <f64>unchecked(open[f]);
      let i = s;
      if (f > 0 && unchecked(open[f - 1]) != unchecked(open[f])) {
        const before = <f64>unchecked(open[f - 1]);
        const rampEnd = min(e, s + ramp - 1);
        for (; i < rampEnd; i++) {
          const inFrame = <f64>(i - s + 1);
          const m = (before * (fr - inFrame) + now * inFrame) / fr;
          const g = m <= 0 ? 0 : m >= 1 ? 1 : 0.5 - 0.5 * Math.cos(Math.PI * m);
          store<f32>(outPtr + ((<usize>i) << 2), <f32>((<f64>load<f32>(inPtr + ((<usize>i) << 2)) - mean) * g));
        }
      }
      for (; i < e; i++) {
        store<f32>(outPtr + ((<usize>i) << 2), <f32>((<f64>load<f32>(inPtr + ((<usize>i) << 2)) - mean) * now));
      }
    }
  }
  normalizeInPlace(outPtr, n, false);
}

/** The gate's general form, a running average of the open flags per sample (ramps longer than a frame). */
function gateByRunningAverage(
  inPtr: usize,
  n: i32,
  outPtr: usize,
  mean: f64,
  frame: i32,
  ramp: i32,
  open: StaticArray<u8>,
): void {
  let acc: f64 = 0;
  let f = 0;
  let inFrame = 0;
  let fOld = 0;
  let inOld = 0;
  for (let i = 0; i < n; i++) {
    acc += <f64>open[f];
    if (++inFrame == frame) {
      inFrame = 0;
      f++;
    }
    if (i >= ramp) {
      acc -= <f64>open[fOld];
      if (++inOld == frame) {
        inOld = 0;
        fOld++;
      }
    }
    const m = acc / <f64>min(i + 1, ramp);
    const g = m <= 0 ? 0 : m >= 1 ? 1 : 0.5 - 0.5 * Math.cos(Math.PI * m);
    store<f32>(outPtr + ((<usize>i) << 2), <f32>((<f64>load<f32>(inPtr + ((<usize>i) << 2)) - mean) * g));
  }
}

export function savitzkyGolay(inPtr: usize, n: i32, sampleRate: f64, outPtr: usize): void {
  if (n <= 0) return;
  let m = <i32>Math.round((0.0025 * sampleRate) / 2);
  if (m < 2) m = 2;
  // Closed-form quadratic/cubic smoothing weights (Savitzky & Golay 1964, Table I generalised):
  // c_i = (A - B·i²) / D with A = 3(3m² + 3m - 1), B = 15, D = (2m - 1)(2m + 1)(2m + 3).
  // So the output is (A·S0 - B·S2) / D with S0 = Σ z and S2 = Σ (u - c)²·z over the window
  // centred at c. Both come from prefix sums of z, u·z and u²·z, so the cost does not grow with
  // the window (111 taps at 44.1 kHz) and, unlike a sliding recurrence, the outputs do not depend
  // on each other (no loop-carried chain). The prefix sums restart every block with u counted from
  // the block's start, which keeps u² small and the differences exact to ~1e-12 of full scale.
  const fm = <f64>m;
  const A = 3 * (3 * fm * fm + 3 * fm - 1);
  const B: f64 = 15;
  const invD = 1 / ((2 * fm - 1) * (2 * fm + 1) * (2 * fm + 3));
  const W = 2 * m + 1;
  const BLOCK = 2048;
  const span = BLOCK + W - 1;
  const p0 = new StaticArray<f64>(span + 1);
  const p1 = new StaticArray<f64>(span + 1);
  const p2 = new StaticArray<f64>(span + 1);
  for (let j0 = 0; j0 < n; j0 += BLOCK) {
    const count = min(BLOCK, n - j0);
    const len = count + W - 1;
    // z_u = x[mirror(j0 + u - m)]: the signal mirrored about its first and last samples.
    let s0: f64 = 0;
    let s1: f64 = 0;
    let s2: f64 = 0;
    for (let u = 0; u < len; u++) {
      let k = j0 + u - m;
      if (k < 0) k = -k;
      if (k >= n) k = 2 * n - 2 - k;
      if (k < 0) k = 0;
      if (k >= n) k = n - 1;
      const z = <f64>load<f32>(inPtr + ((<usize>k) << 2));
      const fu = <f64>u;
      s0 += z;
      s1 += fu * z;
      s2 += fu * fu * z;
      unchecked((p0[u + 1] = s0));
      unchecked((p1[u + 1] = s1));
      unchecked((p2[u + 1] = s2));
    }
    for (let u = 0; u < count; u++) {
      const e = u + W;
      const a0 = unchecked(p0[e]) - unchecked(p0[u]);
      const a1 = unchecked(p1[e]) - unchecked(p1[u]);
      const a2 = unchecked(p2[e]) - unchecked(p2[u]);
      const c = <f64>(u + m);
      const sq = a2 - 2 * c * a1 + c * c * a0;
      store<f32>(outPtr + ((<usize>(j0 + u)) << 2), <f32>((A * a0 - B * sq) * invD));
    }
  }
  normalizeInPlace(outPtr, n);
}
