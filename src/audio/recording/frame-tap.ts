/**
 * A few seconds of what the pitch service's graph hears, stamped with audio-clock frames
 * (`frame-tap.worklet.ts`): the reference a take's encoded audio is matched against to find the
 * audio frame of its first sample (`origin-aligner.ts`).
 */
import {
  FRAME_TAP_PROCESSOR_NAME,
  type FrameTapOptions,
  type FromFrameTapMessage,
} from '../worklet/frame-tap-messages';

export interface FrameCapture {
  /** Audio-clock frame of `samples()[0]`; NaN until the first block came. */
  readonly startFrame: number;
  /** Samples captured so far (contiguous; a frame the graph skipped is silence). */
  readonly length: number;
  /** The capture so far, `length` samples (a view: copy it to keep it past `stop()`). */
  samples(): Float32Array;
  /** Whether the capture is over (`maxFrames` reached or stopped). */
  readonly done: boolean;
  /** Resolves once `length` reaches `frames` or the capture is over. */
  whenLength(frames: number): Promise<void>;
  stop(): void;
}

const modules = new WeakMap<BaseAudioContext, Promise<void>>();

/** Loads the frame tap's worklet once per context. */
async function loadModule(context: BaseAudioContext): Promise<void> {
  let loading = modules.get(context);
  if (!loading) {
    const { default: url } = await import('./frame-tap-url');
    loading = context.audioWorklet.addModule(url);
    modules.set(context, loading);
    loading.catch(() => modules.delete(context));
  }
  return loading;
}

/** Captures up to `maxFrames` of `source` from the next render quantum on. */
export async function startFrameCapture(
  context: AudioContext,
  source: AudioNode,
  maxFrames: number,
): Promise<FrameCapture> {
  await loadModule(context);
  const options: FrameTapOptions = { blockFrames: 4096, maxFrames };
  const node = new AudioWorkletNode(context, FRAME_TAP_PROCESSOR_NAME, {
    numberOfInputs: 1,
    numberOfOutputs: 1,
    outputChannelCount: [1],
    // One channel, mixed as the recorder's destination node mixes (speakers).
    channelCount: 1,
    channelCountMode: 'explicit',
    channelInterpretation: 'speakers',
    processorOptions: options,
  });
  // A silent path to the destination keeps every browser pulling the node.
  const silent = context.createGain();
  silent.gain.value = 0;
  source.connect(node);
  node.connect(silent).connect(context.destination);

  const buffer = new Float32Array(maxFrames);
  let startFrame = Number.NaN;
  let length = 0;
  let done = false;
  const waiters: { frames: number; resolve: () => void }[] = [];
  const wake = (): void => {
    for (let i = waiters.length - 1; i >= 0; i--) {
      const waiter = waiters[i];
      if (waiter && (done || length >= waiter.frames)) {
        waiters.splice(i, 1);
        waiter.resolve();
      }
    }
  };
  const finish = (): void => {
    if (done) return;
    done = true;
    node.port.onmessage = null;
    try {
      source.disconnect(node);
    } catch {
      // The graph was torn down already (the service stopped).
    }
    node.disconnect();
    silent.disconnect();
    wake();
  };
  node.port.onmessage = (event: MessageEvent<FromFrameTapMessage>) => {
    const data = event.data;
    if (data.type === 'done') {
      finish();
      return;
    }
    if (Number.isNaN(startFrame)) startFrame = data.startFrame;
    const at = data.startFrame - startFrame;
    if (at >= maxFrames) return;
    const samples = data.samples.subarray(0, maxFrames - at);
    buffer.set(samples, at);
    length = Math.max(length, at + samples.length);
    wake();
  };
  return {
    get startFrame() {
      return startFrame;
    },
    get length() {
      return length;
    },
    get done() {
      return done;
    },
    samples: () => buffer.subarray(0, length),
    whenLength: (frames) =>
      new Promise<void>((resolve) => {
        waiters.push({ frames, resolve });
        wake();
      }),
    stop() {
      if (done) return;
      node.port.postMessage({ type: 'stop' });
      // The worklet's 'done' may never come if the context stops: finish here.
      finish();
    },
  };
}
