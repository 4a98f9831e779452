import { createObservable } from '../lib/observable';
import type { PitchReading, PitchService, PitchServiceStatus } from './pitch-service-types';

const SILENCE: PitchReading = { hz: 0, clarity: 0, levelDb: -120, timeMs: 0 };

/**
 * PLACEHOLDER until the real pitch service lands (separate issue): it opens no microphone and
 * always reports "no pitch" (0 Hz). `connect()` goes straight to 'connected'. Swap the import in
 * `src/main.tsx` for the real service.
 */
export function createPlaceholderPitchService(): PitchService {
  const pitchHz = createObservable(0);
  const reading = createObservable<PitchReading>(SILENCE);
  const status = createObservable<PitchServiceStatus>({ state: 'stopped' });
  return {
    pitchHz,
    reading,
    status,
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
