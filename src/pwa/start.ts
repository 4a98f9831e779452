import type { PitchService } from '../audio/stream/pitch-service-types';

/**
 * Offline support and the update prompt, loaded after start-up (not initial JS). Web only: the
 * Android/iOS apps bundle their files, and iOS's WebView has no service workers for its scheme.
 */
export function startPwa(
  platform: 'web' | 'ios' | 'android',
  pitchService: Pick<PitchService, 'reading'>,
): void {
  if (platform !== 'web' || !import.meta.env.PROD) return;
  import('./start-after-first-pitch')
    .then(({ startAfterFirstPitch }) => startAfterFirstPitch(pitchService))
    .catch((error: unknown) => console.warn('service worker: not started', error));
}
