// PCM 16 encoding in linear memory, for the upload pipeline's variant files: the same values as
// the host's encodeWav (src/wav.ts: Math.round, then clip to the 16-bit range, no dither). A
// sample times 32768 is exact in a double, so floor(s + 0.5) equals Math.round(s), and clipping
// first gives the same result as clipping after rounding.

/** Writes `n` little-endian 16-bit samples at `outPtr` from `n` f32 samples at `inPtr`. */
export function toPcm16(inPtr: usize, n: i32, outPtr: usize): void {
  for (let i = 0; i < n; i++) {
    const s = <f64>load<f32>(inPtr + ((<usize>i) << 2)) * 32768;
    const v: i32 = s >= 32767 ? 32767 : s <= -32768 ? -32768 : <i32>Math.floor(s + 0.5);
    store<i16>(outPtr + ((<usize>i) << 1), <i16>v);
  }
}
