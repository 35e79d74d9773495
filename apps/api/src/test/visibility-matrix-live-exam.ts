import type { Row } from './visibility-matrix.js';

/**
 * The live exam's rows of the cross-organization matrix: the shared state's participant tokens
 * (issue 15) and the video room (issue 16). Another organization's exam is answered like a missing
 * one, and a provider's token is not a patient session (the patient's calls refuse it).
 */
const notFound = { status: 404, errorName: 'RESOURCE_DOES_NOT_EXIST' };

export const liveExamRows: Record<string, Row> = {
  'POST /api/v1/realtime/auth/live-exam/:id/authorized-participant': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/realtime/auth/live-exam/${c.other.virtualExamId}/authorized-participant`,
    }),
    council: notFound,
    plain: notFound,
  },
  'POST /api/v1/realtime/auth/live-exam/:id/potential-participant': {
    request: (c) => ({
      method: 'POST',
      url: `/api/v1/realtime/auth/live-exam/${c.other.virtualExamId}/potential-participant`,
    }),
    council: { status: 401, errorName: 'UNAUTHORIZED' },
    plain: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  'POST /api/v1/video/rooms': {
    request: (c) => ({ method: 'POST', url: '/api/v1/video/rooms', payload: { virtualExamId: c.other.virtualExamId } }),
    council: notFound,
    plain: notFound,
  },
  // A provider's token is not a patient session: the room token is the patient's call.
  'POST /api/v1/video/rooms/:id/tokens': {
    request: (c) => ({ method: 'POST', url: `/api/v1/video/rooms/${c.other.virtualExamId}/tokens` }),
    council: { status: 401, errorName: 'UNAUTHORIZED' },
    plain: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  'GET /api/v1/video/turn-credentials': {
    request: (c) => ({ method: 'GET', url: `/api/v1/video/turn-credentials?virtualExamId=${c.other.virtualExamId}` }),
    council: notFound,
    plain: notFound,
  },
  // The compatibility test (issue 19) is public: a provider gets what anyone gets, and a provider's
  // token is not a compatibility token (the preflight and its TURN credentials refuse it).
  'GET /api/v1/video/compatibility-test/token': {
    request: () => ({ method: 'GET', url: '/api/v1/video/compatibility-test/token' }),
    council: { status: 200 },
    plain: { status: 200 },
  },
  'POST /api/v1/video/compatibility-test/preflight': {
    request: () => ({
      method: 'POST',
      url: '/api/v1/video/compatibility-test/preflight',
      payload: { sdp: 'v=0\r\nm=audio 9 UDP/TLS/RTP/SAVPF 111\r\n' },
    }),
    council: { status: 401, errorName: 'UNAUTHORIZED' },
    plain: { status: 401, errorName: 'UNAUTHORIZED' },
  },
  'GET /api/v1/status': {
    request: () => ({ method: 'GET', url: '/api/v1/status' }),
    council: { status: 200 },
    plain: { status: 200 },
  },
  'GET /api/v1/ems/log': {
    request: () => ({ method: 'GET', url: '/api/v1/ems/log' }),
    council: { status: 200 },
    plain: { status: 200 },
  },
};
