// Node entry: loads build/engine.wasm from the package once, synchronously.
import { readFileSync } from 'node:fs';
import { Engine } from './engine.js';
import { decodeFlac, isFlac } from './flac.js';
import { decodeWav, encodeWav, toMono, type WavEncoding } from './wav.js';

export * from './index.js';

/** Path of the built WASM next to this module (src/ or dist/ → ../build/engine.wasm). */
export const WASM_URL = new URL('../build/engine.wasm', import.meta.url);

let cached: Engine | undefined;

/** The process-wide engine, instantiated on first use. */
export function loadEngine(): Engine {
  cached ??= Engine.fromBytesSync(readFileSync(WASM_URL));
  return cached;
}

export function readWavFile(path: string) {
  return decodeWav(readFileSync(path));
}

/** Reads a WAV file as mono samples plus its rate. */
export function readMonoWav(path: string): { samples: Float32Array; sampleRate: number } {
  const w = readWavFile(path);
  return { samples: toMono(w.channels), sampleRate: w.sampleRate };
}

export { encodeWav, type WavEncoding };

/** Reads a WAV or FLAC file (told apart by content) as mono samples plus its rate. */
export async function readMonoAudio(path: string): Promise<{ samples: Float32Array; sampleRate: number }> {
  const bytes = readFileSync(path);
  if (isFlac(bytes)) {
    const f = await decodeFlac(bytes);
    return { samples: toMono(f.channels), sampleRate: f.sampleRate };
  }
  const w = decodeWav(bytes);
  return { samples: toMono(w.channels), sampleRate: w.sampleRate };
}

export { decodeFlac, isFlac, FlacError } from './flac.js';
