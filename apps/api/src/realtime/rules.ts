import {
  emptyLiveExamState,
  examEntryRequestSchema,
  liveExamStateSchema,
  parseWritePath,
  writeValueSchema,
} from '@auscura/contracts';
import type {
  AuscultationRequest,
  AuscultationRequestField,
  LiveExamState,
  ParticipantRole,
  WritePath,
} from '@auscura/contracts';

/** Who is connected: from a verified participant token. */
export type Participant = { virtualExamId: string; id: string; name: string; role: ParticipantRole };

/**
 * The stored document: the shared state plus what only the server reads — the patients the
 * provider admitted (a later entry request must not take an admitted patient's view away).
 */
export type StoredState = LiveExamState & { admitted: string[] };

export class WriteRefused extends Error {}

export function emptyStoredState(): StoredState {
  return { ...emptyLiveExamState(), admitted: [] };
}

/** Reads a stored document leniently: missing fields get their defaults. */
export function parseStoredState(value: unknown): StoredState {
  const raw = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const state = liveExamStateSchema.parse(raw);
  const admitted = Array.isArray(raw.admitted) ? raw.admitted.filter((id): id is string => typeof id === 'string') : [];
  return { ...state, admitted };
}

export function isAdmitted(state: StoredState, participant: Participant): boolean {
  return participant.role === 'HealthcareProvider' || state.admitted.includes(participant.id);
}

/**
 * What a participant sees. The provider and admitted patients see the shared state; a patient
 * waiting to enter sees only its own entry request (not who is examined, nor the room).
 */
export function viewFor(state: StoredState, participant: Participant): LiveExamState {
  const { admitted: _admitted, ...shared } = state;
  if (isAdmitted(state, participant)) return shared;
  const own = state.examEntryRequest?.participantId === participant.id ? state.examEntryRequest : null;
  return { ...emptyLiveExamState(), examEntryRequest: own };
}

/** Closed presences kept in the log besides the open ones: enough for a session's history, bounded. */
const closedPresencesKept = 40;

export function addPresence(state: StoredState, key: string, participant: Participant, now: Date): StoredState {
  const log = { ...state.participantLog };
  log[key] = {
    id: participant.id,
    name: participant.name,
    role: participant.role,
    loggedIn: now.toISOString(),
    loggedOut: null,
  };
  const closed = Object.entries(log)
    .filter(([, entry]) => entry.loggedOut !== null)
    .sort(([, a], [, b]) => (a.loggedOut ?? '').localeCompare(b.loggedOut ?? ''));
  for (const [oldKey] of closed.slice(0, Math.max(0, closed.length - closedPresencesKept))) delete log[oldKey];
  return { ...state, participantLog: log };
}

/** Sets loggedOut on a presence; null when there is nothing to change. */
function endPresence(state: StoredState, key: string, at: Date): StoredState | null {
  const entry = state.participantLog[key];
  if (!entry || entry.loggedOut !== null) return null;
  return { ...state, participantLog: { ...state.participantLog, [key]: { ...entry, loggedOut: at.toISOString() } } };
}

/**
 * A remote recording the patient may still upload (issue 17): asked for, not cancelled, and no
 * auscultation stored for it yet. Its status is 'pending' while recording, 'processing' once the
 * clinician stopped it and the patient's browser sends it.
 */
export function isOpenRecordingRequest(request: AuscultationRequest): boolean {
  return (
    (request.status === 'pending' || request.status === 'processing') &&
    request.recordingStartRequest !== null &&
    request.recordingCancelRequest === null &&
    request.auscultationId === null
  );
}

/** Cancels every open recording request with `error`; null when none is open. */
function cancelOpenRequests(state: StoredState, error: AuscultationRequest['error']): StoredState | null {
  const open = Object.entries(state.auscultationRequests).filter(([, request]) => isOpenRecordingRequest(request));
  if (open.length === 0) return null;
  const requests = { ...state.auscultationRequests };
  for (const [id, request] of open) requests[id] = { ...request, status: 'cancelled', error };
  return { ...state, auscultationRequests: requests };
}

/**
 * Ends a presence (as endPresence), and when it was the last open presence of a patient, cancels
 * that patient's open recordings (§4: cancelled on patient disconnect): the server decides
 * presence, so the clinician learns it within the heartbeat timeout even if its own page is away.
 */
export function endPresenceAndCancel(state: StoredState, key: string, at: Date): StoredState | null {
  const ended = endPresence(state, key, at);
  if (!ended) return null;
  const entry = state.participantLog[key]!;
  if (entry.role !== 'Patient') return ended;
  const stillHere = Object.values(ended.participantLog).some(
    (other) => other.role === 'Patient' && other.loggedOut === null,
  );
  return stillHere ? ended : (cancelOpenRequests(ended, 'PatientDisconnected') ?? ended);
}

/**
 * Links a stored remote recording to its request. Refused (WriteRefused) unless the request is
 * open for that point, or already answers this very auscultation (a retried upload).
 */
export function attachRemoteRecording(
  state: StoredState,
  requestId: string,
  pointLabel: string,
  auscultationId: string,
): StoredState | null {
  const request = state.auscultationRequests[requestId];
  if (request?.auscultationId === auscultationId) return null;
  if (!request || !isOpenRecordingRequest(request) || request.auscultationPoint !== pointLabel) {
    throw new WriteRefused('No recording of this point is open in the live exam.');
  }
  return {
    ...state,
    auscultationRequests: {
      ...state.auscultationRequests,
      [requestId]: { ...request, status: 'processing', uploadProgress: 100, auscultationId },
    },
  };
}

