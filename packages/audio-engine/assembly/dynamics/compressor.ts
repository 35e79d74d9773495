// Dynamics compressor reproducing Chromium's DynamicsCompressorNode (Blink's
// platform/audio/dynamics_compressor.cc, itself the WebKit 2011 design): a soft knee built from
// an exponential curve whose first derivative matches at the threshold, a constant-ratio section
// above threshold+knee, automatic makeup gain (full-range gain)^-0.6, a 6 ms look-ahead delay,
// a detector with 2.5 ms release, attack derived from the largest pending reduction, and an
// adaptive release driven by a 4th-order polynomial through four "release zones".
// Written from the description of that algorithm; arithmetic is f32 where Blink uses float and
// f64 where it promotes to double, so the output tracks Chromium to well under -40 dB.
// Control values are updated once per 32-frame division, as in Blink.

const MAX_PRE_DELAY: i32 = 1024; // ring size (power of two), Blink's kMaxPreDelayFrames
const DEFAULT_PRE_DELAY: i32 = 256; // Blink's initial look-ahead before the first SetPreDelayTime
const DIVISION: i32 = 32; // frames per control update
const HALF_PI: f32 = <f32>(Math.PI / 2);
const PRE_DELAY_TIME: f32 = 0.006; // 6 ms look-ahead, fixed by the Web Audio node
// Release zones: release time multipliers at 15/10/5/0 dB of pending gain change (Blink defaults).
const ZONE1: f32 = 0.09;
const ZONE2: f32 = 0.16;
const ZONE3: f32 = 0.42;
const ZONE4: f32 = 0.98;
const METERING_RELEASE: f64 = 0.325; // seconds; the `reduction` meter's release time constant

function dbToLin(db: f32): f32 {
  return Mathf.pow(10, <f32>0.05 * db);
}

function linToDb(x: f32): f32 {
  if (x == 0) return -1000; // Blink's stand-in for -inf
  return <f32>20 * Mathf.log10(x);
}

function finiteOr(x: f32, d: f32): f32 {
  return isFinite(x) ? x : d;
}

@unmanaged
export class Compressor {
  sampleRate: f32 = 0;
  // Parameters as set by the host (already clamped to the AudioParam ranges).
  threshold: f32 = -24;
  knee: f32 = 30;
  ratio: f32 = 12;
  attack: f32 = 0.003;
  release: f32 = 0.25;
  // Static curve cache.
  cThreshold: f32 = -1;
  cKnee: f32 = -1;
  cRatio: f32 = -1;
  linearThreshold: f32 = -1;
  slope: f32 = -1;
  kneeThresholdDb: f32 = -1;
  kneeThreshold: f32 = -1;
  ykneeThresholdDb: f32 = -1;
  k: f32 = -1;
  // Dynamic state.
  detectorAverage: f32 = 0;
  compressorGain: f32 = 1;
  maxAttackDiffDb: f32 = -1;
  meteringGain: f32 = 1;
  meteringK: f32 = 0;
  lastPreDelay: i32 = DEFAULT_PRE_DELAY;
  readIndex: i32 = 0;
  writeIndex: i32 = DEFAULT_PRE_DELAY;
  delay: usize = 0; // MAX_PRE_DELAY f32
  reduction: f32 = 0;
}

export function compressorNew(sampleRate: f32): Compressor {
  const c = changetype<Compressor>(heap.alloc(offsetof<Compressor>()));
  c.sampleRate = sampleRate;
  c.threshold = -24;
  c.knee = 30;
  c.ratio = 12;
  c.attack = 0.003;
  c.release = 0.25;
  c.cThreshold = -1;
  c.cKnee = -1;
  c.cRatio = -1;
  c.delay = heap.alloc((<usize>MAX_PRE_DELAY) << 2);
  c.meteringK = <f32>(1.0 - Math.exp(-1.0 / (METERING_RELEASE * <f64>sampleRate)));
  compressorReset(c);
  return c;
}

export function compressorFree(c: Compressor): void {
  heap.free(c.delay);
  heap.free(changetype<usize>(c));
}

export function compressorReset(c: Compressor): void {
  c.detectorAverage = 0;
  c.compressorGain = 1;
  c.meteringGain = 1;
  c.maxAttackDiffDb = -1;
  c.lastPreDelay = DEFAULT_PRE_DELAY;
  c.readIndex = 0;
  c.writeIndex = DEFAULT_PRE_DELAY;
  c.reduction = 0;
  memory.fill(c.delay, 0, (<usize>MAX_PRE_DELAY) << 2);
}

function clampf(x: f32, lo: f32, hi: f32): f32 {
  if (!(x >= lo)) return lo; // NaN goes to the lower bound
  return x > hi ? hi : x;
}

/** Sets the five AudioParams, clamped to the Web Audio ranges as Chromium does. */
export function compressorSetParams(
  c: Compressor,
  threshold: f32,
  knee: f32,
  ratio: f32,
  attack: f32,
  release: f32,
): void {
  c.threshold = clampf(threshold, -100, 0);
  c.knee = clampf(knee, 0, 40);
  c.ratio = clampf(ratio, 1, 20);
  c.attack = clampf(attack, 0, 1);
  c.release = clampf(release, 0, 1);
}

