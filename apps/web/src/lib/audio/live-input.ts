import { MAX_GAIN_LIVE } from '@auscura/audio-engine';
import type { PresetName } from '@auscura/audio-engine';
import type {
  BadNoiseMessage,
  BadNoiseOptions,
  BadNoiseSiteMessage,
  ChainMessage,
  EngineProcessorOptions,
  MeterMessage,
  MeterOptions,
  RecorderCommand,
  RecorderMessage,
  RecorderOptions,
  SpectrumMessage,
  SpectrumOptions,
} from '@auscura/audio-engine/worklet-messages';
import { loadEngineWasmBytes } from './engine-wasm.ts';
import badNoiseUrl from '@auscura/audio-engine/worklets/bad-noise-processor?worker&url';
import levelMeterUrl from '@auscura/audio-engine/worklets/level-meter-processor?worker&url';
import liveMonitorUrl from '@auscura/audio-engine/worklets/live-monitor-processor?worker&url';
import recorderUrl from '@auscura/audio-engine/worklets/recorder-processor?worker&url';
import spectrumUrl from '@auscura/audio-engine/worklets/spectrum-processor?worker&url';

/** exams-and-devices §9: an in-person recording lasts at most 60 s. */
export const maxRecordingSeconds = 60;

/** What getUserMedia is asked for: the stethoscope's own signal, without the browser's voice processing. */
export function stethoscopeConstraints(deviceId: string | null): MediaTrackConstraints {
  return {
    ...(deviceId ? { deviceId: { exact: deviceId } } : {}),
    echoCancellation: false,
    noiseSuppression: false,
    autoGainControl: false,
  };
}

/** One finished capture: mono samples at the context's rate. */
export type Capture = { samples: Float32Array; sampleRate: number };

// Mono in: the stethoscope track may arrive as stereo (Chromium's fake device does); the nodes
// down-mix it instead of keeping only the left channel.
const monoInput = { channelCount: 1, channelCountMode: 'explicit', channelInterpretation: 'speakers' } as const;

/** How a LiveInput is opened: whose stream, and what runs on it besides the meter and the monitor. */
type LiveInputOptions = {
  /** The stream is the input's own: destroy() stops its tracks (false for a stream shared with a room). */
  ownsStream: boolean;
  /** Also run the engine's streaming bad-noise check (exams-and-devices §5) and report its changes. */
  badNoise?: boolean;
  /** Also run the engine's spectrum worklet (the compatibility test's stethoscope check). */
  spectrum?: boolean;
  /**
   * The stream is a remote WebRTC track: Chromium delivers one to Web Audio only while a media element
   * plays it (a long-standing Chromium behaviour, seen again with Chromium 156 on these machines), so
   * a muted element plays it for as long as the input is open; the sound comes out of the engine.
   */
  remote?: boolean;
};

/**
 * A stethoscope input: its stream, the engine's level meter, the live monitor (the playback chain
 * with gain up to 20×, to the headphones), the recorder worklet and, when asked, the bad-noise
 * check. In person and at the patient's home it is the local stethoscope; in the live exam the
 * clinician opens one on the patient's stethoscope track. Owns the AudioContext, the nodes and their
 * ports (and the tracks, when `ownsStream`); destroy() is idempotent (CONVENTIONS rule 9).
 */
export class LiveInput {
  /** Called about every 100 ms with the input level (engine level meter). */
  onLevel: ((level: MeterMessage) => void) | null = null;
  /** Called when the stream's track ends (the device was unplugged). */
  onEnded: (() => void) | null = null;
  /** Called when the bad-noise verdict changes (only with `badNoise`). */
  onBadNoise: ((bad: boolean) => void) | null = null;
  /** With `spectrum`: called about every 100 ms with the engine's band levels. */
  onSpectrum: ((spectrum: SpectrumMessage) => void) | null = null;
  private recorder: AudioWorkletNode | null = null;
  private monitoring = false;
  private destroyed = false;

