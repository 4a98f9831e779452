import type { PitchService } from '../audio/stream/pitch-service-types';

/**
 * How long start-up work that the first pitch does not need waits at most when no pitch comes
 * (a silent room, a refused microphone): the takes dock uses the same 3 s (src/takes/TakesBar.tsx).
 */
export const AFTER_FIRST_PITCH_LATEST_MS = 3000;

/**
 * Resolves once the pitch service has given its first reading with a pitch, or after `latestMs`,
 * whichever comes first. Start-up work that is not needed to show the first pitch (the service
 * worker's precache of the whole build, analytics) waits for it, so on a slow phone it does not
 * compete with the engine for the network and the CPU (issue 23 row 16, docs/benchmarks.md).
 */
export function afterFirstPitch(
  service: Pick<PitchService, 'reading'>,
  latestMs: number = AFTER_FIRST_PITCH_LATEST_MS,
  timers: Pick<typeof globalThis, 'setTimeout' | 'clearTimeout'> = globalThis,
): Promise<void> {
  if (!(latestMs >= 0)) throw new RangeError(`latestMs must be ≥ 0, got ${latestMs}`);
  return new Promise((resolve) => {
    if (service.reading.get().hz > 0) {
      resolve();
      return;
    }
    const done = (): void => {
      timers.clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = timers.setTimeout(done, latestMs);
    const unsubscribe = service.reading.subscribe((reading) => {
      if (reading.hz > 0) done();
    });
  });
}
