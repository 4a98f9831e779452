import { createEmitter, createObservable } from '../../lib/observable';
import { DEFAULT_MODE, idleReading } from './pitch-stream';
import type {
  AnalysisMode,
  NoteEvent,
  PitchReading,
  PitchService,
  PitchServiceStatus,
} from './pitch-service-types';

/**
 * A pitch service that opens no microphone and always reports "no pitch" (0 Hz, not live):
 * `connect()` goes straight to 'connected'. For tests of views, and a one-import swap in
 * `src/main.tsx` for working on the UI without audio.
 */
export function createPlaceholderPitchService(
  initialStatus: PitchServiceStatus = { state: 'stopped' },
): PitchService {
  const mode = createObservable<AnalysisMode>(DEFAULT_MODE);
  const status = createObservable<PitchServiceStatus>(initialStatus);
  return {
    pitchHz: createObservable(0),
    reading: createObservable<PitchReading>(idleReading(0, DEFAULT_MODE)),
    notes: createEmitter<NoteEvent>(),
    mode,
    status,
    setMode(change) {
      mode.set({ ...mode.get(), ...change });
      return Promise.resolve();
    },
    connect() {
      status.set({ state: 'connected' });
      return Promise.resolve();
    },
    resume() {
      status.set({ state: 'connected' });
      return Promise.resolve();
    },
    disconnect() {
      status.set({ state: 'stopped' });
      return Promise.resolve();
    },
  };
}
