import { createEmitter, createObservable } from '../lib/observable';
import { PEDAL_FLOOR_HZ } from './analysis-window';
import { createAudioClock, type AudioClock } from './audio-clock';
import { ENGINE_DEFAULTS } from './engine/pitch-engine';
import { compileEngine } from './engine-loader';
import { mapMediaError, serviceError } from './errors';
import {
  ACCUMULATOR_PROCESSOR_NAME,
  MSG_ERROR,
  MSG_PITCH,
  MSG_READY,
  MSG_TEARDOWN,
  MSG_TORN_DOWN,
  type AccumulatorProcessorOptions,
  type FromWorkletMessage,
  type ReadyMessage,
} from './messages';
import { createNoteTracker, trackerOptionsFor, type NoteEvent } from './note-tracker';
import {
  LEVEL_FLOOR_DB,
  type AnalysisMode,
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

/** Default ceiling: written C7 on the piccolo in B♭ (sounding B♭7, 3729 Hz) plus a whole tone. */
export const DEFAULT_CEILING_HZ = 4186;
export const DEFAULT_MODE: AnalysisMode = Object.freeze({
  response: 'block',
  floorHz: ENGINE_DEFAULTS.minHz,
  ceilingHz: DEFAULT_CEILING_HZ,
});

/** The stream's value while nothing is analysed: no pitch, not live, stamped `atMs`. */
export function idleReading(atMs: number, mode: AnalysisMode): PitchReading {
  return {
    hz: 0,
    clarity: 0,
    levelDb: LEVEL_FLOOR_DB,
    windowStartMs: atMs,
    windowEndMs: atMs,
    timeMs: atMs,
    response: mode.response,
    windowSamples: 0,
    sampleRate: 0,
    live: false,
    noteHz: 0,
    noteOnsetMs: Number.NaN,
  };
}

function validateMode(mode: AnalysisMode): void {
  if (mode.response !== 'block' && mode.response !== 'fast') {
    throw new RangeError(`response must be 'block' or 'fast', got ${String(mode.response)}`);
  }
  if (!(mode.floorHz >= PEDAL_FLOOR_HZ && mode.floorHz <= 1000)) {
    throw new RangeError(`floorHz must be ${PEDAL_FLOOR_HZ}..1000 Hz, got ${mode.floorHz}`);
  }
  if (!(mode.ceilingHz >= 500 && mode.ceilingHz <= 20_000)) {
    throw new RangeError(`ceilingHz must be 500..20000 Hz, got ${mode.ceilingHz}`);
  }
}

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
  /** The response mode of the running audio thread (none: the set mode). */
  response: AnalysisMode['response'];
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
  response: AnalysisMode['response'];
  floorHz: number;
  /** From the worklet's ready message. */
  windowSamples: number;
  hopSamples: number;
  clock?: AudioClock;
  tracker?: ReturnType<typeof createNoteTracker>;
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

  const mode = createObservable<AnalysisMode>(DEFAULT_MODE);
  const pitchHz = createObservable(0);
  const reading = createObservable<PitchReading>(idleReading(0, DEFAULT_MODE));
  const notes = createEmitter<NoteEvent>();
  const status = createObservable<PitchServiceStatus>({ state: 'stopped' });

  let session: Session | undefined;
  /** Bumped by every connect/disconnect: a connect that sees another value was overtaken. */
  let generation = 0;
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

  /** The stream goes quiet: the sounding note ends now, and the reading says nothing is live. */
  const goIdle = (s: Session | undefined): void => {
    const atMs = now();
    for (const event of s?.tracker?.flush(atMs) ?? []) notes.emit(event);
    setReading(idleReading(atMs, mode.get()));
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
    if (data.type !== MSG_PITCH || !s.clock || !s.tracker) return;
    counts.messages++;
    s.engineMemoryBytes = data.memoryBytes;
    const clock = s.clock;
    clock.sync(now());
    const aboveCeiling = data.hz > mode.get().ceilingHz;
    const hz = aboveCeiling ? 0 : data.hz;
    const windowStartMs = clock.toPerfMs(data.endFrame - s.windowSamples);
    const windowEndMs = clock.toPerfMs(data.endFrame);
    const onsetMs = data.onsetFrame >= 0 ? clock.toPerfMs(data.onsetFrame) : Number.NaN;
    const clarity = aboveCeiling ? 0 : data.clarity;
    const events = s.tracker.push({ hz, windowStartMs, windowEndMs, onsetMs });
    for (const event of events) notes.emit(event);
    setReading({
      hz,
      clarity,
      levelDb: data.levelDb,
      windowStartMs,
      windowEndMs,
      timeMs: windowEndMs,
      response: s.response,
      windowSamples: s.windowSamples,
      sampleRate: s.context.sampleRate,
      live: true,
      noteHz: s.tracker.current.hz,
      noteOnsetMs: s.tracker.current.onsetMs,
    });
  }

  function waitForReady(node: AudioWorkletNode): Promise<ReadyMessage> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(serviceError('engine', 'the audio processor did not start in time')),
        readyTimeoutMs,
      );
      node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) => {
        const data = event.data;
        if (data.type === MSG_READY) {
          clearTimeout(timer);
          resolve(data);
        } else if (data.type === MSG_ERROR) {
          clearTimeout(timer);
          reject(serviceError('engine', data.message));
        }
      };
    });
  }

  async function connect(): Promise<void> {
    const { response, floorHz } = mode.get();
    const fastResponse = response === 'fast';
    pausedWhileHidden = false;
    const state = status.get().state;
    if (session && !needsRestart(session) && state !== 'error') {
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
    const s: Session = {
      context,
      engineMemoryBytes: 0,
      response,
      floorHz,
      windowSamples: 0,
      hopSamples: 0,
    };
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
      const processorOptions: AccumulatorProcessorOptions = {
        engine,
        fastResponse,
        minHz: floorHz,
      };
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
      const readyMessage = await ready;
      if (stale()) return;
      s.engineMemoryBytes = readyMessage.memoryBytes;
      s.windowSamples = readyMessage.windowSamples;
      s.hopSamples = readyMessage.hopSamples;
      const inputLatencyS =
        (stream.getAudioTracks()[0]?.getSettings() as { latency?: number } | undefined)?.latency ??
        0;
      s.clock = createAudioClock(context, Number.isFinite(inputLatencyS) ? inputLatencyS : 0);
      s.tracker = createNoteTracker(
        trackerOptionsFor(response, (1000 * readyMessage.hopSamples) / context.sampleRate),
      );
      node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) =>
        onWorkletMessage(s, event.data);

      for (const track of stream.getAudioTracks()) {
        track.onended = () => {
          if (session !== s) return;
          session = undefined;
          generation++;
          goIdle(s);
          void release(s);
          fail(serviceError('track-ended', 'the microphone track ended'));
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
    goIdle(s);
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
      await connect();
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
      void connect();
    }
  });

  /** The running audio thread analyses differently from the mode now set. */
  function needsRestart(s: Session): boolean {
    const { response, floorHz } = mode.get();
    return s.response !== response || s.floorHz !== floorHz;
  }

  async function setMode(change: Partial<AnalysisMode>): Promise<void> {
    const next = { ...mode.get(), ...change };
    validateMode(next);
    const previous = mode.get();
    if (
      next.response === previous.response &&
      next.floorHz === previous.floorHz &&
      next.ceilingHz === previous.ceilingHz
    ) {
      return;
    }
    mode.set(Object.freeze(next));
    // A running session restarts its audio thread for a new response or floor; from the click
    // that changed it, so a new audio context may start straight away.
    const state = status.get().state;
    if (session && needsRestart(session) && (state === 'connected' || state === 'suspended')) {
      await connect();
    }
  }

  return {
    pitchHz,
    reading,
    notes,
    status,
    mode,
    setMode,
    connect,
    resume,
    disconnect,
    analyser: () => session?.analyser ?? null,
    diagnostics: () => ({
      engineMemoryBytes: session?.engineMemoryBytes ?? 0,
      sampleRate: session?.context.sampleRate ?? 0,
      contextState: session?.context.state ?? 'none',
      response: session?.response ?? mode.get().response,
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
