import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema, emailSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { healthcareProviderSummarySchema } from './healthcare-provider.js';
import { patientProfileSchema } from './patient-profile.js';
import { listQueryParamsSchema, pagedSchema } from './query.js';
import { auscultationSchema } from './auscultation.js';
import { murmurOptions } from './murmur.js';

/** Exam types as stored and sent (clinician-portal §3); labels are what screens show. */
export const examTypeSchema = z.enum(['live', 'self-provider-initiated', 'self-patient-initiated', 'in-person']);
export type ExamType = z.infer<typeof examTypeSchema>;
export const examTypeLabels: Record<ExamType, string> = {
  live: 'Virtual',
  'self-provider-initiated': 'Self - Provider Initiated',
  'self-patient-initiated': 'Self - Patient Initiated',
  'in-person': 'In Person',
};

/** Notes maximum length: the spec leaves the value open; 5000 characters, enforced both sides. */
export const notesMaxLength = 5000;

/** Enhanced-notes options (clinician-portal §9); the last of each group is exclusive (§4). */
export const breathSoundOptions = [
  'Stridor',
  'Pleural Rub',
  'Rhonchi',
  'Wheezing',
  'Crackling',
  'Likely regular respiratory sounds',
] as const;
export const enhancedNoteGroups = [
  { name: 'Murmur', options: murmurOptions, exclusive: 'Likely no murmur' },
  { name: 'Breath sounds', options: breathSoundOptions, exclusive: 'Likely regular respiratory sounds' },
] as const;
export const enhancedNoteLabelSchema = z.enum([...murmurOptions, ...breathSoundOptions]);

/** A set of selected labels is valid when no exclusive option is combined with others of its group. */
export const enhancedNotesSchema = z
  .array(enhancedNoteLabelSchema)
  .max(murmurOptions.length + breathSoundOptions.length)
  .refine((labels) => new Set(labels).size === labels.length, 'Duplicate labels')
  .refine(
    (labels) =>
      enhancedNoteGroups.every(
        (group) =>
          !labels.includes(group.exclusive) ||
          labels.filter((label) => (group.options as readonly string[]).includes(label)).length === 1,
      ),
    'An exclusive option cannot be combined with other options of its group',
  );

/**
 * An exam. When its patient belongs to another organization (council), the server leaves out
 * the patient profile and its id and sets patientMasked (clinician-portal §6).
 */
export const examSchema = z.object({
  id: uuidSchema,
  type: examTypeSchema,
  patientId: uuidSchema.nullable(),
  patientProfileId: uuidSchema.nullable(),
  patientMasked: z.boolean(),
  healthcareProviderId: uuidSchema,
  organizationId: uuidSchema,
  dateCreated: isoDateTimeSchema,
  notes: z.string().max(notesMaxLength).nullable(),
  enhancedNotes: z.array(enhancedNoteLabelSchema),
  reviewed: z.boolean(),
  patientProfile: patientProfileSchema.optional(),
  healthcareProvider: healthcareProviderSummarySchema.optional(),
  auscultations: z.array(auscultationSchema).optional(),
});
export type Exam = z.infer<typeof examSchema>;

export const examNavigationSchema = z.object({
  prevId: uuidSchema.nullable(),
  nextId: uuidSchema.nullable(),
  totalExams: z.number().int().min(0),
  examSequenceNumber: z.number().int().min(0),
});
export type ExamNavigation = z.infer<typeof examNavigationSchema>;

/** POST /exams accepts `type` or `examType` ('virtual' or 'in-person', exams-and-devices §3, §7.4). */
export const createExamBodySchema = z
  .object({
    type: z.enum(['virtual', 'in-person']).optional(),
    examType: z.enum(['virtual', 'in-person']).optional(),
    healthcareProviderId: uuidSchema,
    patientProfileId: uuidSchema,
    patientId: uuidSchema.optional(),
  })
  .strict()
  .refine((body) => body.type ?? body.examType, 'type or examType is required');

const idParams = z.object({ id: uuidSchema });
const valueBody = <T extends z.ZodType>(value: T) => z.object({ value }).strict();

export const examRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/exams/:id',
    params: idParams,
    query: listQueryParamsSchema,
    responses: { 200: examSchema, 404: apiErrorSchema },
    summary: 'One exam; joinedLoads patientProfile, auscultations',
  }),
  search: endpoint({
    method: 'GET',
    path: '/search/exams',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(examSchema) },
    summary: 'Exams; filters patientProfileId, healthcareProviderId',
  }),
  searchOrganization: endpoint({
    method: 'GET',
    path: '/search/organization-exams',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(examSchema) },
    summary: 'Exams of the caller’s organization',
  }),
  searchCouncil: endpoint({
    method: 'GET',
    path: '/search/council-exams',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(examSchema) },
    summary: 'Exams across organizations, patients of others masked',
  }),
  adjacent: endpoint({
    method: 'GET',
    path: '/exams/:id/adjacent',
    params: idParams,
    /** 'true': walk the whole organization's list ('All'); otherwise the caller's own ('My Exams'). */
    query: z.object({ isOrganizationExams: z.enum(['true', 'false']).optional() }),
    responses: { 200: examNavigationSchema },
    summary: 'Neighbouring exams and position',
  }),
  setReviewed: endpoint({
    method: 'PUT',
    path: '/exams/:id/reviewed',
    params: idParams,
    body: valueBody(z.boolean()),
    responses: { 200: examSchema },
    summary: 'Mark reviewed or unreviewed',
  }),
  setNotes: endpoint({
    method: 'PUT',
    path: '/exams/:id/notes',
    params: idParams,
    body: valueBody(z.string().max(notesMaxLength)),
    responses: { 200: examSchema },
    summary: 'Free-text notes',
  }),
  setEnhancedNotes: endpoint({
    method: 'PUT',
    path: '/exams/:id/enhanced-notes',
    params: idParams,
    body: valueBody(enhancedNotesSchema),
    responses: { 200: examSchema },
    summary: 'Structured notes',
  }),
  share: endpoint({
    method: 'POST',
    path: '/exams/:id/shares',
    params: idParams,
    body: z.object({ emailAddress: emailSchema }).strict(),
    responses: { 204: z.null() },
    summary: 'Email a link to the exam',
  }),
  create: endpoint({
    method: 'POST',
    path: '/exams',
    body: createExamBodySchema,
    responses: { 201: examSchema, 403: apiErrorSchema, 404: apiErrorSchema },
    summary: 'Create an exam for a patient of the caller’s organization, conducted by the caller',
  }),
};

/**
 * Who may change an exam's recordings (record, delete): only its own organization; council
 * members of other organizations may look, note and review, never change them. One rule for the
 * API, which enforces it, and the web app, which offers only what it allows (issue 22).
 */
export function mayChangeRecordings(examOrganizationId: string, callerOrganizationId: string | null | undefined) {
  return callerOrganizationId != null && examOrganizationId === callerOrganizationId;
}

/** clinician-portal §6: a patient of another organization appears as ten asterisks, on screen and in exports. */
export const maskedPatientName = '**********';

/** How a provider is named to colleagues: the display name they chose, else their name, else their address. */
export function providerName(
  provider:
    { displayName: string | null; firstName: string | null; lastName: string | null; emailAddress: string } | undefined,
): string {
  if (!provider) return '—';
  if (provider.displayName) return provider.displayName;
  const name = [provider.firstName, provider.lastName].filter(Boolean).join(' ');
  return name || provider.emailAddress;
}
