import type { BeatawareReport } from '@auscura/contracts';

/** One recording's place on the comparison's shared time axis. */
export type AlignedTrack = {
  /** Seconds of shared time before the recording starts. */
  pad: number;
  duration: number;
  /** The first S1's onset in the recording's own time, or null when the analysis segmented none. */
  s1: number | null;
};

export type Alignment = {
  current: AlignedTrack;
  earlier: AlignedTrack;
  /** Length of the shared time axis (seconds). */
  total: number;
  /** Shared time at which both first S1s sit, or null when the two could not be aligned (both start at 0). */
  alignedAt: number | null;
  /** The span both recordings cover on the shared axis: what A/B can loop over. */
  overlap: { start: number; end: number } | null;
};

/** The onset of the first S1 the analysis segmented (it segments only recordings it judged). */
export function firstS1(report: BeatawareReport | null | undefined): number | null {
  const s1 = report?.segmentation?.find((segment) => segment.state === 'S1');
  return s1 ? s1.start : null;
}

/**
 * Lines two recordings up on their first S1 (issue 40): each is shifted right by the difference
 * between the later S1 and its own, so both S1s fall at the same shared time and a beat of one sits
 * over a beat of the other. Without an S1 in either, both start at 0.
 */
export function alignOnS1(
  current: { duration: number; s1: number | null },
  earlier: { duration: number; s1: number | null },
): Alignment {
  const alignedAt = current.s1 !== null && earlier.s1 !== null ? Math.max(current.s1, earlier.s1) : null;
  const a: AlignedTrack = { ...current, pad: alignedAt === null ? 0 : alignedAt - current.s1! };
  const b: AlignedTrack = { ...earlier, pad: alignedAt === null ? 0 : alignedAt - earlier.s1! };
  const start = Math.max(a.pad, b.pad);
  const end = Math.min(a.pad + a.duration, b.pad + b.duration);
  return {
    current: a,
    earlier: b,
    total: Math.max(a.pad + a.duration, b.pad + b.duration),
    alignedAt,
    overlap: end > start ? { start, end } : null,
  };
}

/** A report's segmentation moved onto the shared axis. */
export function shiftSegments<T extends { start: number; end: number }>(segments: readonly T[], pad: number): T[] {
  return segments.map((segment) => ({ ...segment, start: segment.start + pad, end: segment.end + pad }));
}
