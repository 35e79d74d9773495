/**
 * The median of a list: the middle value, or the mean of the two middle values of an even count;
 * NaN for an empty list (callers that want another answer for "no values" say so). One copy for the
 * heart, rate and murmur code, which had four (the lung noise quality keeps its own upper median:
 * its thresholds were tuned on that).
 */
export function median(v: readonly number[]): number {
  const s = Float64Array.from(v).sort();
  const m = s.length >> 1;
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}
