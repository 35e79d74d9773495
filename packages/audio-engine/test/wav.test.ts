import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, WavError, toMono } from '../src/wav.js';
import { readWavFile } from '../src/node.js';
import { fixtureNames, fixturePath } from './helpers.js';

function header(fields: {
  format?: number;
  channels?: number;
  rate?: number;
  bits?: number;
  data: Uint8Array;
}): Uint8Array {
  const { format = 1, channels = 1, rate = 8000, bits = 16, data } = fields;
  const out = new Uint8Array(44 + data.length);
  const v = new DataView(out.buffer);
  out.set([82, 73, 70, 70], 0);
  v.setUint32(4, 36 + data.length, true);
  out.set([87, 65, 86, 69, 102, 109, 116, 32], 8);
  v.setUint32(16, 16, true);
  v.setUint16(20, format, true);
  v.setUint16(22, channels, true);
  v.setUint32(24, rate, true);
  v.setUint32(28, (rate * channels * bits) / 8, true);
  v.setUint16(32, (channels * bits) / 8, true);
  v.setUint16(34, bits, true);
  out.set([100, 97, 116, 97], 36);
  v.setUint32(40, data.length, true);
  out.set(data, 44);
  return out;
}

describe('WAV reader', () => {
  it('reads every fixture with the rate, depth and length SOURCES.md states', () => {
    for (const name of fixtureNames()) {
      const w = readWavFile(fixturePath(name));
      expect([4000, 44100]).toContain(w.sampleRate);
      expect(w.channels).toHaveLength(1);
      expect(w.bitsPerSample).toBe(name.includes('44k24') ? 24 : 16);
      expect(w.channels[0]!.length / w.sampleRate).toBeGreaterThan(10);
    }
  });

  it('decodes 16-bit, 24-bit and 32-bit PCM and float 32 to the same values', () => {
    const values = [0, 0.5, -0.5, -1, 0.25];
    const pcm16 = new Uint8Array(values.length * 2);
    const pcm24 = new Uint8Array(values.length * 3);
    const pcm32 = new Uint8Array(values.length * 4);
    const f32 = new Uint8Array(values.length * 4);
    values.forEach((x, i) => {
      new DataView(pcm16.buffer).setInt16(i * 2, Math.max(-32768, Math.round(x * 32768)), true);
      const s24 = Math.round(x * 8388608);
      pcm24[i * 3] = s24 & 255;
      pcm24[i * 3 + 1] = (s24 >> 8) & 255;
      pcm24[i * 3 + 2] = (s24 >> 16) & 255;
      new DataView(pcm32.buffer).setInt32(i * 4, Math.round(x * 2147483648), true);
      new DataView(f32.buffer).setFloat32(i * 4, x, true);
    });
    for (const [bits, format, data] of [
      [16, 1, pcm16],
      [24, 1, pcm24],
      [32, 1, pcm32],
      [32, 3, f32],
    ] as const) {
      const w = decodeWav(header({ bits, format, data }));
      expect(Array.from(w.channels[0]!)).toEqual(values);
    }
  });

  it('splits stereo frames into two channels and mixes them to mono', () => {
    const data = new Uint8Array(8);
    const v = new DataView(data.buffer);
    v.setInt16(0, 16384, true);
    v.setInt16(2, -16384, true);
    v.setInt16(4, 8192, true);
    v.setInt16(6, 8192, true);
    const w = decodeWav(header({ channels: 2, data }));
    expect(Array.from(w.channels[0]!)).toEqual([0.5, 0.25]);
    expect(Array.from(w.channels[1]!)).toEqual([-0.5, 0.25]);
    expect(Array.from(toMono(w.channels))).toEqual([0, 0.25]);
  });

  it('round-trips PCM 16 and float 32 through the writer', () => {
    const x = Float32Array.from([0, 0.1, -0.7, 0.999, -1]);
    const f = decodeWav(encodeWav([x], 44100, 'float32'));
    expect(f.format).toBe('float');
    expect(Array.from(f.channels[0]!)).toEqual(Array.from(x));
    const p = decodeWav(encodeWav([x], 4000, 'pcm16'));
    expect(p.sampleRate).toBe(4000);
    p.channels[0]!.forEach((v, i) => expect(Math.abs(v - x[i]!)).toBeLessThanOrEqual(1 / 32768));
  });

  it('rejects malformed input with a WavError that says what is wrong', () => {
    const cases: [Uint8Array, RegExp][] = [
      [new Uint8Array(0), /RIFF/],
      [new TextEncoder().encode('RIFF\0\0\0\0AVI LIST'), /WAVE/],
      [header({ format: 2, data: new Uint8Array(4) }), /format 2/],
      [header({ bits: 12, data: new Uint8Array(4) }), /12 bits/],
      [header({ channels: 0, data: new Uint8Array(4) }), /channel count 0/],
      [header({ rate: 0, data: new Uint8Array(4) }), /sample rate 0/],
      [header({ data: new Uint8Array(0) }), /no complete sample frame/],
      [header({ data: new Uint8Array(4) }).slice(0, 36), /no data chunk/],
    ];
    for (const [bytes, message] of cases) {
      let error: unknown;
      try {
        decodeWav(bytes);
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(WavError);
      expect((error as Error).message).toMatch(message);
    }
  });

  it('reads a truncated data chunk and warns instead of failing', () => {
    const full = header({ data: new Uint8Array(400) });
    const w = decodeWav(full.slice(0, 44 + 101));
    expect(w.channels[0]).toHaveLength(50);
    expect(w.warnings.join(' ')).toMatch(/declares 400 bytes/);
  });
});
