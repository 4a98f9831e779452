import { persistedKind, type PersistedStore, type Validators } from './persisted-store';

/**
 * App preferences that are not about practice (those live in `settings.ts`): the colour theme,
 * the analytics consent and whether takes' audio is kept in the account. Same contract as the settings store (persisted under a versioned key,
 * validated field by field on load, observable), kept in its own key so the practice settings'
 * shape and tests stay as they are. Owned by the production-readiness work (issue 6).
 */

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface Preferences {
  /** 'system' follows the operating system's light/dark setting (the default). */
  theme: Theme;
  /** Usage analytics only after the user says yes in Settings; off by default, can be withdrawn. */
  analyticsConsent: boolean;
  /**
   * Keep every take's audio in the account (issue 35), unless a take says otherwise: off by
   * default, since no audio leaves the device unless the player sends it.
   */
  takeAudioInAccount: boolean;
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  theme: 'system',
  analyticsConsent: false,
  takeAudioInAccount: false,
});

export const PREFERENCES_STORAGE_KEY = 'embouchure.preferences.v1';

const VALIDATORS: Validators<Preferences> = {
  theme: (v) =>
    typeof v === 'string' && (THEMES as readonly string[]).includes(v)
      ? undefined
      : `must be one of ${THEMES.join(', ')}`,
  analyticsConsent: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  takeAudioInAccount: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
};

const kind = persistedKind({
  defaults: DEFAULT_PREFERENCES,
  validators: VALIDATORS,
  noun: 'preference',
  key: PREFERENCES_STORAGE_KEY,
});

/** Preferences from an untrusted stored value: every invalid or missing field takes its default. */
export const parsePreferences = kind.parse;

export type PreferencesStore = PersistedStore<Preferences>;

/** A preferences store on `storage` (default localStorage) under `key`. */
export const createPreferencesStore = kind.create;

/** The app-wide preferences store (created on first use, backed by localStorage). */
export const getPreferencesStore = kind.shared;
