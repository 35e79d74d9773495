import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { decodeWav, encodeWav, WavError } from '../src/wav.js';
import { fixturePath } from './helpers.js';

// Deterministic xorshift32 so a failing case can be reproduced from its index.
function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 4294967296;
  };
}

function seeds(): Uint8Array[] {
  const short = (b: Uint8Array) => b.slice(0, 44 + 4096);
  const tone = Float32Array.from({ length: 600 }, (_, i) => Math.sin(i / 5));
  const stereo = encodeWav([tone, tone], 8000, 'pcm16');
  return [
    short(readFileSync(fixturePath('heart_normal_circor_49974_MV'))),
    short(readFileSync(fixturePath('lung_crackle_icbhi_107_2b3_Ll_mc_AKGC417L_44k24_first10s'))),
    encodeWav([tone], 44100, 'float32'),
    stereo,
  ];
}

function mutate(src: Uint8Array, r: () => number): Uint8Array {
  let b = src.slice();
  const kind = Math.floor(r() * 5);
  if (kind === 0) return b.slice(0, Math.floor(r() * b.length)); // truncate anywhere
  const edits = 1 + Math.floor(r() * 8);
  for (let e = 0; e < edits; e++) {
    // Bias edits to the first 64 bytes, where the header fields live.
    const at = r() < 0.7 ? Math.floor(r() * Math.min(64, b.length)) : Math.floor(r() * b.length);
    if (kind === 1) b[at] = Math.floor(r() * 256);
    else if (kind === 2) b[at] = r() < 0.5 ? 0xff : 0;
    else if (kind === 3 && at + 4 <= b.length) new DataView(b.buffer).setUint32(at, Math.floor(r() * 4294967296), true);
    else b = Uint8Array.from([...b.slice(0, at), ...b.slice(at + 1 + Math.floor(r() * 16))]);
  }
  return b;
}

/** CPU time of this thread in ms: unlike the wall clock, it does not grow while other processes have the cores. */
function cpuMs(): number {
  const { user, system } = process.threadCpuUsage();
  return (user + system) / 1000;
}

describe('WAV reader fuzz', () => {
  // The limit is on CPU time: a wall-clock limit also counts the time other processes have the cores
  // (in CI this suite runs beside the API's and the web's), and what it guards against (a header that
  // makes the reader loop or allocate gigabytes) costs CPU time, not waiting.
  it('turns 12,000 mutated or truncated files into a result or a WavError, each within 250 ms of CPU', () => {
    const r = rng(0x5eed);
    const base = seeds();
    let results = 0;
    let errors = 0;
    let slowest = 0;
    for (let i = 0; i < 12_000; i++) {
      const input = mutate(base[i % base.length]!, r);
      const t0 = cpuMs();
      try {
        const w = decodeWav(input);
        expect(w.channels.length).toBeGreaterThan(0);
        for (const ch of w.channels) expect(ch.length).toBe(w.channels[0]!.length);
        results++;
      } catch (e) {
        if (!(e instanceof WavError)) throw new Error(`case ${i}: unexpected ${String(e)}`);
        expect(e.message.length).toBeGreaterThan(10);
        errors++;
      }
      slowest = Math.max(slowest, cpuMs() - t0);
    }
    expect(results + errors).toBe(12_000);
    expect(results).toBeGreaterThan(1000);
    expect(errors).toBeGreaterThan(1000);
    expect(slowest).toBeLessThan(250);
  });
});
