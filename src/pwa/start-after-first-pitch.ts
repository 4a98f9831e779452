import type { PitchService } from '../audio/stream/pitch-service-types';
import { afterFirstPitch } from '../shared-ui/after-first-pitch';

/**
 * The service worker's and the update prompt's code, like the worker's precache of the whole
 * build, wait for the first pitch (or 3 s without one), so on a slow phone none of it competes
 * with the tuner for the network and the main thread (issue 23 row 16, docs/benchmarks.md).
 */
export async function startAfterFirstPitch(
  pitchService: Pick<PitchService, 'reading'>,
): Promise<void> {
  await afterFirstPitch(pitchService);
  const [{ registerServiceWorker }, { showUpdatePrompt }] = await Promise.all([
    import('./register'),
    import('./UpdatePrompt'),
  ]);
  await registerServiceWorker(showUpdatePrompt);
}
