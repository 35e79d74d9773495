import { z } from 'zod';
import { emailSchema, isoDateTimeSchema, nameSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { healthcareProviderSummarySchema } from './healthcare-provider.js';
import { patientProfileSchema } from './patient-profile.js';
import { pagedSchema } from './query.js';
import { auscultationSchema } from './auscultation.js';

/** exams-and-devices §3, virtual exam. */
export const virtualExamSchema = z.object({
  id: uuidSchema,
  accessCode: z.string(),
  examId: uuidSchema.nullable(),
  patientProfile: patientProfileSchema.optional(),
  healthcareProvider: healthcareProviderSummarySchema.optional(),
  exam: z
    .object({ notes: z.string().nullable(), auscultations: z.array(auscultationSchema).optional() })
    .nullable()
    .optional(),
  avRoomId: z.string().nullable(),
  link: z.url(),
  scheduledStartDate: isoDateTimeSchema.nullable(),
  scheduledEndDate: isoDateTimeSchema.nullable(),
  dateCreated: isoDateTimeSchema,
});
export type VirtualExam = z.infer<typeof virtualExamSchema>;

export const createVirtualExamBodySchema = z
  .object({
    healthcareProviderId: uuidSchema,
    patientProfileId: uuidSchema,
    scheduledStartDate: isoDateTimeSchema.optional(),
    scheduledEndDate: isoDateTimeSchema.optional(),
    timeZone: z.string().max(64),
  })
  .strict();

export const virtualExamAuthAnswerSchema = z.object({
  token: z.string(),
  tokenType: z.literal('Bearer'),
  expiresIn: z.number().int().positive(),
});

const idParams = z.object({ id: uuidSchema });

export const virtualExamRoutes = {
  create: endpoint({
    method: 'POST',
    path: '/virtual-exams',
    body: createVirtualExamBodySchema,
    responses: { 201: virtualExamSchema },
    summary: 'Schedule or start a virtual exam',
  }),
  get: endpoint({
    method: 'GET',
    path: '/virtual-exams/:id',
    params: idParams,
    responses: { 200: virtualExamSchema },
    summary: 'One virtual exam',
  }),
  search: endpoint({
    method: 'GET',
    path: '/search/virtual-exams',
    responses: { 200: pagedSchema(virtualExamSchema) },
    summary: 'Calendar range of the caller’s virtual exams',
  }),
  getExam: endpoint({
    method: 'GET',
    path: '/virtual-exams/:id/exam',
    params: idParams,
    responses: { 200: z.object({ id: uuidSchema }) },
    summary: 'The exam of a virtual exam',
  }),
  putExam: endpoint({
    method: 'PUT',
    path: '/virtual-exams/:id/exam',
    params: idParams,
    responses: { 200: z.object({ id: uuidSchema }) },
    summary: 'Create the exam of a virtual exam',
  }),
  invite: endpoint({
    method: 'POST',
    path: '/virtual-exams/:id/invitations',
    params: idParams,
    body: z.object({ recipientEmailAddress: emailSchema }).strict(),
    responses: { 204: z.null() },
    summary: 'Email the access information',
  }),
  byAccessCode: endpoint({
    method: 'GET',
    path: '/virtual-exams/access-code/:code',
    public: true,
    params: z.object({ code: z.string().min(6).max(32) }),
    responses: { 200: z.object({ id: uuidSchema }) },
    summary: 'Patient portal lookup by access code',
  }),
  auth: endpoint({
    method: 'POST',
    path: '/virtual-exams/:id/auth',
    public: true,
    params: idParams,
    body: z.object({ userName: nameSchema }).strict(),
    responses: { 200: virtualExamAuthAnswerSchema },
    summary: 'Patient token for a virtual exam',
  }),
};
