import { z } from 'zod';

/** Enhanced-notes murmur options (clinician-portal §9); the last is the group's exclusive option (§4). */
export const murmurOptions = [
  'Systolic ejection',
  'Holosystolic',
  'Decrescendo systolic',
  'Early diastolic',
  'Mid-diastolic',
  'Late diastolic',
  'Continuous',
  'Likely no murmur',
] as const;
export const murmurOptionSchema = z.enum(murmurOptions);
export type MurmurOption = z.infer<typeof murmurOptionSchema>;

/**
 * Said with every absent murmur finding, in the report and on the exam page: in cross-validation on
 * CirCor every Present patient the detector missed had a grade I/VI murmur
 * (benchmarks/history/2026-11-results-journal.md, "Murmur detector"), so "none heard" must not read
 * as a clean bill.
 */
export const softMurmurCaveat = 'soft (grade I/VI) murmurs can be missed';

/**
 * The murmur detector's finding for one recording, stored with the automated report: present /
 * absent / unknown (too poor to tell), the detector's probability, the timing when present, the
 * segments (s) it was heard in, and the enhanced-notes option that matches it (offered to the
 * clinician as a suggestion, never checked for them).
 */
export const murmurFindingSchema = z.object({
  status: z.enum(['present', 'absent', 'unknown']),
  probability: z.number().min(0).max(1),
  timing: z
    .object({
      phase: z.enum(['systolic', 'diastolic']),
      pattern: z.enum(['holo', 'early', 'mid', 'late']).nullable(),
      /** The murmur's shape (CirCor's annotation classes); null where the analysis is unsure. Absent in older reports. */
      shape: z.enum(['crescendo', 'decrescendo', 'diamond', 'plateau']).nullable().optional(),
    })
    .nullable(),
  segments: z.array(z.object({ start: z.number().min(0), end: z.number().min(0) })).max(1000),
  suggestedNote: murmurOptionSchema.nullable(),
});
export type MurmurFinding = z.infer<typeof murmurFindingSchema>;

/** The normal heart-rate range the automated analysis judged the rate against. */
export const rateRangeSchema = z.object({
  low: z.number(),
  high: z.number(),
  ageBand: z.string().max(40),
  source: z.string().max(200),
});
export type RateRangeInfo = z.infer<typeof rateRangeSchema>;

/**
 * Why a recording could not be judged. The analysis decides this first; when it cannot judge, it
 * gives no heart rate, murmur `unknown` and diagnosis INSUFFICIENT_DATA, and says why.
 */
export const recordingQualityReasons = [
  'silent',
  'no-heartbeat',
  'too-noisy',
  'clipped',
  'too-short',
  'speech',
] as const;
export const recordingQualityReasonSchema = z.enum(recordingQualityReasons);
export type RecordingQualityReason = z.infer<typeof recordingQualityReasonSchema>;

/**
 * The recording-quality verdict stored with the automated report: whether the recording could be
 * judged, the reason when it could not, and the sentence said to the clinician ("Repeat the recording:
 * no heartbeat was found"). Absent in older reports.
 */
export const recordingQualitySchema = z.object({
  judged: z.boolean(),
  reason: recordingQualityReasonSchema.nullable(),
  message: z.string().max(300),
});
export type RecordingQuality = z.infer<typeof recordingQualitySchema>;
