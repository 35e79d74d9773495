// The AudioWorkletGlobalScope names TypeScript's DOM lib does not declare.
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
  constructor(options?: AudioWorkletNodeOptions);
}
declare function registerProcessor(
  name: string,
  ctor: new (options: AudioWorkletNodeOptions) => AudioWorkletProcessor,
): void;
declare const sampleRate: number;
declare const currentFrame: number;
declare const currentTime: number;
