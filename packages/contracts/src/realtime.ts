import { z } from 'zod';
import { isoDateTimeSchema } from './common.js';

/** Real-time shared state per virtual exam (exams-and-devices §3, §4). */
export const entryRequestStatusSchema = z.enum(['pending', 'approved', 'cancelled', 'denied']);
export const participantLogEntrySchema = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(['HealthcareProvider', 'Patient']),
  loggedIn: isoDateTimeSchema,
  loggedOut: isoDateTimeSchema.nullable(),
});
export const auscultationRequestSchema = z.object({
  auscultationPoint: z.string(),
  recordingStartRequest: isoDateTimeSchema.nullable(),
  recordingStopRequest: isoDateTimeSchema.nullable(),
  recordingCancelRequest: isoDateTimeSchema.nullable(),
  error: z.string().nullable(),
  uploadProgress: z.number().min(0).max(100).nullable(),
  auscultationId: z.string().nullable(),
  status: z.enum(['pending', 'processing', 'complete', 'cancelled']),
});
export const liveExamStateSchema = z.object({
  participantLog: z.array(participantLogEntrySchema),
  isM1Connected: z.boolean(),
  isReviewingAuscultation: z.boolean(),
  avRoomId: z.string().nullable(),
  examEntryRequest: z.object({ name: z.string(), status: entryRequestStatusSchema }).nullable(),
  auscultationRequests: z.array(auscultationRequestSchema),
  auscultationMicActivationRequest: isoDateTimeSchema.nullable(),
  auscultationMicDeactivationRequest: isoDateTimeSchema.nullable(),
  isTargetEnabled: z.boolean(),
});
export type LiveExamState = z.infer<typeof liveExamStateSchema>;

/** Messages on the video data track (exams-and-devices §7.2). */
export const dataTrackMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('targetPos'), detail: z.tuple([z.number().min(0).max(1), z.number().min(0).max(1)]) }),
  z.object({ type: z.literal('badNoiseDetected'), detail: z.boolean() }),
]);
export type DataTrackMessage = z.infer<typeof dataTrackMessageSchema>;

export const realtimeTokenSchema = z.object({ value: z.string() });
