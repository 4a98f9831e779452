import { createObservable } from '../lib/observable';
import { compileEngine } from './engine-loader';
import { mapMediaError, serviceError, trackEndedError } from './errors';
import {
  ACCUMULATOR_PROCESSOR_NAME,
  MSG_ERROR,
  MSG_PITCH,
  MSG_READY,
  MSG_TEARDOWN,
  MSG_TORN_DOWN,
  type AccumulatorProcessorOptions,
  type FromWorkletMessage,
} from './messages';
import type {
  ConnectOptions,
  PitchReading,
  PitchService,
  PitchServiceError,
  PitchServiceStatus,
} from './pitch-service-types';

/** Product specification §9: analyser FFT size 2048, feeding a gain of 0 (silent). */
export const ANALYSER_FFT_SIZE = 2048;
/** How long the worklet may take to instantiate the engine before we call it a failure. */
const READY_TIMEOUT_MS = 10_000;
/** How long disconnect waits for the processor to confirm the engine is freed. */
const TEARDOWN_TIMEOUT_MS = 250;

const NO_READING: PitchReading = Object.freeze({ hz: 0, clarity: 0, levelDb: -120, timeMs: 0 });

/**
 * Microphone constraints: the processing meant for speech calls would fight a tuner (AGC pumps the
 * level, noise suppression eats sustained tones). Plain booleans, never `exact`, so a device that
 * cannot turn one off still opens.
 */
export const MICROPHONE_CONSTRAINTS: MediaStreamConstraints = {
  audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false },
  video: false,
};

/** Everything the service touches in the platform, injectable for tests. */
export interface PitchServiceDeps {
  engineUrl: string;
  workletUrl: string;
  createContext?: () => AudioContext;
  /** Default: `navigator.mediaDevices` (undefined in an insecure context). */
  mediaDevices?: () => MediaDevices | undefined;
  loadEngine?: (url: string) => Promise<WebAssembly.Module>;
  createWorkletNode?: (
    context: AudioContext,
    name: string,
    options: AudioWorkletNodeOptions,
  ) => AudioWorkletNode;
  /** For "release the microphone while hidden"; default `document`, null to disable. */
  document?: Pick<Document, 'visibilityState' | 'addEventListener'> | null;
  now?: () => number;
  readyTimeoutMs?: number;
}

/** Diagnostics for tests, the soak and a debug screen. */
export interface PitchServiceDiagnostics {
  /** WASM memory of the current engine instance, bytes (0 when none). */
  engineMemoryBytes: number;
  sampleRate: number;
  contextState: AudioContextState | 'none';
  /** Audio contexts created and closed by this service since it was made. */
  contextsCreated: number;
  contextsClosed: number;
  /** Microphone tracks opened and stopped. */
  tracksOpened: number;
  tracksStopped: number;
  /** Pitch messages received from the worklet. */
  messages: number;
  fastResponse: boolean;
}

export interface WebPitchService extends PitchService {
  diagnostics(): PitchServiceDiagnostics;
  /** The running analyser (level meter / spectrum), or null when stopped. */
  analyser(): AnalyserNode | null;
}

interface Session {
  context: AudioContext;
  stream?: MediaStream;
  source?: MediaStreamAudioSourceNode;
  analyser?: AnalyserNode;
  silent?: GainNode;
  node?: AudioWorkletNode;
  engineMemoryBytes: number;
  fastResponse: boolean;
}

