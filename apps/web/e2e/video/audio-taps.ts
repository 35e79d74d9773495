/**
 * The init script of the stethoscope bench: taps that record what a page's audio graph carries,
 * with the wall-clock time of each chunk (both browsers share the machine's clock), without any
 * hook in the app. It runs in the page on its own (Playwright sends its source), so everything it
 * uses is inside it.
 *
 * - provider: taps the stethoscope track as it arrives in the clinician's Web Audio graph
 *   ('received', where the engine's chain takes it);
 * - patient: taps the stethoscope as captured, and makes it, by `mode`, what Auscura sends ('auscura'),
 *   the same in 10 ms Opus frames ('auscura-10ms', the offer's packet time made 10 ms), mono Opus in
 *   its speech mode with the browser's processing still off ('mono'), or what a
 *   video product sends by default ('defaults': mono Opus and the browser's voice processing on).
 */
export type Tap = {
  label: string;
  sampleRate: number;
  /** The context's own latencies (s): after the graph, to the loudspeaker. */
  baseLatency: number;
  outputLatency: number;
  chunks: { at: number; samples: number[] }[];
};
export type TapWindow = typeof globalThis & { taps: Tap[]; peers: RTCPeerConnection[] };
export type TapMode = 'auscura' | 'auscura-10ms' | 'mono' | 'defaults';

export function audioTaps(options: { side: 'provider' | 'patient'; mode: TapMode }) {
  const taps: {
    label: string;
    sampleRate: number;
    baseLatency: number;
    outputLatency: number;
    chunks: { at: number; samples: number[] }[];
  }[] = [];
  const peers: RTCPeerConnection[] = [];
  Object.assign(window, { taps, peers });

  // The tap runs on the audio thread (a ScriptProcessor on the main thread drops buffers when the
  // machine is busy): a worklet that posts 4096 frames at a time with the frame they start at.
  const tapCode = `class BenchTap extends AudioWorkletProcessor {
    constructor() { super(); this.buffer = new Float32Array(4096); this.fill = 0; this.first = 0; }
    process(inputs) {
      const x = inputs[0] && inputs[0][0];
      if (!x) return true;
      if (this.fill === 0) this.first = currentFrame;
      this.buffer.set(x, this.fill);
      this.fill += x.length;
      if (this.fill === this.buffer.length) {
        this.port.postMessage({ first: this.first, samples: this.buffer }, [this.buffer.buffer]);
        this.buffer = new Float32Array(4096);
        this.fill = 0;
      }
      return true;
    }
  }
  registerProcessor('bench-tap', BenchTap);`;
  const tapUrl = URL.createObjectURL(new Blob([tapCode], { type: 'text/javascript' }));

  const tap = (label: string, context: BaseAudioContext, node: AudioNode) => {
    const audio = context as AudioContext;
    const record = {
      label,
      sampleRate: context.sampleRate,
      baseLatency: audio.baseLatency ?? 0,
      outputLatency: audio.outputLatency ?? 0,
      chunks: [] as { at: number; samples: number[] }[],
    };
    taps.push(record);
    void context.audioWorklet.addModule(tapUrl).then(() => {
      const processor = new AudioWorkletNode(context, 'bench-tap', { numberOfOutputs: 1, outputChannelCount: [1] });
      processor.port.onmessage = (event: MessageEvent<{ first: number; samples: Float32Array }>) => {
        // The context's clock against the page's: the first sample's time in epoch milliseconds.
        const stamp = audio.getOutputTimestamp();
        const at =
          performance.timeOrigin +
          (stamp.performanceTime ?? 0) +
          (event.data.first / context.sampleRate - (stamp.contextTime ?? 0)) * 1000;
        record.outputLatency = audio.outputLatency ?? 0;
        record.chunks.push({ at, samples: Array.from(event.data.samples) });
      };
      const mute = context.createGain();
      mute.gain.value = 0;
      node.connect(processor);
      processor.connect(mute);
      mute.connect(context.destination);
    });
  };

  const NativePeer = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends NativePeer {
    constructor(configuration?: RTCConfiguration) {
      super(configuration);
      peers.push(this);
    }
  };

  if (options.side === 'provider') {
    // What arrives, before the engine: a Web Audio source of a track some peer connection receives.
    const createSource = AudioContext.prototype.createMediaStreamSource;
    AudioContext.prototype.createMediaStreamSource = function (this: AudioContext, stream: MediaStream) {
      const node = createSource.call(this, stream);
      const track = stream.getAudioTracks()[0];
      if (peers.some((peer) => peer.getReceivers().some((receiver) => receiver.track === track))) {
        tap('received', this, node);
      }
      return node;
    };
    return;
  }

  const native = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
  navigator.mediaDevices.getUserMedia = async (constraints) => {
    const audio = constraints?.audio;
    const stethoscope = !!audio && typeof audio === 'object' && audio.autoGainControl === false;
    if (stethoscope && options.mode === 'defaults') {
      constraints = {
        ...constraints,
        audio: { ...audio, echoCancellation: true, noiseSuppression: true, autoGainControl: true },
      };
    }
    const stream = await native(constraints);
    if (stethoscope) {
      const context = new AudioContext();
      tap('sent', context, context.createMediaStreamSource(stream));
    }
    return stream;
  };
  if (options.mode === 'auscura') return;
  const setRemote = RTCPeerConnection.prototype.setRemoteDescription as (
    this: RTCPeerConnection,
    description: RTCSessionDescriptionInit,
  ) => Promise<void>;
  RTCPeerConnection.prototype.setRemoteDescription = function (
    this: RTCPeerConnection,
    description?: RTCSessionDescriptionInit,
  ) {
    if (options.mode === 'auscura-10ms') {
      const sdp = (description?.sdp ?? '').replace(/a=ptime:\d+/g, 'a=ptime:10');
      return setRemote.call(this, description?.sdp ? { type: description.type, sdp } : description!);
    }
    const sdp = (description?.sdp ?? '')
      .replace(/a=ptime:\d+\r?\n/g, '')
      .replace(/;stereo=1/g, '')
      .replace(/;sprop-stereo=1/g, '')
      .replace(/;usedtx=0/g, '')
      .replace(/;maxaveragebitrate=\d+/g, '');
    return setRemote.call(this, description?.sdp ? { type: description.type, sdp } : description!);
  } as typeof RTCPeerConnection.prototype.setRemoteDescription;
  if (options.mode === 'auscura-10ms') return;
  const setParameters = RTCRtpSender.prototype.setParameters;
  RTCRtpSender.prototype.setParameters = function (this: RTCRtpSender, parameters: RTCRtpSendParameters) {
    // The music bitrate is Auscura's choice too: by default the sender keeps Chromium's.
    if (this.track?.kind === 'audio') return Promise.resolve();
    return setParameters.call(this, parameters);
  } as typeof RTCRtpSender.prototype.setParameters;
}
