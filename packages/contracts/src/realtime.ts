import { z } from 'zod';
import { isoDateTimeSchema, nameSchema, uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { auscultationRequestErrorSchema, stethoscopeCaptureSchema } from './remote-auscultation.js';

/**
 * The live exam's shared real-time state (exams-and-devices §3, §4, §7.3). One document per
 * virtual exam. Collections are maps keyed by an id, as in the Realtime Database (whose paths are
 * these field names), and every field has a default, so a partial document (Firebase drops nulls
 * and empty objects) parses to the full shape.
 */
export const participantRoleSchema = z.enum(['HealthcareProvider', 'Patient']);
export type ParticipantRole = z.infer<typeof participantRoleSchema>;

/** One presence: written when a participant's connection opens; loggedOut set when it ends. */
export const participantLogEntrySchema = z.object({
  /** The participant: the provider's id, or the patient session's participant id. */
  id: z.string().max(64),
  name: z.string().max(200),
  role: participantRoleSchema,
  loggedIn: isoDateTimeSchema,
  loggedOut: isoDateTimeSchema.nullable().default(null),
});
export type ParticipantLogEntry = z.infer<typeof participantLogEntrySchema>;

/** exams-and-devices §4, entry request status. */
export const entryRequestStatusSchema = z.enum(['pending', 'approved', 'cancelled', 'denied']);
export type EntryRequestStatus = z.infer<typeof entryRequestStatusSchema>;
export const examEntryRequestSchema = z.object({
  name: nameSchema,
  status: entryRequestStatusSchema,
  /** Whose request it is, so that each patient's page knows whether an answer is meant for it. */
  participantId: z.string().max(64),
  dateCreated: isoDateTimeSchema,
});
export type ExamEntryRequest = z.infer<typeof examEntryRequestSchema>;

/** exams-and-devices §4, auscultation request status. */
export const auscultationRequestStatusSchema = z.enum(['pending', 'processing', 'complete', 'cancelled']);
/** exams-and-devices §3, auscultation request (real-time). */
export const auscultationRequestSchema = z.object({
  auscultationPoint: z.string().max(16),
  status: auscultationRequestStatusSchema.default('pending'),
  recordingStartRequest: isoDateTimeSchema.nullable().default(null),
  recordingStopRequest: isoDateTimeSchema.nullable().default(null),
  recordingCancelRequest: isoDateTimeSchema.nullable().default(null),
  /** Why the request was cancelled (set with status 'cancelled'). */
  error: auscultationRequestErrorSchema.nullable().default(null),
  uploadProgress: z.number().min(0).max(100).nullable().default(null),
  auscultationId: uuidSchema.nullable().default(null),
  /** The exam the recording goes to (the virtual exam's exam): the patient's page uploads to it. */
  examId: uuidSchema.nullable().default(null),
});
export type AuscultationRequest = z.infer<typeof auscultationRequestSchema>;

const mapKey = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
export const liveExamStateSchema = z.object({
  participantLog: z.record(mapKey, participantLogEntrySchema).default({}),
  isM1Connected: z.boolean().default(false),
  isReviewingAuscultation: z.boolean().default(false),
  avRoomId: z.string().max(128).nullable().default(null),
  examEntryRequest: examEntryRequestSchema.nullable().default(null),
  auscultationRequests: z.record(mapKey, auscultationRequestSchema).default({}),
  auscultationMicActivationRequest: isoDateTimeSchema.nullable().default(null),
  auscultationMicDeactivationRequest: isoDateTimeSchema.nullable().default(null),
  isTargetEnabled: z.boolean().default(false),
  /** The patient's stethoscope capture as its browser reports it (issue 17), null while none is open. */
  stethoscopeCapture: stethoscopeCaptureSchema.nullable().default(null),
});
export type LiveExamState = z.infer<typeof liveExamStateSchema>;
export type LiveExamField = keyof LiveExamState;
export const liveExamFields = Object.keys(liveExamStateSchema.shape) as LiveExamField[];

/** The state of an exam nobody has written to yet. */
export function emptyLiveExamState(): LiveExamState {
  return liveExamStateSchema.parse({});
}

/** The participant log oldest first (a map on the wire, as in the Realtime Database). */
export function participantLogEntries(state: Pick<LiveExamState, 'participantLog'>) {
  return Object.entries(state.participantLog)
    .map(([key, entry]) => ({ key, ...entry }))
    .sort((a, b) => a.loggedIn.localeCompare(b.loggedIn) || a.key.localeCompare(b.key));
}

/**
 * What a write may address: a top-level field, one auscultation request, or one field of one
 * (`auscultationRequests/<id>/uploadProgress`). The participant log is not writable: presence
 * is decided by the server (the Firebase adapter writes its own entry, guarded by rules).
 */
export const writableFields = [
  'isM1Connected',
  'isReviewingAuscultation',
  'avRoomId',
  'examEntryRequest',
  'auscultationRequests',
  'auscultationMicActivationRequest',
  'auscultationMicDeactivationRequest',
  'isTargetEnabled',
  'stethoscopeCapture',
] as const satisfies readonly LiveExamField[];
export type WritableField = (typeof writableFields)[number];
export type AuscultationRequestField = keyof AuscultationRequest;

export type WritePath =
  | { field: Exclude<WritableField, 'auscultationRequests'> }
  | { field: 'auscultationRequests'; requestId: string; requestField?: AuscultationRequestField };

/** Parses 'field', 'auscultationRequests/<id>' or 'auscultationRequests/<id>/<field>'; null if none of them. */
export function parseWritePath(path: string): WritePath | null {
  const parts = path.split('/');
  const field = parts[0] as WritableField;
  if (!(writableFields as readonly string[]).includes(field)) return null;
  if (field !== 'auscultationRequests') return parts.length === 1 ? { field } : null;
  const requestId = parts[1];
  if (!requestId || !mapKey.safeParse(requestId).success || parts.length > 3) return null;
  if (parts.length === 2) return { field, requestId };
  const requestField = parts[2] as AuscultationRequestField;
  return requestField in auscultationRequestSchema.shape ? { field, requestId, requestField } : null;
}

/** The schema a value written at a path must match (null deletes where a value may be absent). */
export function writeValueSchema(path: WritePath): z.ZodType {
  if (path.field !== 'auscultationRequests') return liveExamStateSchema.shape[path.field];
  if (!path.requestField) return auscultationRequestSchema.nullable();
  return auscultationRequestSchema.shape[path.requestField];
}

/**
 * The WebSocket protocol of the built-in adapter (GET /api/v1/realtime/live-exam/:id, upgraded).
 * The client's first message is `auth` with a participant token (§7.3 token calls); the server
 * answers `ready`, then `state` with the whole document (after every change too, with a version
 * that only grows), `ack` or `error` per write, `pong` per ping. A client that sends nothing for
 * `heartbeat.timeoutMs` is considered gone: its presence is ended.
 */
export const realtimeHeartbeat = { intervalMs: 3000, timeoutMs: 7000 } as const;
export const realtimeSocketPath = (virtualExamId: string) =>
  `/api/v1/realtime/live-exam/${encodeURIComponent(virtualExamId)}`;

/**
 * WebRTC signaling of the embedded video room (issue 16), relayed by the server between the
 * provider and the admitted patient and never stored. `session` names the sender's peer
 * connection, so that a message of a connection that has been replaced is recognised and dropped.
 */
export const signalDataSchema = z.discriminatedUnion('kind', [
  /** A peer connection is ready (sent on joining and on every new connection): the provider then offers. */
  z.object({ kind: z.literal('hello'), session: z.string().max(64) }),
  z.object({
    kind: z.literal('description'),
    session: z.string().max(64),
    description: z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(30_000) }),
  }),
  z.object({
    kind: z.literal('candidate'),
    session: z.string().max(64),
    candidate: z
      .object({
        candidate: z.string().max(1000),
        sdpMid: z.string().max(64).nullable().optional(),
        sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
        usernameFragment: z.string().max(256).nullable().optional(),
      })
      .nullable(),
  }),
  /** The sender leaves the room (Exit, page unload): the other side drops the connection at once. */
  z.object({ kind: z.literal('bye'), session: z.string().max(64) }),
]);
export type SignalData = z.infer<typeof signalDataSchema>;

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(2048) }),
  z.object({
    type: z.literal('write'),
    id: z.number().int().min(0),
    path: z.string().min(1).max(128),
    value: z.unknown(),
  }),
  z.object({ type: z.literal('ping') }),
  /** Signaling for the other side (admitted participants only; refused before admission). */
  z.object({ type: z.literal('signal'), data: signalDataSchema }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    participant: z.object({ id: z.string(), name: z.string(), role: participantRoleSchema }),
    /** This connection's entry in the participant log. */
    presenceKey: z.string(),
  }),
  z.object({ type: z.literal('state'), version: z.number().int(), state: liveExamStateSchema }),
  z.object({ type: z.literal('ack'), id: z.number().int(), version: z.number().int() }),
  z.object({ type: z.literal('error'), id: z.number().int().optional(), error: apiErrorSchema }),
  z.object({ type: z.literal('pong') }),
  z.object({
    type: z.literal('signal'),
    from: z.object({ id: z.string(), role: participantRoleSchema }),
    data: signalDataSchema,
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/**
 * Close codes: the token was refused or ran out (fetch a new one, then reconnect), the
 * participant may not join, the message broke the protocol, the server is going away.
 */
export const realtimeCloseCodes = {
  tokenRefused: 4001,
  forbidden: 4003,
  protocolError: 4000,
  serverRestart: 1012,
} as const;

/** §7.3 token calls: a short-lived participant token for one live exam's state. */
export const realtimeTokenSchema = z.object({ value: z.string(), expiresIn: z.number().int().positive() });
export type RealtimeToken = z.infer<typeof realtimeTokenSchema>;

const idParams = z.object({ id: uuidSchema });
export const realtimeRoutes = {
  authorizedParticipant: endpoint({
    method: 'POST',
    path: '/realtime/auth/live-exam/:id/authorized-participant',
    params: idParams,
    responses: { 200: realtimeTokenSchema, 404: apiErrorSchema },
    summary: 'Provider: a participant token for the live exam’s state',
  }),
  potentialParticipant: endpoint({
    method: 'POST',
    path: '/realtime/auth/live-exam/:id/potential-participant',
    public: true,
    params: idParams,
    responses: { 200: realtimeTokenSchema, 400: apiErrorSchema, 401: apiErrorSchema },
    summary: 'Patient (bearer: the patient session token): a participant token for the live exam’s state',
  }),
};

/** Messages on the video data track (exams-and-devices §7.2). */
export const dataTrackMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('targetPos'), detail: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]) }),
  z.object({ type: z.literal('badNoiseDetected'), detail: z.boolean() }),
]);
export type DataTrackMessage = z.infer<typeof dataTrackMessageSchema>;