  private constructor(
    private readonly context: AudioContext,
    private readonly stream: MediaStream,
    private readonly source: MediaStreamAudioSourceNode,
    private readonly meter: AudioWorkletNode,
    private readonly monitor: AudioWorkletNode,
    private readonly sink: GainNode,
    private readonly noise: AudioWorkletNode | null,
    private readonly spectrum: AudioWorkletNode | null,
    private readonly ownsStream: boolean,
    private readonly element: HTMLAudioElement | null,
  ) {
    meter.port.onmessage = (event: MessageEvent<MeterMessage>) => this.onLevel?.(event.data);
    if (noise) noise.port.onmessage = (event: MessageEvent<BadNoiseMessage>) => this.onBadNoise?.(event.data.bad);
    if (spectrum) spectrum.port.onmessage = (event: MessageEvent<SpectrumMessage>) => this.onSpectrum?.(event.data);
    for (const track of stream.getAudioTracks()) track.addEventListener('ended', () => this.onEnded?.());
  }

  /** Opens an input device with the browser's voice processing off, and owns its stream. */
  static async create(
    deviceId: string | null,
    monitor: { preset: PresetName; gain: number },
    options: Omit<LiveInputOptions, 'ownsStream'> = {},
  ): Promise<LiveInput> {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: stethoscopeConstraints(deviceId) });
    try {
      return await LiveInput.fromStream(stream, monitor, { ...options, ownsStream: true });
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      throw error;
    }
  }

  /** Runs the engine's worklets on a stream that is already open (a stethoscope shared with the room, a remote track). */
  static async fromStream(
    stream: MediaStream,
    monitor: { preset: PresetName; gain: number },
    options: LiveInputOptions,
  ): Promise<LiveInput> {
    const bytes = await loadEngineWasmBytes();
    const context = new AudioContext({ latencyHint: 'interactive' });
    let element: HTMLAudioElement | null = null;
    if (options.remote) {
      element = new Audio();
      element.muted = true;
      element.srcObject = stream;
      void element.play().catch(() => undefined);
    }
    try {
      await Promise.all([
        context.audioWorklet.addModule(levelMeterUrl),
        context.audioWorklet.addModule(liveMonitorUrl),
        context.audioWorklet.addModule(recorderUrl),
        ...(options.badNoise ? [context.audioWorklet.addModule(badNoiseUrl)] : []),
        ...(options.spectrum ? [context.audioWorklet.addModule(spectrumUrl)] : []),
      ]);
      const source = context.createMediaStreamSource(stream);
      const meter = new AudioWorkletNode(context, 'level-meter-processor', {
        ...monoInput,
        numberOfOutputs: 1,
        outputChannelCount: [1],
        processorOptions: { wasmBytes: bytes.slice(0), intervalMs: 100 } satisfies MeterOptions,
      });
      const monitorOptions: EngineProcessorOptions = {
        wasmBytes: bytes.slice(0),
        preset: monitor.preset,
        gain: monitor.gain,
        maxGain: MAX_GAIN_LIVE,
      };
      const monitorNode = new AudioWorkletNode(context, 'live-monitor-processor', {
        ...monoInput,
        numberOfOutputs: 1,
        outputChannelCount: [1],
        processorOptions: monitorOptions,
      });
      // Nodes that only listen still have to be pulled by the destination: through a silent gain.
      const sink = context.createGain();
      sink.gain.value = 0;
      sink.connect(context.destination);
      source.connect(meter);
      meter.connect(sink);
      source.connect(monitorNode);
      let noise: AudioWorkletNode | null = null;
      if (options.badNoise) {
        noise = new AudioWorkletNode(context, 'bad-noise-processor', {
          ...monoInput,
          numberOfOutputs: 1,
          outputChannelCount: [1],
          processorOptions: { wasmBytes: bytes.slice(0) } satisfies BadNoiseOptions,
        });
        source.connect(noise);
        noise.connect(sink);
      }
      let spectrum: AudioWorkletNode | null = null;
      if (options.spectrum) {
        spectrum = new AudioWorkletNode(context, 'spectrum-processor', {
          ...monoInput,
          numberOfOutputs: 1,
          outputChannelCount: [1],
          processorOptions: { wasmBytes: bytes.slice(0), intervalMs: 100 } satisfies SpectrumOptions,
        });
        source.connect(spectrum).connect(sink);
      }
      await context.resume();
      return new LiveInput(
        context,
        stream,
        source,
        meter,
        monitorNode,
        sink,
        noise,
        spectrum,
        options.ownsStream,
        element,
      );
    } catch (error) {
      if (element) element.srcObject = null;
      void context.close();
      throw error;
    }
  }

  get sampleRate(): number {
    return this.context.sampleRate;
  }

  /** The input's audio track (the patient's page also sends it to the room as the stethoscope). */
  get track(): MediaStreamTrack | null {
    return this.stream.getAudioTracks()[0] ?? null;
  }

  /** The label of the device the stream comes from. */
  get deviceLabel(): string {
    return this.stream.getAudioTracks()[0]?.label ?? '';
  }

  /** Plays the filtered stethoscope sound to the speakers or headphones, or stops. */
  setMonitoring(on: boolean): void {
    if (this.destroyed || on === this.monitoring) return;
    this.monitoring = on;
    if (on) this.monitor.connect(this.context.destination);
    else this.monitor.disconnect();
  }

  configureMonitor(preset: PresetName, gain: number): void {
    if (this.destroyed) return;
    const configure: ChainMessage = { type: 'configure', options: { preset, gain, maxGain: MAX_GAIN_LIVE } };
    this.monitor.port.postMessage(configure);
  }

  /**
   * Records the raw input (before the monitor's filters) until stop() or `maxSeconds` (60 s). Resolves with the
   * samples the recorder worklet captured; an empty capture resolves with zero samples.
   */
  record(maxSeconds: number = maxRecordingSeconds): { done: Promise<Capture>; stop: () => void } {
    if (this.destroyed) throw new Error('The input is closed');
    this.recorder?.disconnect();
    const node = new AudioWorkletNode(this.context, 'recorder-processor', {
      ...monoInput,
      numberOfOutputs: 1,
      processorOptions: { chunkSeconds: 1, maxSeconds } satisfies RecorderOptions,
    });
    this.recorder = node;
    const chunks: Float32Array[] = [];
    const done = new Promise<Capture>((resolve) => {
      node.port.onmessage = (event: MessageEvent<RecorderMessage>) => {
        const message = event.data;
        if (message.type === 'chunk') {
          chunks.push(message.samples);
          return;
        }
        const samples = new Float32Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
        let at = 0;
        for (const chunk of chunks) {
          samples.set(chunk, at);
          at += chunk.length;
        }
        node.port.close();
        node.disconnect();
        if (this.recorder === node) this.recorder = null;
        resolve({ samples, sampleRate: this.context.sampleRate });
      };
    });
    this.source.connect(node);
    node.connect(this.sink);
    return { done, stop: () => node.port.postMessage({ type: 'stop' } satisfies RecorderCommand) };
  }

  /**
   * Judges bad noise as at a heart point (the default) or a lung point, where breath sounds are the
   * signal and only bursts that stand out of them are noise (issue 35). No effect without `badNoise`.
   */
  setNoiseSite(site: 'heart' | 'lungs'): void {
    if (!this.destroyed) this.noise?.port.postMessage({ site } satisfies BadNoiseSiteMessage);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    this.onLevel = null;
    this.onEnded = null;
    this.onBadNoise = null;
    this.onSpectrum = null;
    this.recorder?.port.postMessage({ type: 'stop' } satisfies RecorderCommand);
    for (const node of [this.meter, this.monitor, this.noise, this.spectrum]) {
      node?.port.close();
      node?.disconnect();
    }
    this.source.disconnect();
    if (this.ownsStream) for (const track of this.stream.getTracks()) track.stop();
    if (this.element) this.element.srcObject = null;
    void this.context.close();
  }
}
