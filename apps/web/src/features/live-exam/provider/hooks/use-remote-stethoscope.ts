import type { MonitorSettings } from '../../../../hooks/use-live-input.ts';
import { useLiveInputFrom } from '../../../../hooks/use-live-input.ts';
import { LiveInput } from '../../../../lib/audio/live-input.ts';

/**
 * The clinician hears the patient's stethoscope track through the engine's worklet chain (the
 * presets, gain up to 20×) with its level meter, the same chain as in person. `track` is the room's
 * remote stethoscope (null while the patient does not send it); `monitor.enabled` plays it.
 */
export function useRemoteStethoscope(track: MediaStreamTrack | null, monitor: MonitorSettings) {
  const { input, level, failed } = useLiveInputFrom(
    track
      ? {
          key: track,
          open: (settings) =>
            LiveInput.fromStream(new MediaStream([track]), settings, { ownsStream: false, remote: true }),
        }
      : null,
    monitor,
  );
  return { hearing: input !== null, level, failed };
}
