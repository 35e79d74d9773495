import { z } from 'zod';
import { uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';

/**
 * The exam taken to the chart (issue 38): a FHIR R4 Bundle and a PDF report, both built on the
 * server from one view of the exam, with the patient masked exactly as the exam's GET masks it.
 */

/** One entry of the exported Bundle: a FHIR resource, typed loosely (the FHIR R4 definitions validate it). */
const fhirResourceSchema = z.looseObject({ resourceType: z.string(), id: z.string().optional() });

/** A FHIR R4 Bundle of type `collection` (http://hl7.org/fhir/R4/bundle.html). */
export const fhirBundleSchema = z.looseObject({
  resourceType: z.literal('Bundle'),
  type: z.literal('collection'),
  timestamp: z.string(),
  entry: z.array(z.looseObject({ fullUrl: z.string(), resource: fhirResourceSchema })),
});
export type FhirBundle = z.infer<typeof fhirBundleSchema>;

/** The report's paper: ISO A4 (210 × 297 mm) or US Letter (8.5 × 11 in). */
export const reportPaperSizes = ['a4', 'letter'] as const;
export const reportPaperSchema = z.enum(reportPaperSizes);
export type ReportPaper = z.infer<typeof reportPaperSchema>;

/** The FHIR export's media type (http://hl7.org/fhir/R4/http.html#mime-type). */
export const fhirJsonMimeType = 'application/fhir+json';

const idParams = z.object({ id: uuidSchema });

export const examExportRoutes = {
  fhir: endpoint({
    method: 'GET',
    path: '/exams/:id/fhir',
    params: idParams,
    responses: { 200: fhirBundleSchema, 404: apiErrorSchema },
    summary: 'The exam as a FHIR R4 Bundle (collection): Patient, Practitioners, DiagnosticReport, Observations, Media',
  }),
  reportPdf: endpoint({
    method: 'GET',
    path: '/exams/:id/report.pdf',
    params: idParams,
    query: z.object({ paper: reportPaperSchema.optional() }).strict(),
    responses: { 200: z.instanceof(Uint8Array), 404: apiErrorSchema },
    summary: 'The exam report as a PDF (A4 or US Letter)',
  }),
};
