import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Public configuration the web app reads at start (no secrets). */
export const publicConfigSchema = z.object({
  auth: z.object({
    mode: z.enum(['built-in', 'auth0']),
    domain: z.string(),
    clientId: z.string(),
    audience: z.string(),
  }),
  tcVersion: z.number().int().min(0),
  idle: z.object({
    allowedIdleTimeInSeconds: z.number().int().min(1),
    allowedIdleGracePeriodInSeconds: z.number().int().min(1),
  }),
  sentryDsn: z.string().nullable(),
  /**
   * The adapters that exist and which of their modes is live. Recording storage, live-exam
   * state and video join this object when they are built (DESIGN.md lists them).
   */
  adapters: z.object({
    database: z.enum(['pglite', 'postgres']),
    mail: z.enum(['outbox', 'smtp']),
    /** Where recordings are stored (encrypted at rest in every mode). */
    recordings: z.enum(['encrypted-file', 's3']).optional(),
    /** The live exam's shared state: the API's WebSocket (fanned out through Redis when set), or Firebase. */
    realtime: z.enum(['websocket', 'websocket-redis', 'firebase']).optional(),
    /** The video room: browser-to-browser WebRTC (ICE through TURN_URLS), or Twilio Video. */
    video: z.enum(['p2p', 'twilio']).optional(),
  }),
  /** The Realtime Database the Firebase adapter talks to (public web settings, no secrets). */
  /** Feature flags. */
  features: z
    .object({
      /** exams-and-devices §4: the clinician's microphone is muted while a remote recording runs. */
      muteHcpInAuscultationRecording: z.boolean(),
    })
    .default({ muteHcpInAuscultationRecording: true }),
  firebase: z.object({ apiKey: z.string(), databaseURL: z.string(), projectId: z.string() }).nullable().optional(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const clientErrorReportSchema = z
  .object({
    message: z.string().max(2000),
    stack: z.string().max(10000).optional(),
    path: z.string().max(500).optional(),
    kind: z.enum(['error', 'unhandledrejection', 'boundary', 'api']).default('error'),
  })
  .strict();

export const configRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/config',
    public: true,
    responses: { 200: publicConfigSchema },
    summary: 'Which adapters are live and how to sign in',
  }),
  reportClientError: endpoint({
    method: 'POST',
    path: '/client-errors',
    public: true,
    body: clientErrorReportSchema,
    responses: { 204: z.null() },
    summary: 'Client error reporting when Sentry is not configured',
  }),
};
