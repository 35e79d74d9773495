// Plain-words descriptions of a murmur finding, shared by the CLI and the upload report.
import type { MurmurResult, MurmurTiming } from './detect.js';

const PATTERN_WORDS: Record<string, string> = { holo: 'holo', early: 'early ', mid: 'mid-', late: 'late ' };

/** "holosystolic", "early systolic", "mid-diastolic", or just "systolic" when the pattern is unclear. */
export function timingText(t: MurmurTiming): string {
  return t.pattern ? `${PATTERN_WORDS[t.pattern]}${t.phase}` : t.phase;
}

export function formatMurmur(m: MurmurResult): string {
  const p = `probability ${m.probability.toFixed(2)}`;
  if (m.status === 'present')
    return `present, ${m.timing ? timingText(m.timing) : 'timing unclear'} (${p}; heard in ${m.segments.length} segments)`;
  if (m.status === 'unknown') return `unknown: ${m.reason} (${p})`;
  return `absent (${p})`;
}
