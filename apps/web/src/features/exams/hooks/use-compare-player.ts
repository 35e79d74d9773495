import { useCallback, useEffect, useRef, useState } from 'react';
import type { ComparePlayback, CompareMode, CompareSide } from '../../../lib/audio/compare-playback.ts';
import type { PlaybackSettings, Span } from '../../../lib/audio/playback.ts';
import { getRecording } from '../../../lib/api/auscultations/get-recording.ts';
import type { Alignment } from '../utils/compare-alignment.ts';
import { releasePlaybackTurn, takePlaybackTurn } from './use-player.ts';
import type { PlayerState } from './use-player.ts';

type ComparePlayerOptions = {
  currentId: string;
  earlierId: string;
  alignment: Alignment;
  settings: PlaybackSettings;
  mode: CompareMode;
  /** A region of the shared axis to loop (A/B) or to play in turn; null for everything. */
  region: Span | null;
};

/**
 * Compare's one transport for two recordings (issue 40): both originals are fetched and decoded on
 * the first Play, then played on the shared axis through one chain; `listen` flips A/B while both
 * keep running.
 */
export function useComparePlayer({ currentId, earlierId, alignment, settings, mode, region }: ComparePlayerOptions) {
  const [state, setState] = useState<PlayerState>('idle');
  const [failed, setFailed] = useState(false);
  const [heard, setHeard] = useState<CompareSide>('current');
  const playback = useRef<ComparePlayback | null>(null);
  const cursor = useRef(0);
  const latest = useRef({ settings, mode, region, alignment, heard });
  latest.current = { settings, mode, region, alignment, heard };

  /** What is played: the region, else in A/B the stretch both recordings cover, else all of it. */
  const span = useCallback((): Span => {
    const { region: chosen, mode: how, alignment: aligned } = latest.current;
    if (how === 'sequence') return chosen ?? { start: 0, end: aligned.total };
    const both = aligned.overlap ?? { start: 0, end: aligned.total };
    if (!chosen) return { start: 0, end: aligned.total };
    const start = Math.max(chosen.start, both.start);
    const end = Math.min(chosen.end, both.end);
    return end > start ? { start, end } : both;
  }, []);

  // A stable function for the page-wide "one at a time" rule; it runs this player's latest stop.
  const stopLatest = useRef<() => void>(() => undefined);
  const stopThis = useRef(() => stopLatest.current());
  const start = useCallback(
    async (from: number) => {
      const current = playback.current;
      if (!current) return;
      takePlaybackTurn(stopThis.current);
      const { mode: how, region: chosen } = latest.current;
      await current.play(from, span(), how, how === 'ab' && chosen !== null);
      // A Stop pressed while play() waited for the chain starts nothing: stay idle then.
      if (current.playing) setState('playing');
    },
    [span],
  );

  const load = useCallback(
    async (signal: AbortSignal): Promise<ComparePlayback> => {
      const [{ acquireEngineBridge }, { ComparePlayback: Playback }] = await Promise.all([
        import('../../../lib/audio/engine-bridge.ts'),
        import('../../../lib/audio/compare-playback.ts'),
      ]);
      const { bridge, release } = acquireEngineBridge();
      try {
        const decode = async (id: string) => bridge.call('decode', [await getRecording(id, 'Raw', { signal })], signal);
        const [a, b] = await Promise.all([decode(currentId), decode(earlierId)]);
        const { alignment: aligned, settings: chosen } = latest.current;
        const created = await Playback.create(
          { ...a, pad: aligned.current.pad },
          { ...b, pad: aligned.earlier.pad },
          chosen,
        );
        if (signal.aborted) {
          created.destroy();
          throw signal.reason;
        }
        created.listen(latest.current.heard);
        return created;
      } finally {
        release();
      }
    },
    [currentId, earlierId],
  );

  const controller = useRef<AbortController | null>(null);
  useEffect(
    () => () => {
      controller.current?.abort();
      playback.current?.destroy();
      playback.current = null;
      releasePlaybackTurn(stopThis.current);
    },
    [load],
  );

  const play = useCallback(async () => {
    if (state === 'downloading') return;
    setFailed(false);
    if (!playback.current) {
      setState('downloading');
      const abort = new AbortController();
      controller.current = abort;
      try {
        playback.current = await load(abort.signal);
      } catch {
        setState('idle');
        if (!abort.signal.aborted) setFailed(true);
        return;
      }
      playback.current.onEnded = () => {
        cursor.current = span().start;
        setState('idle');
      };
    }
    await start(cursor.current);
  }, [load, span, start, state]);

  const stop = useCallback(() => {
    const current = playback.current;
    if (current?.playing) cursor.current = current.position().time;
    current?.stop();
    setState('idle');
  }, []);
  stopLatest.current = stop;

  const seek = useCallback(
    (time: number) => {
      cursor.current = time;
      if (playback.current?.playing) void start(time);
    },
    [start],
  );

  const listen = useCallback((side: CompareSide) => {
    setHeard(side);
    playback.current?.listen(side);
  }, []);

  const position = useCallback(
    () => (playback.current?.playing ? playback.current.position() : { time: cursor.current, side: heard }),
    [heard],
  );

  useEffect(() => playback.current?.configure(settings), [settings]);
  // A new mode or region restarts playback where it is, inside the new bounds.
  useEffect(() => {
    const current = playback.current;
    if (current?.playing) void start(current.position().time);
  }, [mode, region, start]);

  return { state, failed, heard, play, stop, seek, listen, position };
}
