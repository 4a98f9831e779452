import { useState } from 'react';
import {
  createPersistedStore,
  type KeyValueStorage,
  type PersistedStore,
  type Validators,
} from '../settings/persisted-store';
import { defaultStorage } from '../storage';
import {
  ARTICULATION_VALIDATORS,
  DEFAULT_ARTICULATION_SETUP,
  DEFAULT_INTERVAL_SETUP,
  DEFAULT_LIP_SLUR_SETUP,
  DEFAULT_LONG_TONE_SETUP,
  DEFAULT_SCALE_SETUP,
  INTERVAL_VALIDATORS,
  LIP_SLUR_VALIDATORS,
  LONG_TONE_VALIDATORS,
  SCALE_VALIDATORS,
  normalizeLipSlurSetup,
  normalizeScaleSetup,
  type ArticulationSetup,
  type IntervalSetup,
  type LipSlurSetup,
  type LongToneSetup,
  type ScaleSetup,
} from './setups';

/**
 * Each exercise's setup, remembered from the last time it was started (issue 23 row 10: "hold
 * back to 8 s"), in localStorage through the app's persisted store (src/settings/persisted-store.ts:
 * one JSON record per exercise under a versioned key, every invalid field back to its default on
 * load). A setup is remembered when it starts, so only setups that passed the form's checks are.
 */
export interface SetupMemory<T> {
  /** The remembered setup (defaults where nothing valid is stored). */
  load(): T;
  /** Remembers `setup`; a field the validators refuse is left as it was (never throws). */
  remember(setup: T): void;
  /** Forgets the remembered setup: back to the defaults. */
  reset(): void;
  readonly defaults: Readonly<T>;
  /** The persisted record behind it (the account syncs it, src/shell/app-sync.ts). */
  readonly store: PersistedStore<T>;
}

export const SETUP_STORAGE_KEYS = {
  'long-tones': 'embouchure.setup.long-tones.v1',
  'lip-slurs': 'embouchure.setup.lip-slurs.v1',
  scales: 'embouchure.setup.scales.v1',
  articulation: 'embouchure.setup.articulation.v1',
  intervals: 'embouchure.setup.intervals.v1',
} as const;

export function createSetupMemory<T extends object>(options: {
  key: string;
  defaults: Readonly<T>;
  validators: Validators<T>;
  normalize?: (setup: T) => T;
  storage?: KeyValueStorage | null;
}): SetupMemory<T> {
  const { defaults, validators, normalize = (s: T) => s } = options;
  const store = createPersistedStore<T>({
    defaults,
    validators,
    noun: 'setup',
    storage: options.storage === undefined ? defaultStorage() : options.storage,
    key: options.key,
  });
  return {
    defaults,
    store,
    load: () => normalize({ ...store.get() }),
    remember(setup) {
      const valid: Partial<T> = {};
      for (const field of Object.keys(validators) as (keyof T & string)[]) {
        if (validators[field](setup[field]) === undefined) valid[field] = setup[field];
      }
      store.update(valid);
    },
    reset: () => store.reset(),
  };
}

/** The setups of the five exercise screens (created on first use, backed by localStorage). */
let shared:
  | {
      'long-tones': SetupMemory<LongToneSetup>;
      'lip-slurs': SetupMemory<LipSlurSetup>;
      scales: SetupMemory<ScaleSetup>;
      articulation: SetupMemory<ArticulationSetup>;
      intervals: SetupMemory<IntervalSetup>;
    }
  | undefined;

export function setupMemories(): NonNullable<typeof shared> {
  shared ??= {
    'long-tones': createSetupMemory({
      key: SETUP_STORAGE_KEYS['long-tones'],
      defaults: DEFAULT_LONG_TONE_SETUP,
      validators: LONG_TONE_VALIDATORS,
    }),
    'lip-slurs': createSetupMemory({
      key: SETUP_STORAGE_KEYS['lip-slurs'],
      defaults: DEFAULT_LIP_SLUR_SETUP,
      validators: LIP_SLUR_VALIDATORS,
      normalize: normalizeLipSlurSetup,
    }),
    scales: createSetupMemory({
      key: SETUP_STORAGE_KEYS.scales,
      defaults: DEFAULT_SCALE_SETUP,
      validators: SCALE_VALIDATORS,
      normalize: normalizeScaleSetup,
    }),
    articulation: createSetupMemory({
      key: SETUP_STORAGE_KEYS.articulation,
      defaults: DEFAULT_ARTICULATION_SETUP,
      validators: ARTICULATION_VALIDATORS,
    }),
    intervals: createSetupMemory({
      key: SETUP_STORAGE_KEYS.intervals,
      defaults: DEFAULT_INTERVAL_SETUP,
      validators: INTERVAL_VALIDATORS,
    }),
  };
  return shared;
}

/**
 * A setup form's state, starting from the remembered setup: `set` patches it (the form may hold a
 * half-typed value), `remember` keeps it for next time (call it when the exercise starts),
 * `reset` goes back to the defaults, here and in storage.
 */
export function useRememberedSetup<T extends object>(
  memory: SetupMemory<T>,
): {
  setup: T;
  set: (patch: Partial<T>) => void;
  remember: () => void;
  /** Patches the setup and remembers it at once (e.g. the tempo reached with "Again at +4"). */
  rememberPatch: (patch: Partial<T>) => void;
  reset: () => void;
  isDefault: boolean;
} {
  const [setup, setSetup] = useState<T>(() => memory.load());
  return {
    setup,
    set: (patch) => setSetup((current) => ({ ...current, ...patch })),
    remember: () => memory.remember(setup),
    rememberPatch: (patch) => {
      const next = { ...setup, ...patch };
      setSetup(next);
      memory.remember(next);
    },
    reset: () => {
      memory.reset();
      setSetup({ ...memory.defaults });
    },
    isDefault: (Object.keys(memory.defaults) as (keyof T)[]).every(
      (k) => JSON.stringify(setup[k]) === JSON.stringify(memory.defaults[k]),
    ),
  };
}
