// WAV (RIFF/WAVE) reader and writer. The reader accepts PCM 8/16/24/32-bit integer and IEEE
// float 32/64, mono to 8 channels, any sample rate, plain or WAVE_FORMAT_EXTENSIBLE headers
// (Microsoft "Multimedia Programming Interface and Data Specifications 1.0", 1991, and the
// WAVEFORMATEXTENSIBLE note). Every length read from the file is checked against the bytes that
// are really there, so malformed input ends in a WavError, never an exception from a typed-array
// constructor, an out-of-memory or a loop that does not end.

export type WavErrorCode =
  'NOT_RIFF' | 'NOT_WAVE' | 'NO_FMT' | 'BAD_FMT' | 'UNSUPPORTED_FORMAT' | 'NO_DATA' | 'EMPTY' | 'TOO_LARGE';

export class WavError extends Error {
  override readonly name = 'WavError';
  constructor(
    readonly code: WavErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export interface DecodedWav {
  sampleRate: number;
  /** One Float32Array per channel, samples in [-1, 1]. */
  channels: Float32Array[];
  bitsPerSample: number;
  format: 'pcm' | 'float';
  /** Non-fatal irregularities (a data chunk longer than the file, a missing pad byte …). */
  warnings: string[];
}

const FORMAT_PCM = 1;
const FORMAT_FLOAT = 3;
const FORMAT_EXTENSIBLE = 0xfffe;
/** Sanity bound so a hostile header cannot make us allocate gigabytes: 2^31 samples. */
const MAX_SAMPLES = 2 ** 31 - 1;

function tag(view: DataView, at: number): string {
  return String.fromCharCode(view.getUint8(at), view.getUint8(at + 1), view.getUint8(at + 2), view.getUint8(at + 3));
}

/** Parses a WAV file. Throws WavError with a readable message when the file cannot be used. */
export function decodeWav(input: Uint8Array | ArrayBuffer): DecodedWav {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const warnings: string[] = [];
  if (bytes.byteLength < 12 || tag(view, 0) !== 'RIFF') {
    throw new WavError('NOT_RIFF', 'Not a WAV file: it does not start with a RIFF header');
  }
  if (tag(view, 8) !== 'WAVE') throw new WavError('NOT_WAVE', 'Not a WAV file: the RIFF form type is not WAVE');

  let fmt: { format: number; channels: number; sampleRate: number; blockAlign: number; bits: number } | undefined;
  let dataStart = -1;
  let dataLength = 0;
  let pos = 12;
  // Each iteration advances by at least 8 bytes, so the walk ends after at most length/8 steps.
  while (pos + 8 <= bytes.byteLength) {
    const id = tag(view, pos);
    const size = view.getUint32(pos + 4, true);
    const body = pos + 8;
    const available = bytes.byteLength - body;
    if (id === 'fmt ') {
      if (size < 16 || available < 16) throw new WavError('BAD_FMT', 'WAV fmt chunk is shorter than 16 bytes');
      let format = view.getUint16(body, true);
      const channels = view.getUint16(body + 2, true);
      const sampleRate = view.getUint32(body + 4, true);
      const blockAlign = view.getUint16(body + 12, true);
      const bits = view.getUint16(body + 14, true);
      if (format === FORMAT_EXTENSIBLE) {
        if (size < 40 || available < 40) throw new WavError('BAD_FMT', 'WAVE_FORMAT_EXTENSIBLE fmt chunk is truncated');
        // The sub-format GUID's first two bytes carry the real format code.
        format = view.getUint16(body + 24, true);
      }
      fmt = { format, channels, sampleRate, blockAlign, bits };
    } else if (id === 'data') {
      dataStart = body;
      dataLength = size;
      if (size > available) {
        // Recorders that stream often leave the size unset (0xFFFFFFFF) or are cut off.
        warnings.push(`data chunk declares ${size} bytes but only ${available} are present; reading what is there`);
        dataLength = available;
      }
      if (fmt) break;
    }
    const next = body + size + (size & 1);
    if (next <= pos || next > bytes.byteLength) break;
    pos = next;
  }

  if (!fmt) throw new WavError('NO_FMT', 'WAV file has no fmt chunk before its end');
  if (dataStart < 0) throw new WavError('NO_DATA', 'WAV file has no data chunk');
  const { format, channels, sampleRate, bits } = fmt;
  if (channels < 1 || channels > 8)
    throw new WavError('BAD_FMT', `WAV channel count ${channels} is not supported (1–8)`);
  if (sampleRate < 1 || sampleRate > 768000) {
    throw new WavError('BAD_FMT', `WAV sample rate ${sampleRate} Hz is outside 1–768000 Hz`);
  }
  let kind: 'pcm' | 'float';
  if (format === FORMAT_PCM && (bits === 8 || bits === 16 || bits === 24 || bits === 32)) kind = 'pcm';
  else if (format === FORMAT_FLOAT && (bits === 32 || bits === 64)) kind = 'float';
  else {
    throw new WavError('UNSUPPORTED_FORMAT', `WAV format ${format} with ${bits} bits per sample is not supported`);
  }
  const bytesPerSample = bits / 8;
  const frameBytes = bytesPerSample * channels;
  if (fmt.blockAlign !== frameBytes) {
    warnings.push(`fmt block align ${fmt.blockAlign} differs from ${frameBytes}; using ${frameBytes}`);
  }
  const frames = Math.floor(dataLength / frameBytes);
  if (dataLength % frameBytes !== 0) warnings.push('data chunk ends with a partial frame; it was dropped');
  if (frames === 0) throw new WavError('EMPTY', 'WAV data chunk holds no complete sample frame');
  if (frames * channels > MAX_SAMPLES) throw new WavError('TOO_LARGE', 'WAV file is too large to decode in memory');

  const out: Float32Array[] = [];
  for (let c = 0; c < channels; c++) out.push(new Float32Array(frames));
  for (let c = 0; c < channels; c++) {
    const dst = out[c]!;
    let p = dataStart + c * bytesPerSample;
    if (kind === 'float') {
      for (let i = 0; i < frames; i++, p += frameBytes) {
        const v = bits === 32 ? view.getFloat32(p, true) : view.getFloat64(p, true);
        dst[i] = Number.isFinite(v) ? v : 0;
      }
    } else if (bits === 16) {
      for (let i = 0; i < frames; i++, p += frameBytes) dst[i] = view.getInt16(p, true) / 32768;
    } else if (bits === 24) {
      for (let i = 0; i < frames; i++, p += frameBytes) {
        const v = (bytes[p]! | (bytes[p + 1]! << 8) | (bytes[p + 2]! << 16)) << 8; // sign-extend via << 8
        dst[i] = (v >> 8) / 8388608;
      }
    } else if (bits === 32) {
      for (let i = 0; i < frames; i++, p += frameBytes) dst[i] = view.getInt32(p, true) / 2147483648;
    } else {
      for (let i = 0; i < frames; i++, p += frameBytes) dst[i] = (bytes[p]! - 128) / 128; // 8-bit is unsigned
    }
  }
  return { sampleRate, channels: out, bitsPerSample: bits, format: kind, warnings };
}

/** Averages all channels into one (the stethoscope pipeline is mono). */
export function toMono(channels: Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0]!;
  const n = channels[0]?.length ?? 0;
  const out = new Float32Array(n);
  for (const ch of channels) for (let i = 0; i < n; i++) out[i]! += ch[i]!;
  const k = 1 / channels.length;
  for (let i = 0; i < n; i++) out[i]! *= k;
  return out;
}

export type WavEncoding = 'pcm16' | 'float32';

/** The canonical 44-byte header of a PCM 16 or float 32 WAV holding `frames` frames of `nch` channels. */
export function wavHeader(frames: number, nch: number, sampleRate: number, encoding: WavEncoding): Uint8Array {
  const bps = encoding === 'pcm16' ? 2 : 4;
  const dataBytes = frames * nch * bps;
  const buf = new Uint8Array(44);
  const v = new DataView(buf.buffer);
  const w = (at: number, s: string) => {
    for (let i = 0; i < 4; i++) v.setUint8(at + i, s.charCodeAt(i));
  };
  w(0, 'RIFF');
  v.setUint32(4, 36 + dataBytes, true);
  w(8, 'WAVE');
  w(12, 'fmt ');
  v.setUint32(16, 16, true);
  v.setUint16(20, encoding === 'pcm16' ? FORMAT_PCM : FORMAT_FLOAT, true);
  v.setUint16(22, nch, true);
  v.setUint32(24, sampleRate, true);
  v.setUint32(28, sampleRate * nch * bps, true);
  v.setUint16(32, nch * bps, true);
  v.setUint16(34, bps * 8, true);
  w(36, 'data');
  v.setUint32(40, dataBytes, true);
  return buf;
}

/**
 * Writes a canonical 44-byte-header WAV. PCM 16 rounds to nearest and clips to the 16-bit range
 * (no dither, so the same input always gives the same bytes).
 */
export function encodeWav(channels: Float32Array[], sampleRate: number, encoding: WavEncoding = 'pcm16'): Uint8Array {
  const nch = channels.length;
  if (nch < 1) throw new RangeError('encodeWav needs at least one channel');
  const frames = channels[0]!.length;
  const bps = encoding === 'pcm16' ? 2 : 4;
  const dataBytes = frames * nch * bps;
  const buf = new Uint8Array(44 + dataBytes);
  buf.set(wavHeader(frames, nch, sampleRate, encoding));
  const v = new DataView(buf.buffer);
  let p = 44;
  for (let i = 0; i < frames; i++) {
    for (let c = 0; c < nch; c++) {
      const x = channels[c]![i] ?? 0;
      if (encoding === 'pcm16') {
        const s = Math.round(x * 32768);
        v.setInt16(p, s > 32767 ? 32767 : s < -32768 ? -32768 : s, true);
        p += 2;
      } else {
        v.setFloat32(p, x, true);
        p += 4;
      }
    }
  }
  return buf;
}