export function createPitchService(deps: PitchServiceDeps): WebPitchService {
  const createContext =
    deps.createContext ?? (() => new AudioContext({ latencyHint: 'interactive' }));
  const mediaDevices =
    deps.mediaDevices ??
    (() => (typeof navigator === 'undefined' ? undefined : navigator.mediaDevices));
  const loadEngine = deps.loadEngine ?? compileEngine;
  const createWorkletNode =
    deps.createWorkletNode ??
    ((context, name, options) => new AudioWorkletNode(context, name, options));
  const doc =
    deps.document === undefined && typeof document !== 'undefined' ? document : deps.document;
  const now = deps.now ?? (() => performance.now());
  const readyTimeoutMs = deps.readyTimeoutMs ?? READY_TIMEOUT_MS;

  const pitchHz = createObservable(0);
  const reading = createObservable<PitchReading>(NO_READING);
  const status = createObservable<PitchServiceStatus>({ state: 'stopped' });

  let session: Session | undefined;
  /** Bumped by every connect/disconnect: a connect that sees another value was overtaken. */
  let generation = 0;
  let lastOptions: ConnectOptions = {};
  let pausedWhileHidden = false;
  const counts = {
    contextsCreated: 0,
    contextsClosed: 0,
    tracksOpened: 0,
    tracksStopped: 0,
    messages: 0,
  };

  const setReading = (next: PitchReading): void => {
    reading.set(next);
    pitchHz.set(next.hz);
  };

  const fail = (error: PitchServiceError): void => {
    status.set({ state: 'error', error });
  };

  const statusFromContext = (context: AudioContext): void => {
    if (session?.context !== context || !session.node) return;
    // Safari reports 'interrupted' (a phone call, another app took audio): same way out.
    const state = context.state as string;
    if (state === 'running') status.set({ state: 'connected' });
    else if (state === 'suspended' || state === 'interrupted') status.set({ state: 'suspended' });
  };

  async function release(s: Session): Promise<void> {
    // The microphone first: the indicator goes off at once.
    for (const track of s.stream?.getTracks() ?? []) {
      track.onended = null;
      track.stop();
      counts.tracksStopped++;
    }
    s.context.onstatechange = null;
    if (s.node) {
      // Let the processor free the engine and return false from process() before the graph
      // goes: a processor that never gets to say it is done keeps its node (and the closed
      // context behind it) alive in Chromium.
      const node = s.node;
      const running = s.context.state === 'running';
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, running ? TEARDOWN_TIMEOUT_MS : 0);
        node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) => {
          if (event.data.type !== MSG_TORN_DOWN) return;
          clearTimeout(timer);
          resolve();
        };
        node.port.postMessage({ type: MSG_TEARDOWN });
      });
      node.port.onmessage = null;
      node.port.close();
      node.disconnect();
    }
    s.source?.disconnect();
    s.analyser?.disconnect();
    s.silent?.disconnect();
    if (s.context.state !== 'closed') {
      try {
        await s.context.close();
      } catch {
        // Already closing: nothing else to free.
      }
      counts.contextsClosed++;
    }
  }

  function onWorkletMessage(s: Session, data: FromWorkletMessage): void {
    if (data.type !== MSG_PITCH) return;
    counts.messages++;
    s.engineMemoryBytes = data.memoryBytes;
    setReading({ hz: data.hz, clarity: data.clarity, levelDb: data.levelDb, timeMs: now() });
  }

  function waitForReady(node: AudioWorkletNode): Promise<number> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(serviceError('engine', 'the audio processor did not start in time')),
        readyTimeoutMs,
      );
      node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) => {
        const data = event.data;
        if (data.type === MSG_READY) {
          clearTimeout(timer);
          resolve(data.memoryBytes);
        } else if (data.type === MSG_ERROR) {
          clearTimeout(timer);
          reject(serviceError('engine', data.message));
        }
      };
    });
  }

  async function connect(options: ConnectOptions = {}): Promise<void> {
    const fastResponse = options.fastResponse ?? false;
    lastOptions = { fastResponse };
    pausedWhileHidden = false;
    const state = status.get().state;
    if (session && session.fastResponse === fastResponse && state !== 'error') {
      if (state === 'suspended') await resume();
      return;
    }
    if (session) await stopSession();
    const myGeneration = ++generation;
    status.set({ state: 'connecting' });

    const devices = mediaDevices();
    if (!devices || typeof devices.getUserMedia !== 'function') {
      fail(serviceError('insecure', 'navigator.mediaDevices is not available'));
      return;
    }
    // Created first, still inside the user's gesture when connect() is called from one.
    let context: AudioContext;
    try {
      context = createContext();
    } catch (error) {
      fail(serviceError('unknown', String(error)));
      return;
    }
    counts.contextsCreated++;
    const s: Session = { context, engineMemoryBytes: 0, fastResponse };
    session = s;
    const stale = (): boolean => myGeneration !== generation;

    try {
      const streamPromise = devices.getUserMedia(MICROPHONE_CONSTRAINTS).then(
        (stream) => {
          counts.tracksOpened += stream.getTracks().length;
          if (stale()) {
            // Disconnected while the permission prompt was open: release at once.
            for (const track of stream.getTracks()) track.stop();
            counts.tracksStopped += stream.getTracks().length;
          } else {
            s.stream = stream;
          }
          return stream;
        },
        (error: unknown) => {
          throw mapMediaError(error);
        },
      );
      const enginePromise = loadEngine(deps.engineUrl);
      const workletPromise = context.audioWorklet
        .addModule(deps.workletUrl)
        .catch((error: unknown) => {
          throw serviceError('worklet', String(error));
        });
      // Swallow the losers' rejections: the first failure is the one reported.
      streamPromise.catch(() => undefined);
      enginePromise.catch(() => undefined);
      workletPromise.catch(() => undefined);
      const stream = await streamPromise;
      if (stale()) return;
      const engine = await enginePromise;
      if (stale()) return;
      await workletPromise;
      if (stale()) return;

      const source = context.createMediaStreamSource(stream);
      const analyser = context.createAnalyser();
      analyser.fftSize = ANALYSER_FFT_SIZE;
      const silent = context.createGain();
      silent.gain.value = 0;
      const processorOptions: AccumulatorProcessorOptions = { engine, fastResponse };
      const node = createWorkletNode(context, ACCUMULATOR_PROCESSOR_NAME, {
        numberOfInputs: 1,
        numberOfOutputs: 1,
        outputChannelCount: [1],
        channelCount: 1,
        channelCountMode: 'explicit',
        channelInterpretation: 'speakers',
        processorOptions,
      });
      Object.assign(s, { source, analyser, silent, node });
      const ready = waitForReady(node);
      source.connect(analyser).connect(silent);
      source.connect(node).connect(silent);
      // A path to the destination keeps every browser pulling audio through the graph.
      silent.connect(context.destination);
      s.engineMemoryBytes = await ready;
      if (stale()) return;
      node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) =>
        onWorkletMessage(s, event.data);

      for (const track of stream.getAudioTracks()) {
        track.onended = () => {
          if (session !== s) return;
          session = undefined;
          generation++;
          setReading(NO_READING);
          void release(s);
          // Unplugged or permission revoked: different words (src/audio/errors.ts).
          const ended = generation;
          void trackEndedError().then((error) => {
            if (ended === generation) fail(error);
          });
        };
      }
      context.onstatechange = () => statusFromContext(context);
      status.set({ state: 'connected' });
      statusFromContext(context);
    } catch (error) {
      if (session === s) session = undefined;
      await release(s);
      if (stale()) return;
      fail(
        isServiceError(error)
          ? error
          : serviceError('unknown', error instanceof Error ? error.message : String(error)),
      );
    }
  }

  async function stopSession(): Promise<void> {
    generation++;
    const s = session;
    session = undefined;
    setReading(NO_READING);
    if (s) await release(s);
  }

  async function disconnect(): Promise<void> {
    pausedWhileHidden = false;
    status.set({ state: 'stopped' });
    await stopSession();
  }

  async function resume(): Promise<void> {
    const s = session;
    if (!s) {
      await connect(lastOptions);
      return;
    }
    if (s.context.state !== 'running') await s.context.resume();
    statusFromContext(s.context);
  }

  doc?.addEventListener('visibilitychange', () => {
    if (doc.visibilityState === 'hidden') {
      const state = status.get().state;
      if (state === 'connected' || state === 'suspended' || state === 'connecting') {
        void disconnect();
        // After disconnect()'s synchronous part, which clears the flag.
        pausedWhileHidden = true;
      }
    } else if (pausedWhileHidden) {
      pausedWhileHidden = false;
      void connect(lastOptions);
    }
  });

  return {
    pitchHz,
    reading,
    status,
    connect,
    resume,
    disconnect,
    analyser: () => session?.analyser ?? null,
    diagnostics: () => ({
      engineMemoryBytes: session?.engineMemoryBytes ?? 0,
      sampleRate: session?.context.sampleRate ?? 0,
      contextState: session?.context.state ?? 'none',
      fastResponse: session?.fastResponse ?? false,
      ...counts,
    }),
  };
}

function isServiceError(value: unknown): value is PitchServiceError {
  return (
    typeof value === 'object' &&
    value !== null &&
    'kind' in value &&
    'message' in value &&
    !(value instanceof Error)
  );
}
