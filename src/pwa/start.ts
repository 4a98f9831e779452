import type { PitchService } from '../audio/stream/pitch-service-types';

/**
 * Offline support and the update prompt, loaded after start-up (not initial JS). Web only: the
 * Android/iOS apps bundle their files, and iOS's WebView has no service workers for its scheme.
 * Their code, like the worker's precache of the whole build, waits for the first pitch (or 3 s
 * without one), so on a slow phone none of it competes with the tuner for the network and the
 * main thread (issue 23 row 16, docs/benchmarks.md).
 */
export function startPwa(
  platform: 'web' | 'ios' | 'android',
  pitchService: Pick<PitchService, 'reading'>,
): void {
  if (platform !== 'web' || !import.meta.env.PROD) return;
  import('../shared-ui/after-first-pitch')
    .then(({ afterFirstPitch }) => afterFirstPitch(pitchService))
    .then(() => Promise.all([import('./register'), import('./UpdatePrompt')]))
    .then(([{ registerServiceWorker }, { showUpdatePrompt }]) =>
      registerServiceWorker(showUpdatePrompt),
    )
    .catch((error: unknown) => console.warn('service worker: not started', error));
}
