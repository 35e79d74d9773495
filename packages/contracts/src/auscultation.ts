import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import type { Endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { auscultationSites } from './auscultation-sites.js';
import { murmurFindingSchema, rateRangeSchema, recordingQualitySchema } from './murmur.js';

export const auscultationPointTypeSchema = z.enum(['heart', 'lungs', 'other']);
export const auscultationPointSchema = z.object({
  type: auscultationPointTypeSchema,
  label: z.string().min(1).max(20),
  description: z.string().max(200).optional(),
  longLabel: z.string().max(100).optional(),
});
export type AuscultationPoint = z.infer<typeof auscultationPointSchema>;

/** The standard points, h1–h5 and l1–l5, from the one table (auscultation-sites.ts); 'other' is in-person only. */
export const auscultationPoints: AuscultationPoint[] = auscultationSites
  .filter((site) => site.type !== 'other')
  .map(({ type, label, longLabel }) => ({ type, label, longLabel }));

/** The in-person choices: the standard points and 'Other' (exams-and-devices §3). */
export const inPersonPoints: AuscultationPoint[] = auscultationSites.map(({ type, label, longLabel }) => ({
  type,
  label,
  longLabel,
}));

export const noiseQualityRecordSchema = z.object({
  unit: z.number().int().positive().max(60_000),
  /** One flag per slice; 1 marks a noisy slice. */
  record: z.array(z.union([z.literal(0), z.literal(1)])).max(3600),
});
export type NoiseQualityRecord = z.infer<typeof noiseQualityRecordSchema>;

/** ERROR (-1), INSUFFICIENT_DATA (0), NORMAL (1), ABNORMAL (2). */
export const diagnosisCodes = { ERROR: -1, INSUFFICIENT_DATA: 0, NORMAL: 1, ABNORMAL: 2 } as const;
export const diagnosisSchema = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2)]);

export const beatawareStatusSchema = z.enum(['processing', 'failed', 'error', 'ready']);
export const beatawareReportSchema = z.object({
  reportMarkdown: z.string(),
  statistics: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  /** What the recording was analysed as: lung recordings get no heart analysis. Absent in older reports. */
  analysedAs: z.enum(['heart', 'lungs', 'other']).optional(),
  /** The murmur finding; absent for lung recordings and older reports. */
  murmur: murmurFindingSchema.optional(),
  /** The normal rate range the rate was judged against; absent for lung recordings and older reports. */
  rateRange: rateRangeSchema.optional(),
  /** Whether the recording could be judged, and why not; absent in older reports. */
  quality: recordingQualitySchema.optional(),
  /**
   * The heart cycle as the analysis segmented it (seconds from the start), which the heart rate was
   * measured over; only when the recording was judged and the heartbeat's timing established (never a
   * guess), absent for lung recordings and older reports.
   */
  segmentation: z
    .array(z.object({ state: z.enum(['S1', 'systole', 'S2', 'diastole']), start: z.number(), end: z.number() }))
    .max(4000)
    .optional(),
});

export type BeatawareReport = z.infer<typeof beatawareReportSchema>;

export const recordingSchema = z.object({
  duration: z.number().min(0),
  mimeType: z.string(),
  size: z.number().int().min(0).optional(),
});

export const recordingVariants = ['Raw', 'Algo1', 'Algo2', 'Silence'] as const;
export const recordingVariantSchema = z.enum(recordingVariants);

/**
 * Upload limits (checked by content on the server). Recordings are 60 s (the recorder's cap) plus
 * a 10 % margin for device clocks and container overhead. The byte limit is that duration in the
 * largest format a stethoscope or browser recorder plausibly sends: 48 kHz, 2 channels, 32-bit
 * float = 384,000 B/s × 66 s = 25,344,000 B, rounded up to 26 MiB for headers and extra chunks.
 */
export const recordingLimits = {
  nominalDurationSec: 60,
  maxDurationSec: 66,
  maxBytes: 26 * 1024 * 1024,
} as const;

export const auscultationSchema = z.object({
  id: uuidSchema,
  dateCreated: isoDateTimeSchema,
  examId: uuidSchema,
  deviceLabel: z.string().max(200).nullable(),
  auscultationPoint: auscultationPointSchema,
  recording: recordingSchema.nullable(),
  noiseQualityRecord: noiseQualityRecordSchema.nullable(),
  heartrateBpm: z.number().nullable(),
  heartbeatPresent: z.boolean().nullable(),
  heartbeatNormal: z.boolean().nullable(),
  ausculthingDiagnosis: diagnosisSchema.nullable(),
  beatawareId: z.string().nullable(),
  beatawareStatus: beatawareStatusSchema.nullable(),
  beatawareReport: beatawareReportSchema.nullable(),
});
export type Auscultation = z.infer<typeof auscultationSchema>;

/** The JSON part of the multipart upload (file part: recordingData). */
export const createAuscultationPartSchema = z
  .object({
    auscultationPoint: auscultationPointSchema,
    deviceLabel: z.string().max(200).optional(),
    noiseQualityRecord: noiseQualityRecordSchema.optional(),
    /**
     * The client's key for one recording: an upload retried with the same key answers the
     * auscultation already stored for it (200) instead of storing a second one.
     */
    clientRecordingId: uuidSchema.optional(),
  })
  .strict();

