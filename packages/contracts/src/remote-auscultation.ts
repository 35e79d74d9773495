import { z } from 'zod';

/**
 * Remote auscultation in the live exam (exams-and-devices §3, §4 "Recording (virtual)", §5, §9):
 * the clinician asks for a recording of one point; the patient's browser records its stethoscope
 * locally with the engine's recorder and uploads it.
 */
export const remoteRecording = {
  /** §9: the countdown starts at 60 s and ticks every 250 ms. */
  timerSeconds: 60,
  tickMs: 250,
  /** §4/§9: below 15 s an 'Add 30 seconds' button adds 30 s; the countdown never shows more than 60 s. */
  addSeconds: 30,
  addBelowSeconds: 15,
  /**
   * The spec caps the countdown, not the sum of its extensions; the patient's recorder stops by
   * itself after this long whatever happens to the clinician's page, and the server refuses longer
   * uploads (three minutes of 48 kHz 16-bit mono is 17 MB, under the upload's byte limit).
   */
  maxRecordingSeconds: 180,
  /** The point labels a remote recording may have: five heart and five lung points ('other' is in-person only). */
  pointLabels: ['h1', 'h2', 'h3', 'h4', 'h5', 'l1', 'l2', 'l3', 'l4', 'l5'] as const,
  /**
   * §4 progress while processing: the upload counts for 30 %, then the bar moves by 1 every 300 ms up
   * to about 80 while the server processes (it reports no progress of its own), then the real download
   * of the silenced variant fills it to 100.
   */
  uploadShare: 30,
  waitingStepMs: 300,
  waitingCeiling: 80,
} as const;

/**
 * Why an auscultation request was cancelled (its `error` field), each with its §8 Auscultation
 * Error text on the clinician's side. `Other` stands for any other failure.
 */
export const auscultationRequestErrorSchema = z.enum([
  'DeviceDisconnected',
  'PatientDisconnected',
  'AuscultationRecordingFailed',
  'Other',
]);
export type AuscultationRequestError = z.infer<typeof auscultationRequestErrorSchema>;

/**
 * What the patient's browser reports of its stethoscope capture (read back with
 * MediaStreamTrack.getSettings()): the browser's voice processing must be off, or the live sound
 * is faded and high-passed before it is sent (Chromium builds its WebRTC audio processing only when
 * one of the three is on, and its echo canceller brings a 100 Hz high-pass; `npm run bench:stethoscope`
 * measures what the defaults do to a stethoscope).
 */
export const stethoscopeCaptureSchema = z.object({
  deviceLabel: z.string().max(200),
  echoCancellation: z.boolean().nullable(),
  noiseSuppression: z.boolean().nullable(),
  autoGainControl: z.boolean().nullable(),
  sampleRate: z.number().int().min(0).max(768_000).nullable(),
  channelCount: z.number().int().min(0).max(32).nullable(),
});
export type StethoscopeCapture = z.infer<typeof stethoscopeCaptureSchema>;

/** The name prefix of the stethoscope's audio track in the room (§7.2). */
export const stethoscopeTrackPrefix = 'm1AuscMicAudio';
