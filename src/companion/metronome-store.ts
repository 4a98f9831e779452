import {
  createPersistedStore,
  type PersistedStore,
  type Validators,
} from '../settings/persisted-store';
import { defaultStorage } from '../storage';
import { meterOf } from './logic/meter';
import { checkMetronomeConfig, type MetronomeConfig } from './logic/metronome-source';

/** A named metronome setting the player saved. */
export interface MetronomePreset {
  name: string;
  config: MetronomeConfig;
}

export interface MetronomeState {
  /** What the metronome plays now (edited live). */
  config: MetronomeConfig;
  presets: MetronomePreset[];
}

export const MAX_PRESETS = 20;
export const METRONOME_STORAGE_KEY = 'embouchure.metronome.v1';

export const DEFAULT_METRONOME_CONFIG: Readonly<MetronomeConfig> = Object.freeze<MetronomeConfig>({
  bpm: 90,
  meter: meterOf(4, 4),
  subdivision: 1,
  swing: 0.5,
  accents: ['accent', 'normal', 'normal', 'normal'],
  gap: null,
  trainer: null,
});

const configProblem = (value: unknown): string | undefined => {
  try {
    // Stored JSON is untrusted: the same check the source makes before it plays.
    checkMetronomeConfig(value as MetronomeConfig);
    return undefined;
  } catch (error) {
    return error instanceof Error ? `is not a metronome setting (${error.message})` : 'is invalid';
  }
};

const VALIDATORS: Validators<MetronomeState> = {
  config: configProblem,
  presets: (value) => {
    if (!Array.isArray(value) || value.length > MAX_PRESETS) {
      return `must be a list of at most ${MAX_PRESETS} presets`;
    }
    for (const item of value as unknown[]) {
      const preset = item as Partial<MetronomePreset> | null;
      if (typeof preset?.name !== 'string' || preset.name.trim() === '') return 'need a name each';
      const problem = configProblem(preset.config);
      if (problem) return problem;
    }
    return undefined;
  },
};

export type MetronomeStore = PersistedStore<MetronomeState>;

export function createMetronomeStore(storage = defaultStorage()): MetronomeStore {
  return createPersistedStore<MetronomeState>({
    defaults: { config: DEFAULT_METRONOME_CONFIG, presets: [] },
    validators: VALIDATORS,
    noun: 'metronome setting',
    storage,
    key: METRONOME_STORAGE_KEY,
  });
}

let shared: MetronomeStore | null = null;
export function getMetronomeStore(): MetronomeStore {
  shared ??= createMetronomeStore();
  return shared;
}

/** Saves (or replaces, by name) a preset; the newest first. */
export function savePreset(store: MetronomeStore, name: string): void {
  const trimmed = name.trim().slice(0, 40);
  if (trimmed === '') throw new RangeError('A preset needs a name');
  const { config, presets } = store.get();
  const others = presets.filter((p) => p.name !== trimmed);
  store.update({ presets: [{ name: trimmed, config }, ...others].slice(0, MAX_PRESETS) });
}
