import { createObservable, type ReadonlyObservable } from '../lib/observable';

/**
 * App preferences that are not about practice (those live in `settings.ts`): the colour theme
 * and the analytics consent. Same contract as the settings store (persisted under a versioned key,
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
}

export const DEFAULT_PREFERENCES: Readonly<Preferences> = Object.freeze({
  theme: 'system',
  analyticsConsent: false,
});

export const PREFERENCES_STORAGE_KEY = 'embouchure.preferences.v1';

type Validators = { [K in keyof Preferences]: (value: unknown) => string | undefined };

const VALIDATORS: Validators = {
  theme: (v) =>
    typeof v === 'string' && (THEMES as readonly string[]).includes(v)
      ? undefined
      : `must be one of ${THEMES.join(', ')}`,
  analyticsConsent: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
};

const KEYS = Object.keys(VALIDATORS) as (keyof Preferences)[];

/** Preferences from an untrusted stored value: every invalid or missing field takes its default. */
export function parsePreferences(raw: unknown): Preferences {
  const result: Preferences = { ...DEFAULT_PREFERENCES };
  if (typeof raw !== 'object' || raw === null) return result;
  const record = raw as Record<string, unknown>;
  for (const key of KEYS) {
    if (VALIDATORS[key](record[key]) === undefined) {
      // The validator just checked the type of this very field.
      (result as unknown as Record<string, unknown>)[key] = record[key];
    }
  }
  return result;
}

export interface PreferencesStore extends ReadonlyObservable<Readonly<Preferences>> {
  /** Validates then applies and persists `patch`; throws a RangeError naming what is allowed. */
  update(patch: Partial<Preferences>): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function createPreferencesStore(
  storage: KeyValueStorage | null = defaultStorage(),
  key: string = PREFERENCES_STORAGE_KEY,
): PreferencesStore {
  const observable = createObservable<Readonly<Preferences>>(Object.freeze(load(storage, key)));
  return {
    get: observable.get,
    subscribe: observable.subscribe,
    update(patch) {
      const current = observable.get();
      const next: Preferences = { ...current };
      let changed = false;
      for (const field of Object.keys(patch) as (keyof Preferences)[]) {
        const validate = VALIDATORS[field] as Validators[keyof Preferences] | undefined;
        if (!validate) throw new RangeError(`Unknown preference "${String(field)}"`);
        const value = patch[field];
        const problem = validate(value);
        if (problem) throw new RangeError(`Preference ${field} ${problem}, got ${String(value)}`);
        if (!Object.is(current[field], value)) changed = true;
        (next as unknown as Record<string, unknown>)[field] = value;
      }
      if (!changed) return;
      observable.set(Object.freeze(next));
      try {
        storage?.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or disabled (private mode): the preference still applies for this session.
      }
    },
  };
}

function load(storage: KeyValueStorage | null, key: string): Preferences {
  try {
    const text = storage?.getItem(key);
    return parsePreferences(text ? JSON.parse(text) : undefined);
  } catch {
    return { ...DEFAULT_PREFERENCES };
  }
}

function defaultStorage(): KeyValueStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Accessing localStorage throws when storage is blocked for the origin.
    return null;
  }
}

let shared: PreferencesStore | undefined;

/** The app-wide preferences store (created on first use, backed by localStorage). */
export function getPreferencesStore(): PreferencesStore {
  shared ??= createPreferencesStore();
  return shared;
}
