import { useCallback, useEffect, useRef, useState } from 'react';
import type { StethoscopeCapture } from '@auscura/contracts';
import type { MeterMessage } from '@auscura/audio-engine/worklet-messages';
import { useAudioInputs } from '../../../../hooks/use-audio-inputs.ts';
import { LiveInput } from '../../../../lib/audio/live-input.ts';
import { stethoscopeLabelPattern } from '../../../../lib/audio/stethoscope.ts';
import type { LiveExamChannel } from '../../../../lib/realtime/live-exam-channel.ts';

/** exams-and-devices §9: the stethoscope is looked for up to 16 times, every 500 ms. */
const stethoscopeSearch = { tries: 16, intervalMs: 500 } as const;

type PatientStethoscopeStatus =
  /** Looking for an input whose label is a stethoscope's (§9 patterns). */
  | 'searching'
  /** None found: the patient may use any input ('Stethoscope Not Detected'). */
  | 'notDetected'
  | 'opening'
  | 'open'
  /** The open stethoscope went away ('Stethoscope Disconnected'). */
  | 'disconnected'
  | 'failed';

/** What the browser did to the capture, read back from the track (issue 17: reported, not assumed). */
function captureOf(track: MediaStreamTrack): StethoscopeCapture {
  const settings = track.getSettings();
  return {
    deviceLabel: track.label.slice(0, 200),
    echoCancellation: settings.echoCancellation ?? null,
    noiseSuppression: settings.noiseSuppression ?? null,
    autoGainControl: settings.autoGainControl ?? null,
    sampleRate: settings.sampleRate ?? null,
    channelCount: settings.channelCount ?? null,
  };
}

/**
 * The patient's stethoscope in the live exam: found by its label (16 tries at 500 ms) or chosen by
 * the patient, opened with the browser's voice processing off through the engine (level meter,
 * recorder, bad-noise check), and announced in the shared state (isM1Connected and how it is
 * captured). When its track ends, it is disconnected and `onEnded` is called.
 */
export function usePatientStethoscope(channel: LiveExamChannel | null, options: { onEnded?: () => void } = {}) {
  const devices = useAudioInputs();
  const [status, setStatus] = useState<PatientStethoscopeStatus>('searching');
  const [openId, setOpenId] = useState<string | null>(null);
  const [input, setInput] = useState<LiveInput | null>(null);
  const [level, setLevel] = useState<MeterMessage | null>(null);
  const [badNoise, setBadNoise] = useState(false);
  const ended = useRef(options.onEnded);
  ended.current = options.onEnded;
  const { choose } = devices;

  // §9: poll for a stethoscope; a match is opened at once, otherwise the patient chooses.
  useEffect(() => {
    if (devices.check.status !== 'ready' || status !== 'searching') return;
    if (devices.detected && devices.deviceId) {
      setOpenId(devices.deviceId);
      return;
    }
    let tries = 0;
    const timer = window.setInterval(() => {
      void navigator.mediaDevices.enumerateDevices().then((found) => {
        const match = found.find((d) => d.kind === 'audioinput' && stethoscopeLabelPattern.test(d.label));
        if (match) {
          window.clearInterval(timer);
          choose(match.deviceId);
          setOpenId(match.deviceId);
        } else if (++tries >= stethoscopeSearch.tries) {
          window.clearInterval(timer);
          setStatus('notDetected');
        }
      });
    }, stethoscopeSearch.intervalMs);
    return () => window.clearInterval(timer);
  }, [devices.check.status, devices.detected, devices.deviceId, status, choose]);

  useEffect(() => {
    if (devices.check.status === 'denied' || devices.check.status === 'failed') setStatus('failed');
  }, [devices.check.status]);

  // Open the chosen input; announce it; follow its end.
  useEffect(() => {
    if (!openId) return;
    let cancelled = false;
    let opened: LiveInput | null = null;
    setStatus('opening');
    LiveInput.create(openId, { preset: 'wide', gain: 1 }, { badNoise: true }).then(
      (created) => {
        if (cancelled) return created.destroy();
        opened = created;
        created.onLevel = setLevel;
        created.onBadNoise = setBadNoise;
        created.onEnded = () => {
          setStatus('disconnected');
          setInput(null);
          void channel?.write('isM1Connected', false);
          void channel?.write('stethoscopeCapture', null);
          ended.current?.();
        };
        setInput(created);
        setStatus('open');
        const track = created.track;
        if (track) void channel?.write('stethoscopeCapture', captureOf(track));
        void channel?.write('isM1Connected', true);
      },
      () => !cancelled && setStatus('failed'),
    );
    return () => {
      cancelled = true;
      opened?.destroy();
      setInput(null);
      setLevel(null);
    };
  }, [openId, channel]);

  // Leaving the page: the stethoscope is no longer connected.
  useEffect(() => () => void channel?.write('isM1Connected', false), [channel]);

  /** The patient picks an input (none was detected, or to use another one, or to try again after unplugging). */
  const use = useCallback(
    (deviceId: string) => {
      choose(deviceId);
      setOpenId(null);
      // A new id, or the same one again after it ended: open it afresh.
      window.setTimeout(() => setOpenId(deviceId), 0);
    },
    [choose],
  );

  return {
    status,
    inputs: devices.inputs,
    selected: devices.deviceId,
    select: choose,
    use,
    input,
    level,
    badNoise,
  };
}