/**
 * The fields of an auscultation request the patient's side reports (recording and upload, issue
 * 17). Not auscultationId: the server links the recording it stored (attachRemoteRecording), so a
 * patient's page cannot point the clinician at another auscultation.
 */
const patientRequestFields: readonly AuscultationRequestField[] = ['uploadProgress', 'error', 'status'];
const patientFields = new Set(['examEntryRequest', 'isM1Connected', 'auscultationRequests', 'stethoscopeCapture']);

function checkEntryRequest(state: StoredState, participant: Participant, value: unknown): StoredState {
  const current = state.examEntryRequest;
  if (participant.role === 'Patient') {
    // The patient asks or withdraws, in its own name; the server fills who and when.
    const parsed = examEntryRequestSchema.pick({ status: true }).parse(value);
    if (parsed.status === 'pending') {
      if (current?.status === 'pending' && current.participantId !== participant.id) {
        throw new WriteRefused('Another entry request is waiting for an answer.');
      }
      const request = {
        name: participant.name,
        status: 'pending' as const,
        participantId: participant.id,
        dateCreated: new Date().toISOString(),
      };
      return { ...state, examEntryRequest: request };
    }
    if (parsed.status === 'cancelled' && current?.participantId === participant.id && current.status === 'pending') {
      return { ...state, examEntryRequest: { ...current, status: 'cancelled' } };
    }
    throw new WriteRefused('A patient may only ask to enter or withdraw its own request.');
  }
  // The provider answers a pending request (Admit / Deny entry), or clears the slot.
  if (value === null) return { ...state, examEntryRequest: null };
  const parsed = examEntryRequestSchema.pick({ status: true }).parse(value);
  if (!current || current.status !== 'pending' || (parsed.status !== 'approved' && parsed.status !== 'denied')) {
    throw new WriteRefused('Only a pending entry request can be admitted or denied.');
  }
  const admitted = state.admitted.filter((id) => id !== current.participantId);
  if (parsed.status === 'approved') admitted.push(current.participantId);
  return { ...state, admitted, examEntryRequest: { ...current, status: parsed.status } };
}

/**
 * Auscultation requests kept in a live exam's state (issue 36, item 10): every state frame carries
 * them all, so their number is bounded. Ten points, each retaken three times, fit; a new request
 * past the bound first pushes out the oldest finished ones, and is refused when all are still open.
 */
export const auscultationRequestsKept = 40;

function makeRoomForRequest(requests: Record<string, AuscultationRequest>): void {
  const keys = Object.keys(requests);
  if (keys.length < auscultationRequestsKept) return;
  // Object keys keep their insertion order, oldest first (ids that look like array indices come
  // first, in numeric order: the bound holds either way).
  const finished = keys.filter((key) => ['complete', 'cancelled'].includes(requests[key]!.status));
  for (const key of finished.slice(0, keys.length - auscultationRequestsKept + 1)) delete requests[key];
  if (Object.keys(requests).length >= auscultationRequestsKept) {
    throw new WriteRefused(`A live exam holds at most ${auscultationRequestsKept} auscultation requests at once.`);
  }
}

function writeAuscultationRequest(
  state: StoredState,
  participant: Participant,
  path: Extract<WritePath, { field: 'auscultationRequests' }>,
  value: unknown,
): StoredState {
  const requests = { ...state.auscultationRequests };
  const current = requests[path.requestId];
  if (participant.role === 'Patient') {
    if (!path.requestField || !patientRequestFields.includes(path.requestField)) {
      throw new WriteRefused('A patient may only report on an auscultation request.');
    }
    if (path.requestField === 'status' && value === 'pending') {
      throw new WriteRefused('A patient cannot reopen an auscultation request.');
    }
  }
  if (!path.requestField) {
    if (value === null) delete requests[path.requestId];
    else {
      if (!current) makeRoomForRequest(requests);
      requests[path.requestId] = value as AuscultationRequest;
    }
    return { ...state, auscultationRequests: requests };
  }
  if (!current) throw new WriteRefused('There is no such auscultation request.');
  requests[path.requestId] = { ...current, [path.requestField]: value };
  return { ...state, auscultationRequests: requests };
}

/**
 * Applies one participant's write, or refuses it (WriteRefused; a ZodError for a value of the
 * wrong shape). The patient writes only what the patient's side must: its entry request, its
 * stethoscope's connection, and progress reports on auscultation requests once admitted.
 */
export function applyWrite(
  state: StoredState,
  participant: Participant,
  rawPath: string,
  rawValue: unknown,
): StoredState {
  const path = parseWritePath(rawPath);
  if (!path) throw new WriteRefused(`Nothing can be written at ${rawPath.slice(0, 64)}.`);
  if (participant.role === 'Patient') {
    if (!patientFields.has(path.field)) throw new WriteRefused(`A patient cannot write ${path.field}.`);
    if (path.field !== 'examEntryRequest' && !isAdmitted(state, participant)) {
      throw new WriteRefused('The patient has not been admitted yet.');
    }
  }
  if (path.field === 'examEntryRequest') return checkEntryRequest(state, participant, rawValue);
  const value = writeValueSchema(path).parse(rawValue);
  if (path.field === 'auscultationRequests') return writeAuscultationRequest(state, participant, path, value);
  return { ...state, [path.field]: value };
}
