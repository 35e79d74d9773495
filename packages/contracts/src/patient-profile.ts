import { z } from 'zod';
import { emailSchema, isoDateSchema, isoDateTimeSchema, nameSchema, personNamePattern, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { healthcareProviderSummarySchema } from './healthcare-provider.js';
import { pagedSchema } from './query.js';

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

export const createPatientProfileBodySchema = z
  .object({
    organizationId: uuidSchema.optional(),
    healthcareProviderId: uuidSchema.optional(),
    firstName: nameSchema.regex(personNamePattern),
    lastName: nameSchema.regex(personNamePattern),
    emailAddress: emailSchema,
    sex: sexSchema.optional(),
    birthdate: isoDateSchema,
  })
  .strict();
export const updatePatientProfileBodySchema = createPatientProfileBodySchema
  .omit({ organizationId: true, healthcareProviderId: true })
  .partial()
  .strict();

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
    responses: { 200: pagedSchema(patientProfileSchema) },
    summary: 'Patient profiles; filters organizationId, healthcareProviderId, search',
  }),
  create: endpoint({
    method: 'POST',
    path: '/patient-profiles',
    body: createPatientProfileBodySchema,
    responses: { 201: z.object({ id: uuidSchema }), 409: apiErrorSchema },
    summary: 'Create a patient profile in the caller’s organization',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/patient-profiles/:id',
    params: idParams,
    body: updatePatientProfileBodySchema,
    responses: { 200: patientProfileSchema },
    summary: 'Change only the fields sent',
  }),
};