const idParams = z.object({ id: uuidSchema });

/**
 * The upload's query when the patient sends a remote recording (exams-and-devices §7.4, "optional
 * virtual exam info in the query"): its virtual exam and the auscultation request it answers.
 */
export const createAuscultationQuerySchema = z
  .object({
    virtualExamId: uuidSchema,
    auscultationRequestId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  })
  .partial()
  .strict()
  .refine(
    (query) => (query.virtualExamId === undefined) === (query.auscultationRequestId === undefined),
    'A remote recording names both its virtual exam and its auscultation request',
  );

export const recordingPaths = {
  raw: '/auscultations/:id/recording/data',
  silenced: '/auscultations/:id/recording/normalized-data-silenced',
  std: '/auscultations/:id/recording/normalized-data-std',
  sg: '/auscultations/:id/recording/normalized-data-sg',
  /** Wavelet-denoised variant (Algo1); the other three are Raw, Algo2 (std) and Silence. */
  algo1: '/auscultations/:id/recording/normalized-data-algo1',
} as const;
export type RecordingPathName = keyof typeof recordingPaths;

/** Which recording path serves which player variant (Algo2 is the standardised file). */
export const recordingPathByVariant = {
  Raw: 'raw',
  Algo1: 'algo1',
  Algo2: 'std',
  Silence: 'silenced',
} as const satisfies Record<(typeof recordingVariants)[number], RecordingPathName>;

/** The report page's data (§2.12 double-click link): found by the unguessable beatawareId. */
export const auscultationReportSchema = z.object({
  beatawareId: z.string(),
  auscultationId: uuidSchema,
  examId: uuidSchema,
  auscultationPoint: auscultationPointSchema,
  dateCreated: isoDateTimeSchema,
  heartrateBpm: z.number().nullable(),
  ausculthingDiagnosis: diagnosisSchema.nullable(),
  beatawareStatus: beatawareStatusSchema.nullable(),
  beatawareReport: beatawareReportSchema.nullable(),
});
export type AuscultationReport = z.infer<typeof auscultationReportSchema>;

/** How many earlier recordings "Compare" offers: the last visits, not the whole history. */
export const earlierAuscultationsLimit = 20;
export const earlierAuscultationsSchema = z.object({
  auscultations: z.array(auscultationSchema).max(earlierAuscultationsLimit),
});
export type EarlierAuscultations = z.infer<typeof earlierAuscultationsSchema>;

export const auscultationRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/auscultations/:id',
    params: idParams,
    responses: { 200: auscultationSchema, 404: apiErrorSchema },
    summary: 'One auscultation',
  }),
  earlier: endpoint({
    method: 'GET',
    path: '/auscultations/:id/earlier',
    params: idParams,
    responses: { 200: earlierAuscultationsSchema, 404: apiErrorSchema },
    summary:
      "The same point's recordings in the patient's earlier exams, newest first (at most 20), to compare with this one",
  }),
  create: endpoint({
    method: 'POST',
    path: '/exams/:id/auscultations',
    // The patient of a live exam uploads its remote recordings here with its session token.
    patientSession: true,
    params: idParams,
    query: createAuscultationQuerySchema,
    multipart: { json: { auscultation: createAuscultationPartSchema }, files: ['recordingData'] },
    responses: {
      200: auscultationSchema,
      201: auscultationSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      403: apiErrorSchema,
      404: apiErrorSchema,
    },
    summary: 'Upload a recording (multipart: auscultation JSON + recordingData); 200 for a repeated clientRecordingId',
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/auscultations/:id',
    params: idParams,
    responses: { 204: z.null(), 403: apiErrorSchema, 404: apiErrorSchema },
    summary: 'Delete an auscultation and its recording',
  }),
  report: endpoint({
    method: 'GET',
    path: '/auscultation-reports/:beatawareId',
    params: z.object({ beatawareId: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
    responses: { 200: auscultationReportSchema, 404: apiErrorSchema },
    summary: 'The automated report of one auscultation, for the report page',
  }),
};

/**
 * The recording downloads: binary audio/wav with Content-Length and Accept-Ranges: bytes;
 * a Range header answers 206 (or 416, without a body, when unsatisfiable). 404 when the
 * variant is not ready.
 */
const recordingEndpoint = <P extends string>(path: P, variant: string) =>
  endpoint({
    method: 'GET',
    path,
    params: idParams,
    responses: {
      200: z.instanceof(Uint8Array),
      206: z.instanceof(Uint8Array),
      404: apiErrorSchema,
      416: z.null(),
    },
    summary: `Recording download (${variant})`,
  });
export const recordingRoutes = {
  raw: recordingEndpoint(recordingPaths.raw, 'Raw, the original upload'),
  silenced: recordingEndpoint(recordingPaths.silenced, 'Silence'),
  std: recordingEndpoint(recordingPaths.std, 'Algo2'),
  sg: recordingEndpoint(recordingPaths.sg, 'Savitzky-Golay'),
  algo1: recordingEndpoint(recordingPaths.algo1, 'Algo1'),
} satisfies Record<RecordingPathName, Endpoint>;
