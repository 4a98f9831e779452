import { initializeApp } from '@firebase/app';
import {
  initializeAnalytics,
  isSupported,
  logEvent,
  setAnalyticsCollectionEnabled,
} from '@firebase/analytics';
import type { AnalyticsBackend } from './analytics';
import type { FirebaseWebConfig } from './config';

/**
 * The only module that imports `@firebase/*` (eslint.config.js): loaded by dynamic import after
 * the user consents, so it is a chunk of its own that a build without configuration never emits.
 * Resolves undefined where the library's own support check says Analytics cannot run
 * (no IndexedDB, cookies disabled, extension context…).
 */
export async function startFirebaseAnalytics(
  config: FirebaseWebConfig,
): Promise<AnalyticsBackend | undefined> {
  if (!(await isSupported())) return undefined;
  const app = initializeApp(config, 'embouchure');
  const analytics = initializeAnalytics(app, {
    config: {
      // Only our three events: no automatic page views, no Google signals, no ads personalisation.
      send_page_view: false,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    },
  });
  return {
    log: (name, params) => logEvent(analytics, name, params),
    setEnabled: (enabled) => setAnalyticsCollectionEnabled(analytics, enabled),
  };
}
