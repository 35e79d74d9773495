import { z } from 'zod';

/** Video room calls (exams-and-devices §7.2). */
export const roomAccessSchema = z.object({ accessToken: z.object({ value: z.string() }), roomName: z.string() });
export const iceServersSchema = z.object({
  iceServers: z.array(
    z.object({
      urls: z.union([z.string(), z.array(z.string())]),
      username: z.string().optional(),
      credential: z.string().optional(),
    }),
  ),
});
export const videoServiceStatusSchema = z.object({
  components: z.array(
    z.object({
      name: z.enum([
        'Group Rooms',
        'Peer-to-Peer Rooms',
        'Compositions',
        'Recordings',
        'Network Traversal Service',
        'Go Rooms',
      ]),
      status: z.enum(['operational', 'major_outage', 'partial_outage', 'degraded_performance']),
    }),
  ),
});
