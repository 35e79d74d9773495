import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { stethoscopeConstraints } from '../../../lib/audio/live-input.ts';
import { audioInputReportAtom, deviceChangeSnackbarAtom } from '../stores/wizard.ts';
import { compatibilityTimings } from '../utils/timings.ts';
import { meanVolume, silentTestErrors } from '../utils/volume.ts';

type InputTestState = { running: boolean; recording: boolean; volume: number; done: boolean };

/**
 * §2.10/§9 audio input test: the microphone's volume every 100 ms for 20 s, or for 4 s while
 * recording (the recording is then what the output test plays). Zero variation in the readings is
 * 'No audio detected.'; a microphone that cannot open is 'Unable to connect.'.
 */
export function useAudioInputTest(deviceId: string | null) {
  const setReport = useSetAtom(audioInputReportAtom);
  const showSnackbar = useSetAtom(deviceChangeSnackbarAtom);
  const [state, setState] = useState<InputTestState>({ running: false, recording: false, volume: 0, done: false });
  const [recorded, setRecorded] = useState<Blob | null>(null);
  const stop = useRef<() => void>(() => undefined);

  const run = useCallback(
    async (record: boolean) => {
      stop.current();
      let cancelled = false;
      const cleanups: (() => void)[] = [];
      stop.current = () => {
        cancelled = true;
        cleanups.forEach((cleanup) => cleanup());
      };
      setState({ running: true, recording: record, volume: 0, done: false });
      let stream: MediaStream;
      try {
        // Voice processing off: the test hears the microphone as it is.
        stream = await navigator.mediaDevices.getUserMedia({ audio: stethoscopeConstraints(deviceId) });
      } catch {
        if (cancelled) return;
        setReport({ errors: ['Unable to connect.'] });
        showSnackbar(true);
        setState({ running: false, recording: false, volume: 0, done: true });
        return;
      }
      if (cancelled) {
        // Stopped (another run, or the pane closed) while the browser was opening the microphone.
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      const context = new AudioContext();
      cleanups.push(
        () => stream.getTracks().forEach((track) => track.stop()),
        () => void context.close(),
      );
      const analyser = context.createAnalyser();
      analyser.fftSize = 256;
      context.createMediaStreamSource(stream).connect(analyser);
      const bins = new Uint8Array(analyser.frequencyBinCount);
      const values: number[] = [];
      const recorder = record ? new MediaRecorder(stream) : null;
      const chunks: Blob[] = [];
      if (recorder) {
        recorder.ondataavailable = (event) => chunks.push(event.data);
        recorder.onstop = () => setRecorded(new Blob(chunks, { type: recorder.mimeType }));
        recorder.start();
      }
      const timer = setInterval(() => {
        analyser.getByteFrequencyData(bins);
        const volume = meanVolume(bins);
        values.push(volume);
        setState((current) => ({ ...current, volume }));
      }, compatibilityTimings.volumeIntervalMs);
      cleanups.push(() => clearInterval(timer));
      const duration = record ? compatibilityTimings.audioRecordingTestMs : compatibilityTimings.audioInputTestMs;
      await new Promise((resolve) => {
        const end = setTimeout(resolve, duration);
        cleanups.push(() => clearTimeout(end));
      });
      if (cancelled) return;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      stop.current();
      const errors = silentTestErrors(values);
      setReport({ errors });
      if (errors.length) showSnackbar(true);
      setState({ running: false, recording: false, volume: 0, done: true });
    },
    [deviceId, setReport, showSnackbar],
  );

  useEffect(() => {
    void run(false);
    return () => stop.current();
  }, [run]);

  return { ...state, recorded, record: () => void run(true), restart: () => void run(false) };
}
