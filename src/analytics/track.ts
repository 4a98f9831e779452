import type { AnalyticsEvent } from './analytics';

export type { AnalyticsEvent } from './analytics';

/**
 * Records one analytics event if the user consented; safe to call anywhere, any time, never
 * throws. In a build without the analytics configuration it does nothing and loads nothing: no
 * request and no work on the way to the first pitch (issue 23 row 16).
 */
export function track(event: AnalyticsEvent): void {
  if (__ANALYTICS_CONFIGURED__) forward(event);
}

/**
 * Hands the event to the analytics code, loaded on the first call: it is not needed to show the
 * app, so it stays out of the initial JS.
 */
export function forward(event: AnalyticsEvent): void {
  import('./analytics')
    .then((analytics) => analytics.track(event))
    .catch((error: unknown) => console.warn('analytics: not loaded', error));
}
