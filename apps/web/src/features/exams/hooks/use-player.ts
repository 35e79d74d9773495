import { useCallback, useEffect, useRef, useState } from 'react';
import type { RecordingPlayback, PlaybackSettings, Span } from '../../../lib/audio/playback.ts';
import { getRecording } from '../../../lib/api/auscultations/get-recording.ts';
import type { RecordingVariant } from '../../../lib/api/auscultations/get-recording.ts';

export type PlayerState = 'idle' | 'downloading' | 'playing';

/** The page plays one recording at a time: starting a player stops the one that was playing. */
let stopPlaying: (() => void) | null = null;

/** Stops whatever else on the page is playing and makes `stop` the one to call next time. */
export function takePlaybackTurn(stop: () => void): void {
  if (stopPlaying && stopPlaying !== stop) stopPlaying();
  stopPlaying = stop;
}

/** Gives the turn back when the player that holds it goes away. */
export function releasePlaybackTurn(stop: () => void): void {
  if (stopPlaying === stop) stopPlaying = null;
}

export type PlayerOptions = {
  auscultationId: string;
  variant: RecordingVariant;
  settings: PlaybackSettings;
  loop: boolean;
  /** The region playback is confined to, or null for the whole recording. */
  region: Span | null;
};

/**
 * The player of §2.13: idle → downloading (with progress) → playing → idle. The chosen variant
 * is fetched on the first Play; when it cannot be fetched or decoded, the original file plays.
 */
export function usePlayer({ auscultationId, variant, settings, loop, region }: PlayerOptions) {
  const [state, setState] = useState<PlayerState>('idle');
  const [progress, setProgress] = useState<number | null>(null);
  const [fellBack, setFellBack] = useState(false);
  const [failed, setFailed] = useState(false);
  const playback = useRef<RecordingPlayback | null>(null);
  const cursor = useRef(0);
  const controller = useRef<AbortController | null>(null);
  const latest = useRef({ settings, loop, region });
  latest.current = { settings, loop, region };

  const span = useCallback((duration: number): Span => latest.current.region ?? { start: 0, end: duration }, []);

  // A new variant needs a new download; the old one's audio graph goes. As with a preset, a
  // variant switched during playback keeps playing from the same position (issue 22), and a
  // stopped player keeps its playhead; a new recording starts from the beginning.
  const resumeAfterSwitch = useRef(false);
  const playLatest = useRef<() => Promise<void>>(async () => undefined);
  useEffect(() => {
    if (resumeAfterSwitch.current) {
      resumeAfterSwitch.current = false;
      void playLatest.current();
    }
    return () => {
      const current = playback.current;
      resumeAfterSwitch.current = current?.playing ?? false;
      if (current?.playing) cursor.current = current.position();
      controller.current?.abort();
      current?.destroy();
      playback.current = null;
      setState('idle');
      setProgress(null);
      setFellBack(false);
    };
  }, [variant]);
  useEffect(
    () => () => {
      cursor.current = 0;
      resumeAfterSwitch.current = false;
    },
    [auscultationId],
  );

  // A stable function for the page-wide "one at a time" rule; it runs this player's latest stop.
  const stopLatest = useRef<() => void>(() => undefined);
  const stopThis = useRef(() => stopLatest.current());
  const start = useCallback(
    async (from: number) => {
      const current = playback.current;
      if (!current) return;
      takePlaybackTurn(stopThis.current);
      await current.play(from, span(current.duration), latest.current.loop);
      // A Stop pressed while play() waited for the chain starts nothing: stay idle then.
      if (current.playing) setState('playing');
    },
    [span],
  );

  const load = useCallback(async (): Promise<RecordingPlayback> => {
    const abort = new AbortController();
    controller.current = abort;
    const { signal } = abort;
    const [{ acquireEngineBridge }, { RecordingPlayback: Playback }] = await Promise.all([
      import('../../../lib/audio/engine-bridge.ts'),
      import('../../../lib/audio/playback.ts'),
    ]);
    const { bridge, release } = acquireEngineBridge();
    try {
      const fetchDecoded = async (which: RecordingVariant) => {
        const bytes = await getRecording(auscultationId, which, {
          signal,
          onProgress: ({ loaded, total }) => setProgress(total ? Math.min(loaded / total, 1) : null),
        });
        return bridge.call('decode', [bytes], signal);
      };
      let decoded;
      try {
        decoded = await fetchDecoded(variant);
      } catch (error) {
        if (variant === 'Raw' || signal.aborted) throw error;
        setFellBack(true);
        decoded = await fetchDecoded('Raw');
      }
      const created = await Playback.create(decoded.samples, decoded.sampleRate, latest.current.settings);
      if (signal.aborted) {
        created.destroy();
        throw signal.reason;
      }
      return created;
    } finally {
      release();
    }
  }, [auscultationId, variant]);

  const play = useCallback(async () => {
    if (state === 'downloading') return;
    setFailed(false);
    if (!playback.current) {
      setState('downloading');
      setProgress(0);
      try {
        playback.current = await load();
      } catch {
        setState('idle');
        setFailed(true);
        return;
      }
      playback.current.onEnded = () => {
        cursor.current = span(playback.current?.duration ?? 0).start;
        setState('idle');
      };
    }
    await start(cursor.current);
  }, [load, span, start, state]);

  playLatest.current = play;

  const stop = useCallback(() => {
    const current = playback.current;
    current?.stop();
    cursor.current = current ? span(current.duration).start : 0;
    setState('idle');
  }, [span]);
  stopLatest.current = stop;
  useEffect(
    () => () => {
      releasePlaybackTurn(stopThis.current);
    },
    [],
  );

  const seek = useCallback(
    (time: number) => {
      cursor.current = time;
      if (playback.current?.playing) void start(time);
    },
    [start],
  );

  const position = useCallback(() => (playback.current?.playing ? playback.current.position() : cursor.current), []);

  // Filter and level apply live; loop and region restart playback where it is, inside the new bounds.
  useEffect(() => playback.current?.configure(settings), [settings]);
  useEffect(() => {
    const current = playback.current;
    if (current?.playing) void start(current.position());
  }, [loop, region, start]);

  return { state, progress, fellBack, failed, play, stop, seek, position };
}
