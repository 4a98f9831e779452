import { createObservable, type ReadonlyObservable } from '../lib/observable';
import { INSTRUMENT_IDS, MAX_A4_HZ, MIN_A4_HZ, type InstrumentId } from '../music';

/**
 * Practice settings shared by the tuner and the exercise page: persisted in localStorage under a
 * versioned key, validated field by field on load (a bad or foreign value falls back to its
 * default instead of breaking the app), observable so screens update when another one edits them.
 *
 * To add a setting: add the field to `Settings`, its default to `DEFAULT_SETTINGS` and a validator
 * to `VALIDATORS`. Older stored objects simply lack it and load with the default; bump the key's
 * version only for a change that old values would be misread under.
 */

/** Instruments the tuner can display written pitch for (ids owned by src/music, persisted here). */
export const TRANSPOSITION_IDS = INSTRUMENT_IDS;
export type TranspositionId = InstrumentId;

export const A4_HZ_RANGE = { min: MIN_A4_HZ, max: MAX_A4_HZ } as const;
export const IN_TUNE_CENTS_RANGE = { min: 1, max: 25 } as const;

export interface Settings {
  /** Written pitch is shown for this instrument; 'concert' shows sounding pitch. */
  transposition: TranspositionId;
  /** Reference A4 in Hz, 415..466. */
  a4Hz: number;
  /** Half-width of the in-tune band in cents (±5 by default). */
  inTuneCents: number;
  /** Pitch service fast response: analyse every 512 samples instead of every 4096. */
  fastResponse: boolean;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  transposition: 'bb-trumpet',
  a4Hz: 440,
  inTuneCents: 5,
  fastResponse: false,
});

export const SETTINGS_STORAGE_KEY = 'embouchure.settings.v1';

type Validators = { [K in keyof Settings]: (value: unknown) => string | undefined };

const inRange = (value: unknown, min: number, max: number, unit: string): string | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? undefined
    : `must be a number ${min}..${max} ${unit}`;

/** Each returns undefined when the value is valid, else what is wrong (for the error message). */
const VALIDATORS: Validators = {
  transposition: (v) =>
    typeof v === 'string' && (TRANSPOSITION_IDS as readonly string[]).includes(v)
      ? undefined
      : `must be one of ${TRANSPOSITION_IDS.join(', ')}`,
  a4Hz: (v) => inRange(v, A4_HZ_RANGE.min, A4_HZ_RANGE.max, 'Hz'),
  inTuneCents: (v) => inRange(v, IN_TUNE_CENTS_RANGE.min, IN_TUNE_CENTS_RANGE.max, 'cents'),
  fastResponse: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
};

const KEYS = Object.keys(VALIDATORS) as (keyof Settings)[];

/** Settings from an untrusted stored value: every invalid or missing field takes its default. */
export function parseSettings(raw: unknown): Settings {
  const result: Settings = { ...DEFAULT_SETTINGS };
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

export interface SettingsStore extends ReadonlyObservable<Readonly<Settings>> {
  /** Validates then applies and persists `patch`; throws a RangeError naming the allowed range. */
  update(patch: Partial<Settings>): void;
  /** Back to the defaults (persisted). */
  reset(): void;
}

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

export function createSettingsStore(
  storage: KeyValueStorage | null = defaultStorage(),
  key: string = SETTINGS_STORAGE_KEY,
): SettingsStore {
  const observable = createObservable<Readonly<Settings>>(Object.freeze(load(storage, key)));
  const commit = (next: Settings): void => {
    observable.set(Object.freeze(next));
    try {
      storage?.setItem(key, JSON.stringify(next));
    } catch {
      // Storage full or disabled (private mode): the setting still applies for this session.
    }
  };
  return {
    get: observable.get,
    subscribe: observable.subscribe,
    update(patch) {
      const current = observable.get();
      const next: Settings = { ...current };
      let changed = false;
      for (const field of Object.keys(patch) as (keyof Settings)[]) {
        const validate = VALIDATORS[field] as Validators[keyof Settings] | undefined;
        if (!validate) throw new RangeError(`Unknown setting "${String(field)}"`);
        const value = patch[field];
        const problem = validate(value);
        if (problem) throw new RangeError(`Setting ${field} ${problem}, got ${String(value)}`);
        if (!Object.is(current[field], value)) changed = true;
        (next as unknown as Record<string, unknown>)[field] = value;
      }
      if (changed) commit(next);
    },
    reset() {
      commit({ ...DEFAULT_SETTINGS });
    },
  };
}

function load(storage: KeyValueStorage | null, key: string): Settings {
  try {
    const text = storage?.getItem(key);
    return parseSettings(text ? JSON.parse(text) : undefined);
  } catch {
    return { ...DEFAULT_SETTINGS };
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

let shared: SettingsStore | undefined;

/** The app-wide settings store (created on first use, backed by localStorage). */
export function getSettingsStore(): SettingsStore {
  shared ??= createSettingsStore();
  return shared;
}
