// Byte layouts of the records the WASM core returns, declared once for both sides: the
// AssemblyScript writer (assembly/analysis/heart/) imports this file as AssemblyScript, and the
// TypeScript reader (src/heart/result.ts) imports it as TypeScript, so an offset changed here
// changes on both sides at once. Plain integer constants only: the file must compile as both
// languages (AssemblyScript reads `export const X = 8` as an i32 constant). All values are
// little-endian; the comment after each offset names its WASM type.

// Heart analysis result (heartAnalyze): a header, then HEART_SEGMENT_BYTES per segment, then
// HEART_SPAN_BYTES per unusable span, then the band matrix (HEART_BANDS_OFFSET), then the rate
// candidates' S1 onsets (CANDIDATE_ONSETS_OFFSET).
/** f64: heart rate from the envelope's autocorrelation (bpm; 0 when none). */
export const HEART_RATE_ACF = 0;
/** f64: periodicity, the median per-window correlation one period apart (-1–1). */
export const HEART_PERIODICITY = 8;
/** f64: period (s). */
export const HEART_PERIOD = 16;
/** f64: systolic interval (s). */
export const HEART_SYSTOLE = 24;
/** f64: envelope frame rate (Hz); segment and span bounds are frame indices at this rate. */
export const HEART_FRAME_RATE = 32;
/** i32: number of segment records. */
export const HEART_SEGMENT_COUNT = 40;
/** i32: number of envelope frames. */
export const HEART_FRAME_COUNT = 44;
/** i32: number of unusable span records. */
export const HEART_SPAN_COUNT = 48;
/** i32: number of frames inside unusable spans. */
export const HEART_UNUSABLE_FRAMES = 52;
/** i32: byte offset (from the record's start) of the band matrix: HEART_BANDS_FRAMES × HEART_BAND_VALUES f32. */
export const HEART_BANDS_OFFSET = 56;
/** i32: rows of the band matrix: the frame count, or 0 when the caller asked for no bands. */
export const HEART_BANDS_FRAMES = 60;
/** f64: the rate (Hz) the band powers were computed at (the intermediate rate, ~4 kHz). */
export const HEART_BANDS_RATE = 64;
/** i32: number of rate candidates (HEART_CANDIDATES). */
export const HEART_CANDIDATE_COUNT = 72;
/**
 * Rate candidates, HEART_MAX_CANDIDATES × HEART_CANDIDATE_BYTES from here: the autocorrelation's
 * highest peaks, each decoded on its own for its rate only (the segments above stay the chosen
 * decode's); see assembly/analysis/heart/analyze.ts.
 */
export const HEART_CANDIDATES = 80;
export const HEART_MAX_CANDIDATES = 5;
/** f64: the candidate's period (s). */
export const CANDIDATE_PERIOD = 0;
/** f64: its autocorrelation prominence relative to the highest peak's (0–1). */
export const CANDIDATE_HEIGHT = 8;
/** f64: periodicity at its lag. */
export const CANDIDATE_PERIODICITY = 16;
/** f64: rate from its decode's median S1-to-S1 interval (bpm; 0 when fewer than two intervals). */
export const CANDIDATE_RATE = 24;
/** f64: coefficient of variation of those intervals. */
export const CANDIDATE_RHYTHM_CV = 32;
/** f64: number of those intervals. */
export const CANDIDATE_INTERVALS = 40;
/** f64: its decode's path score per frame (segmentation.ts lastScore / frames). */
export const CANDIDATE_SCORE = 48;
/** f64: mean envelope of its S2 segments less the larger of its systoles' and diastoles' means. */
export const CANDIDATE_S2_CONTRAST = 56;
/** f64: the same for its S1 segments. */
export const CANDIDATE_S1_CONTRAST = 64;
/** i32: byte offset (from the record's start) of its S1 onsets, CANDIDATE_ONSET_COUNT × HEART_ONSET_BYTES. */
export const CANDIDATE_ONSETS_OFFSET = 72;
/** i32: number of its S1 onsets (those of complete cycles outside the unusable spans, in time order). */
export const CANDIDATE_ONSET_COUNT = 76;
export const HEART_CANDIDATE_BYTES = 80;
/** Header size; the segment records start here. */
export const HEART_HEADER_BYTES = 480;

// One segment record.
/** i32: state, 0 S1, 1 systole, 2 S2, 3 diastole. */
export const SEGMENT_STATE = 0;
/** i32: first frame. */
export const SEGMENT_START = 4;
/** i32: end frame (exclusive). */
export const SEGMENT_END = 8;
/** f32: mean standardised envelope over the segment. */
export const SEGMENT_LEVEL = 12;
export const HEART_SEGMENT_BYTES = 16;

// One S1 onset of a rate candidate's decode (after the band matrix; see CANDIDATE_ONSETS_OFFSET).
/** i32: frame of the onset. */
export const ONSET_FRAME = 0;
/** i32: 1 when the interval from the previous onset holds no unusable frame (0 for the first onset). */
export const ONSET_CLEAN = 4;
export const HEART_ONSET_BYTES = 8;

// One unusable span record.
/** i32: first frame. */
export const SPAN_START = 0;
/** i32: end frame (exclusive). */
export const SPAN_END = 4;
export const HEART_SPAN_BYTES = 8;

// The band matrix: per envelope frame, HEART_BAND_COUNT band power densities (dB), then the
// spectral flatness (dB) — see assembly/analysis/heart/bands.ts for the bands.
export const HEART_BAND_COUNT = 10;
export const HEART_BAND_VALUES = 11;
