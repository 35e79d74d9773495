// Waveform overview: min and max of each of `buckets` equal spans, written as interleaved
// [min0, max0, min1, max1, …] f32 to `out` (2 × buckets values). Span edges are computed with
// integer arithmetic so every sample belongs to exactly one bucket.
export function peaks(ptr: usize, n: i32, buckets: i32, out: usize): void {
  for (let b = 0; b < buckets; b++) {
    const start = <i32>((<i64>b * <i64>n) / <i64>buckets);
    let end = <i32>((<i64>(b + 1) * <i64>n) / <i64>buckets);
    let lo: f32 = 0;
    let hi: f32 = 0;
    if (end > start) {
      lo = Infinity;
      hi = -Infinity;
      for (let i = start; i < end; i++) {
        const v = load<f32>(ptr + ((<usize>i) << 2));
        if (v < lo) lo = v;
        if (v > hi) hi = v;
      }
    }
    store<f32>(out + ((<usize>b) << 3), lo);
    store<f32>(out + ((<usize>b) << 3), hi, 4);
  }
}
