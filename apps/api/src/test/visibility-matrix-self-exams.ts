import { encodeWav } from '@auscura/audio-engine';
import { encodeListQuery } from '@auscura/contracts';
import { auscultationUpload } from './multipart.js';
import type { Row } from './visibility-matrix.js';

/**
 * The self-exam rows of the cross-organization matrix (issue 18): a wrong code is refused like an
 * unknown one; a new code goes only to the patient's own address (204 whoever asks); a provider's
 * token is no patient token; the request list and the arrivals are the caller's own; another
 * organization's patient has no standing link to see, send or turn off (answered as missing).
 */
const expiredCode = { status: 401, errorName: 'EXPIRED_ACCESS_CODE' };
const notFound = { status: 404, errorName: 'RESOURCE_DOES_NOT_EXIST' };
const notAPatientToken = { status: 401, errorName: 'UNAUTHORIZED' };
const q = (value: object) => `?q=${encodeURIComponent(encodeListQuery(value))}`;
const selfExamUpload = () => {
  const body = auscultationUpload(
    { auscultationPoint: { type: 'heart', label: 'h1' } },
    Buffer.from(encodeWav([new Float32Array(4000)], 4000)),
  );
  return { payload: body.payload, headers: body.headers };
};

export const selfExamRows: Record<string, Row> = {
  'GET /api/v1/search/self-exam-requests': {
    request: () => ({
      method: 'GET',
      url: `/api/v1/search/self-exam-requests${q({ pagination: { pageNumber: 1, pageSize: 100 } })}`,
    }),
    council: { status: 200 },
    plain: { status: 200 },
  },
  'POST /api/v1/self-exam-requests/auth': {
    request: (c) => ({
      method: 'POST',
      url: '/api/v1/self-exam-requests/auth',
      payload: { selfExamRequestId: c.other.selfExamRequestId, accessCode: 'AAAA-BBBB-CC' },
    }),
    council: expiredCode,
    plain: expiredCode,
  },
  'POST /api/v1/self-exam-requests/:id/access-codes': {
    request: (c) => ({ method: 'POST', url: `/api/v1/self-exam-requests/${c.other.selfExamRequestId}/access-codes` }),
    council: { status: 204 },
    plain: { status: 204 },
  },
  'GET /api/v1/self-exam-requests/:id/finalized': {
    request: (c) => ({ method: 'GET', url: `/api/v1/self-exam-requests/${c.other.selfExamRequestId}/finalized` }),
    council: notAPatientToken,
    plain: notAPatientToken,
  },
  'PUT /api/v1/self-exam-requests/:id/auscultation-requests/:arId/auscultation': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/v1/self-exam-requests/${c.other.selfExamRequestId}/auscultation-requests/${c.other.selfExamRequestId}/auscultation`,
      ...selfExamUpload(),
    }),
    council: notAPatientToken,
    plain: notAPatientToken,
  },
  'GET /api/v1/patient-profiles/:id/self-exam-link': {
    request: (c) => ({ method: 'GET', url: `/api/v1/patient-profiles/${c.other.patientProfileId}/self-exam-link` }),
    council: notFound,
    plain: notFound,
  },
  'POST /api/v1/patient-profiles/:id/self-exam-link': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/patient-profiles/${c.other.patientProfileId}/self-exam-link`,
      payload: {},
    }),
    council: notFound,
    plain: notFound,
  },
  'DELETE /api/v1/patient-profiles/:id/self-exam-link': {
    request: (c) => ({ method: 'DELETE', url: `/api/v1/patient-profiles/${c.other.patientProfileId}/self-exam-link` }),
    council: notFound,
    plain: notFound,
  },
  'POST /api/v1/self-exam-links/auth': {
    request: (c) => ({
      method: 'POST',
      url: '/api/v1/self-exam-links/auth',
      payload: { selfExamLinkId: c.other.selfExamLinkId, accessCode: 'AAAA-BBBB-CC' },
    }),
    council: expiredCode,
    plain: expiredCode,
  },
  'POST /api/v1/self-exam-links/:id/self-exams': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/self-exam-links/${c.other.selfExamLinkId}/self-exams`,
      payload: { auscultationPoints: ['h1'] },
    }),
    council: notAPatientToken,
    plain: notAPatientToken,
  },
  'GET /api/v1/self-exam-arrivals': {
    request: () => ({
      method: 'GET',
      url: `/api/v1/self-exam-arrivals?since=${encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString())}`,
    }),
    council: { status: 200 },
    plain: { status: 200 },
  },
};
