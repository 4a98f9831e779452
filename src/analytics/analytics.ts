import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { getPreferencesStore } from '../settings/preferences';
import { firebaseConfigFrom, type FirebaseWebConfig } from './config';

/**
 * Consent-first usage analytics. Three events, never audio, never anything that identifies the
 * person (no user id, no free text: an exercise kind from a fixed list and a 0..100 score).
 *
 * - Not configured (no `VITE_FIREBASE_*` at build time): `track` does nothing, no analytics code
 *   is bundled or loaded, no third-party request is made.
 * - Configured: nothing is loaded until the user consents in Settings (off by default). Consent
 *   loads the Firebase chunk, which runs the library's own `isSupported()` check first;
 *   withdrawing consent disables collection at once and drops further events.
 * - Failures (offline, blocked, unsupported, a throwing SDK) are logged once and swallowed: the
 *   app never breaks because of analytics. The SDK retries its remote-config fetch with backoff.
 */

export type AnalyticsEvent =
  | { name: 'app_opened' }
  | { name: 'tuner_started' }
  /** `exerciseType`: a kind id such as 'long-tones'; `score`: 0..100. */
  | { name: 'exercise_completed'; exerciseType: string; score: number };

export type AnalyticsParams = Record<string, string | number>;

/** What the Firebase chunk provides (an interface so tests need no SDK). */
export interface AnalyticsBackend {
  log(name: string, params?: AnalyticsParams): void;
  setEnabled(enabled: boolean): void;
}

export type AnalyticsState =
  | 'unconfigured' // no configuration in this build: inert
  | 'off' // configured, no consent: nothing loaded or sent
  | 'loading' // consent given, the SDK chunk is loading
  | 'on' // sending
  | 'unavailable'; // consent given but the SDK is unsupported here or failed to load

export interface Analytics {
  readonly state: ReadonlyObservable<AnalyticsState>;
  track(event: AnalyticsEvent): void;
}

const EXERCISE_TYPE = /^[a-z][a-z0-9-]{0,39}$/;
/** At most this many events wait while the SDK loads (a session sends a handful). */
const MAX_PENDING = 20;

/** Name and parameters as sent; throws a RangeError naming what is allowed. */
export function eventPayload(event: AnalyticsEvent): { name: string; params?: AnalyticsParams } {
  if (event.name !== 'exercise_completed') return { name: event.name };
  if (!EXERCISE_TYPE.test(event.exerciseType)) {
    throw new RangeError(
      `exercise_completed: exerciseType must be a kind id (a-z, 0-9, -; 1..40 chars), got ${event.exerciseType}`,
    );
  }
  if (!Number.isFinite(event.score) || event.score < 0 || event.score > 100) {
    throw new RangeError(`exercise_completed: score must be 0..100, got ${event.score}`);
  }
  return {
    name: event.name,
    params: { exercise_type: event.exerciseType, score: Math.round(event.score) },
  };
}

export interface AnalyticsOptions {
  /** undefined: not configured, inert. */
  config: FirebaseWebConfig | undefined;
  consent: ReadonlyObservable<boolean>;
  /** Loads and starts the SDK (resolves undefined when unsupported). */
  load: (config: FirebaseWebConfig) => Promise<AnalyticsBackend | undefined>;
  warn?: (message: string, error?: unknown) => void;
}

export function createAnalytics(options: AnalyticsOptions): Analytics {
  const { config, consent, load } = options;
  const warn = options.warn ?? ((message, error) => console.warn(`analytics: ${message}`, error));
  const state = createObservable<AnalyticsState>(config ? 'off' : 'unconfigured');
  if (!config) return { state, track: () => undefined };

  let backend: AnalyticsBackend | undefined;
  let pending: { name: string; params?: AnalyticsParams }[] = [];
  let warned = false;
  const safely = (what: string, action: () => void): void => {
    try {
      action();
    } catch (error) {
      if (!warned) warn(what, error);
      warned = true;
    }
  };

  const start = (): void => {
    state.set('loading');
    load(config)
      .then((loaded) => {
        if (!loaded) {
          state.set('unavailable');
          return;
        }
        backend = loaded;
        if (!consent.get()) {
          // Withdrawn while loading: make sure nothing is collected.
          safely('disable failed', () => loaded.setEnabled(false));
          state.set('off');
          return;
        }
        state.set('on');
        const queued = pending;
        pending = [];
        for (const event of queued)
          safely('log failed', () => loaded.log(event.name, event.params));
      })
      .catch((error: unknown) => {
        pending = [];
        state.set('unavailable');
        if (!warned) warn('could not start', error);
        warned = true;
      });
  };

  const onConsent = (given: boolean): void => {
    if (!given) {
      pending = [];
      if (backend) safely('disable failed', () => backend?.setEnabled(false));
      if (state.get() !== 'unavailable') state.set('off');
      return;
    }
    if (backend) {
      safely('enable failed', () => backend?.setEnabled(true));
      state.set('on');
    } else if (state.get() === 'off' || state.get() === 'unavailable') {
      start();
    }
  };
  consent.subscribe(onConsent);
  if (consent.get()) onConsent(true);

  return {
    state,
    track(event) {
      let payload: ReturnType<typeof eventPayload>;
      try {
        payload = eventPayload(event);
      } catch (error) {
        console.error(error);
        return;
      }
      if (!consent.get()) return;
      if (backend && state.get() === 'on') {
        const ready = backend;
        safely('log failed', () => ready.log(payload.name, payload.params));
      } else if (state.get() === 'loading' && pending.length < MAX_PENDING) {
        pending.push(payload);
      }
    },
  };
}

/** Consent as a boolean observable over the persisted preferences. */
function consentFromPreferences(): ReadonlyObservable<boolean> {
  const store = getPreferencesStore();
  return {
    get: () => store.get().analyticsConsent,
    subscribe(listener) {
      let last = store.get().analyticsConsent;
      return store.subscribe((preferences) => {
        if (preferences.analyticsConsent === last) return;
        last = preferences.analyticsConsent;
        listener(last);
      });
    },
  };
}

// Compile-time on purpose: in a build without configuration the dynamic import below is dead
// code, so the Firebase chunk is not even emitted (nor precached).
const CONFIGURED = __ANALYTICS_CONFIGURED__;

let shared: Analytics | undefined;

/** The app's analytics (created on first use from the build's configuration and the consent). */
export function getAnalytics(): Analytics {
  shared ??= createAnalytics({
    config: CONFIGURED ? firebaseConfigFrom(import.meta.env) : undefined,
    consent: consentFromPreferences(),
    load: async (config) => {
      if (!CONFIGURED) return undefined;
      const { startFirebaseAnalytics } = await import('./firebase-backend');
      return startFirebaseAnalytics(config);
    },
  });
  return shared;
}

/** Records one event if the user consented; safe to call anywhere, any time. */
export function track(event: AnalyticsEvent): void {
  getAnalytics().track(event);
}
