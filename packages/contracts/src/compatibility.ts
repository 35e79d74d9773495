import { z } from 'zod';

/** Compatibility test reports and test_results.json (exams-and-devices §3). */
const averageMax = z.object({ average: z.number(), max: z.number() });
export const preflightReportSchema = z.object({
  stats: z.object({ rtt: averageMax, jitter: averageMax, packetLoss: averageMax }),
});
export const bitrateReportSchema = z.object({ values: z.array(z.number()), averageBitrate: z.number() });
export const deviceTestReportSchema = z.object({ errors: z.array(z.string()) });
export const qualitySchema = z.enum(['Excellent', 'Good', 'Suboptimal', 'Poor']);

export const testResultsFileSchema = z.object({
  audioTestResults: z.object({ inputTest: deviceTestReportSchema, outputTest: deviceTestReportSchema }),
  bitrateTestResults: z.object({ maxBitrate: z.number(), report: bitrateReportSchema.nullable() }),
  browserInformation: z.object({ browser: z.string(), os: z.string() }),
  connectivityResults: z.object({
    components: z.array(z.object({ name: z.string(), status: z.string() })),
    signalingRegion: z.string().nullable(),
    turn: z.string().nullable(),
  }),
  preflightTestReport: z.object({ report: preflightReportSchema.nullable(), error: z.string().nullable() }),
  videoTestResults: deviceTestReportSchema,
});
