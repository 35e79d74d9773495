import { z } from 'zod';
import { isoDateSchema, isoDateTimeSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';

/** exams-and-devices §3, self exam request; §5: at least one point, instructions optional. */
export const selfExamRequestBodySchema = z
  .object({
    healthcareProviderId: uuidSchema,
    examDate: isoDateSchema,
    instructions: z.string().max(2000).optional(),
    auscultationPoints: z.array(z.string().min(1).max(20)).min(1).max(11),
  })
  .strict();

export const selfExamRequestSchema = selfExamRequestBodySchema.extend({
  id: uuidSchema,
  patientProfileId: uuidSchema,
  accessCode: z.string(),
  link: z.url(),
  dateCreated: isoDateTimeSchema,
});
export type SelfExamRequest = z.infer<typeof selfExamRequestSchema>;

const idParams = z.object({ id: uuidSchema });

export const selfExamRoutes = {
  create: endpoint({
    method: 'POST',
    path: '/patient-profiles/:id/self-exam-requests',
    params: idParams,
    body: selfExamRequestBodySchema,
    responses: { 201: selfExamRequestSchema },
    summary: 'Request a self exam from a patient',
  }),
  auth: endpoint({
    method: 'POST',
    path: '/self-exam-requests/auth',
    public: true,
    body: z.object({ accessCode: z.string().min(6).max(32), selfExamRequestId: uuidSchema }).strict(),
    responses: { 200: z.object({ token: z.string(), expiresIn: z.number().int() }) },
    summary: 'Patient token for a self exam',
  }),
  accessCodes: endpoint({
    method: 'POST',
    path: '/self-exam-requests/:id/access-codes',
    public: true,
    params: idParams,
    responses: { 204: z.null() },
    summary: 'Send the patient a new access code',
  }),
  finalized: endpoint({
    method: 'GET',
    path: '/self-exam-requests/:id/finalized',
    public: true,
    params: idParams,
    responses: { 200: z.object({ finalized: z.boolean() }) },
    summary: 'Whether the self exam is complete',
  }),
  uploadAuscultation: endpoint({
    method: 'PUT',
    path: '/self-exam-requests/:id/auscultation-requests/:arId/auscultation',
    params: z.object({ id: uuidSchema, arId: uuidSchema }),
    responses: { 200: z.object({ id: uuidSchema }) },
    summary: 'Upload one requested recording (multipart)',
  }),
};
