import { encodeWav } from '@auscura/audio-engine';
import { encodeListQuery, recordingPaths } from '@auscura/contracts';
import { auscultationUpload } from './multipart.js';
import { selfExamRows } from './visibility-matrix-self-exams.js';
import { liveExamRows } from './visibility-matrix-live-exam.js';
import { examViewRows } from './visibility-matrix-exam-views.js';

/**
 * The cross-organization matrix (clinician-portal §6): Ada (Riverside, council member) and
 * Ben (Lakeside, not a council member) call every endpoint on the other organization's
 * records. No answer may carry the other organization's patient names, emails or birthdates;
 * forbidden calls answer the catalogue's error. Adding an API route without a row here fails
 * (visibility.test.ts runs every row against both organizations).
 */
export type OrgRecords = {
  organizationId: string;
  patientProfileId: string;
  examId: string;
  auscultationId: string;
  providerId: string;
  /** The report id of that auscultation once its demo recording is processed. */
  beatawareId?: string;
  /** A self-exam request for that patient, made by the organization's own provider. */
  selfExamRequestId?: string;
  /** That patient's standing self-exam link, sent by the organization's own provider. */
  selfExamLinkId?: string;
  /** A virtual exam with that patient, scheduled by the organization's own provider. */
  virtualExamId?: string;
};
export type Caller = { token: string; other: OrgRecords; own: OrgRecords; council: boolean };
export type Expectation = { status: number; errorName?: string };
export type Row = {
  request: (caller: Caller) => {
    method: 'GET' | 'PUT' | 'POST' | 'DELETE' | 'PATCH';
    url: string;
    payload?: unknown;
    headers?: Record<string, string>;
  };
  /** What a caller who is (council) or is not (plain) a council member gets on the other organization's record. */
  council: Expectation;
  plain: Expectation;
};

export const q = (value: object) => `?q=${encodeURIComponent(encodeListQuery(value))}`;
const notFound = { status: 404, errorName: 'RESOURCE_DOES_NOT_EXIST' };
const empty = { status: 200 };
const ownAccountOnly = { status: 403, errorName: 'UNAUTHORIZED' };
const invalidInvitation = { status: 400, errorName: 'INVALID_HEALTHCARE_PROVIDER_INVITATION' };
const expiredCode = { status: 401, errorName: 'EXPIRED_ACCESS_CODE' };

/** The caller's own provider id, from its token. */
export const callerId = (c: Caller): string =>
  JSON.parse(Buffer.from(c.token.split('.')[1]!, 'base64url').toString())[
    'https://auscura.example/healthcareProviderId'
  ];
export const today = () => new Date().toISOString().slice(0, 10);

const oneSecondWav = Buffer.from(encodeWav([new Float32Array(4000)], 4000));
const recordingRows = Object.fromEntries(
  Object.values(recordingPaths).map((path): [string, Row] => [
    `GET /api/v1${path}`,
    {
      request: (c) => ({ method: 'GET', url: `/api/v1${path.replace(':id', c.other.auscultationId)}` }),
      council: { status: 200 },
      plain: notFound,
    },
  ]),
);

