// The plain async functions the comlink worker exposes. Kept separate from worker.ts (which only
// wires comlink) so Node tests can call exactly the same code.
import type {
  ChainOptions,
  DisplayFilter,
  Engine,
  FilterResponse,
  Spectrogram,
  SpectrogramOptions,
  VariantName,
} from './engine.js';
import {
  analyzeRecording,
  noiseFlags,
  type AnalysisOptions,
  type RecordingAnalysis,
  type RecordingSite,
} from './analysis.js';
import { decodeWav, toMono } from './wav.js';

export interface DecodedMono {
  sampleRate: number;
  samples: Float32Array;
  channelCount: number;
  bitsPerSample: number;
  warnings: string[];
}

export function createWorkerApi(getEngine: () => Promise<Engine>) {
  return {
    async decode(bytes: ArrayBuffer | Uint8Array): Promise<DecodedMono> {
      const w = decodeWav(bytes);
      return {
        sampleRate: w.sampleRate,
        samples: toMono(w.channels),
        channelCount: w.channels.length,
        bitsPerSample: w.bitsPerSample,
        warnings: w.warnings,
      };
    },
    async processPreset(samples: Float32Array, sampleRate: number, options: ChainOptions = {}): Promise<Float32Array> {
      return (await getEngine()).processPreset(samples, sampleRate, options);
    },
    async peaks(samples: Float32Array, buckets: number): Promise<Float32Array> {
      return (await getEngine()).peaks(samples, buckets);
    },
    /** The §9 waveform display filters (the player draws its peaks from the heart-sound band). */
    async displayFilter(samples: Float32Array, sampleRate: number, filter: DisplayFilter): Promise<Float32Array> {
      return (await getEngine()).displayFilter(samples, sampleRate, filter);
    },
    /**
     * The spectrogram of what is heard: with `played` (the player's preset or custom band, its gain),
     * the recording is rendered through the playing chain here in the worker first, so switching
     * Wide/Low/High redraws the picture without the rendered audio crossing the thread boundary.
     */
    async spectrogram(
      samples: Float32Array,
      sampleRate: number,
      options: SpectrogramOptions = {},
      played?: ChainOptions,
    ): Promise<Spectrogram> {
      const engine = await getEngine();
      const heard = played ? engine.processPreset(samples, sampleRate, played) : samples;
      return engine.spectrogram(heard, sampleRate, options);
    },
    /** A preset's or custom band's magnitude response from the coefficients that play (default grid 20 Hz–2 kHz). */
    async filterResponse(
      sampleRate: number,
      options: ChainOptions,
      frequencies?: Float64Array,
    ): Promise<FilterResponse> {
      return (await getEngine()).filterResponse(sampleRate, options, frequencies);
    },
    async variants(samples: Float32Array, sampleRate: number): Promise<Record<VariantName, Float32Array>> {
      return (await getEngine()).variants(samples, sampleRate);
    },
    async analyze(
      samples: Float32Array,
      sampleRate: number,
      options: AnalysisOptions = {},
    ): Promise<RecordingAnalysis> {
      return analyzeRecording(await getEngine(), samples, sampleRate, options);
    },
    /**
     * The noise-quality flags of a recording made at a point of this type, as the server's analysis
     * computes them (analysis.ts noiseFlags): a normal breath is not painted noisy before it is sent.
     */
    async noiseQuality(samples: Float32Array, sampleRate: number, site: RecordingSite = 'heart'): Promise<Uint8Array> {
      return noiseFlags(await getEngine(), samples, sampleRate, site);
    },
    async resample(samples: Float32Array, rateIn: number, rateOut: number): Promise<Float32Array> {
      return (await getEngine()).resample(samples, rateIn, rateOut);
    },
  };
}

export type WorkerApi = ReturnType<typeof createWorkerApi>;
