import { z } from 'zod';
import { uuidSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { apiErrorSchema } from './errors.js';

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
    query: z.object({ virtualExamId: uuidSchema }).strict(),
    responses: { 200: turnCredentialsSchema, 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema },
    summary: 'The exam’s provider or its patient session: STUN/TURN servers with short-lived credentials',
  }),
};
