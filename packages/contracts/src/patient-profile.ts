import { z } from 'zod';
import { emailSchema, isoDateSchema, isoDateTimeSchema, nameSchema, personNamePattern, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { healthcareProviderSummarySchema } from './healthcare-provider.js';
import { listQueryParamsSchema, pagedSchema } from './query.js';

export const sexSchema = z.enum(['male', 'female', 'unknown']);
export type Sex = z.infer<typeof sexSchema>;

/**
 * A patient profile. Fields that identify the patient are nullable because the server masks
 * them for other organizations (clinician-portal §6).
 */
export const patientProfileSchema = z.object({
  id: uuidSchema,
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  fullName: z.string().nullable(),
  dateCreated: isoDateTimeSchema,
  emailAddress: z.string().nullable(),
  birthdate: isoDateSchema.nullable(),
  sex: sexSchema.nullable(),
  healthcareProviderId: uuidSchema,
  organizationId: uuidSchema,
  healthcareProvider: healthcareProviderSummarySchema.optional(),
  /** false when the server masked this profile for the caller. */
  masked: z.boolean().default(false),
});
export type PatientProfile = z.infer<typeof patientProfileSchema>;

/** exams-and-devices §9: birthdates from 1900-01-01 to today. */
export const birthdateRange = { min: '1900-01-01' } as const;

/**
 * A birthdate of the patient form: a real calendar date, not before 1900, not in the future. The
 * server allows one day past its UTC date, since "today" where the clinician sits may be tomorrow in UTC.
 */
export const birthdateSchema = isoDateSchema.refine((value) => {
  const latest = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return value >= birthdateRange.min && value <= latest;
}, 'The birthdate must be between 1900-01-01 and today');

/** The fields a provider sets on a profile (exams-and-devices §7.5): the create body without the ids the server stamps. */
export const patientProfileFieldsSchema = z
  .object({
    firstName: nameSchema.regex(personNamePattern),
    lastName: nameSchema.regex(personNamePattern),
    emailAddress: emailSchema,
    sex: sexSchema.optional(),
    birthdate: birthdateSchema,
  })
  .strict();
export type PatientProfileFields = z.infer<typeof patientProfileFieldsSchema>;

export const createPatientProfileBodySchema = patientProfileFieldsSchema
  .extend({ organizationId: uuidSchema.optional(), healthcareProviderId: uuidSchema.optional() })
  .strict();
export const updatePatientProfileBodySchema = patientProfileFieldsSchema.partial().strict();

const idParams = z.object({ id: uuidSchema });

export const patientProfileRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/patient-profiles/:id',
    params: idParams,
    responses: { 200: patientProfileSchema, 404: apiErrorSchema },
    summary: 'One patient profile of the caller’s organization',
  }),
  search: endpoint({
    method: 'GET',
    path: '/search/patient-profiles',
    query: listQueryParamsSchema,
    responses: { 200: pagedSchema(patientProfileSchema) },
    summary: 'Patient profiles; filters organizationId, healthcareProviderId, search',
  }),
  create: endpoint({
    method: 'POST',
    path: '/patient-profiles',
    body: createPatientProfileBodySchema,
    responses: { 201: z.object({ id: uuidSchema }), 403: apiErrorSchema, 409: apiErrorSchema },
    summary: 'Create a patient profile in the caller’s organization',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/patient-profiles/:id',
    params: idParams,
    body: updatePatientProfileBodySchema,
    responses: { 200: patientProfileSchema, 404: apiErrorSchema, 409: apiErrorSchema },
    summary: 'Change only the fields sent',
  }),
};
