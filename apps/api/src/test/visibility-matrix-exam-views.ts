import type { Row } from './visibility-matrix.js';

/**
 * Rows of the cross-organization matrix for the views of an exam beyond its page: the exam taken to
 * the chart (issue 38: FHIR bundle and PDF report, the patient masked for the council) and Compare's
 * earlier recordings of a point (issue 40: recordings only, no patient identity). Each is visible as
 * the exam is; another organization's exam is answered like a missing one.
 */
const notFound = { status: 404, errorName: 'RESOURCE_DOES_NOT_EXIST' };

export const examViewRows: Record<string, Row> = {
  'GET /api/v1/exams/:id/fhir': {
    request: (c) => ({ method: 'GET', url: `/api/v1/exams/${c.other.examId}/fhir` }),
    council: { status: 200 },
    plain: notFound,
  },
  'GET /api/v1/exams/:id/report.pdf': {
    request: (c) => ({ method: 'GET', url: `/api/v1/exams/${c.other.examId}/report.pdf?paper=a4` }),
    council: { status: 200 },
    plain: notFound,
  },
  'GET /api/v1/auscultations/:id/earlier': {
    request: (c) => ({ method: 'GET', url: `/api/v1/auscultations/${c.other.auscultationId}/earlier` }),
    council: { status: 200 },
    plain: notFound,
  },
};
