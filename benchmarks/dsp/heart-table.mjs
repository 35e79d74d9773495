// Prints the acceptance-3 table (heart rate and S1/S2 F1 on the CirCor fixtures) as Markdown.
// Run after `npm run build -w @auscura/audio-engine`: node benchmarks/dsp/heart-table.mjs
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import {
  loadEngine,
  readMonoWav,
  analyzeHeart,
  parseTsv,
  annotatedHeartRate,
  scoreSegmentation,
} from '@auscura/audio-engine/node';

const dir = fileURLToPath(new URL('../fixtures/audio/', import.meta.url));
const engine = loadEngine();
console.log(
  '| fixture | annotated rate (bpm) | engine rate (bpm) | Δ (bpm) | S1/S2 F1 @100 ms | TP / FP / FN | diagnosis |',
);
console.log('|---|---:|---:|---:|---:|---|---|');
for (const f of readdirSync(dir)
  .filter((f) => f.includes('circor') && f.endsWith('.wav'))
  .sort()) {
  const name = f.slice(0, -4);
  const { samples, sampleRate } = readMonoWav(join(dir, f));
  const truth = parseTsv(readFileSync(join(dir, `${name}.tsv`), 'utf8'));
  const h = analyzeHeart(engine, samples, sampleRate);
  const ref = annotatedHeartRate(truth);
  const s = scoreSegmentation(h.segments, truth, 0.1);
  const d = h.heartRateBpm - ref;
  const ok = Math.abs(d) <= 5 && s.f1 >= 0.9 ? '' : ' **miss**';
  console.log(
    `| ${name} | ${ref.toFixed(1)} | ${h.heartRateBpm.toFixed(1)} | ${d >= 0 ? '+' : ''}${d.toFixed(1)} | ${s.f1.toFixed(3)}${ok} | ${s.tp} / ${s.fp} / ${s.fn} | ${h.diagnosis} |`,
  );
}
