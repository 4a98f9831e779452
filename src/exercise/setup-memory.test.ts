import { describe, expect, it } from 'vitest';
import { TEMPO_BPM_RANGE } from '../audio/output/metronome';
import { LIP_SLUR_COMBOS, MAJOR_KEYS, MINOR_KEYS, REGULAR_RANGE_WRITTEN_MIDI } from '../music';
import { HOLD_SECONDS_RANGE } from './long-tones/long-tone-session';
import { createSetupMemory, SETUP_STORAGE_KEYS, type SetupMemory } from './setup-memory';
import {
  ARTICULATION_VALIDATORS,
  DEFAULT_ARTICULATION_SETUP,
  DEFAULT_INTERVAL_SETUP,
  DEFAULT_LIP_SLUR_SETUP,
  DEFAULT_LONG_TONE_SETUP,
  DEFAULT_SCALE_SETUP,
  IN_TUNE_BAND_RANGE,
  INTERVAL_VALIDATORS,
  LIP_SLUR_VALIDATORS,
  LONG_TONE_VALIDATORS,
  REST_SECONDS_RANGE,
  SCALE_VALIDATORS,
  normalizeLipSlurSetup,
  normalizeScaleSetup,
} from './setups';

/** An in-memory localStorage. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
  };
}

const MEMORIES = {
  'long-tones': { defaults: DEFAULT_LONG_TONE_SETUP, validators: LONG_TONE_VALIDATORS },
  'lip-slurs': {
    defaults: DEFAULT_LIP_SLUR_SETUP,
    validators: LIP_SLUR_VALIDATORS,
    normalize: normalizeLipSlurSetup,
  },
  scales: {
    defaults: DEFAULT_SCALE_SETUP,
    validators: SCALE_VALIDATORS,
    normalize: normalizeScaleSetup,
  },
  articulation: { defaults: DEFAULT_ARTICULATION_SETUP, validators: ARTICULATION_VALIDATORS },
  intervals: { defaults: DEFAULT_INTERVAL_SETUP, validators: INTERVAL_VALIDATORS },
} as const;
type Exercise = keyof typeof MEMORIES;

/** A memory for `exercise` over `stored` (the raw JSON text, if any). */
function memoryOf(exercise: Exercise, stored?: string) {
  const key = SETUP_STORAGE_KEYS[exercise];
  const storage = memoryStorage(stored === undefined ? {} : { [key]: stored });
  // The validators' and defaults' types differ per exercise; the table pairs them right.
  const memory = createSetupMemory({ key, storage, ...MEMORIES[exercise] } as Parameters<
    typeof createSetupMemory<object>
  >[0]) as SetupMemory<Record<string, unknown>>;
  return { memory, storage, key };
}

const band = IN_TUNE_BAND_RANGE;
const tempo = TEMPO_BPM_RANGE;
const written = REGULAR_RANGE_WRITTEN_MIDI;

/** [exercise, field, a valid value other than the default, values that must fall back]. */
const FIELDS: [Exercise, string, unknown, unknown[]][] = [
  ['long-tones', 'pattern', 'single', ['pyramids', 3, null]],
  ['long-tones', 'noteMidi', written.high, [written.low - 1, written.high + 1, 67.5, '67']],
  [
    'long-tones',
    'holdSeconds',
    12,
    [HOLD_SECONDS_RANGE.min - 1, HOLD_SECONDS_RANGE.max + 1, NaN, '8'],
  ],
  ['long-tones', 'inTuneCents', band.max, [band.min - 1, band.max + 1, Infinity]],
  ['long-tones', 'restSeconds', REST_SECONDS_RANGE.min, [-1, REST_SECONDS_RANGE.max + 1]],
  ['long-tones', 'drone', true, ['true', 1]],
  ['lip-slurs', 'highestPartial', '8', [8, '7']],
  ['lip-slurs', 'highestPartial', '4', [4, '3']],
  ['lip-slurs', 'include7th', true, ['yes']],
  ['lip-slurs', 'combos', ['0', '123'], [[], ['0', '0'], ['4'], '0 1']],
  ['lip-slurs', 'direction', 'groups', ['sideways']],
  ['lip-slurs', 'subdivision', '3', [3, '4']],
  ['lip-slurs', 'tempoBpm', tempo.max, [tempo.min - 1, tempo.max + 1]],
  ['lip-slurs', 'bandCents', band.min, [band.min - 1, band.max + 1]],
  ['scales', 'kind', 'clarke', ['dorian']],
  ['scales', 'key', 'E♭', ['H', 7]],
  ['scales', 'tempoBpm', tempo.min, [tempo.max + 1, '80']],
  ['scales', 'drone', true, [0]],
  ['scales', 'subdivision', '2', ['3']],
  ['scales', 'articulation', 'slurred', ['legato']],
  ['scales', 'partFor', 'd-trumpet', ['z-trumpet', null]],
  ['scales', 'bandCents', band.max, [band.max + 1]],
  ['articulation', 'tonguing', 'triple', ['k-only', 'quadruple']],
  ['articulation', 'kOnly', true, ['k']],
  ['articulation', 'pattern', 'fragment', ['scale']],
  ['articulation', 'noteMidi', written.low, [written.low - 1]],
  ['articulation', 'key', 'F♯', ['E♭m', 'Z']],
  ['articulation', 'tempoBpm', 120, [tempo.min - 1]],
  ['articulation', 'bandCents', 5, [0]],
  ['intervals', 'directions', 'both', ['across']],
  ['intervals', 'hideReference', true, ['no']],
];

