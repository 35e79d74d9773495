// One layer of the murmur detector's network (src/murmur/cnn.ts): a dilated 1-D convolution over
// time with 'same' zero padding, ReLU, and optionally the layer's input added back (residual).
// Frame-major f32: x[t·inC + i], y[t·outC + o]; weights w[(j·inC + i)·outC + o] so that the outputs
// of one input sample sit side by side, four to a v128 (outC must be a multiple of 4). Every
// output accumulates bias, then w·x for j = 0…K−1, i = 0…inC−1 in that order with one f32 rounding
// per multiply and per add (no fused multiply-add in WASM SIMD), which the host's reference
// (cnn.ts convReference) repeats with Math.fround, so the two agree to the last bit.

export function convLayer(
  x: usize,
  inC: i32,
  frames: i32,
  w: usize,
  bias: usize,
  outC: i32,
  kernel: i32,
  dilation: i32,
  residual: i32,
  y: usize,
): void {
  const pad = (dilation * (kernel - 1)) >> 1;
  const groups = outC >> 2;
  const zero = f32x4.splat(0);
  for (let t = 0; t < frames; t++) {
    const yt = y + ((<usize>(t * outC)) << 2);
    for (let g = 0; g < groups; g++) v128.store(yt + ((<usize>g) << 4), v128.load(bias + ((<usize>g) << 4)));
    for (let j = 0; j < kernel; j++) {
      const tt = t + j * dilation - pad;
      if (tt < 0 || tt >= frames) continue;
      const xt = x + ((<usize>(tt * inC)) << 2);
      const wj = w + ((<usize>(j * inC * outC)) << 2);
      for (let i = 0; i < inC; i++) {
        const xv = f32x4.splat(load<f32>(xt + ((<usize>i) << 2)));
        const wi = wj + ((<usize>(i * outC)) << 2);
        for (let g = 0; g < groups; g++) {
          const p = yt + ((<usize>g) << 4);
          v128.store(p, f32x4.add(v128.load(p), f32x4.mul(v128.load(wi + ((<usize>g) << 4)), xv)));
        }
      }
    }
    for (let g = 0; g < groups; g++) {
      const p = yt + ((<usize>g) << 4);
      let v = f32x4.max(v128.load(p), zero);
      if (residual) v = f32x4.add(v, v128.load(x + ((<usize>(t * inC + g * 4)) << 2)));
      v128.store(p, v);
    }
  }
}
