import { createEmitter, createObservable } from '../../lib/observable';
import { engineError } from './engine-error';
import type {
  AnalysisMode,
  NoteEvent,
  PitchReading,
  PitchServiceStatus,
} from './pitch-service-types';
import type { MicrophoneTap, TappablePitchService } from './microphone-tap';
import { DEFAULT_MODE, idleReading } from './stream-defaults';

/**
 * The pitch service the app is given at start-up, standing in for the real one while its code
 * loads (`load`, a dynamic `import()`, started at once). Why: the service, its stream decoder,
 * note tracker and settings wiring were ~4.6 kB gzip of the initial JS (issue 13: under 141 kB),
 * and nothing needs them before the first screen is drawn.
 *
 * Views subscribe to this object's observables; once the real service is there they carry its
 * values (one extra function call per reading, no copy). Calls made before that wait for it, in
 * order; afterwards they go straight through, so `connect()` and `resume()` from a tap still run
 * inside the user's gesture. A load that fails (offline before the chunk was cached) reports the
 * engine error with its Retry, and the next `connect()` loads again.
 */
export function createDeferredPitchService(
  load: () => Promise<TappablePitchService>,
): TappablePitchService {
  const pitchHz = createObservable(0);
  const reading = createObservable<PitchReading>(idleReading(0, DEFAULT_MODE));
  const mode = createObservable<AnalysisMode>(DEFAULT_MODE);
  const status = createObservable<PitchServiceStatus>({ state: 'stopped' });
  const notes = createEmitter<NoteEvent>();
  let real: TappablePitchService | undefined;
  let loading: Promise<TappablePitchService> | undefined;
  // Mode changes asked for before the service exists, kept until one loads (a failed load must
  // not lose them: the retry's service starts in the asked-for mode).
  let pendingMode: Partial<AnalysisMode> | undefined;

  const adopt = (service: TappablePitchService): TappablePitchService => {
    real = service;
    if (pendingMode) {
      const change = pendingMode;
      pendingMode = undefined;
      service.setMode(change).catch((error: unknown) => {
        console.error('pitch stream: could not change the analysis mode', error);
      });
    }
    pitchHz.set(service.pitchHz.get());
    reading.set(service.reading.get());
    mode.set(service.mode.get());
    // A connect() waiting for this load has already said 'connecting': no flash of 'stopped'.
    const waitingToConnect = status.get().state === 'connecting';
    if (!(waitingToConnect && service.status.get().state === 'stopped')) {
      status.set(service.status.get());
    }
    service.pitchHz.subscribe(pitchHz.set);
    service.reading.subscribe(reading.set);
    service.mode.subscribe(mode.set);
    service.status.subscribe(status.set);
    service.notes.subscribe(notes.emit);
    return service;
  };

  const ensure = (): Promise<TappablePitchService> => {
    if (real) return Promise.resolve(real);
    loading ??= load().then(adopt, (error: unknown) => {
      loading = undefined; // the next connect() tries again
      const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      status.set({
        state: 'error',
        error: engineError(`pitch service code: ${detail}`),
      });
      throw error;
    });
    return loading;
  };

  // Start fetching now, beside the first render; a failure is reported through `status`.
  ensure().catch(() => undefined);

  return {
    pitchHz,
    reading,
    notes,
    status,
    mode,
    async setMode(change) {
      if (real) return real.setMode(change);
      pendingMode = { ...pendingMode, ...change };
      await ensure(); // adopting the service applies pendingMode
    },
    async connect() {
      if (real) return real.connect();
      status.set({ state: 'connecting' });
      await (await ensure()).connect();
    },
    async resume() {
      if (real) return real.resume();
      await (await ensure()).resume();
    },
    async disconnect() {
      if (real) return real.disconnect();
      const pending = loading;
      if (pending) {
        const service = await pending.catch(() => undefined);
        if (service) return service.disconnect();
      }
      status.set({ state: 'stopped' }); // nothing was ever opened
    },
    microphoneTap(): MicrophoneTap | null {
      return real ? real.microphoneTap() : null;
    },
  };
}
