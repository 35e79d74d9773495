import fs from 'node:fs';
import { loadEngine, readMonoWav } from '@auscura/audio-engine/node';
import { clickOnsets, toneAmplitudes, bandCorrelations, median } from './video/audio-measures.ts';
const tones = [20, 25, 31.5, 40, 50, 63, 80, 100, 125, 160, 200, 250, 315, 400, 500, 630, 800, 1000];
const d = JSON.parse(fs.readFileSync(`/tmp/dump/auscura-tones.json`, 'utf8'));
const res = {};
for (const side of ['sent', 'received']) {
  const t = d[side];
  const x = Float32Array.from(t.samples);
  const amps = toneAmplitudes(x, t.sampleRate, tones, 0.05);
  res[side] = amps;
  console.log(side, amps.map((a) => (20 * Math.log10(a / 0.03)).toFixed(2)).join(' '));
  const on = clickOnsets(x, t.sampleRate, side === 'sent' ? 0.2 : 0.05).map((v) => t.start + v * 1000);
  res[side + 'On'] = on;
}
console.log(
  'rx/tx',
  tones.map((f, k) => `${f}:${(20 * Math.log10(res.received[k] / res.sent[k])).toFixed(2)}`).join(' '),
);
const delays = res.sentOn.flatMap((t) => {
  const h = res.receivedOn.find((r) => r > t && r < t + 1000);
  return h === undefined ? [] : [h - t];
});
console.log('delays', delays.map((v) => v.toFixed(1)).join(' '));
const h = JSON.parse(fs.readFileSync(`/tmp/dump/auscura-heart.json`, 'utf8'));
const engine = loadEngine();
const src = readMonoWav('/work/main/benchmarks/fixtures/audio/heart_normal_circor_50017_MV.wav');
const up = engine.resample(src.samples, src.sampleRate, h.received.sampleRate);
const rx = Float32Array.from(h.received.samples);
const tx = Float32Array.from(h.sent.samples);
const t0 = Date.now();
const rc = bandCorrelations(up, rx.subarray(rx.length - 44100 * 16), h.received.sampleRate);
console.log(
  'heart received',
  rc.map((v) => v.toFixed(4)).join(' '),
  'median',
  median(rc).toFixed(4),
  Date.now() - t0,
  'ms',
);
const sc = bandCorrelations(up, tx.subarray(tx.length - 44100 * 16), h.sent.sampleRate);
console.log('heart sent', sc.map((v) => v.toFixed(4)).join(' '));
