/* eslint-disable max-lines -- Over 300 lines: one state machine over injected platform objects (graph: audio-graph.ts; decoding: pitch-stream.ts). */
import { createEmitter, createObservable } from '../../lib/observable';
import { adoptEngine, compileEngine } from './engine-loader';
import { MICROPHONE_CONSTRAINTS } from './microphone-constraints';
import { takeEarlyStart, type EarlyStart } from '../clock/early-adopt';
import { serviceError } from './errors';
import { mapMediaError, trackEndedError } from './microphone-errors';
import {
  MSG_DRONE,
  MSG_PITCH,
  type AccumulatorProcessorOptions,
  type FromWorkletMessage,
} from '../worklet/messages';
import { MAX_DRONE_VOICES } from '../worklet/drone-canceller';
import { trackInputLatencyS } from '../clock/audio-clock';
import { buildAudioGraph, teardownAudioGraph, waitForReady } from './audio-graph';
import type { MicrophoneTap } from './microphone-tap';
import type { NoteEvent } from './note-tracker';
import type {
  AnalysisMode,
  PitchReading,
  PitchService,
  PitchServiceError,
  PitchServiceStatus,
} from './pitch-service-types';
import {
  createStreamDecoder,
  DEFAULT_MODE,
  idleReading,
  validateMode,
  type StreamDecoder,
} from './pitch-stream';

/** How long the worklet may take to instantiate the engine before we call it a failure. */
const READY_TIMEOUT_MS = 10_000;

export { MICROPHONE_CONSTRAINTS };

/** Everything the service touches in the platform, injectable for tests. */
export interface PitchServiceDeps {
  engineUrl: string;
  workletUrl: string;
  /**
   * The app's one context (issue 20), shared with drones and click tracks: the wiring
   * (`../web-pitch-service.ts`) passes the audio session's. Injected, not imported: the stream sits
   * below the output in the audio layers (build/eslint-layering.js).
   */
  createContext: () => AudioContext;
  /** Gives back a context from `createContext` once this service is done with it. */
  releaseContext: (context: AudioContext) => Promise<void>;
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
  /** What the entry started before the first render (`early-start.ts`), adopted once. */
  takeEarlyStart?: () => EarlyStart | undefined;
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
  /**
   * Teardowns whose audio processor did not confirm it had stopped (a stalled audio thread, or a
   * context not running): each may leave the browser holding that node and its closed context.
   */
  teardownsUnconfirmed: number;
  /** The response mode of the running audio thread (none: the set mode). */
  response: AnalysisMode['response'];
}

export interface WebPitchService extends PitchService {
  /**
   * The frequencies the app's own drone makes sound now, Hz (empty: none; at most
   * MAX_DRONE_VOICES). The audio thread subtracts them from what the microphone hears, so the
   * stream reads the player, not the phone's speaker. Kept across reconnects. Called only by
   * the audio session's wiring (`web-pitch-service.ts`): views ask the session for a drone.
   */
  setDrone(hz: readonly number[]): void;
  diagnostics(): PitchServiceDiagnostics;
  /** The running analyser (level meter / spectrum), or null when stopped. */
  analyser(): AnalyserNode | null;
  /** The live microphone graph (recording a take: no second getUserMedia), or null. */
  microphoneTap(): MicrophoneTap | null;
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
  decoder?: StreamDecoder;
}

