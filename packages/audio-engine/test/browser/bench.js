// Chromium benchmark: 60 s at 44.1 kHz through 4 biquads + compressor + gain, native nodes vs the
// engine in an AudioWorklet, both rendered by OfflineAudioContext in this page; and the player's
// spectrogram of 60 s at 44.1 kHz computed in the comlink worker.
import { createEngineBridge } from '/dist/bridge.js';

const wasmBytes = await (await fetch('/build/engine.wasm')).arrayBuffer();
const SECTIONS = [
  { type: 'highpass', frequency: 35, q: 1 },
  { type: 'highpass', frequency: 35, q: 1 },
  { type: 'lowpass', frequency: 1200, q: 1 },
  { type: 'lowpass', frequency: 1200, q: 1 },
];
const COMP = { threshold: -30, knee: 24, ratio: 14, attack: 0, release: 1 };

function input(ctx, n) {
  const b = ctx.createBuffer(1, n, ctx.sampleRate);
  const d = b.getChannelData(0);
  let s = 1;
  for (let i = 0; i < n; i++) d[i] = ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296 - 0.5) * 0.5;
  return new AudioBufferSourceNode(ctx, { buffer: b });
}

async function once(kind) {
  const rate = 44100;
  const n = rate * 60;
  const ctx = new OfflineAudioContext(1, n, rate);
  const src = input(ctx, n);
  let last;
  if (kind === 'native') {
    last = src;
    for (const s of SECTIONS) {
      const f = new BiquadFilterNode(ctx, { type: s.type, frequency: s.frequency, Q: s.q });
      last.connect(f);
      last = f;
    }
    const c = new DynamicsCompressorNode(ctx, COMP);
    const g = new GainNode(ctx, { gain: 2 });
    last.connect(c).connect(g);
    last = g;
  } else {
    await ctx.audioWorklet.addModule('/dist/worklets/playback-processor.js');
    last = new AudioWorkletNode(ctx, 'playback-processor', {
      outputChannelCount: [1],
      processorOptions: { wasmBytes: wasmBytes.slice(0), preset: 'wide', gain: 2, sections: SECTIONS },
    });
    src.connect(last);
  }
  last.connect(ctx.destination);
  src.start();
  const t = performance.now();
  await ctx.startRendering();
  return performance.now() - t;
}

window.benchChain = async (runs) => {
  const r = { native: Infinity, engine: Infinity };
  for (let i = 0; i < runs; i++) {
    r.native = Math.min(r.native, await once('native'));
    r.engine = Math.min(r.engine, await once('engine'));
  }
  return r;
};
// The spectrogram as the player asks for it: the call through the worker bridge, the 60 s of
// samples copied to the worker and the matrix back included. Median of `runs` after 2 untimed calls.
window.benchSpectrogram = async (runs) => {
  const bridge = createEngineBridge(new Worker('/dist/worker.js', { type: 'module' }));
  try {
    const rate = 44100;
    const x = new Float32Array(rate * 60);
    let s = 1;
    for (let i = 0; i < x.length; i++) x[i] = ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 4294967296 - 0.5) * 0.5;
    const options = { rows: 128, cols: 1200, lowHz: 20, highHz: 2000 };
    for (let w = 0; w < 2; w++) await bridge.call('spectrogram', [x, rate, options]);
    const all = [];
    for (let r = 0; r < runs; r++) {
      const t = performance.now();
      const sg = await bridge.call('spectrogram', [x, rate, options]);
      all.push(performance.now() - t);
      if (sg.db.length !== options.rows * options.cols) throw new Error('spectrogram: wrong size');
    }
    const sorted = [...all].sort((a, b) => a - b);
    return { median: sorted[Math.floor(runs / 2)], all };
  } finally {
    bridge.destroy();
  }
};
window.ready = true;
