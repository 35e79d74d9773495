import { z } from 'zod';
import { uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';
import { preflightAnswerSchema, preflightOfferSchema } from './compatibility.js';

/**
 * The video room (exams-and-devices §7.2). The room of a virtual exam is named by the virtual
 * exam's id. Which service carries the media is the server's choice:
 * - `p2p` (embedded default): browser-to-browser WebRTC, signaled through the live exam's
 *   WebSocket; the access token is a participant token of that exam's shared state;
 * - `twilio`: a Twilio Video access token (VideoGrant for the room) for `twilio-video`.
 */
export const videoServiceSchema = z.enum(['p2p', 'twilio']);
export type VideoService = z.infer<typeof videoServiceSchema>;

export const videoRoomSchema = z.object({
  roomName: z.string(),
  service: videoServiceSchema,
  accessToken: z.object({ value: z.string(), expiresIn: z.number().int().positive() }),
});
export type VideoRoom = z.infer<typeof videoRoomSchema>;

/** One entry of RTCConfiguration.iceServers. */
export const iceServerSchema = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;
export const turnCredentialsSchema = z.object({
  iceServers: z.array(iceServerSchema),
  /** Seconds the credentials stay valid (coturn refuses allocations and refreshes after). */
  expiresIn: z.number().int().positive(),
});
export type TurnCredentials = z.infer<typeof turnCredentialsSchema>;

/**
 * The compatibility test's token (exams-and-devices §7.2, §7.6): it opens the test's TURN
 * credentials and the preflight against the API's own peer, for a few minutes. `service` says what
 * carries a live exam's media in this deployment. When the operator has ended the public test
 * (COMPATIBILITY_TEST_EXPIRES_AT), the call answers 401 with the message 'token server expired'
 * (§7.6: the test app is then expired).
 */
export const compatibilityTokenSchema = z.object({
  token: z.string(),
  expiresIn: z.number().int().positive(),
  service: videoServiceSchema,
});
export type CompatibilityToken = z.infer<typeof compatibilityTokenSchema>;
/** §7.6: the message of the token answer that marks the test app expired. */
export const tokenServerExpiredMessage = 'token server expired';

export const createVideoRoomBodySchema = z.object({ virtualExamId: uuidSchema }).strict();

export const videoRoutes = {
  createRoom: endpoint({
    method: 'POST',
    path: '/video/rooms',
    body: createVideoRoomBodySchema,
    responses: { 200: videoRoomSchema, 400: apiErrorSchema, 404: apiErrorSchema },
    summary: 'Provider: the room of a virtual exam of the organization, with the provider’s access token',
  }),
  roomToken: endpoint({
    method: 'POST',
    path: '/video/rooms/:id/tokens',
    public: true,
    params: z.object({ id: uuidSchema }),
    responses: { 200: videoRoomSchema, 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema },
    summary: 'Patient (bearer: the patient session token, admitted): an access token for the exam’s room',
  }),
  turnCredentials: endpoint({
    method: 'GET',
    path: '/video/turn-credentials',
    public: true,
    // Without virtualExamId: the compatibility test's token (a few minutes' credentials).
    query: z.object({ virtualExamId: uuidSchema.optional() }).strict(),
    responses: { 200: turnCredentialsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    summary:
      'The exam’s provider or its patient session (virtualExamId), or a compatibility test token: STUN/TURN servers with short-lived credentials',
  }),
  compatibilityTestToken: endpoint({
    method: 'GET',
    path: '/video/compatibility-test/token',
    public: true,
    responses: { 200: compatibilityTokenSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    summary: 'Anyone (rate-limited per client): a short-lived token for the compatibility test',
  }),
  compatibilityPreflight: endpoint({
    method: 'POST',
    path: '/video/compatibility-test/preflight',
    public: true,
    body: preflightOfferSchema,
    responses: { 200: preflightAnswerSchema, 400: apiErrorSchema, 401: apiErrorSchema, 429: apiErrorSchema },
    summary:
      'Compatibility test token: the API’s own WebRTC peer answers the browser’s offer and echoes its audio and data for the preflight and bitrate tests',
  }),
};
