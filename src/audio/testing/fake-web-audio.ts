/**
 * Fakes of the Web Audio and media objects the pitch service touches, and a service built on them:
 * what a user would notice (status, messages, released microphone) testable without a browser.
 * They implement only what the service calls; the casts say so once, here.
 */
import { vi } from 'vitest';
import { MSG_PITCH, MSG_READY, MSG_TEARDOWN, MSG_TORN_DOWN } from '../worklet/messages';
import { createPitchService, type PitchServiceDeps } from '../stream/pitch-service';

export class FakeTrack {
  stopped = false;
  onended: (() => void) | null = null;
  /** Chromium reports the input latency here, seconds. */
  getSettings() {
    return { latency: 0.01 };
  }
  stop() {
    this.stopped = true;
  }
}
export class FakeStream {
  tracks = [new FakeTrack()];
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks;
  }
}
export class FakeNode {
  connectedTo: unknown[] = [];
  connect<T>(next: T): T {
    this.connectedTo.push(next);
    return next;
  }
  disconnect() {
    this.connectedTo = [];
  }
}
export class FakePort {
  onmessage: ((event: { data: unknown }) => void) | null = null;
  sent: unknown[] = [];
  closed = false;
  /** False: a stalled audio thread, whose confirmation the test sends itself (or never). */
  answersTeardown = true;
  postMessage(message: unknown) {
    this.sent.push(message);
    // Like the processor: confirm a teardown once the engine is freed.
    if ((message as { type: string }).type === MSG_TEARDOWN && this.answersTeardown) {
      queueMicrotask(() => this.emit({ type: MSG_TORN_DOWN }));
    }
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.onmessage?.({ data });
  }
}
export class FakeWorkletNode extends FakeNode {
  port = new FakePort();
  constructor(public options: AudioWorkletNodeOptions) {
    super();
  }
}
export class FakeContext {
  state: AudioContextState = 'running';
  sampleRate = 48000;
  currentTime = 1.2;
  baseLatency = 0.005;
  outputLatency = 0.02;
  /** Audio-clock second 1 is heard at performance time 2000 ms. */
  getOutputTimestamp() {
    return { contextTime: 1, performanceTime: 2000 };
  }
  destination = new FakeNode();
  onstatechange: (() => void) | null = null;
  audioWorklet = { addModule: vi.fn(() => Promise.resolve()) };
  analyser = Object.assign(new FakeNode(), { fftSize: 0 });
  gain = Object.assign(new FakeNode(), { gain: { value: 1 } });
  createMediaStreamSource() {
    return new FakeNode();
  }
  createAnalyser() {
    return this.analyser;
  }
  createGain() {
    return this.gain;
  }
  async resume() {
    this.state = 'running';
    this.onstatechange?.();
  }
  async close() {
    this.state = 'closed';
  }
}

export function createFakeService(
  overrides: Partial<PitchServiceDeps> & { initialState?: AudioContextState } = {},
) {
  const contexts: FakeContext[] = [];
  const nodes: FakeWorkletNode[] = [];
  const streams: FakeStream[] = [];
  const listeners: (() => void)[] = [];
  const doc = {
    visibilityState: 'visible' as DocumentVisibilityState,
    addEventListener: (_: string, listener: () => void) => listeners.push(listener),
  };
  const getUserMedia = vi.fn(async () => {
    const stream = new FakeStream();
    streams.push(stream);
    return stream as unknown as MediaStream;
  });
  // Fakes implement only what the service calls; the casts say so once, here.
  const deps: PitchServiceDeps = {
    engineUrl: '/engine.wasm',
    workletUrl: '/worklet.js',
    createContext: () => {
      const context = new FakeContext();
      if (overrides.initialState) context.state = overrides.initialState;
      contexts.push(context);
      return context as unknown as AudioContext;
    },
    releaseContext: (context) => context.close(),
    mediaDevices: () => ({ getUserMedia }) as unknown as MediaDevices,
    loadEngine: async () => ({}),
    createWorkletNode: (_context, _name, options) => {
      const node = new FakeWorkletNode(options);
      nodes.push(node);
      // The processor answers once the engine is instantiated.
      queueMicrotask(() =>
        node.port.emit({
          type: MSG_READY,
          sampleRate: 48000,
          memoryBytes: 65536,
          windowSamples: 4096,
          hopSamples: 4096,
        }),
      );
      return node as unknown as AudioWorkletNode;
    },
    document: doc as unknown as Document,
    now: () => 1234,
    ...overrides,
  };
  const service = createPitchService(deps);
  const setVisibility = (state: DocumentVisibilityState) => {
    doc.visibilityState = state;
    for (const listener of listeners) listener();
  };
  return { service, contexts, nodes, streams, getUserMedia, setVisibility };
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The processor's result for a window ending at `endFrame` (onsetFrame -1: no new note). */
export function emitPitch(
  node: FakeWorkletNode | undefined,
  endFrame: number,
  onsetFrame: number,
  hz = 440,
): void {
  node?.port.emit({
    type: MSG_PITCH,
    hz,
    clarity: 0.95,
    levelDb: -20,
    endFrame,
    onsetFrame,
    memoryBytes: 65536,
  });
}