/** Gain reduction in dB (the node's `reduction` attribute), updated after each process call. */
export function compressorReduction(c: Compressor): f32 {
  return c.reduction;
}

/** Latency of the look-ahead in frames. */
export function compressorLatency(c: Compressor): i32 {
  return c.lastPreDelay;
}

function kneeCurve(c: Compressor, x: f32, k: f32): f32 {
  if (x < c.linearThreshold) return x;
  return c.linearThreshold + (<f32>1 - <f32>Math.exp(<f64>(-k * (x - c.linearThreshold)))) / k;
}

function saturate(c: Compressor, x: f32, k: f32): f32 {
  if (x < c.kneeThreshold) return kneeCurve(c, x, k);
  const xDb = linToDb(x);
  const yDb = c.ykneeThresholdDb + c.slope * (xDb - c.kneeThresholdDb);
  return dbToLin(yDb);
}

// Slope of the knee curve in dB/dB, measured over a 0.1 % step.
function slopeAt(c: Compressor, x: f32, k: f32): f32 {
  if (x < c.linearThreshold) return 1;
  const x2 = <f32>(<f64>x * 1.001);
  const xDb = linToDb(x);
  const x2Db = linToDb(x2);
  const yDb = linToDb(kneeCurve(c, x, k));
  const y2Db = linToDb(kneeCurve(c, x2, k));
  return (y2Db - yDb) / (x2Db - xDb);
}

// Bisection on a log scale for the knee sharpness k whose slope at threshold+knee is 1/ratio.
function kAtSlope(c: Compressor, desired: f32): f32 {
  const x = dbToLin(c.cThreshold + c.cKnee);
  let lo: f32 = 0.1;
  let hi: f32 = 10000;
  let k: f32 = 5;
  for (let i = 0; i < 15; i++) {
    if (slopeAt(c, x, k) < desired) hi = k;
    else lo = k;
    k = Mathf.sqrt(lo * hi);
  }
  return k;
}

function updateCurve(c: Compressor): f32 {
  if (c.threshold != c.cThreshold || c.knee != c.cKnee || c.ratio != c.cRatio) {
    c.cThreshold = c.threshold;
    c.linearThreshold = dbToLin(c.threshold);
    c.cKnee = c.knee;
    c.cRatio = c.ratio;
    c.slope = <f32>1 / c.ratio;
    const k = kAtSlope(c, <f32>1 / c.ratio);
    c.kneeThresholdDb = c.threshold + c.knee;
    c.kneeThreshold = dbToLin(c.kneeThresholdDb);
    c.ykneeThresholdDb = linToDb(kneeCurve(c, c.kneeThreshold, k));
    c.k = k;
  }
  return c.k;
}

function setPreDelay(c: Compressor): void {
  let frames = <i32>(<u32>(PRE_DELAY_TIME * c.sampleRate));
  if (frames > MAX_PRE_DELAY - 1) frames = MAX_PRE_DELAY - 1;
  if (c.lastPreDelay != frames) {
    c.lastPreDelay = frames;
    memory.fill(c.delay, 0, (<usize>MAX_PRE_DELAY) << 2);
    c.readIndex = 0;
    c.writeIndex = frames;
  }
}

/**
 * Compresses `n` mono f32 samples in place. Chromium's node is stereo-linked; a mono input is
 * up-mixed to two identical channels, so the detector sees the same value and the output
 * channels equal this mono result. `n` should be a multiple of 32 for identical control timing
 * (128-frame render quanta always are); a tail shorter than 32 is processed as a last division.
 */
