import { bestAlignment, leastSquaredDifference, refineAlignment, rms } from '@auscura/audio-engine';

interface WindowLikeness {
  /** Windows of the excerpt, and how many are the source (correlation ≥ `threshold`). */
  windows: number;
  alike: number;
  /** Times the excerpt's place in the source moved between two alike windows (samples of the excerpt). */
  jumps: number[];
  /** The lowest correlation among the alike windows. */
  worstAlike: number;
  /**
   * The windows that are not the source: where they start (samples of the excerpt), their best
   * correlation and RMS, and how many of their five pieces were found in the source (piecesInSource).
   */
  unlike: { start: number; correlation: number; rms: number; pieces: number; damage: Damage | null }[];
  /**
   * Unlike windows that no jump explains: those between two alike windows whose places in the source
   * follow on without a jump, and any other unlike window none of whose pieces is the source. A
   * capture jump spoils the windows it falls in, and the next alike window then sits elsewhere in
   * the source; damage in the path (a codec, a resampler, dropped samples replaced in place) leaves
   * the source's place unchanged and is counted here. Before the first alike window (the start of
   * the recording) there is no place to follow on from, so there the pieces decide: a window a few
   * jumps spoiled keeps most of its pieces, a changed sound none.
   */
  unexplained: number;
}

/**
 * Where an unlike window differs from the source at the place the previous alike window leads to
 * (null when there is none): from the first to the last sample off by more than a tenth of the
 * window's RMS, and how many samples of that span are digital silence (samples of the excerpt, from
 * the window's start). For the log: a capture glitch (a buffer of zeros or a repeat in place) spans a
 * few ms, a codec or a filter the whole window.
 */
interface Damage {
  from: number;
  span: number;
  silent: number;
}

/**
 * The excerpt window by window (`window` samples at the excerpt's rate), each found in the source on
 * its own: coarse at the source's rate, then sample by sample at the excerpt's rate. Chromium's fake
 * capture (156.0.8078.108) is not continuous: where its file loops it jumps by ~86 ms, and under
 * load it can drop a 10 ms capture buffer. A whole-excerpt alignment then fails although every
 * stretch between those jumps is the source sample for sample; this tells the jumps apart from
 * damage, which no window would survive.
 */
export function windowLikeness(
  sourceAtSourceRate: Float32Array,
  sourceAtExcerptRate: Float32Array,
  excerpt: Float32Array,
  excerptAtSourceRate: Float32Array,
  window: number,
  threshold: number,
): WindowLikeness {
  const ratio = sourceAtExcerptRate.length / sourceAtSourceRate.length;
  const out: WindowLikeness = { windows: 0, alike: 0, jumps: [], worstAlike: 1, unlike: [], unexplained: 0 };
  let unlikeSinceLastAlike: WindowLikeness['unlike'] = [];
  const countedBetweenAlike = new Set<WindowLikeness['unlike'][number]>();
  let last: { start: number; lag: number } | null = null;
  for (let start = 0; start + window <= excerpt.length; start += window) {
    out.windows++;
    const part = excerpt.subarray(start, start + window);
    const expected: number = last ? (last.lag + start - last.start) % sourceAtExcerptRate.length : -1;
    let found: { correlation: number; lag: number } | null =
      expected >= 0 ? refineAlignment(sourceAtExcerptRate, part, expected, 2) : null;
    if (!found || found.correlation < threshold) {
      const a = Math.floor(start / ratio);
      const coarse = bestAlignment(sourceAtSourceRate, excerptAtSourceRate.subarray(a, a + Math.floor(window / ratio)));
      found = refineAlignment(sourceAtExcerptRate, part, Math.round(coarse.lag * ratio), Math.ceil(4 * ratio));
    }
    if (found.correlation < threshold) {
      const unlike = {
        start,
        correlation: found.correlation,
        rms: rms(part),
        pieces: 0,
        damage: expected >= 0 ? damageAt(sourceAtExcerptRate, part, expected) : null,
      };
      out.unlike.push(unlike);
      unlikeSinceLastAlike.push(unlike);
      continue;
    }
    out.alike++;
    out.worstAlike = Math.min(out.worstAlike, found.correlation);
    if (last && found.lag !== (last.lag + start - last.start) % sourceAtExcerptRate.length) out.jumps.push(start);
    else if (last) {
      out.unexplained += unlikeSinceLastAlike.length;
      for (const unlike of unlikeSinceLastAlike) countedBetweenAlike.add(unlike);
    }
    unlikeSinceLastAlike = [];
    last = { start, lag: found.lag };
  }
  for (const unlike of out.unlike) {
    unlike.pieces = piecesInSource(
      sourceAtSourceRate,
      sourceAtExcerptRate,
      excerpt,
      excerptAtSourceRate,
      unlike.start,
      window,
    );
    // Before the first alike window, after the last or where the place moved: no jump keeps a
    // window from holding any piece of the source.
    if (!countedBetweenAlike.has(unlike) && unlike.pieces === 0) out.unexplained++;
  }
  return out;
}

function damageAt(source: Float32Array, part: Float32Array, lag: number): Damage {
  const limit = 0.1 * rms(part);
  let first = -1;
  let last = -1;
  for (let i = 0; i < part.length; i++) {
    if (Math.abs(part[i]! - source[(lag + i) % source.length]!) > limit) {
      if (first < 0) first = i;
      last = i;
    }
  }
  let silent = 0;
  for (let i = Math.max(first, 0); i <= last; i++) if (part[i] === 0) silent++;
  return { from: Math.max(first, 0), span: first < 0 ? 0 : last - first + 1, silent };
}

/**
 * How many of an unlike window's five pieces (0.1 s of a 0.5 s window) are somewhere in the source:
 * each is looked for at every place of the looping source at the source's rate (the least squared
 * difference), then sample by sample around it at the excerpt's rate. A piece counts when its
 * difference from the source there has under 1/400 (−26 dB) of the window's energy per piece:
 * measured on three stored recordings, every piece of an alike window was at −33.6 dB or below,
 * and no other place within 0.15 s of it came under −19.6 dB; this search found all 470 pieces of
 * four stored recordings (~30 ms a piece). A window capture jumps spoiled keeps the pieces no jump
 * fell in, however far the jumps took it; damage to the sound keeps none.
 */
function piecesInSource(
  sourceAtSourceRate: Float32Array,
  sourceAtExcerptRate: Float32Array,
  excerpt: Float32Array,
  excerptAtSourceRate: Float32Array,
  start: number,
  window: number,
): number {
  const ratio = sourceAtExcerptRate.length / sourceAtSourceRate.length;
  const size = Math.floor(window / 5);
  let energy = 0;
  for (let i = start; i < start + window; i++) energy += excerpt[i]! * excerpt[i]!;
  const limit = energy / 5 / 400;
  let found = 0;
  for (let at = start; at + size <= start + window; at += size) {
    const coarseAt = Math.floor(at / ratio);
    const coarse = leastSquaredDifference(
      excerptAtSourceRate,
      coarseAt,
      Math.floor(size / ratio),
      sourceAtSourceRate,
      0,
      sourceAtSourceRate.length - 1,
    );
    const around = Math.round(coarse.lag * ratio);
    const reach = Math.ceil(2 * ratio);
    const fine = leastSquaredDifference(excerpt, at, size, sourceAtExcerptRate, around - reach, around + reach);
    if (fine.error < limit) found++;
  }
  return found;
}
