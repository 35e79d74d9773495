// Recordings that cannot be judged, generated so the quality test needs no files: silence, white and
// pink noise, mains hum and speech-like sound. Deterministic (seeded), so a failure reproduces.

/** A small seeded generator (mulberry32), uniform in [0, 1). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Digital silence, or a noise floor at `floorDb` dBFS RMS (a connected input with nothing on it). */
export function silence(sampleRate: number, seconds: number, floorDb = -Infinity): Float32Array {
  if (floorDb === -Infinity) return new Float32Array(Math.round(sampleRate * seconds));
  return whiteNoise(sampleRate, seconds, 10 ** (floorDb / 20) * Math.sqrt(3), 7);
}

/** Uniform white noise of peak `amp`. */
export function whiteNoise(sampleRate: number, seconds: number, amp = 0.3, seed = 1): Float32Array {
  const r = random(seed);
  const x = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < x.length; i++) x[i] = amp * (2 * r() - 1);
  return x;
}

/**
 * Pink (1/f) noise: white noise through Paul Kellet's economy filter (three first-order sections,
 * within ±0.5 dB of −3 dB/octave above ~1/1000 of the sample rate; music-dsp.org archive, "Filter
 * to make pink noise from white").
 */
export function pinkNoise(sampleRate: number, seconds: number, amp = 0.3, seed = 2): Float32Array {
  const w = whiteNoise(sampleRate, seconds, 1, seed);
  let b0 = 0;
  let b1 = 0;
  let b2 = 0;
  const x = new Float32Array(w.length);
  for (let i = 0; i < w.length; i++) {
    const v = w[i]!;
    b0 = 0.99765 * b0 + v * 0.099046;
    b1 = 0.963 * b1 + v * 0.2965164;
    b2 = 0.57 * b2 + v * 1.0526913;
    x[i] = (b0 + b1 + b2 + v * 0.1848) * 0.11 * amp;
  }
  return x;
}

/** Mains hum: the `mains` frequency with its 2nd and 3rd harmonics, as a badly earthed input picks it up. */
export function hum(mains: 50 | 60, sampleRate: number, seconds: number, amp = 0.3): Float32Array {
  const x = new Float32Array(Math.round(sampleRate * seconds));
  for (let i = 0; i < x.length; i++) {
    const t = i / sampleRate;
    x[i] =
      amp *
      (0.8 * Math.sin(2 * Math.PI * mains * t) +
        0.15 * Math.sin(2 * Math.PI * 2 * mains * t + 0.3) +
        0.05 * Math.sin(2 * Math.PI * 3 * mains * t + 1.1));
  }
  return x;
}

/** One resonator (two-pole, unit gain at its centre) of a formant synthesiser. */
function resonator(x: Float64Array, f: number, bw: number, sampleRate: number): Float64Array {
  const r = Math.exp((-Math.PI * bw) / sampleRate);
  const a1 = 2 * r * Math.cos((2 * Math.PI * f) / sampleRate);
  const a2 = -r * r;
  const g = 1 - a1 - a2;
  const y = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) y[i] = g * x[i]! + a1 * (y[i - 1] ?? 0) + a2 * (y[i - 2] ?? 0);
  return y;
}

/**
 * Speech-like sound: a glottal pulse train (F0 gliding 100–140 Hz) through three formant resonators
 * cycling over the vowels /a/, /i/, /u/ (Peterson & Barney 1952, adult male means), switched on and
 * off at a syllable rate of ~4 per second (the peak of the speech envelope's modulation spectrum,
 * Houtgast & Steeneken 1985), with short pauses between words.
 */
export function speechLike(sampleRate: number, seconds: number, amp = 0.3, seed = 3): Float32Array {
  const n = Math.round(sampleRate * seconds);
  const r = random(seed);
  const vowels = [
    [730, 1090, 2440],
    [270, 2290, 3010],
    [300, 870, 2240],
  ];
  const out = new Float64Array(n);
  const syllable = 0.25; // s
  const per = Math.round(syllable * sampleRate);
  for (let s = 0; s * per < n; s++) {
    const start = s * per;
    const len = Math.min(per, n - start);
    if (s % 7 === 6) continue; // a pause between words
    const src = new Float64Array(len);
    let phase = 0;
    for (let i = 0; i < len; i++) {
      const f0 = 100 + 40 * (0.5 + 0.5 * Math.sin((2 * Math.PI * (start + i)) / sampleRate / 1.3));
      phase += f0 / sampleRate;
      if (phase >= 1) {
        phase -= 1;
        src[i] = 1;
      }
      src[i] = src[i]! + 0.05 * (2 * r() - 1); // aspiration
    }
    let y: Float64Array = src;
    for (const f of vowels[s % vowels.length]!)
      if (f < sampleRate * 0.45) y = resonator(y, f, 80 + f * 0.06, sampleRate);
    for (let i = 0; i < len; i++) out[start + i] = y[i]! * Math.sin((Math.PI * i) / len) ** 2; // syllable envelope
  }
  let peak = 0;
  for (const v of out) peak = Math.max(peak, Math.abs(v));
  const x = new Float32Array(n);
  for (let i = 0; i < n; i++) x[i] = (amp * out[i]!) / (peak || 1);
  return x;
}

/** `x` amplified by `gain` and clipped at full scale, as an input stage driven too hard records it. */
export function clip(x: Float32Array, gain: number): Float32Array {
  return x.map((v) => Math.max(-1, Math.min(1, v * gain)));
}
