import { z } from 'zod';
import { endpoint } from './endpoint.js';

/** Compatibility test reports and test_results.json (exams-and-devices §3). */
const averageMax = z.object({ average: z.number(), max: z.number() });
export const preflightReportSchema = z.object({
  stats: z.object({ rtt: averageMax, jitter: averageMax, packetLoss: averageMax }),
});
export type PreflightReport = z.infer<typeof preflightReportSchema>;
export const bitrateReportSchema = z.object({ values: z.array(z.number()), averageBitrate: z.number() });
export type BitrateReport = z.infer<typeof bitrateReportSchema>;
export const deviceTestReportSchema = z.object({ errors: z.array(z.string()) });
export type DeviceTestReport = z.infer<typeof deviceTestReportSchema>;
export const qualitySchema = z.enum(['Excellent', 'Good', 'Suboptimal', 'Poor']);
export type Quality = z.infer<typeof qualitySchema>;

/** §3 video-service status component: the status words of a status page (statuspage.io's). */
// 'unknown': this server could not read the status (a provider's status page that did not answer).
export const componentStatusSchema = z.enum([
  'operational',
  'degraded_performance',
  'partial_outage',
  'major_outage',
  'unknown',
]);
export type ComponentStatus = z.infer<typeof componentStatusSchema>;
export const serviceComponentSchema = z.object({ name: z.string(), status: componentStatusSchema });
export type ServiceComponent = z.infer<typeof serviceComponentSchema>;

export const testResultsFileSchema = z.object({
  audioTestResults: z.object({ inputTest: deviceTestReportSchema, outputTest: deviceTestReportSchema }),
  bitrateTestResults: z.object({
    maxBitrate: z.number(),
    report: bitrateReportSchema.nullable(),
    error: z.string().nullable().optional(),
  }),
  browserInformation: z.object({ browser: z.string(), os: z.string(), userAgent: z.string().optional() }),
  connectivityResults: z.object({
    components: z.array(z.object({ name: z.string(), status: z.string() })),
    signalingRegion: z.string().nullable(),
    turn: z.string().nullable(),
    /** 'reachable' or 'unreachable' (§9: the preflight reached dtlsConnected or peerConnectionConnected). */
    signalingGateway: z.string().nullable().optional(),
    /** The ICE candidate pair the preflight used, e.g. 'relay → host (udp)'. */
    selectedCandidatePair: z.string().nullable().optional(),
  }),
  preflightTestReport: z.object({
    report: preflightReportSchema.nullable(),
    error: z.string().nullable(),
    /** How each figure was measured (which getStats fields), so a support engineer can read them. */
    method: z.string().optional(),
  }),
  videoTestResults: deviceTestReportSchema,
  /** The §9 scores of each measure and their minimum. */
  quality: z
    .object({
      latency: qualitySchema.nullable(),
      jitter: qualitySchema.nullable(),
      packetLoss: qualitySchema.nullable(),
      bitrate: qualitySchema.nullable(),
      total: qualitySchema.nullable(),
    })
    .optional(),
  stethoscope: z.object({ skipped: z.boolean(), deviceLabel: z.string().nullable() }).optional(),
  dateCreated: z.string().optional(),
});
export type TestResultsFile = z.infer<typeof testResultsFileSchema>;

/**
 * The preflight against the API's own WebRTC peer (exams-and-devices §2.10, §9). The browser
 * sends audio for `preflightSeconds` and data for `bitrateSeconds`, both echoed by the server;
 * the server closes the peer after `peerLifetimeSeconds` whatever happens, and echoes at most
 * `maxEchoKbps` of data (which bounds what one test costs it, and what the bitrate test can show).
 */
export const preflightLimits = {
  preflightSeconds: 10,
  bitrateSeconds: 15,
  peerLifetimeSeconds: 45,
  maxEchoKbps: 5000,
  maxSdpLength: 30_000,
} as const;

export const preflightOfferSchema = z
  .object({
    /** The browser's complete offer (ICE gathering finished: no trickle). */
    sdp: z.string().min(1).max(preflightLimits.maxSdpLength),
  })
  .strict();
export const preflightAnswerSchema = z.object({ sdp: z.string() });

/** Our own status page: the components that exist in this deployment (§3 component shape). */
export const serviceStatusSchema = z.object({
  components: z.array(serviceComponentSchema),
  /** When the server last checked (its answer is reused for a few seconds). */
  checkedAt: z.string(),
});
export type ServiceStatus = z.infer<typeof serviceStatusSchema>;

export const statusRoutes = {
  get: endpoint({
    method: 'GET',
    path: '/status',
    public: true,
    responses: { 200: serviceStatusSchema },
    summary:
      'Status of the components this deployment has: API, realtime, TURN, recordings store, the video provider when Twilio',
  }),
};
