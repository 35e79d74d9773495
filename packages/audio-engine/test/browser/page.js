// Runs in Chromium: renders a fixture through native Web Audio nodes and through the engine in an
// AudioWorklet (both in OfflineAudioContext), and through the comlink worker.
import { decodeWav, toMono } from '/dist/wav.js';
import { PRESETS } from '/dist/presets.js';
import { presetSections } from '/dist/engine.js';
import { createEngineBridge } from '/dist/bridge.js';

const wasmBytes = await (await fetch('/build/engine.wasm')).arrayBuffer();
const bridge = createEngineBridge(new Worker('/dist/worker.js', { type: 'module' }));

async function render(samples, sampleRate, build) {
  const ctx = new OfflineAudioContext(1, samples.length, sampleRate);
  const buffer = ctx.createBuffer(1, samples.length, sampleRate);
  buffer.copyToChannel(samples, 0);
  const src = new AudioBufferSourceNode(ctx, { buffer });
  const last = await build(ctx, src);
  last.connect(ctx.destination);
  src.start();
  const out = await ctx.startRendering();
  return out.getChannelData(0).slice();
}

function nativeChain(sections, compressor) {
  return async (ctx, src) => {
    let node = src;
    for (const s of sections) {
      const f = new BiquadFilterNode(ctx, { type: s.type, frequency: s.frequency, Q: s.q });
      node.connect(f);
      node = f;
    }
    if (compressor) {
      const c = new DynamicsCompressorNode(ctx);
      // Assigned through .value so out-of-range spec values (raw's 8.5 s release) reach Chromium
      // unchanged and it applies its own clamping.
      for (const k of ['threshold', 'knee', 'ratio', 'attack', 'release']) c[k].value = compressor[k];
      node.connect(c);
      node = c;
    }
    return node;
  };
}

function engineChain(options) {
  return async (ctx, src) => {
    await ctx.audioWorklet.addModule('/dist/worklets/playback-processor.js');
    const node = new AudioWorkletNode(ctx, 'playback-processor', {
      numberOfInputs: 1,
      numberOfOutputs: 1,
      outputChannelCount: [1],
      processorOptions: { wasmBytes: wasmBytes.slice(0), ...options },
    });
    src.connect(node);
    return node;
  };
}

function rmsDiffDb(ref, out) {
  let e = 0;
  let r = 0;
  for (let i = 0; i < ref.length; i++) {
    const d = ref[i] - out[i];
    e += d * d;
    r += ref[i] * ref[i];
  }
  return { diffDb: 10 * Math.log10(e / r), refRms: Math.sqrt(r / ref.length) };
}

async function sha256(f32) {
  const h = await crypto.subtle.digest('SHA-256', f32.buffer.slice(f32.byteOffset, f32.byteOffset + f32.byteLength));
  return Array.from(new Uint8Array(h), (b) => b.toString(16).padStart(2, '0')).join('');
}

window.parity = async (fixture, presets) => {
  const bytes = new Uint8Array(await (await fetch(`/fixtures/${fixture}.wav`)).arrayBuffer());
  const w = decodeWav(bytes);
  const x = toMono(w.channels);
  const sr = w.sampleRate;
  const rows = [];
  for (const name of presets) {
    const p = PRESETS[name];
    const sections = presetSections(p);
    const row = { preset: name };
    if (sections.length) {
      const ref = await render(x, sr, nativeChain(sections, null));
      const eng = await render(x, sr, engineChain({ preset: name, bypassCompressor: true }));
      row.filters = rmsDiffDb(ref, eng);
    }
    const t0 = performance.now();
    const ref = await render(x, sr, nativeChain(sections, p.compressor));
    const t1 = performance.now();
    const eng = await render(x, sr, engineChain({ preset: name }));
    const t2 = performance.now();
    row.chain = rmsDiffDb(ref, eng);
    row.nativeMs = t1 - t0;
    row.engineMs = t2 - t1;
    row.workletHash = await sha256(eng);
    const viaWorker = await bridge.call('processPreset', [x, sr, { preset: name }]);
    row.workerHash = await sha256(viaWorker);
    rows.push(row);
  }
  return rows;
};
// The upload analysis (heart, murmur, diagnosis) computed in the comlink worker, as plain JSON.
window.analyzeInWorker = async (name) => {
  const w = decodeWav(await (await fetch(`/fixtures/${name}.wav`)).arrayBuffer());
  return JSON.parse(JSON.stringify(await bridge.call('analyze', [toMono(w.channels), w.sampleRate])));
};
// The spectrogram of a fixture as the player asks for it (the wide preset played in the worker first).
window.spectrogramInWorker = async (name, options) => {
  const w = decodeWav(await (await fetch(`/fixtures/${name}.wav`)).arrayBuffer());
  const s = await bridge.call('spectrogram', [toMono(w.channels), w.sampleRate, options, { preset: 'wide' }]);
  return { ...s, db: Array.from(s.db) };
};
window.ready = true;

