import type { ChainMessage } from '@auscura/audio-engine/worklet-messages';
import { ChainRestarts, chainOptions, createPlaybackChain } from './playback.ts';
import type { PlaybackSettings, Span } from './playback.ts';

/** One of the two recordings compared: its decoded samples and where it starts on the shared axis. */
export type CompareTrack = { samples: Float32Array; sampleRate: number; pad: number };
export type CompareSide = 'current' | 'earlier';
/**
 * 'ab': both recordings run together, aligned, and one control chooses which is heard;
 * 'sequence': this visit's span is played, then the earlier recording's same span.
 */
export type CompareMode = 'ab' | 'sequence';

const sides: CompareSide[] = ['current', 'earlier'];
/**
 * The A/B switch is a 10 ms crossfade between two sources that never stop: nothing is restarted,
 * so there is no gap, and the ramp avoids the click a hard cut between two waveforms makes.
 */
const switchSeconds = 0.01;

type Running = { sources: AudioBufferSourceNode[]; startedAt: number; from: number; span: Span; mode: CompareMode };

/**
 * Two recordings on one shared time axis through one playback chain (issue 40's Compare): each
 * has its own source and gain, both summed into the engine's 'playback-processor', so the filter
 * and level are the same for both and switching what is heard never interrupts the chain.
 * Owns its AudioContext, nodes and listeners; destroy() is idempotent (CONVENTIONS rule 9).
 */
export class ComparePlayback {
  /** Called when playback ends by itself (not looping); not called on stop() or destroy(). */
  onEnded: (() => void) | null = null;
  private running: Running | null = null;
  private heard: CompareSide = 'current';
  private stoppedAt = 0;
  private destroyed = false;
  /** Counts play() calls: a call that a later play(), stop() or destroy() overtook starts nothing. */
  private plays = 0;
  private readonly restarts: ChainRestarts;

  private constructor(
    private readonly context: AudioContext,
    private readonly node: AudioWorkletNode,
    private readonly tracks: Record<CompareSide, { buffer: AudioBuffer; pad: number; gain: GainNode }>,
  ) {
    this.restarts = new ChainRestarts(node);
  }

  static async create(
    current: CompareTrack,
    earlier: CompareTrack,
    settings: PlaybackSettings,
  ): Promise<ComparePlayback> {
    const { context, node } = await createPlaybackChain(current.sampleRate, settings);
    const track = (input: CompareTrack) => {
      // A buffer keeps its own rate; the source resamples it to the context's when they differ.
      const buffer = context.createBuffer(1, input.samples.length, input.sampleRate);
      buffer.copyToChannel(new Float32Array(input.samples), 0);
      const gain = context.createGain();
      gain.connect(node);
      return { buffer, pad: input.pad, gain };
    };
    return new ComparePlayback(context, node, { current: track(current), earlier: track(earlier) });
  }

  get playing(): boolean {
    return this.running !== null;
  }

  /** Which recording A/B lets through. */
  get heardSide(): CompareSide {
    return this.heard;
  }

