import { z } from 'zod';
import { auscultationPoints, createAuscultationPartSchema } from './auscultation.js';
import { emailSchema, isoDateSchema, isoDateTimeSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { listQueryParamsSchema, pagedSchema } from './query.js';
import { apiErrorSchema } from './errors.js';

/**
 * The points a patient can record alone: the standard heart and lung points (h1–h5, l1–l5).
 * 'Other' needs a clinician to place the stethoscope, so it is in-person only (exams-and-devices §3).
 */
export const selfExamPoints = auscultationPoints.filter((point) => point.type === 'heart' || point.type === 'lungs');
export const selfExamPointLabels = selfExamPoints.map((point) => point.label) as [string, ...string[]];
export const selfExamPointLabelSchema = z.enum(selfExamPointLabels);

export const selfExamLimits = { instructionsMaxLength: 2000 } as const;

/** exams-and-devices §3, self exam request; §5: at least one point, instructions optional. */
export const selfExamRequestBodySchema = z
  .object({
    healthcareProviderId: uuidSchema,
    examDate: isoDateSchema,
    instructions: z.string().max(selfExamLimits.instructionsMaxLength).optional(),
    auscultationPoints: z
      .array(selfExamPointLabelSchema)
      .min(1)
      .max(selfExamPointLabels.length)
      .refine((labels) => new Set(labels).size === labels.length, 'Each auscultation point may be asked for once'),
  })
  .strict();
export type SelfExamRequestBody = z.infer<typeof selfExamRequestBodySchema>;

export const selfExamRequestSchema = z.object({
  id: uuidSchema,
  patientProfileId: uuidSchema,
  healthcareProviderId: uuidSchema,
  organizationId: uuidSchema,
  examDate: isoDateSchema,
  instructions: z.string().nullable(),
  auscultationPoints: z.array(z.string()),
  accessCode: z.string(),
  link: z.url(),
  dateCreated: isoDateTimeSchema,
  finalizedAt: isoDateTimeSchema.nullable(),
});
export type SelfExamRequest = z.infer<typeof selfExamRequestSchema>;

/** Send Access Info (exams-and-devices §5): the address is pre-filled with the patient's. */
export const selfExamEmailBodySchema = z.object({ emailAddress: emailSchema }).strict();

const idParams = z.object({ id: uuidSchema });

/**
 * How long a patient can still record after the exam date: the spec names no figure, so the
 * request stays open for a week after the date the clinician chose (README, Self exams).
 */
export const selfExamOpenDaysAfterExamDate = 7;

export const selfExamAuthBodySchema = z
  .object({ accessCode: z.string().min(6).max(32), selfExamRequestId: uuidSchema })
  .strict();

/** One point the patient is asked to record; `auscultationId` once it is uploaded. */
export const selfExamAuscultationRequestSchema = z.object({
  id: uuidSchema,
  auscultationPoint: z.string(),
  auscultationId: uuidSchema.nullable(),
});
export type SelfExamAuscultationRequest = z.infer<typeof selfExamAuscultationRequestSchema>;

/** What the patient's pages show: the clinician's instructions and the points, never other patient data. */
export const selfExamSessionSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int(),
  selfExamRequestId: uuidSchema,
  providerName: z.string().nullable(),
  organizationName: z.string(),
  examDate: isoDateSchema,
  instructions: z.string().nullable(),
  auscultationRequests: z.array(selfExamAuscultationRequestSchema),
  finalized: z.boolean(),
  /** 'provider': the clinician asked for these points; 'patient': the patient chose them with a standing link. */
  initiatedBy: z.enum(['provider', 'patient']),
});
export type SelfExamSession = z.infer<typeof selfExamSessionSchema>;

export const selfExamUploadResultSchema = z.object({
  id: uuidSchema,
  /** True once every requested point has its recording: the request is then complete. */
  finalized: z.boolean(),
});

/** Where a request stands, for the provider's list (clinician-portal §2.1 /self-exam-requests). */
export const selfExamRequestStatusSchema = z.enum(['requested', 'in-progress', 'completed', 'expired']);
export type SelfExamRequestStatus = z.infer<typeof selfExamRequestStatusSchema>;
export const selfExamRequestStatusLabels: Record<SelfExamRequestStatus, string> = {
  requested: 'Requested',
  'in-progress': 'In progress',
  completed: 'Completed',
  expired: 'Expired',
};

/** One row of the provider's request list: no access code, the patient's name only. */
export const selfExamRequestListItemSchema = z.object({
  id: uuidSchema,
  patientProfileId: uuidSchema,
  patientName: z.string(),
  examDate: isoDateSchema,
  auscultationPoints: z.array(z.string()),
  recordedPoints: z.number().int(),
  status: selfExamRequestStatusSchema,
  examId: uuidSchema.nullable(),
  dateCreated: isoDateTimeSchema,
});
export type SelfExamRequestListItem = z.infer<typeof selfExamRequestListItemSchema>;

export const selfExamRoutes = {
  search: endpoint({
    method: 'GET',
    path: '/search/self-exam-requests',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(selfExamRequestListItemSchema) },
    summary: 'The caller’s own self-exam requests, newest first; filter search (patient name)',
  }),
  create: endpoint({
    method: 'POST',
    path: '/patient-profiles/:id/self-exam-requests',
    params: idParams,
    body: selfExamRequestBodySchema,
    responses: { 201: selfExamRequestSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    summary: 'Request a self exam from a patient of the caller’s organization',
  }),
  get: endpoint({
    method: 'GET',
    path: '/self-exam-requests/:id',
    params: idParams,
    responses: { 200: selfExamRequestSchema, 404: apiErrorSchema },
    summary: 'One self-exam request of the caller’s organization, with its access code and link',
  }),
  sendAccessInfo: endpoint({
    method: 'POST',
    path: '/self-exam-requests/:id/emails',
    params: idParams,
    body: selfExamEmailBodySchema,
    responses: { 204: z.null(), 404: apiErrorSchema },
    summary: 'Email the patient the self-exam link and access code',
  }),
  auth: endpoint({
    method: 'POST',
    path: '/self-exam-requests/auth',
    public: true,
    body: selfExamAuthBodySchema,
    responses: { 200: selfExamSessionSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    summary: 'Patient token for a self exam, with what the patient is asked to record',
  }),
  accessCodes: endpoint({
    method: 'POST',
    path: '/self-exam-requests/:id/access-codes',
    public: true,
    params: idParams,
    responses: { 204: z.null(), 429: apiErrorSchema },
    summary: 'Send the patient a new access code (answers 204 whether or not the request exists)',
  }),
  finalized: endpoint({
    method: 'GET',
    path: '/self-exam-requests/:id/finalized',
    public: true,
    params: idParams,
    responses: { 200: z.object({ finalized: z.boolean() }), 401: apiErrorSchema },
    summary: 'Whether the self exam is complete (with the patient token of this request)',
  }),
  uploadAuscultation: endpoint({
    method: 'PUT',
    path: '/self-exam-requests/:id/auscultation-requests/:arId/auscultation',
    // Public to the provider-token hook: the handler checks the patient token of this request.
    public: true,
    params: z.object({ id: uuidSchema, arId: uuidSchema }),
    multipart: { json: { auscultation: createAuscultationPartSchema }, files: ['recordingData'] },
    responses: {
      200: selfExamUploadResultSchema,
      201: selfExamUploadResultSchema,
      400: apiErrorSchema,
      401: apiErrorSchema,
      404: apiErrorSchema,
    },
    summary: 'Upload one requested recording (multipart); 200 for a repeated clientRecordingId',
  }),
};
