import { persistedKind, type PersistedStore, type Validators } from './persisted-store';
import {
  INSTRUMENT_IDS,
  LATENCY_CALIBRATION_RANGE_MS,
  MAX_A4_HZ,
  MIN_A4_HZ,
  SPELLINGS,
  TEMPERAMENTS,
  type InstrumentId,
  type Spelling,
  type Temperament,
} from '../music';

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
/** Drone roots offered, written MIDI: the regular range F♯3..C6 (trumpet.md "Range"). */
export const DRONE_ROOT_MIDI_RANGE = { min: 54, max: 84 } as const;

/** How much the tuner's needle and cents average out (src/tuner/cents-motion.ts). */
export const DAMPING_LEVELS = ['none', 'light', 'medium', 'heavy'] as const;
export type Damping = (typeof DAMPING_LEVELS)[number];
/** Whole cents always, or tenths once the note is steady. */
export const CENTS_PRECISIONS = ['whole', 'tenths-when-steady'] as const;
export type CentsPrecision = (typeof CENTS_PRECISIONS)[number];
/** The tuner's main view: a needle gauge or a strobe band. */
export const TUNER_VIEWS = ['needle', 'strobe'] as const;
export type TunerView = (typeof TUNER_VIEWS)[number];

export interface Settings {
  /** Written pitch is shown for this instrument; 'concert' shows sounding pitch. */
  transposition: TranspositionId;
  /** Reference A4 in Hz, 415..466. */
  a4Hz: number;
  /** Half-width of the in-tune band in cents (±5 by default). */
  inTuneCents: number;
  /** Pitch service fast response: short frames analysed often, instead of one 4096-sample block at a time (see src/audio/worklet/accumulator.ts). */
  fastResponse: boolean;
  /** Read pedal tones: the engine's floor goes down to written F♯2 (default off: 140 Hz, as specified). */
  pedalTones: boolean;
  /**
   * How notes without a key are spelled (tuner, note pickers, coach): 'default' = by key, as
   * fingering charts (C♯ E♭ F♯ G♯ B♭); 'flats'; 'sharps'. Transposed notes, scales, lip slurs
   * and intervals are then spelled by interval from there.
   */
  spelling: Spelling;
  /** Damping of the needle and cents: 'none' follows every reading, 'heavy' sits still on vibrato. */
  damping: Damping;
  /** Whole cents by default: a decimal changing several times a second cannot be read. */
  centsPrecision: CentsPrecision;
  /** Needle or strobe on the tuner. */
  tunerView: TunerView;
  /**
   * What the tuner aims each note at: 'equal' temperament, or 'just' intonation against the
   * drone's root (a major 3rd 13.7 ¢ below equal, a 5th 2 ¢ above; `src/music/theory/temperament.ts`).
   */
  temperament: Temperament;
  /** The drone's root, written pitch for the instrument (MIDI 54..84), and the just root. */
  droneRootWrittenMidi: number;
  /** The drone also plays the 5th above its root. */
  droneFifth: boolean;
  /** The drone also plays the major 3rd above its root. */
  droneThird: boolean;
  /**
   * How late the stream stamps a note played on the click, ms, measured by playing on the click
   * (Settings → Audio; `calibrateLatency` in src/music) and subtracted from every reading's time
   * by the audio clock. null: never calibrated.
   */
  inputLatencyCalibrationMs: number | null;
}

export const DEFAULT_SETTINGS: Readonly<Settings> = Object.freeze({
  transposition: 'bb-trumpet',
  a4Hz: 440,
  inTuneCents: 5,
  fastResponse: false,
  pedalTones: false,
  spelling: 'default',
  damping: 'light',
  centsPrecision: 'whole',
  tunerView: 'needle',
  temperament: 'equal',
  droneRootWrittenMidi: 60,
  droneFifth: false,
  droneThird: false,
  inputLatencyCalibrationMs: null,
});

export const SETTINGS_STORAGE_KEY = 'embouchure.settings.v1';

const inRange = (value: unknown, min: number, max: number, unit: string): string | undefined =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max
    ? undefined
    : `must be a number ${min}..${max} ${unit}`;

const oneOf =
  (allowed: readonly string[]) =>
  (value: unknown): string | undefined =>
    typeof value === 'string' && allowed.includes(value)
      ? undefined
      : `must be one of ${allowed.join(', ')}`;

const VALIDATORS: Validators<Settings> = {
  transposition: (v) =>
    typeof v === 'string' && (TRANSPOSITION_IDS as readonly string[]).includes(v)
      ? undefined
      : `must be one of ${TRANSPOSITION_IDS.join(', ')}`,
  a4Hz: (v) => inRange(v, A4_HZ_RANGE.min, A4_HZ_RANGE.max, 'Hz'),
  inTuneCents: (v) => inRange(v, IN_TUNE_CENTS_RANGE.min, IN_TUNE_CENTS_RANGE.max, 'cents'),
  fastResponse: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  pedalTones: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  spelling: (v) =>
    typeof v === 'string' && (SPELLINGS as readonly string[]).includes(v)
      ? undefined
      : `must be one of ${SPELLINGS.join(', ')}`,
  damping: oneOf(DAMPING_LEVELS),
  centsPrecision: oneOf(CENTS_PRECISIONS),
  tunerView: oneOf(TUNER_VIEWS),
  temperament: (v) =>
    typeof v === 'string' && (TEMPERAMENTS as readonly string[]).includes(v)
      ? undefined
      : `must be one of ${TEMPERAMENTS.join(', ')}`,
  droneRootWrittenMidi: (v) =>
    Number.isInteger(v) &&
    (v as number) >= DRONE_ROOT_MIDI_RANGE.min &&
    (v as number) <= DRONE_ROOT_MIDI_RANGE.max
      ? undefined
      : `must be a whole MIDI note ${DRONE_ROOT_MIDI_RANGE.min}..${DRONE_ROOT_MIDI_RANGE.max} (written F♯3..C6)`,
  droneFifth: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  droneThird: (v) => (typeof v === 'boolean' ? undefined : 'must be true or false'),
  inputLatencyCalibrationMs: (v) =>
    v === null
      ? undefined
      : inRange(
          v,
          LATENCY_CALIBRATION_RANGE_MS.min,
          LATENCY_CALIBRATION_RANGE_MS.max,
          'ms (or null)',
        ),
};

const kind = persistedKind({
  defaults: DEFAULT_SETTINGS,
  validators: VALIDATORS,
  noun: 'setting',
  key: SETTINGS_STORAGE_KEY,
});

/** Settings from an untrusted stored value: every invalid or missing field takes its default. */
export const parseSettings = kind.parse;

export type SettingsStore = PersistedStore<Settings>;

/** A settings store on `storage` (default localStorage) under `key`. */
export const createSettingsStore = kind.create;

/** The app-wide settings store (created on first use, backed by localStorage). */
export const getSettingsStore = kind.shared;
