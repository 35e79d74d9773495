import { z } from 'zod';
import { isoDateTimeSchema, nameSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { examSchema } from './exam.js';
import { healthcareProviderSummarySchema } from './healthcare-provider.js';
import { patientProfileSchema } from './patient-profile.js';
import { listQueryParamsSchema, pagedSchema } from './query.js';

/**
 * Scheduling rules (exams-and-devices §5, §9): times on 5-minute steps, no past dates, end at
 * least 5 minutes after the start, 15 minutes by default. The longest exam is our choice: a
 * day, so a slip of the date picker cannot make a code that lives for months.
 */
export const schedulingRules = {
  stepMinutes: 5,
  defaultDurationMinutes: 15,
  minimumDurationMinutes: 5,
  maximumDurationMinutes: 24 * 60,
} as const;

/**
 * How long an access code opens its exam. Scheduled exams: until the scheduled end plus a grace,
 * for the exam that runs late and the patient who reconnects after it should have ended. Exams
 * started now have no end: their code lives a fixed time from creation.
 */
export const accessCodeLifetime = {
  scheduledGraceMinutes: 120,
  startNowMinutes: 240,
} as const;

/**
 * Access codes are 10 characters from 32 (50 bits); they are shown and typed as xxx-xxx-rest
 * (exams-and-devices §2.2). Input is forgiving: case, spaces and dashes do not matter.
 */
export const accessCodePattern = /^[A-HJ-NP-Z2-9]{10}$/;
export function normalizeAccessCode(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}
export function formatAccessCode(code: string): string {
  return code.length <= 6 ? code : `${code.slice(0, 3)}-${code.slice(3, 6)}-${code.slice(6)}`;
}
/** exams-and-devices §9, the access info copy text; {host} is the portal's public address. */
export function accessInfoCopyText(host: string, code: string): string {
  return `To join the virtual exam, navigate to ${host}/live-exam and enter the code ${formatAccessCode(code)}`;
}

/** exams-and-devices §3, virtual exam; the joined loads are present only when asked for. */
export const virtualExamSchema = z.object({
  id: uuidSchema,
  organizationId: uuidSchema,
  healthcareProviderId: uuidSchema,
  patientProfileId: uuidSchema,
  /** Stored without dashes; screens show it with formatAccessCode. */
  accessCode: z.string(),
  accessCodeExpiresAt: isoDateTimeSchema,
  examId: uuidSchema.nullable(),
  avRoomId: z.string().nullable(),
  link: z.url(),
  scheduledStartDate: isoDateTimeSchema.nullable(),
  scheduledEndDate: isoDateTimeSchema.nullable(),
  /** The IANA zone the provider scheduled in (the invitation's times are written in it). */
  timeZone: z.string(),
  dateCreated: isoDateTimeSchema,
  patientProfile: patientProfileSchema.optional(),
  healthcareProvider: healthcareProviderSummarySchema.optional(),
  exam: examSchema.nullable().optional(),
});
export type VirtualExam = z.infer<typeof virtualExamSchema>;

/** exams-and-devices §7.1 POST /virtual-exams: dates for a scheduled exam, none to start now. */
export const createVirtualExamBodySchema = z
  .object({
    healthcareProviderId: uuidSchema,
    patientProfileId: uuidSchema,
    scheduledStartDate: isoDateTimeSchema.optional(),
    scheduledEndDate: isoDateTimeSchema.optional(),
    timeZone: z.string().min(1).max(64),
  })
  .strict()
  .refine(
    (body) => (body.scheduledStartDate === undefined) === (body.scheduledEndDate === undefined),
    'A scheduled exam needs both a start and an end; an exam started now has neither',
  );
export type CreateVirtualExamBody = z.infer<typeof createVirtualExamBodySchema>;

/** The `q` whitelist of GET /virtual-exams/:id (exams-and-devices §7.1). */
export const virtualExamJoinedLoads = ['healthcareProvider', 'patientProfile', 'exam', 'exam.auscultations'] as const;
/** The `q` whitelist of the calendar search: the provider's own exams in a range. */
export const virtualExamSearchWhitelist = {
  filters: {
    healthcareProviderId: ['eq'],
    patientProfileId: ['eq'],
    scheduledStartDate: ['gte', 'gt', 'lte', 'lt'],
    scheduledEndDate: ['gte', 'gt', 'lte', 'lt'],
  },
  sorts: ['scheduledStartDate', 'scheduledEndDate', 'dateCreated'],
  joinedLoads: ['healthcareProvider', 'patientProfile'],
} as const;

/**
 * The patient's session (POST /virtual-exams/:id/auth): a bearer token for this virtual exam
 * only, `expiresIn` seconds long; refreshed while the exam's code is valid.
 */
export const patientSessionSchema = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().positive(),
  virtualExamId: uuidSchema,
  /** Stays the same across refreshes: the patient's entry in the participant log. */
  participantId: z.string(),
  userName: z.string(),
});
export type PatientSession = z.infer<typeof patientSessionSchema>;

