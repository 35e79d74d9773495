import { readFileSync } from 'node:fs';
import { loadEngine, readMonoWav } from './src/node.js';
import { analyzeHeart, parseTsv, annotatedHeartRate, scoreSegmentation } from './src/heart.js';
import { fixtureNames, fixturePath } from './test/helpers.js';
const e = loadEngine();
for (const n of fixtureNames()) {
  const { samples, sampleRate } = readMonoWav(fixturePath(n));
  const t0 = performance.now();
  const h = analyzeHeart(e, samples, sampleRate);
  const ms = performance.now() - t0;
  let extra = '';
  if (n.includes('circor')) {
    const truth = parseTsv(readFileSync(fixturePath(n, '.tsv'), 'utf8'));
    const ref = annotatedHeartRate(truth);
    const s = scoreSegmentation(h.segments, truth);
    extra = `ref ${ref.toFixed(1)} F1 ${s.f1.toFixed(3)} (tp ${s.tp} fp ${s.fp} fn ${s.fn})`;
  }
  console.log(n.slice(0, 40).padEnd(41), `hr ${h.heartRateBpm.toFixed(1)} acf ${h.heartRateAcfBpm.toFixed(1)} per ${h.periodicity.toFixed(2)} sys ${h.systolicIntervalSec.toFixed(2)} ${h.diagnosis} cv ${h.rhythmCv.toFixed(2)} gap ${h.gapToSoundDb.toFixed(1)}`, extra, ms.toFixed(0) + 'ms');
}
