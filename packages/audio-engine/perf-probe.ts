import { loadEngine, readMonoWav } from './src/node.js';
import { analyzeHeart } from './src/heart.js';
import { fixturePath } from './test/helpers.js';
const e = loadEngine();
const { samples, sampleRate } = readMonoWav(fixturePath('heart_stethoscope_quiet_44k_artiexu'));
const x = e.exports as any;
for (let k = 0; k < 4; k++) {
  let t = performance.now(); analyzeHeart(e, samples, sampleRate); const a = performance.now() - t;
  t = performance.now(); e.noiseQuality(samples, sampleRate); const b = performance.now() - t;
  t = performance.now(); e.withBuffer(samples, (p) => { const o = x.alloc(samples.length*4); x.waveletDenoise(p, samples.length, sampleRate, o, 1); x.free(o); }); const c = performance.now() - t;
  t = performance.now(); e.withBuffer(samples, (p) => { const o = x.alloc(samples.length*4); x.savitzkyGolay(p, samples.length, sampleRate, o); x.silenceGate(p, samples.length, sampleRate, o); x.normalizeTo(p, samples.length, o); x.free(o); }); const d = performance.now() - t;
  console.log(`heart ${a.toFixed(1)} noise ${b.toFixed(1)} wavelet ${c.toFixed(1)} sg+silence+norm ${d.toFixed(1)} ms for ${(samples.length/sampleRate).toFixed(1)} s`);
}
