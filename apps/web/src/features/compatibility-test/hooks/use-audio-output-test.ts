import { useCallback, useEffect, useRef, useState } from 'react';
import { useSetAtom } from 'jotai';
import { audioOutputReportAtom, deviceChangeSnackbarAtom } from '../stores/wizard.ts';
import { compatibilityTimings } from '../utils/timings.ts';
import { meanVolume, silentTestErrors } from '../utils/volume.ts';

type SinkContext = AudioContext & { setSinkId?: (id: string) => Promise<void> };

/** A short three-note chime, made here (no file to fetch). */
function chime(context: AudioContext, into: AudioNode): number {
  const notes = [523.25, 659.25, 783.99];
  notes.forEach((frequency, index) => {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.frequency.value = frequency;
    const start = context.currentTime + index * 0.35;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(0.3, start + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + 0.6);
    oscillator.connect(gain).connect(into);
    oscillator.start(start);
    oscillator.stop(start + 0.65);
  });
  return 1.4;
}

/**
 * §2.10 audio output test: plays the input test's recording (or a chime) on the chosen speaker,
 * reading the volume of what is played every 100 ms; zero variation is 'No audio detected.' (§8).
 */
export function useAudioOutputTest(outputId: string | null, recording: Blob | null) {
  const setReport = useSetAtom(audioOutputReportAtom);
  const showSnackbar = useSetAtom(deviceChangeSnackbarAtom);
  const [playing, setPlaying] = useState(false);
  const [volume, setVolume] = useState(0);
  const stop = useRef<() => void>(() => undefined);
  useEffect(() => () => stop.current(), []);

  const play = useCallback(async () => {
    stop.current();
    const context: SinkContext = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 256;
    analyser.connect(context.destination);
    const bins = new Uint8Array(analyser.frequencyBinCount);
    const values: number[] = [];
    let timer = 0;
    stop.current = () => {
      clearInterval(timer);
      void context.close().catch(() => undefined);
      setPlaying(false);
      setVolume(0);
    };
    setPlaying(true);
    try {
      if (outputId && context.setSinkId) await context.setSinkId(outputId);
      await context.resume();
      let seconds: number;
      if (recording) {
        const buffer = await context.decodeAudioData(await recording.arrayBuffer());
        const source = context.createBufferSource();
        source.buffer = buffer;
        source.connect(analyser);
        source.start();
        seconds = buffer.duration;
      } else {
        seconds = chime(context, analyser);
      }
      timer = window.setInterval(() => {
        analyser.getByteFrequencyData(bins);
        const value = meanVolume(bins);
        values.push(value);
        setVolume(value);
      }, compatibilityTimings.volumeIntervalMs);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 200));
      const errors = silentTestErrors(values);
      setReport({ errors });
      if (errors.length) showSnackbar(true);
    } catch {
      setReport({ errors: ['Unable to connect.'] });
      showSnackbar(true);
    } finally {
      stop.current();
    }
  }, [outputId, recording, setReport, showSnackbar]);

  return { playing, volume, play: () => void play() };
}