export function createPitchService(deps: PitchServiceDeps): WebPitchService {
  const { createContext, releaseContext } = deps;
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
  const takeEarly = deps.takeEarlyStart ?? takeEarlyStart;

  const mode = createObservable<AnalysisMode>(DEFAULT_MODE);
  const pitchHz = createObservable(0);
  const reading = createObservable<PitchReading>(idleReading(0, DEFAULT_MODE));
  const notes = createEmitter<NoteEvent>();
  const status = createObservable<PitchServiceStatus>({ state: 'stopped' });

  let session: Session | undefined;
  /** Bumped by every connect/disconnect: a connect that sees another value was overtaken. */
  let generation = 0;
  let pausedWhileHidden = false;
  /** Note numbers of this stream, across restarts of its audio thread (`PitchReading.noteId`). */
  const noteIds = { last: 0 };
  /** What the app's drone plays now (`setDrone`), sent to every audio thread started. */
  let droneHz: number[] = [];
  const counts = {
    contextsCreated: 0,
    contextsClosed: 0,
    tracksOpened: 0,
    tracksStopped: 0,
    messages: 0,
    teardownsUnconfirmed: 0,
  };

  const setReading = (next: PitchReading): void => {
    reading.set(next);
    pitchHz.set(next.hz);
  };

  /** The stream goes quiet: the sounding note ends now, and the reading says nothing is live. */
  const goIdle = (s: Session | undefined): void => {
    const atMs = now();
    for (const event of s?.decoder?.flush(atMs) ?? []) notes.emit(event);
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
    const confirmed = await teardownAudioGraph(s, s.context.state === 'running');
    if (s.node && !confirmed) counts.teardownsUnconfirmed++;
    if (s.context.state !== 'closed') counts.contextsClosed++;
    await releaseContext(s.context);
  }

  function onWorkletMessage(s: Session, data: FromWorkletMessage): void {
    if (data.type !== MSG_PITCH || !s.decoder) return;
    counts.messages++;
    s.engineMemoryBytes = data.memoryBytes;
    const { reading: next, events } = s.decoder.decode(data, mode.get().ceilingHz, now());
    for (const event of events) notes.emit(event);
    setReading(next);
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
      releaseEarly(takeEarly());
      fail(serviceError('unknown', String(error)));
      return;
    }
    counts.contextsCreated++;
    const s: Session = {
      context,
      engineMemoryBytes: 0,
      response,
      floorHz,
    };
    session = s;
    const stale = (): boolean => myGeneration !== generation;

    // The first connect adopts what the entry started (the same calls, made earlier).
    const early = takeEarly();
    if (early && !deps.loadEngine) adoptEngine(early.engineUrl, early.engine);

    try {
      const streamPromise = (early?.stream ?? devices.getUserMedia(MICROPHONE_CONSTRAINTS)).then(
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
      const workletPromise = (
        early?.workletFor(context, deps.workletUrl) ??
        context.audioWorklet.addModule(deps.workletUrl)
      ).catch((error: unknown) => {
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

      const processorOptions: AccumulatorProcessorOptions = {
        engine,
        fastResponse,
        minHz: floorHz,
      };
      const graph = buildAudioGraph(context, stream, processorOptions, createWorkletNode);
      Object.assign(s, graph);
      const ready = waitForReady(graph.node, readyTimeoutMs);
      const readyMessage = await ready;
      if (stale()) return;
      if (droneHz.length > 0) graph.node.port.postMessage({ type: MSG_DRONE, hz: droneHz });
      s.engineMemoryBytes = readyMessage.memoryBytes;
      s.decoder = createStreamDecoder(
        context,
        readyMessage,
        response,
        trackInputLatencyS(stream),
        noteIds,
      );
      graph.node.port.onmessage = (event: MessageEvent<FromWorkletMessage>) =>
        onWorkletMessage(s, event.data);

      for (const track of stream.getAudioTracks()) {
        track.onended = () => {
          if (session !== s) return;
          session = undefined;
          generation++;
          goIdle(s);
          void release(s);
          // Unplugged or permission revoked: different words (microphone-errors.ts).
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

  function setDrone(hz: readonly number[]): void {
    if (hz.length > MAX_DRONE_VOICES) {
      throw new RangeError(
        `setDrone takes at most ${MAX_DRONE_VOICES} frequencies, got ${hz.length}`,
      );
    }
    for (const f of hz) {
      if (!(f > 0 && Number.isFinite(f))) {
        throw new RangeError(`setDrone frequencies must be positive numbers of Hz, got ${f}`);
      }
    }
    droneHz = [...hz];
    session?.node?.port.postMessage({ type: MSG_DRONE, hz: droneHz });
  }

  return {
    pitchHz,
    setDrone,
    reading,
    notes,
    status,
    mode,
    setMode,
    connect,
    resume,
    disconnect,
    analyser: () => session?.analyser ?? null,
    microphoneTap: () =>
      session?.stream && session.source && session.decoder
        ? {
            context: session.context,
            stream: session.stream,
            source: session.source,
            toStreamMs: session.decoder.toStreamMs,
          }
        : null,
    diagnostics: () => ({
      engineMemoryBytes: session?.engineMemoryBytes ?? 0,
      sampleRate: session?.context.sampleRate ?? 0,
      contextState: session?.context.state ?? 'none',
      response: session?.response ?? mode.get().response,
      ...counts,
    }),
  };
}

/** An early start that will not be used: its microphone goes off once it has opened. */
function releaseEarly(early: EarlyStart | undefined): void {
  early?.stream.then(
    (stream) => stream.getTracks().forEach((track) => track.stop()),
    () => undefined,
  );
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