/** Resolves once `done()` holds, or after `limitMs` (the caller's checks then say what is missing). */
async function until(done, limitMs) {
  const end = performance.now() + limitMs;
  while (!done() && performance.now() < end) await new Promise((r) => setTimeout(r, 10));
}

// The meter, recorder and live-monitor processors on a 0.5-amplitude 441 Hz sine.
window.otherWorklets = async () => {
  const rate = 44100;
  const ctx = new OfflineAudioContext(1, rate, rate);
  for (const m of ['level-meter', 'recorder', 'live-monitor'])
    await ctx.audioWorklet.addModule(`/dist/worklets/${m}-processor.js`);
  const osc = new OscillatorNode(ctx, { frequency: 441 });
  const amp = new GainNode(ctx, { gain: 0.5 });
  const meter = new AudioWorkletNode(ctx, 'level-meter-processor', {
    processorOptions: { wasmBytes: wasmBytes.slice(0), intervalMs: 100 },
  });
  const recorder = new AudioWorkletNode(ctx, 'recorder-processor', {
    processorOptions: { chunkSeconds: 0.25, maxSeconds: 0.5 },
  });
  const live = new AudioWorkletNode(ctx, 'live-monitor-processor', {
    outputChannelCount: [1],
    processorOptions: { wasmBytes: wasmBytes.slice(0), preset: 'raw', gain: 50, bypassCompressor: true },
  });
  const levels = [];
  const chunks = [];
  let done;
  const finished = new Promise((r) => (done = r));
  meter.port.onmessage = (e) => levels.push(e.data);
  recorder.port.onmessage = (e) => (e.data.type === 'chunk' ? chunks.push(e.data.samples) : done(e.data.frames));
  osc.connect(amp).connect(meter).connect(recorder);
  amp.connect(live).connect(ctx.destination);
  recorder.connect(ctx.destination);
  osc.start();
  const out = await ctx.startRendering();
  // Port messages arrive after the rendering ends, later when the machine is busy: wait for what is
  // expected (the recorder's end, the meter's ninth window) with a limit far above any delay seen,
  // then a moment for a possible tenth window.
  const frames = await Promise.race([finished, new Promise((r) => setTimeout(() => r(-1), 30_000))]);
  await until(() => levels.length >= 9, 30_000);
  await new Promise((r) => setTimeout(r, 200));
  const recorded = chunks.reduce((a, c) => a + c.length, 0);
  const first = chunks[0];
  // The live monitor clamps gain 50 to 20; the mix at the destination is live + recorder pass-through (0).
  let peak = 0;
  const y = out.getChannelData(0);
  for (let i = 1000; i < y.length; i++) peak = Math.max(peak, Math.abs(y[i]));
  return { levels, frames, recorded, chunkCount: chunks.length, firstSample: first ? first[100] : null, peak };
};

// The bad-noise processor on 2 s of a clean 75 bpm burst train, then 2 s of the same with noise
// filling the gaps (the shape of test/noise.test.ts): the verdicts it posts, with when.
window.badNoiseWorklet = async () => {
  const rate = 8000;
  const ctx = new OfflineAudioContext(1, rate * 4, rate);
  await ctx.audioWorklet.addModule('/dist/worklets/bad-noise-processor.js');
  const buffer = ctx.createBuffer(1, rate * 4, rate);
  const x = buffer.getChannelData(0);
  let seed = 1;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) >>> 0) / 4294967296) * 2 - 1;
  for (let i = 0; i < x.length; i++) {
    const t = (i / rate) % 0.8;
    const burst = t < 0.1 || (t > 0.3 && t < 0.4);
    x[i] = (burst ? 0.5 * Math.sin(2 * Math.PI * 150 * (i / rate)) : 0) + (i >= rate * 2 ? 0.3 * rnd() : 0);
  }
  const source = new AudioBufferSourceNode(ctx, { buffer });
  const node = new AudioWorkletNode(ctx, 'bad-noise-processor', {
    processorOptions: { wasmBytes: wasmBytes.slice(0) },
  });
  const verdicts = [];
  node.port.onmessage = (e) => verdicts.push({ bad: e.data.bad, at: ctx.currentTime });
  source.connect(node).connect(ctx.destination);
  source.start();
  // An offline context renders as fast as it can, so a message can arrive long after the audio
  // that caused it: rendering pauses every 0.1 s until the messages posted so far have arrived,
  // and ctx.currentTime then tells when a verdict came to within 0.1 s.
  for (let t = 0.1; t < 4; t += 0.1) {
    ctx.suspend(Math.round(t * 10) / 10).then(async () => {
      await new Promise((r) => setTimeout(r, 20));
      await ctx.resume();
    });
  }
  await ctx.startRendering();
  // The last verdict can arrive after the rendering ends on a busy machine; then a moment for any
  // further (unwanted) message.
  await until(() => verdicts.length >= 1, 30_000);
  await new Promise((r) => setTimeout(r, 200));
  return verdicts;
};
