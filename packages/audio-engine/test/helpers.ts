import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';

const FIXTURES = fileURLToPath(new URL('../../../benchmarks/fixtures/audio/', import.meta.url));
export const GOLDEN = fileURLToPath(new URL('../../../benchmarks/golden/', import.meta.url));

export function fixtureNames(): string[] {
  return readdirSync(FIXTURES)
    .filter((f) => f.endsWith('.wav'))
    .map((f) => f.slice(0, -4))
    .sort();
}

export function fixturePath(name: string, ext = '.wav'): string {
  return join(FIXTURES, name + ext);
}

export { rms } from '../src/compare.js';

export function sine(freq: number, sampleRate: number, seconds: number, amp = 0.5): Float32Array {
  const n = Math.round(sampleRate * seconds);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) out[i] = amp * Math.sin((2 * Math.PI * freq * i) / sampleRate);
  return out;
}
