// The capture check: is a recording that was just made worth sending, or should it be made again?
// It runs in the browser on the recorder's samples before the upload (and, live, on the level
// meter's windows), so a silent or clipped recording is caught while the stethoscope is still on
// the patient. It only measures level: whether a heartbeat is in it is the server's analysis.
// Browser-safe: no Node, no WASM, no allocation beyond a few numbers.
import { MIN_DURATION_SEC } from './heart/diagnosis.js';

/**
 * The limits, each measured on the real recordings in benchmarks/fixtures/audio (7 CirCor heart
 * recordings at 4 kHz, 4 stethoscope / wearable-microphone recordings at 44.1 kHz, 3 ICBHI lung
 * recordings), all of which must pass. Figures below are from those files, whole-file values.
 */
export const CAPTURE_LIMITS = {
  /**
   * Silent when the loudest sample stays below this (dBFS). The quietest real recording peaks at
   * −17.8 dBFS (lung_normal_icbhi_102, Meditron) and every other one at −6.7 dBFS or louder; the
   * quietest 1.5 s stretch of any of them still peaks at −24.8 dBFS. −40 dBFS (1 % of full scale)
   * leaves 15 dB below the quietest stretch and 22 dB below the quietest whole recording.
   */
  silentPeakDbfs: -40,
  /**
   * Silent also when the RMS level stays below this (dBFS), whatever a click or a knock did to the
   * peak. The quietest real recording is at −35.4 dBFS RMS (heart_normal_circor_50017) and its
   * quietest 0.5 s at −42.4 dBFS; −55 dBFS leaves about 20 dB below the whole recording.
   */
  silentRmsDbfs: -55,
  /**
   * A sample at or above this magnitude is at full scale: 16-bit PCM tops out at 32767/32768
   * (0.99997) and the fixtures' clipped runs sit at 0.9999; 0.999 (−0.009 dBFS) takes both in.
   */
  fullScale: 0.999,
  /**
   * Clipped when more than this share of the samples is at full scale. The real recordings are at
   * 0 % to 0.55 % (heart_murmur_midsystolic_diamond_harsh_circor_49712, a loud harsh murmur, is
   * the 0.55 %; the next is 0.04 %). The same recordings amplified 10× (+20 dB) and hard-clipped
   * are at 2.3 % to 48 % (all but the quietest two, 50017 and the ICBHI Meditron lung recording,
   * which stay under 0.25 %). 1 % sits between the loudest real and the clipped ones.
   */
  clippedShare: 0.01,
  /**
   * Too short below this (s): the server's analysis gives no rate or verdict under
   * MIN_DURATION_SEC (about five heart cycles), so a shorter recording cannot be judged there either.
   */
  minSeconds: MIN_DURATION_SEC,
  /**
   * Live: "no sound" once the input level has stayed below silentPeakDbfs for this long (s). Every
   * 1.5 s stretch of the real recordings peaks at −24.8 dBFS or louder (one heart cycle at 40 bpm
   * lasts 1.5 s), so a real heart or lung sound never stays under the limit that long.
   */
  liveSilentSeconds: 1.5,
  /**
   * Live: "too loud" when the last this many seconds hold more than clippedShare at full scale. No
   * 1 s of the real recordings does (the most is 0.85 %, in 49712).
   */
  liveClippedSeconds: 1,
} as const;

export type CaptureReason = 'silent' | 'clipped' | 'too-short';

/** What the check measured. Levels are dBFS (−Infinity for digital silence). */
export interface CaptureMeasures {
  seconds: number;
  peakDbfs: number;
  rmsDbfs: number;
  /** Share of the samples at full scale (0–1). */
  clippedShare: number;
}

export type CaptureCheck = ({ ok: true } | { ok: false; reason: CaptureReason }) & CaptureMeasures;

function dbfs(linear: number): number {
  return linear > 0 ? 20 * Math.log10(linear) : -Infinity;
}

/** Peak, RMS and full-scale share of a recording, in one pass. */
export function measureCapture(samples: Float32Array, sampleRate: number): CaptureMeasures {
  let peak = 0;
  let sum = 0;
  let full = 0;
  for (let i = 0; i < samples.length; i++) {
    const x = samples[i]!;
    const a = Math.abs(x);
    if (a > peak) peak = a;
    if (a >= CAPTURE_LIMITS.fullScale) full++;
    sum += x * x;
  }
  const n = samples.length;
  return {
    seconds: sampleRate > 0 ? n / sampleRate : 0,
    peakDbfs: dbfs(peak),
    rmsDbfs: n > 0 ? dbfs(Math.sqrt(sum / n)) : -Infinity,
    clippedShare: n > 0 ? full / n : 0,
  };
}

/**
 * Whether a recording is worth sending. In order: silent (nothing to hear: recording longer or
 * quieter will not help), clipped (too loud to judge: clipping makes harmonics that look like
 * murmurs), too short. The server's analysis still decides what is stored and judged.
 */
export function checkCapture(samples: Float32Array, sampleRate: number): CaptureCheck {
  const m = measureCapture(samples, sampleRate);
  const reason: CaptureReason | null =
    m.peakDbfs < CAPTURE_LIMITS.silentPeakDbfs || m.rmsDbfs < CAPTURE_LIMITS.silentRmsDbfs
      ? 'silent'
      : m.clippedShare > CAPTURE_LIMITS.clippedShare
        ? 'clipped'
        : m.seconds < CAPTURE_LIMITS.minSeconds
          ? 'too-short'
          : null;
  return reason ? { ok: false, reason, ...m } : { ok: true, ...m };
}

/** One level-meter window: its peak (dBFS), its share of full-scale samples and its length. */
export interface LevelWindow {
  peakDb: number;
  fullScaleShare: number;
  ms: number;
}

export type LiveCaptureState = 'no-sound' | 'too-loud' | 'ok';

/**
 * The live indication while the stethoscope is on: fed the level meter's windows as they come,
 * it says 'no-sound' once the peak has stayed under the silence limit for liveSilentSeconds, and
 * 'too-loud' while the last liveClippedSeconds hold more full-scale samples than a recording may.
 */
export class LiveCaptureWatch {
  private quietMs = 0;
  private readonly recent: LevelWindow[] = [];
  state: LiveCaptureState = 'ok';

  push(window: LevelWindow): LiveCaptureState {
    this.quietMs = window.peakDb < CAPTURE_LIMITS.silentPeakDbfs ? this.quietMs + window.ms : 0;
    this.recent.push(window);
    let span = this.recent.reduce((sum, w) => sum + w.ms, 0);
    while (this.recent.length > 1 && span - this.recent[0]!.ms >= CAPTURE_LIMITS.liveClippedSeconds * 1000) {
      span -= this.recent.shift()!.ms;
    }
    const clipped = span > 0 ? this.recent.reduce((sum, w) => sum + w.fullScaleShare * w.ms, 0) / span : 0;
    this.state =
      this.quietMs >= CAPTURE_LIMITS.liveSilentSeconds * 1000
        ? 'no-sound'
        : clipped > CAPTURE_LIMITS.clippedShare
          ? 'too-loud'
          : 'ok';
    return this.state;
  }

  reset(): void {
    this.quietMs = 0;
    this.recent.length = 0;
    this.state = 'ok';
  }
}
