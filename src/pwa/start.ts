import type { PitchService } from '../audio/stream/pitch-service-types';

/**
 * Offline support and the update prompt, loaded after start-up (not initial JS). Web only: the
 * Android/iOS apps bundle their files, and iOS's WebView has no service workers for its scheme.
 * The worker is registered after the first pitch (src/pwa/register.ts).
 */
export function startPwa(
  platform: 'web' | 'ios' | 'android',
  pitchService: Pick<PitchService, 'reading'>,
): void {
  if (platform !== 'web' || !import.meta.env.PROD) return;
  Promise.all([import('./register'), import('./UpdatePrompt')])
    .then(([{ registerServiceWorker }, { showUpdatePrompt }]) =>
      registerServiceWorker(showUpdatePrompt, pitchService),
    )
    .catch((error: unknown) => console.warn('service worker: not started', error));
}