export function compressorProcess(c: Compressor, ptr: usize, n: i32): void {
  const sampleRate = c.sampleRate;
  const k = updateCurve(c);
  const fullRangeGain = saturate(c, 1, k);
  // Empirical makeup gain of the original design: the inverse full-range gain to the power 0.6.
  const makeup = Mathf.pow(<f32>1 / fullRangeGain, <f32>0.6);
  const postGain = makeup; // the node's post-gain is 0 dB
  const attackFrames = (c.attack > <f32>0.001 ? c.attack : <f32>0.001) * sampleRate;
  const releaseFrames = sampleRate * c.release;
  const satReleaseFrames = <f32>0.0025 * sampleRate; // detector release, 2.5 ms
  const releaseAt2Db = dbToLin(<f32>2 / satReleaseFrames) - 1;
  const y1 = releaseFrames * ZONE1;
  const y2 = releaseFrames * ZONE2;
  const y3 = releaseFrames * ZONE3;
  const y4 = releaseFrames * ZONE4;
  // Quartic through (0,y1) (1,y2) (2,y3) (3,y4); coefficients are the least-squares solution the
  // original design uses, kept to f32 precision.
  const a: f32 =
    <f32>0.9999999999999998 * y1 +
    <f32>1.8432219684323923e-16 * y2 -
    <f32>1.9373394351676423e-16 * y3 +
    <f32>8.824516011816245e-18 * y4;
  const b: f32 =
    <f32>-1.5788320352845888 * y1 +
    <f32>2.3305837032074286 * y2 -
    <f32>0.9141194204840429 * y3 +
    <f32>0.1623677525612032 * y4;
  const cc: f32 =
    <f32>0.5334142869106424 * y1 -
    <f32>1.272736789213631 * y2 +
    <f32>0.9258856042207512 * y3 -
    <f32>0.18656310191776226 * y4;
  const d: f32 =
    <f32>0.08783463138207234 * y1 -
    <f32>0.1694162967925622 * y2 +
    <f32>0.08588057951595272 * y3 -
    <f32>0.00429891410546283 * y4;
  const e: f32 =
    <f32>-0.042416883008123074 * y1 +
    <f32>0.1115693827987602 * y2 -
    <f32>0.09764676325265872 * y3 +
    <f32>0.028494263462021576 * y4;

  setPreDelay(c);
  const delay = c.delay;
  const mask = MAX_PRE_DELAY - 1;
  let frame = 0;
  while (frame < n) {
    const divFrames = n - frame < DIVISION ? n - frame : DIVISION;
    c.detectorAverage = finiteOr(c.detectorAverage, 1);
    const desiredGain = c.detectorAverage;
    // Pre-warp so the sin() warp below lands on the desired gain.
    const scaledDesired = Mathf.asin(desiredGain) / HALF_PI;
    let envelopeRate: f32;
    const releasing = scaledDesired > c.compressorGain;
    let diffDb: f32;
    if (scaledDesired == 0) diffDb = releasing ? -1 : 1;
    else diffDb = linToDb(c.compressorGain / scaledDesired);
    if (releasing) {
      c.maxAttackDiffDb = -1;
      diffDb = finiteOr(diffDb, -1);
      // Adaptive release: map -12..0 dB of pending change onto 0..3 and evaluate the quartic.
      let x = diffDb;
      x = x < -12 ? -12 : x > 0 ? 0 : x;
      x = <f32>0.25 * (x + 12);
      const x2 = x * x;
      const x3 = x2 * x;
      const x4 = x2 * x2;
      const releaseCalc = a + b * x + cc * x2 + d * x3 + e * x4;
      envelopeRate = dbToLin(<f32>5 / releaseCalc); // 5 dB spacing between zones
    } else {
      diffDb = finiteOr(diffDb, 1);
      if (c.maxAttackDiffDb == -1 || c.maxAttackDiffDb < diffDb) c.maxAttackDiffDb = diffDb;
      const eff = c.maxAttackDiffDb > <f32>0.5 ? c.maxAttackDiffDb : <f32>0.5;
      const x = <f32>0.25 / eff;
      envelopeRate = <f32>1 - Mathf.pow(x, <f32>1 / attackFrames);
    }

    let ri = c.readIndex;
    let wi = c.writeIndex;
    let det = c.detectorAverage;
    let gain = c.compressorGain;
    let lastWarped: f32 = 1;
    for (let j = 0; j < divFrames; j++) {
      const p = ptr + ((<usize>(frame + j)) << 2);
      const input = load<f32>(p);
      store<f32>(delay + ((<usize>wi) << 2), input);
      const absIn = input > 0 ? input : -input;
      const shaped = saturate(c, absIn, k);
      const attenuation: f32 = absIn <= <f32>0.0001 ? 1 : shaped / absIn;
      // The detector's release rate is only used while releasing, and for 2 dB of attenuation or
      // less it is the constant releaseAt2Db: skipping the log and pow otherwise changes nothing.
      let rate: f32 = 1;
      if (attenuation > det) {
        const attDb = -linToDb(attenuation);
        rate = attDb <= 2 ? releaseAt2Db : dbToLin(attDb / satReleaseFrames) - 1;
      }
      det += (attenuation - det) * rate;
      if (det > 1) det = 1;
      det = finiteOr(det, 1);
      if (envelopeRate < 1) gain += (scaledDesired - gain) * envelopeRate;
      else {
        gain *= envelopeRate;
        if (gain > 1) gain = 1;
      }
      const warped = <f32>Math.sin(<f64>(HALF_PI * gain));
      const total = postGain * warped;
      lastWarped = warped;
      store<f32>(p, load<f32>(delay + ((<usize>ri) << 2)) * total);
      ri = (ri + 1) & mask;
      wi = (wi + 1) & mask;
    }
    // Metering (the node's `reduction` readout, not the audio): Blink updates it every sample; here
    // once per division from the division's last gain, with the release smoothing of its frames.
    const realDb = <f32>(20.0 * Math.log10(<f64>lastWarped));
    if (realDb < c.meteringGain) c.meteringGain = realDb;
    else c.meteringGain += (realDb - c.meteringGain) * (<f32>1 - Mathf.pow(<f32>1 - c.meteringK, <f32>divFrames));
    c.readIndex = ri;
    c.writeIndex = wi;
    c.detectorAverage = Mathf.abs(det) < <f32>1.1754944e-38 ? 0 : det;
    c.compressorGain = Mathf.abs(gain) < <f32>1.1754944e-38 ? 0 : gain;
    frame += divFrames;
  }
  c.reduction = c.meteringGain;
}