  /**
   * Plays from shared time `from`. In A/B mode within `span` (both recordings' overlap, or a region
   * inside it), looping when asked; in sequence mode this visit's part of `span`, then the earlier one's.
   */
  async play(from: number, span: Span, mode: CompareMode, loop: boolean): Promise<void> {
    if (this.destroyed) return;
    this.halt();
    const play = ++this.plays;
    await this.context.resume();
    // The chain restarts with the first sound, as the single player's does (ChainRestarts).
    await this.restarts.arm(play);
    if (play !== this.plays || this.destroyed) return;
    const now = this.context.currentTime;
    const start = Math.max(0, span.start);
    const end = Math.max(start, span.end);
    const at = from >= start && from < end ? from : start;
    const sources: AudioBufferSourceNode[] = [];
    const started: AudioBufferSourceNode[] = [];
    if (mode === 'ab') {
      for (const side of sides) {
        const { buffer, pad, gain } = this.tracks[side];
        gain.gain.cancelScheduledValues(now);
        gain.gain.setValueAtTime(side === this.heard ? 1 : 0, now);
        const source = this.source(side);
        const offset = at - pad;
        if (loop) {
          // Both loop the same shared span, so they stay aligned lap after lap.
          source.loop = true;
          source.loopStart = start - pad;
          source.loopEnd = end - pad;
          source.start(now, Math.max(0, offset));
          started.push(source);
        } else {
          // A recording that starts later on the shared axis waits for its turn.
          const length = Math.min(end - pad, buffer.duration) - Math.max(offset, 0);
          if (length > 0) {
            source.start(now + Math.max(0, -offset), Math.max(0, offset), length);
            started.push(source);
          }
        }
        sources.push(source);
      }
    } else {
      let when = now;
      for (const side of sides) {
        const { buffer, pad, gain } = this.tracks[side];
        gain.gain.cancelScheduledValues(now);
        gain.gain.setValueAtTime(1, now);
        const first = side === 'current' ? Math.max(at, start) : start;
        const offset = Math.max(0, first - pad);
        const length = Math.max(0, Math.min(end - pad, buffer.duration) - offset);
        const source = this.source(side);
        if (length > 0) {
          source.start(when, offset, length);
          started.push(source);
        }
        when += length;
        sources.push(source);
      }
    }
    this.running = { sources, startedAt: now, from: at, span: { start, end }, mode };
    // Playback is over when every source that was started has ended (a looping one never does).
    const ends = started.map(
      (source) =>
        new Promise<void>((resolve) => {
          source.onended = () => resolve();
        }),
    );
    void Promise.all(ends).then(() => {
      if (this.running?.sources !== sources) return;
      this.halt();
      this.onEnded?.();
    });
  }

  /** Switches what is heard without stopping either recording. */
  listen(side: CompareSide): void {
    if (this.destroyed) return;
    this.heard = side;
    if (this.running?.mode !== 'ab') return;
    const now = this.context.currentTime;
    for (const other of sides) {
      const param = this.tracks[other].gain.gain;
      param.cancelScheduledValues(now);
      param.setValueAtTime(param.value, now);
      param.linearRampToValueAtTime(other === side ? 1 : 0, now + switchSeconds);
    }
  }

  /**
   * Where playback is on the shared axis, and which recording is playing there (in sequence mode the
   * earlier recording's turn restarts from the span's start).
   */
  position(): { time: number; side: CompareSide } {
    const running = this.running;
    if (!running) return { time: this.stoppedAt, side: this.heard };
    const elapsed = Math.max(0, this.context.currentTime - running.startedAt);
    const { start, end } = running.span;
    if (running.mode === 'ab') {
      const t = running.from + elapsed;
      const looping = running.sources[0]?.loop ?? false;
      if (t < end || !looping || end <= start) return { time: Math.min(t, end), side: this.heard };
      return { time: start + ((t - end) % (end - start)), side: this.heard };
    }
    const currentLength = this.playedLength('current', running.from, running.span);
    if (elapsed < currentLength) return { time: running.from + elapsed, side: 'current' };
    const earlierStart = Math.max(start, this.tracks.earlier.pad);
    return { time: Math.min(end, earlierStart + elapsed - currentLength), side: 'earlier' };
  }

  configure(settings: PlaybackSettings): void {
    this.send({ type: 'configure', options: chainOptions(settings) });
  }

  stop(): void {
    this.plays++;
    this.halt();
  }

  destroy(): void {
    if (this.destroyed) return;
    this.halt();
    this.destroyed = true;
    this.onEnded = null;
    this.restarts.release();
    this.node.port.close();
    for (const side of sides) this.tracks[side].gain.disconnect();
    this.node.disconnect();
    void this.context.close();
  }

  private source(side: CompareSide): AudioBufferSourceNode {
    const source = this.context.createBufferSource();
    source.buffer = this.tracks[side].buffer;
    source.connect(this.tracks[side].gain);
    return source;
  }

  private playedLength(side: CompareSide, from: number, span: Span): number {
    const { buffer, pad } = this.tracks[side];
    const offset = Math.max(0, Math.max(from, span.start) - pad);
    return Math.max(0, Math.min(span.end - pad, buffer.duration) - offset);
  }

  private send(message: ChainMessage): void {
    if (!this.destroyed) this.node.port.postMessage(message);
  }

  private halt(): void {
    const running = this.running;
    if (!running) return;
    this.stoppedAt = this.position().time;
    this.running = null;
    for (const source of running.sources) {
      source.onended = null;
      try {
        source.stop();
      } catch {
        // Never started (nothing of it in the span) or already ended: nothing to undo.
      }
      source.disconnect();
    }
  }
}
