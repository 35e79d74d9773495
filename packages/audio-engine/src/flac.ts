// FLAC input (the CirCor dataset ships as FLAC; the CLI reads WAV and FLAC) through a maintained
// decoder, @wasm-audio-decoders/flac (libFLAC compiled to WASM). Node and worker hosts only:
// nothing in the engine's shared modules imports this, so the worklets do not carry it.
import { FLACDecoder } from '@wasm-audio-decoders/flac';

export interface DecodedFlac {
  sampleRate: number;
  bitsPerSample: number;
  channels: Float32Array[];
}

/** True when `bytes` start with the FLAC stream marker "fLaC". */
export function isFlac(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x66 && bytes[1] === 0x4c && bytes[2] === 0x61 && bytes[3] === 0x43;
}

export class FlacError extends Error {
  override name = 'FlacError';
}

/**
 * Decodes a FLAC file to float samples on the WAV reader's scale (integer / 2^(bits-1)), so a
 * FLAC file and the WAV it was made from give the same samples bit for bit. The decoder scales by
 * 1 / (2^(bits-1) - 1); its integers are recovered by rounding and rescaled.
 */
export async function decodeFlac(bytes: Uint8Array): Promise<DecodedFlac> {
  if (!isFlac(bytes)) throw new FlacError('not a FLAC file (no "fLaC" marker)');
  const decoder = new FLACDecoder();
  await decoder.ready;
  try {
    const out = await decoder.decodeFile(bytes);
    if (out.errors.length) throw new FlacError(`FLAC decoding failed: ${out.errors[0]!.message}`);
    if (!out.samplesDecoded || !out.channelData.length) throw new FlacError('the FLAC file holds no audio');
    const bits = out.bitDepth;
    const up = 2 ** (bits - 1) - 1;
    const down = 1 / 2 ** (bits - 1);
    const channels = out.channelData.map((c) => {
      const x = new Float32Array(out.samplesDecoded);
      for (let i = 0; i < x.length; i++) x[i] = Math.round(c[i]! * up) * down;
      return x;
    });
    return { sampleRate: out.sampleRate, bitsPerSample: bits, channels };
  } finally {
    decoder.free();
  }
}