/**
 * The access code rides with the name: the spec shows only {userName}, but the exam id is in
 * the link, so the id alone must not open the exam.
 */
export const virtualExamAuthBodySchema = z
  .object({ userName: nameSchema, accessCode: z.string().min(1).max(32) })
  .strict();

/** What the patient portal learns from a code: only where to go next, never who is examined. */
export const accessCodeLookupSchema = z.object({
  virtualExamId: uuidSchema,
  scheduledStartDate: isoDateTimeSchema.nullable(),
  scheduledEndDate: isoDateTimeSchema.nullable(),
});

const idParams = z.object({ id: uuidSchema });
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

export const virtualExamRoutes = {
  create: endpoint({
    method: 'POST',
    path: '/virtual-exams',
    body: createVirtualExamBodySchema,
    responses: { 201: virtualExamSchema, ...errors },
    summary:
      'Schedule a virtual exam, or start one now (no dates); answers it with patientProfile and healthcareProvider',
  }),
  get: endpoint({
    method: 'GET',
    path: '/virtual-exams/:id',
    params: idParams,
    query: listQueryParamsSchema,
    responses: { 200: virtualExamSchema, 404: apiErrorSchema },
    summary: 'One virtual exam of the caller’s organization; joinedLoads as virtualExamJoinedLoads',
  }),
  search: endpoint({
    method: 'GET',
    path: '/search/virtual-exams',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(virtualExamSchema), 400: apiErrorSchema },
    summary: 'Calendar: the caller’s own virtual exams, filtered as virtualExamSearchWhitelist',
  }),
  getExam: endpoint({
    method: 'GET',
    path: '/virtual-exams/:id/exam',
    params: idParams,
    responses: { 200: examSchema, 404: apiErrorSchema },
    summary: 'The exam (type live) of a virtual exam',
  }),
  putExam: endpoint({
    method: 'PUT',
    path: '/virtual-exams/:id/exam',
    params: idParams,
    responses: { 201: examSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    summary: 'Create the exam of a virtual exam (type live); EXAM_EXISTS when it has one',
  }),
  invite: endpoint({
    method: 'POST',
    path: '/virtual-exams/:id/invitations',
    params: idParams,
    // The address is checked by the handler, so that a bad one answers INVALID_EMAIL (§8).
    body: z.object({ recipientEmailAddress: z.string().max(320) }).strict(),
    responses: { 204: z.null(), 400: apiErrorSchema, 404: apiErrorSchema },
    summary: 'Email the access information (link and code) to the patient',
  }),
  byAccessCode: endpoint({
    method: 'GET',
    path: '/virtual-exams/access-code/:code',
    public: true,
    params: z.object({ code: z.string().min(1).max(32) }),
    responses: { 200: accessCodeLookupSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    summary: 'Patient portal: which virtual exam a code opens (EXPIRED_ACCESS_CODE for any code that opens none)',
  }),
  auth: endpoint({
    method: 'POST',
    path: '/virtual-exams/:id/auth',
    public: true,
    params: idParams,
    body: virtualExamAuthBodySchema,
    responses: { 200: patientSessionSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    summary: 'Patient portal: a session token for this virtual exam, for a name and the access code',
  }),
  refreshAuth: endpoint({
    method: 'POST',
    path: '/virtual-exams/:id/auth/refresh',
    public: true,
    params: idParams,
    responses: { 200: patientSessionSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    summary: 'Patient portal: a fresh session token (bearer: the current patient token) while the exam is live',
  }),
};
