import { z } from 'zod';
import { emailSchema, nameSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';

/** The patient-side identity record (clinician-portal §7, Patients). */
export const patientSchema = z.object({
  id: uuidSchema,
  auth0UserId: z.string(),
  firstName: nameSchema,
  lastName: nameSchema,
  emailAddress: emailSchema,
  tcVersion: z.number().int().min(0),
});
export const createPatientBodySchema = patientSchema.strict();
export const updatePatientBodySchema = patientSchema.omit({ id: true, auth0UserId: true }).partial().strict();

/** Device log (GET /ems/log, unauth): device units. */
export const deviceUnitSchema = z.object({ id: z.string(), label: z.string(), lastSeen: z.string().nullable() });

const idParams = z.object({ id: uuidSchema });
export const patientRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/patients/:id',
    params: idParams,
    responses: { 200: patientSchema },
    summary: 'Patient identity record',
  }),
  update: endpoint({
    method: 'PATCH',
    path: '/patients/:id',
    params: idParams,
    body: updatePatientBodySchema,
    responses: { 200: patientSchema },
    summary: 'Update a patient record',
  }),
  create: endpoint({
    method: 'POST',
    path: '/patients',
    body: createPatientBodySchema,
    responses: { 201: patientSchema },
    summary: 'Create a patient record',
  }),
  emsLog: endpoint({
    method: 'GET',
    path: '/ems/log',
    public: true,
    responses: { 200: z.array(deviceUnitSchema) },
    summary: 'Device units',
  }),
};
