import engineUrl from '../../../engine/build/pitch-engine.wasm?url';
import workletUrl from '../worklet/accumulator.worklet.ts?worker&url';
import { createAppAudioContext } from '../clock/app-audio-context';
import { early, type EarlyPending } from '../clock/early-pending';
import { MICROPHONE_CONSTRAINTS, takeEarlyMicrophone } from './microphone-constraints';

/**
 * Issue 23 row 16 (docs/benchmarks.md): on the web the app listens as soon as it opens. The order
 * on a first visit: the page's first script asks for the microphone (`src/early-microphone.ts`,
 * taken over here); the entry starts the engine's compilation (the `.wasm` is preloaded by
 * index.html) and waits for the pitch service's code (preloaded too) before its first render, so
 * the service connects while React draws; after the first animation frame this makes the
 * AudioContext and adds the worklet (preloaded), unless the service asked for its context first.
 * The pitch service's first `connect()` and the audio session's first context take them over
 * (`early-adopt.ts`, in the service's chunk: this file is initial JS), so there is still one
 * context and one capture, and errors are reported as if the service had asked itself. Web only:
 * native start-up checks the microphone permission first (`src/shell/native-start.ts`).
 */
export interface EarlyStartDeps {
  mediaDevices?: MediaDevices;
  createContext?: () => AudioContext;
  compileEngine?: (url: string) => Promise<WebAssembly.Module>;
  engineUrl?: string;
  workletUrl?: string;
  /** Runs `make` after the first paint; default: the task after the next animation frame. */
  afterPaint?: (make: () => void) => void;
}

const quiet = <T>(promise: Promise<T>): Promise<T> => {
  promise.catch(() => undefined); // whoever adopts it reports the failure
  return promise;
};

/** Starts the audio chain's slow parts; at most once per page (later calls do nothing). */
export function startAudioEarly(deps: EarlyStartDeps = {}): void {
  // Only a head start: whatever goes wrong here, the app still renders and the pitch service
  // starts on its own, reporting any failure itself.
  try {
    start(deps);
  } catch {
    early.pending = undefined;
  }
}

/** A compilation of the engine from `url`; rejects where the browser cannot stream it. */
function compileStreamed(url: string): Promise<WebAssembly.Module> {
  if (typeof WebAssembly.compileStreaming !== 'function') {
    return Promise.reject(new Error('WebAssembly.compileStreaming is not available'));
  }
  return WebAssembly.compileStreaming(fetch(url, { credentials: 'same-origin' }));
}

function start(deps: EarlyStartDeps): void {
  const devices = deps.mediaDevices ?? globalThis.navigator?.mediaDevices;
  if (early.pending || typeof devices?.getUserMedia !== 'function') return;
  const url = deps.engineUrl ?? engineUrl;
  const p: EarlyPending = (early.pending = {
    // The page's first script has usually asked already (src/early-microphone.ts).
    stream: quiet(takeEarlyMicrophone() ?? devices.getUserMedia(MICROPHONE_CONSTRAINTS)),
    engineUrl: url,
    // Rejects on an HTTP error or a MIME type other than application/wasm (the engine loader
    // then fetches and compiles the usual way, with its errors).
    engine: quiet(deps.compileEngine?.(url) ?? compileStreamed(url)),
  });
  (deps.afterPaint ?? ((make) => requestAnimationFrame(() => setTimeout(make))))(() => {
    if (p.claimed) return;
    try {
      const context = (deps.createContext ?? createAppAudioContext)();
      const worklet = deps.workletUrl ?? workletUrl;
      p.context = context;
      p.worklet = { context, url: worklet, added: quiet(context.audioWorklet.addModule(worklet)) };
    } catch {
      // No context now: the session makes one on its first acquire and reports a failure then.
    }
  });
}

/**
 * Releases what nobody took over (the service's code failed to load): the microphone's tracks
 * and the context. What was taken is its taker's to release.
 */
export function discardEarlyStart(): void {
  const p = early.pending;
  const stream = p?.stream;
  const context = p?.context;
  if (p) {
    p.stream = p.context = p.worklet = undefined;
    p.claimed = true;
  }
  void stream?.then(
    (s) => s.getTracks().forEach((track) => track.stop()),
    () => undefined,
  );
  void context?.close().catch(() => undefined);
}
