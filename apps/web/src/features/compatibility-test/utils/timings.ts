/** exams-and-devices §9 "Compatibility test timings". */
export const compatibilityTimings = {
  /** Audio input test, or when recording. */
  audioInputTestMs: 20_000,
  audioRecordingTestMs: 4_000,
  /** Stethoscope polling: up to 16 tries, 500 ms apart. */
  stethoscopePollTries: 16,
  stethoscopePollIntervalMs: 500,
  /** The device-change snackbar hides itself after this long. */
  snackbarAutoHideMs: 110_000,
  /** Volume readings of the audio tests. */
  volumeIntervalMs: 100,
} as const;
