import { useEffect, useRef, useState } from 'react';
import type { RecordingPlayback } from '../lib/audio/playback.ts';
import type { PresetName } from '@auscura/audio-engine';

/** Plays the fresh recording through the engine's playback chain before it is saved. */
export function useReviewPlayback(samples: Float32Array, sampleRate: number, preset: PresetName) {
  const playback = useRef<RecordingPlayback | null>(null);
  const [playing, setPlaying] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(
    () => () => {
      playback.current?.destroy();
      playback.current = null;
    },
    [samples],
  );

  const play = async () => {
    setFailed(false);
    try {
      if (!playback.current) {
        const { RecordingPlayback: Playback } = await import('../lib/audio/playback.ts');
        playback.current = await Playback.create(samples, sampleRate, { preset, custom: null, gain: 1 });
        playback.current.onEnded = () => setPlaying(false);
      } else {
        playback.current.configure({ preset, custom: null, gain: 1 });
      }
      const duration = playback.current.duration;
      await playback.current.play(0, { start: 0, end: duration }, false);
      setPlaying(true);
    } catch {
      setFailed(true);
      setPlaying(false);
    }
  };

  const stop = () => {
    playback.current?.stop();
    setPlaying(false);
  };

  return { playing, failed, play, stop };
}