export const matrix: Record<string, Row> = {
  ...recordingRows,
  'POST /api/v1/exams/:id/auscultations': {
    request: (c) => {
      const body = auscultationUpload({ auscultationPoint: { type: 'heart', label: 'h1' } }, oneSecondWav);
      return { method: 'POST', url: `/api/v1/exams/${c.other.examId}/auscultations`, ...body };
    },
    // Council members see other organizations' exams but only the exam's organization records.
    council: { status: 403, errorName: 'UNAUTHORIZED' },
    plain: notFound,
  },
  'DELETE /api/v1/auscultations/:id': {
    request: (c) => ({ method: 'DELETE', url: `/api/v1/auscultations/${c.other.auscultationId}` }),
    council: { status: 403, errorName: 'UNAUTHORIZED' },
    plain: notFound,
  },
  'GET /api/v1/auscultation-reports/:beatawareId': {
    request: (c) => ({ method: 'GET', url: `/api/v1/auscultation-reports/${c.other.beatawareId}` }),
    council: { status: 200 },
    plain: notFound,
  },
  'GET /api/v1/config': { request: () => ({ method: 'GET', url: '/api/v1/config' }), council: empty, plain: empty },
  'POST /api/v1/client-errors': {
    request: () => ({ method: 'POST', url: '/api/v1/client-errors', payload: { message: 'probe' } }),
    council: { status: 204 },
    plain: { status: 204 },
  },
  'GET /api/v1/patient-profiles/:id': {
    request: (c) => ({ method: 'GET', url: `/api/v1/patient-profiles/${c.other.patientProfileId}` }),
    council: notFound,
    plain: notFound,
  },
  // A profile is always created in the caller's organization; naming another one is refused.
  'POST /api/v1/patient-profiles': {
    request: (c) => ({
      method: 'POST',
      url: '/api/v1/patient-profiles',
      payload: {
        organizationId: c.other.organizationId,
        firstName: 'Mallory',
        lastName: 'Mallory',
        emailAddress: 'mallory@example.org',
        birthdate: '1980-01-01',
      },
    }),
    council: { status: 403, errorName: 'UNAUTHORIZED' },
    plain: { status: 403, errorName: 'UNAUTHORIZED' },
  },
  'PATCH /api/v1/patient-profiles/:id': {
    request: (c) => ({
      method: 'PATCH',
      url: `/api/v1/patient-profiles/${c.other.patientProfileId}`,
      payload: { firstName: 'Mallory' },
    }),
    council: notFound,
    plain: notFound,
  },
  'POST /api/v1/patient-profiles/:id/self-exam-requests': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/patient-profiles/${c.other.patientProfileId}/self-exam-requests`,
      payload: { healthcareProviderId: callerId(c), examDate: today(), auscultationPoints: ['h1'] },
    }),
    council: notFound,
    plain: notFound,
  },
  'GET /api/v1/self-exam-requests/:id': {
    request: (c) => ({ method: 'GET', url: `/api/v1/self-exam-requests/${c.other.selfExamRequestId}` }),
    council: notFound,
    plain: notFound,
  },
  'POST /api/v1/self-exam-requests/:id/emails': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/self-exam-requests/${c.other.selfExamRequestId}/emails`,
      payload: { emailAddress: 'mallory@example.org' },
    }),
    council: notFound,
    plain: notFound,
  },
  'GET /api/v1/search/patient-profiles': {
    request: (c) => ({
      method: 'GET',
      url: `/api/v1/search/patient-profiles${q({ filters: [{ field: 'organizationId', op: 'eq', value: c.other.organizationId }] })}`,
    }),
    council: empty,
    plain: empty,
  },
  // Starting an exam for another organization's patient in another provider's name: refused for
  // the provider before the patient is looked at (create.test.ts covers the patient's 404).
  'POST /api/v1/exams': {
    request: (c) => ({
      method: 'POST',
      url: '/api/v1/exams',
      payload: {
        type: 'in-person',
        healthcareProviderId: c.other.providerId,
        patientProfileId: c.other.patientProfileId,
      },
    }),
    council: ownAccountOnly,
    plain: ownAccountOnly,
  },
  'GET /api/v1/exams/:id': {
    request: (c) => ({
      method: 'GET',
      url: `/api/v1/exams/${c.other.examId}${q({ joinedLoads: ['patientProfile', 'auscultations'] })}`,
    }),
    council: { status: 200 },
    plain: notFound,
  },
  ...examViewRows,
  'GET /api/v1/search/exams': {
    request: (c) => ({
      method: 'GET',
      url: `/api/v1/search/exams${q({ filters: [{ field: 'patientProfileId', op: 'eq', value: c.other.patientProfileId }], joinedLoads: ['patientProfile'] })}`,
    }),
    council: empty,
    plain: empty,
  },
  'GET /api/v1/search/organization-exams': {
    request: () => ({
      method: 'GET',
      url: `/api/v1/search/organization-exams${q({ joinedLoads: ['patientProfile', 'healthcareProvider'] })}`,
    }),
    council: empty,
    plain: empty,
  },
  'GET /api/v1/search/council-exams': {
    request: () => ({
      method: 'GET',
      url: `/api/v1/search/council-exams${q({ joinedLoads: ['patientProfile', 'patient', 'healthcareProvider'], pagination: { pageNumber: 1, pageSize: 100 } })}`,
    }),
    council: { status: 200 },
    plain: { status: 403, errorName: 'UNAUTHORIZED' },
  },
  'GET /api/v1/exams/:id/adjacent': {
    request: (c) => ({ method: 'GET', url: `/api/v1/exams/${c.other.examId}/adjacent?isOrganizationExams=true` }),
    council: notFound,
    plain: notFound,
  },
  'PUT /api/v1/exams/:id/reviewed': {
    request: (c) => ({ method: 'PUT', url: `/api/v1/exams/${c.other.examId}/reviewed`, payload: { value: true } }),
    council: { status: 200 },
    plain: notFound,
  },
  'PUT /api/v1/exams/:id/notes': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/v1/exams/${c.other.examId}/notes`,
      payload: { value: 'Council note' },
    }),
    council: { status: 200 },
    plain: notFound,
  },
  'PUT /api/v1/exams/:id/enhanced-notes': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/v1/exams/${c.other.examId}/enhanced-notes`,
      payload: { value: ['Holosystolic'] },
    }),
    council: { status: 200 },
    plain: notFound,
  },
  'POST /api/v1/exams/:id/shares': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/exams/${c.other.examId}/shares`,
      payload: { emailAddress: 'colleague@example.org' },
    }),
    council: { status: 403, errorName: 'UNAUTHORIZED' },
    plain: notFound,
  },
  'GET /api/v1/healthcare-providers/:id': {
    request: (c) => ({ method: 'GET', url: `/api/v1/healthcare-providers/${c.other.providerId}` }),
    council: notFound,
    plain: notFound,
  },
  'PATCH /api/v1/healthcare-providers/:id': {
    request: (c) => ({
      method: 'PATCH',
      url: `/api/v1/healthcare-providers/${c.other.providerId}`,
      payload: { firstName: 'Mallory', lastName: 'Mallory', displayName: 'Mallory' },
    }),
    council: ownAccountOnly,
    plain: ownAccountOnly,
  },
  'PATCH /api/v1/healthcare-providers/:id/password': {
    request: (c) => ({
      method: 'PATCH',
      url: `/api/v1/healthcare-providers/${c.other.providerId}/password`,
      payload: { password: 'a-takeover-password-1', currentPassword: 'Auscura-demo-2026' },
    }),
    council: ownAccountOnly,
    plain: ownAccountOnly,
  },
  'GET /api/v1/healthcare-providers/:id/email-address': {
    request: (c) => ({ method: 'GET', url: `/api/v1/healthcare-providers/${c.other.providerId}/email-address` }),
    council: ownAccountOnly,
    plain: ownAccountOnly,
  },
  'PUT /api/v1/healthcare-providers/:id/email-address': {
    request: (c) => ({
      method: 'PUT',
      url: `/api/v1/healthcare-providers/${c.other.providerId}/email-address`,
      payload: { emailAddress: 'mallory@example.org', currentPassword: 'Auscura-demo-2026' },
    }),
    council: ownAccountOnly,
    plain: ownAccountOnly,
  },
  // Unauthenticated: an id that matches no invitation answers the invitation error, for anyone.
  'GET /api/v1/healthcare-provider-invitations/:id': {
    request: () => ({ method: 'GET', url: '/api/v1/healthcare-provider-invitations/no-such-invitation-id-000' }),
    council: invalidInvitation,
    plain: invalidInvitation,
  },
  'POST /api/v1/healthcare-providers': {
    request: () => ({
      method: 'POST',
      url: '/api/v1/healthcare-providers',
      payload: {
        invitationId: 'no-such-invitation-id-000',
        password: 'a-takeover-password-1',
        firstName: 'Mallory',
        lastName: 'Mallory',
        displayName: 'Mallory',
        tcVersion: 1,
      },
    }),
    council: invalidInvitation,
    plain: invalidInvitation,
  },
  'GET /api/v1/search/healthcare-providers': {
    request: (c) => ({
      method: 'GET',
      url: `/api/v1/search/healthcare-providers${q({ filters: [{ field: 'organizationId', op: 'eq', value: c.other.organizationId }] })}`,
    }),
    council: empty,
    plain: empty,
  },
  'GET /api/v1/healthcare-providers-overview': {
    request: () => ({ method: 'GET', url: '/api/v1/healthcare-providers-overview' }),
    council: empty,
    plain: empty,
  },
  // Virtual exams (issue 15): another organization's are answered as missing; the calendar is the
  // caller's own; the patient-side calls need the code (never leaked) or a patient session.
  'POST /api/v1/virtual-exams': {
    request: (c) => ({
      method: 'POST',
      url: '/api/v1/virtual-exams',
      payload: { healthcareProviderId: callerId(c), patientProfileId: c.other.patientProfileId, timeZone: 'UTC' },
    }),
    council: notFound,
    plain: notFound,
  },
  'GET /api/v1/virtual-exams/:id': {
    request: (c) => ({
      method: 'GET',
      url: `/api/v1/virtual-exams/${c.other.virtualExamId}${q({ joinedLoads: ['patientProfile', 'healthcareProvider', 'exam'] })}`,
    }),
    council: notFound,
    plain: notFound,
  },
  'GET /api/v1/search/virtual-exams': {
    request: (c) => ({
      method: 'GET',
      url: `/api/v1/search/virtual-exams${q({ filters: [{ field: 'healthcareProviderId', op: 'eq', value: c.other.providerId }], joinedLoads: ['patientProfile'] })}`,
    }),
    council: ownAccountOnly,
    plain: ownAccountOnly,
  },
  'GET /api/v1/virtual-exams/:id/exam': {
    request: (c) => ({ method: 'GET', url: `/api/v1/virtual-exams/${c.other.virtualExamId}/exam` }),
    council: notFound,
    plain: notFound,
  },
  'PUT /api/v1/virtual-exams/:id/exam': {
    request: (c) => ({ method: 'PUT', url: `/api/v1/virtual-exams/${c.other.virtualExamId}/exam` }),
    council: notFound,
    plain: notFound,
  },
  'POST /api/v1/virtual-exams/:id/invitations': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/virtual-exams/${c.other.virtualExamId}/invitations`,
      payload: { recipientEmailAddress: 'mallory@example.org' },
    }),
    council: notFound,
    plain: notFound,
  },
  'GET /api/v1/virtual-exams/access-code/:code': {
    request: () => ({ method: 'GET', url: '/api/v1/virtual-exams/access-code/AAA-BBB-CCCC' }),
    council: expiredCode,
    plain: expiredCode,
  },
  'POST /api/v1/virtual-exams/:id/auth': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/virtual-exams/${c.other.virtualExamId}/auth`,
      payload: { userName: 'Mallory', accessCode: 'AAA-BBB-CCCC' },
    }),
    council: expiredCode,
    plain: expiredCode,
  },
  // A provider's token is no patient session.
  'POST /api/v1/virtual-exams/:id/auth/refresh': {
    request: (c) => ({ method: 'POST', url: `/api/v1/virtual-exams/${c.other.virtualExamId}/auth/refresh` }),
    council: { status: 401, errorName: 'UNAUTHORIZED' },
    plain: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  // Self exams, patient side (issue 18): a wrong code is refused like an unknown one; a new code
  // goes only to the patient's own address (204 whoever asks); a provider's token is no patient token.
  ...selfExamRows,
  // The live exam's shared state and video room (issues 15, 16).
  ...liveExamRows,
  'GET /api/v1/auscultations/:id': {
    request: (c) => ({ method: 'GET', url: `/api/v1/auscultations/${c.other.auscultationId}` }),
    council: { status: 200 },
    plain: notFound,
  },
};