describe('setups remembered per exercise, validated when read back', () => {
  it.each(Object.keys(MEMORIES) as Exercise[])('%s: nothing stored → the defaults', (exercise) => {
    const { memory } = memoryOf(exercise);
    expect(memory.load()).toEqual(MEMORIES[exercise].defaults);
  });

  it.each(Object.keys(MEMORIES) as Exercise[])(
    '%s: unreadable storage (not JSON, not an object) → the defaults, no throw',
    (exercise) => {
      for (const text of ['{', 'null', '42', '"setup"', '[1,2]']) {
        expect(memoryOf(exercise, text).memory.load()).toEqual(MEMORIES[exercise].defaults);
      }
    },
  );

  it.each(FIELDS)('%s %s: a valid value is kept across a restart', (exercise, field, value) => {
    const { memory, storage } = memoryOf(exercise);
    memory.remember({ ...memory.load(), [field]: value });
    // A new memory over the same storage: the app started again.
    const again = createSetupMemory({
      key: SETUP_STORAGE_KEYS[exercise],
      storage,
      ...MEMORIES[exercise],
    } as Parameters<typeof createSetupMemory<object>>[0]) as SetupMemory<Record<string, unknown>>;
    expect(again.load()[field]).toEqual(value);
  });

  it.each(FIELDS)(
    '%s %s: a stored value out of range or of another type falls back to the default, the other fields kept',
    (exercise, field, value, bad) => {
      const defaults = MEMORIES[exercise].defaults as Record<string, unknown>;
      // Another field with a valid non-default value, to show it survives the bad one.
      const other = FIELDS.find(([e, f]) => e === exercise && f !== field);
      for (const badValue of bad) {
        const stored = {
          ...defaults,
          [field]: badValue,
          ...(other ? { [other[1]]: other[2] } : {}),
        };
        const loaded = memoryOf(exercise, JSON.stringify(stored)).memory.load();
        expect(loaded[field]).toEqual(defaults[field]);
        if (other) expect(loaded[other[1]]).toEqual(other[2]);
      }
      expect(value).not.toEqual(defaults[field]);
    },
  );

  it.each(FIELDS)(
    '%s %s: remembering a bad value keeps the last good one',
    (exercise, field, value, bad) => {
      const { memory } = memoryOf(exercise);
      memory.remember({ ...memory.load(), [field]: value });
      memory.remember({ ...memory.load(), [field]: bad[0] });
      expect(memory.load()[field]).toEqual(value);
    },
  );

  it('reset forgets the remembered setup', () => {
    const { memory, storage, key } = memoryOf('long-tones');
    memory.remember({ ...memory.load(), holdSeconds: 20, pattern: 'single' });
    expect(JSON.parse(storage.items.get(key) ?? '{}')).toMatchObject({ holdSeconds: 20 });
    memory.reset();
    expect(memory.load()).toEqual(DEFAULT_LONG_TONE_SETUP);
    expect(JSON.parse(storage.items.get(key) ?? '{}')).toEqual(DEFAULT_LONG_TONE_SETUP);
  });

  it('each exercise under its own versioned key', () => {
    expect(new Set(Object.values(SETUP_STORAGE_KEYS)).size).toBe(5);
    for (const key of Object.values(SETUP_STORAGE_KEYS))
      expect(key).toMatch(/^embouchure\.setup\.[a-z-]+\.v1$/);
  });
});

describe('what one field cannot say alone', () => {
  it.each(MINOR_KEYS.filter((k) => !MAJOR_KEYS.includes(k)))(
    'a minor key (%s) remembered with a major kind → C',
    (key) => {
      const loaded = memoryOf(
        'scales',
        JSON.stringify({ ...DEFAULT_SCALE_SETUP, key }),
      ).memory.load();
      expect(loaded.key).toBe('C');
    },
  );

  it.each(MAJOR_KEYS.filter((k) => !MINOR_KEYS.includes(k)))(
    'a major-only key (%s) remembered with a minor kind → A',
    (key) => {
      const setup = { ...DEFAULT_SCALE_SETUP, kind: 'harmonic-minor', key };
      expect(normalizeScaleSetup(setup as typeof DEFAULT_SCALE_SETUP).key).toBe('A');
    },
  );

  it.each([
    [72, 60],
    [67, 67],
  ])('a range from %i up to %i (not rising) → the default range', (lowMidi, highMidi) => {
    const loaded = memoryOf(
      'scales',
      JSON.stringify({ ...DEFAULT_SCALE_SETUP, lowMidi, highMidi, tempoBpm: 100 }),
    ).memory.load();
    expect([loaded.lowMidi, loaded.highMidi]).toEqual([
      DEFAULT_SCALE_SETUP.lowMidi,
      DEFAULT_SCALE_SETUP.highMidi,
    ]);
    expect(loaded.tempoBpm).toBe(100);
  });

  it('lip slur combinations come back in playing order', () => {
    const combos = [...LIP_SLUR_COMBOS].reverse();
    const loaded = memoryOf(
      'lip-slurs',
      JSON.stringify({ ...DEFAULT_LIP_SLUR_SETUP, combos }),
    ).memory.load();
    expect(loaded.combos).toEqual(LIP_SLUR_COMBOS);
  });
});
