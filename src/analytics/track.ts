import type { AnalyticsEvent } from './analytics';

export type { AnalyticsEvent } from './analytics';

/**
 * Records one analytics event if the user consented; safe to call anywhere, any time, never
 * throws. The analytics code itself is loaded on the first call (it is not needed to show the
 * app, so it stays out of the initial JS); without configuration it is inert and the Firebase
 * SDK is not even part of the build.
 */
export function track(event: AnalyticsEvent): void {
  import('./analytics')
    .then((analytics) => analytics.track(event))
    .catch((error: unknown) => console.warn('analytics: not loaded', error));
}
