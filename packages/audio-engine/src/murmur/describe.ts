// Plain-words descriptions of a murmur finding, shared by the CLI and the upload report.
import type { MurmurResult, MurmurTiming } from './detect.js';

const PATTERN_WORDS: Record<string, string> = { holo: 'holo', early: 'early ', mid: 'mid-', late: 'late ' };

const SHAPE_WORDS: Record<string, string> = {
  plateau: 'plateau',
  decrescendo: 'decrescendo',
  crescendo: 'crescendo',
  diamond: 'diamond-shaped (crescendo-decrescendo)',
};

/** "holosystolic", "early systolic", "mid-diastolic", or just "systolic" when the pattern is unsure. */
export function timingText(t: MurmurTiming): string {
  return t.pattern ? `${PATTERN_WORDS[t.pattern]}${t.phase}` : t.phase;
}

/** The timing with its shape when one was measured: "early systolic, decrescendo"; no shape word otherwise. */
export function timingShapeText(t: MurmurTiming): string {
  return t.shape ? `${timingText(t)}, ${SHAPE_WORDS[t.shape]}` : timingText(t);
}

export function formatMurmur(m: MurmurResult): string {
  const p = `probability ${m.probability.toFixed(2)}`;
  if (m.status === 'present')
    return `present, ${m.timing ? timingShapeText(m.timing) : 'timing unclear'} (${p}; heard in ${m.segments.length} segments)`;
  if (m.status === 'unknown') return `unknown: ${m.reason} (${p})`;
  return `absent (${p})`;
}
