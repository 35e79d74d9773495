// Shared body of the playback and live-monitor processors: WASM chain in, 128 frames per call.
import { Engine, type PlaybackChain } from '../engine.js';
import type { ChainMessage, ChainReply, EngineProcessorOptions } from './messages.js';

/** Whether a quantum holds any sample that is not exactly zero (a plain loop: nothing allocated per quantum). */
function hasSound(input: Float32Array): boolean {
  for (let i = 0; i < input.length; i++) if (input[i] !== 0) return true;
  return false;
}

export function createChainProcessor(
  maxGainDefault: number,
): new (options: AudioWorkletNodeOptions) => AudioWorkletProcessor {
  return class ChainProcessor extends AudioWorkletProcessor {
    chain: PlaybackChain;
    /** A 'restart' was received: reset before the next quantum whose input carries sound. */
    resetArmed = false;

    constructor(options: AudioWorkletNodeOptions) {
      super(options);
      const o = options.processorOptions as EngineProcessorOptions;
      const engine = Engine.fromBytesSync(o.wasmBytes);
      this.chain = engine.createChain(sampleRate, { ...o, maxGain: o.maxGain ?? maxGainDefault, maxBlock: 128 });
      if (o.sections) this.chain.setSections(o.sections);
      this.port.onmessage = (e: MessageEvent<ChainMessage>) => {
        const m = e.data;
        if (m.type === 'configure') this.chain.configure(m.options);
        else if (m.type === 'gain') this.chain.setGain(m.gain);
        else if (m.type === 'sections') this.chain.setSections(m.sections);
        else if (m.type === 'reset') this.chain.reset();
        else if (m.type === 'restart') {
          this.resetArmed = true;
          this.port.postMessage({ type: 'restart-armed', id: m.id } satisfies ChainReply);
        }
      };
    }

    process(inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
      const out = outputs[0];
      if (!out || out.length === 0) return true;
      const first = out[0]!;
      const input = inputs[0]?.[0];
      if (this.resetArmed && input && hasSound(input)) {
        this.chain.reset();
        this.resetArmed = false;
      }
      // No input connected (or it ended): keep the filters and compressor running on silence, as
      // native nodes do, so their tails and state stay in step.
      if (input) this.chain.process(input, first);
      else {
        first.fill(0);
        this.chain.process(first, first);
      }
      for (let c = 1; c < out.length; c++) out[c]!.set(first);
      return true;
    }
  };
}
