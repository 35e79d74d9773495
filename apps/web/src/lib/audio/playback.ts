import type { CustomFilter, PresetName } from '@auscura/audio-engine';
import type { ChainMessage, ChainReply, EngineProcessorOptions } from '@auscura/audio-engine/worklet-messages';
import { loadEngineWasmBytes } from './engine-wasm.ts';
import playbackProcessorUrl from '@auscura/audio-engine/worklets/playback-processor?worker&url';

/** Filter and level of the playback chain; `custom` (when set) replaces the preset's band. */
export type PlaybackSettings = { preset: PresetName; custom: CustomFilter | null; gain: number };
/** A [start, end) span in seconds. */
export type Span = { start: number; end: number };

export function chainOptions(settings: PlaybackSettings) {
  return settings.custom
    ? { custom: settings.custom, gain: settings.gain }
    : { preset: settings.preset, gain: settings.gain };
}

/**
 * An AudioContext with the engine's 'playback-processor' AudioWorklet (preset filters, compressor,
 * gain ≤ 5×) connected to the speakers: what every player plays through. The context runs at the
 * recording's own rate (Chromium accepts 3–768 kHz), so the filters see the same samples as the
 * engine's offline rendering and the browser resamples only at the output.
 */
export async function createPlaybackChain(
  sampleRate: number,
  settings: PlaybackSettings,
): Promise<{ context: AudioContext; node: AudioWorkletNode }> {
  const bytes = await loadEngineWasmBytes();
  let context: AudioContext;
  try {
    context = new AudioContext({ sampleRate, latencyHint: 'playback' });
  } catch {
    context = new AudioContext({ latencyHint: 'playback' });
  }
  try {
    await context.audioWorklet.addModule(playbackProcessorUrl);
    const processorOptions: EngineProcessorOptions = { wasmBytes: bytes.slice(0), ...chainOptions(settings) };
    const node = new AudioWorkletNode(context, 'playback-processor', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      processorOptions,
    });
    node.connect(context.destination);
    return { context, node };
  } catch (error) {
    void context.close();
    throw error;
  }
}

/**
 * The chain's reset, timed to the sound: `arm(id)` asks the 'playback-processor' to reset on the first
 * quantum that carries sound and resolves once it has armed (ChainMessage 'restart' says why a plain
 * reset message could not promise that). One round trip to the audio thread, a few milliseconds; if no
 * answer comes (a closed context), it resolves after 1 s and playback goes on.
 */
export class ChainRestarts {
  private readonly armed = new Map<number, () => void>();

  constructor(private readonly node: AudioWorkletNode) {
    node.port.onmessage = (event: MessageEvent<ChainReply>) => {
      if (event.data.type !== 'restart-armed') return;
      this.armed.get(event.data.id)?.();
      this.armed.delete(event.data.id);
    };
  }

  arm(id: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.armed.delete(id);
        resolve();
      }, 1000);
      this.armed.set(id, () => {
        clearTimeout(timer);
        resolve();
      });
      this.node.port.postMessage({ type: 'restart', id } satisfies ChainMessage);
    });
  }

  /** Lets every waiting play() go on (to find it was overtaken); call before closing the port. */
  release(): void {
    for (const resolve of this.armed.values()) resolve();
    this.armed.clear();
  }
}

/**
 * Plays one decoded recording through the playback chain. Owns its AudioContext, nodes and
 * listeners; destroy() is idempotent (CONVENTIONS rule 9).
 */
export class RecordingPlayback {
  /** Called when playback ends by itself (not looping); not called on stop() or destroy(). */
  onEnded: (() => void) | null = null;
  private source: AudioBufferSourceNode | null = null;
  private startedAt = 0;
  private startOffset = 0;
  private span: Span = { start: 0, end: 0 };
  private looping = false;
  private destroyed = false;
  /** Counts play() calls: a call that a later play(), stop() or destroy() overtook starts nothing. */
  private plays = 0;
  private readonly restarts: ChainRestarts;

  private constructor(
    private readonly context: AudioContext,
    private readonly node: AudioWorkletNode,
    private readonly buffer: AudioBuffer,
  ) {
    this.restarts = new ChainRestarts(node);
  }

  static async create(
    samples: Float32Array,
    sampleRate: number,
    settings: PlaybackSettings,
  ): Promise<RecordingPlayback> {
    const { context, node } = await createPlaybackChain(sampleRate, settings);
    const buffer = context.createBuffer(1, samples.length, sampleRate);
    buffer.copyToChannel(new Float32Array(samples), 0);
    return new RecordingPlayback(context, node, buffer);
  }

  get duration(): number {
    return this.buffer.duration;
  }

  get playing(): boolean {
    return this.source !== null;
  }

  /** Starts at `from` within `span` (the region, or the whole file); loops inside the span when asked. */
  async play(from: number, span: Span, loop: boolean): Promise<void> {
    if (this.destroyed) return;
    this.halt();
    const play = ++this.plays;
    await this.context.resume();
    // The chain restarts with this source's first sound: armed before the source exists, so no
    // sample of it can reach the chain first.
    await this.restarts.arm(play);
    if (play !== this.plays || this.destroyed) return;
    const start = Math.max(0, Math.min(span.start, this.duration));
    const end = Math.max(start, Math.min(span.end, this.duration));
    const offset = from >= start && from < end ? from : start;
    const source = this.context.createBufferSource();
    source.buffer = this.buffer;
    source.connect(this.node);
    if (loop) {
      source.loop = true;
      source.loopStart = start;
      source.loopEnd = end;
      source.start(0, offset);
    } else {
      source.start(0, offset, end - offset);
    }
    source.onended = () => {
      if (this.source !== source) return;
      this.halt();
      this.onEnded?.();
    };
    this.source = source;
    this.span = { start, end };
    this.looping = loop;
    this.startOffset = offset;
    this.startedAt = this.context.currentTime;
  }

  stop(): void {
    this.plays++;
    this.halt();
  }

  /** Where playback is, in seconds of the recording (follows the loop back to the span's start). */
  position(): number {
    if (!this.source) return this.startOffset;
    const t = this.startOffset + Math.max(0, this.context.currentTime - this.startedAt);
    const { start, end } = this.span;
    if (t < end) return t;
    if (!this.looping || end <= start) return end;
    return start + ((t - end) % (end - start));
  }

  configure(settings: PlaybackSettings): void {
    this.send({ type: 'configure', options: chainOptions(settings) });
  }

  setGain(gain: number): void {
    this.send({ type: 'gain', gain });
  }

  destroy(): void {
    if (this.destroyed) return;
    this.halt();
    this.destroyed = true;
    this.onEnded = null;
    this.restarts.release();
    this.node.port.close();
    this.node.disconnect();
    void this.context.close();
  }

  private send(message: ChainMessage): void {
    if (!this.destroyed) this.node.port.postMessage(message);
  }

  private halt(): void {
    const source = this.source;
    if (!source) return;
    this.startOffset = this.position();
    this.source = null;
    source.onended = null;
    try {
      source.stop();
    } catch {
      // Already stopped by itself: nothing to undo.
    }
    source.disconnect();
  }
}
