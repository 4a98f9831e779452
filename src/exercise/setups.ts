import { TEMPO_BPM_RANGE } from '../audio/output/metronome';
import type { Validators } from '../settings/persisted-store';
import {
  LIP_SLUR_COMBOS,
  MAJOR_KEYS,
  MINOR_KEYS,
  PART_INSTRUMENTS,
  REGULAR_RANGE_WRITTEN_MIDI,
  SCALE_KINDS,
  isMinorKind,
  IN_TUNE_BAND_RANGE,
  MOVING_NOTES_BAND_CENTS,
  type InstrumentId,
  type ScaleKind,
  type SlurDirection,
  type ValveCombo,
} from '../music';
import { HOLD_SECONDS_RANGE } from './long-tones/long-tone-session';
import { INTERVAL_DIRECTIONS, type IntervalDirections } from './intervals/interval-questions';

/**
 * Every exercise's setup: its shape, its defaults, and what a valid stored value is. The setups
 * are remembered per exercise (setup-memory.ts) and validated field by field when read back: a
 * stored value out of range, of another type or from an older version takes its default.
 */

/** In-tune band a player may choose for any exercise or piece, ± cents (src/music). */
export { IN_TUNE_BAND_RANGE };
/** Long tones default to ±10 ¢: a held note has time to be centred, and the ear hears it. */
export const LONG_TONES_DEFAULT_BAND_CENTS = 10;
/** Lip slurs default to ±20 ¢: partials bend, and the ear forgives a moving note more. */
export const LIP_SLURS_DEFAULT_BAND_CENTS = 20;
/** Scales default to the moving notes' ±15 ¢: judged on their centre, as a teacher hears them. */
export const SCALES_DEFAULT_BAND_CENTS = MOVING_NOTES_BAND_CENTS;
/** Articulation is judged on onsets and attacks; pitch gets the moving notes' band. */
export const ARTICULATION_DEFAULT_BAND_CENTS = MOVING_NOTES_BAND_CENTS;
export const REST_SECONDS_RANGE = { min: 0, max: 60 } as const;

export interface LongToneSetup {
  /** pyramid: outward from G4; chromatic: G4 down to F♯3 and back; pedal: C3 to F♯2; single. */
  pattern: 'pyramid' | 'chromatic' | 'pedal' | 'single';
  /** Written MIDI for the single-note pattern. */
  noteMidi: number;
  holdSeconds: number;
  inTuneCents: number;
  /** Rest after each hold, s (trumpet.md: rest as long as you play). */
  restSeconds: number;
  drone: boolean;
}

export const DEFAULT_LONG_TONE_SETUP: Readonly<LongToneSetup> = Object.freeze({
  pattern: 'pyramid',
  noteMidi: 67,
  holdSeconds: 8,
  inTuneCents: LONG_TONES_DEFAULT_BAND_CENTS,
  restSeconds: 8,
  drone: false,
});

/**
 * How high the lip slurs go, as the setup offers it: partials 2–4 and 2–5 for a beginner (C4 G4
 * C5, then E5, on the open horn: the slurs a first-year player can lock without forcing), 2–6 the
 * daily default, 2–8 for advanced players (teacher reading 3, U21).
 */
export const LIP_SLUR_PARTIAL_LEVELS = [
  ['4', '2 to 4 (beginner)'],
  ['5', '2 to 5'],
  ['6', '2 to 6'],
  ['8', '2 to 8 (advanced)'],
] as const satisfies readonly (readonly [string, string])[];

export interface LipSlurSetup {
  highestPartial: (typeof LIP_SLUR_PARTIAL_LEVELS)[number][0];
  include7th: boolean;
  /** In LIP_SLUR_COMBOS order, at least one. */
  combos: ValveCombo[];
  direction: SlurDirection;
  subdivision: '1' | '2' | '3';
  tempoBpm: number;
  bandCents: number;
}

export const DEFAULT_LIP_SLUR_SETUP: Readonly<LipSlurSetup> = Object.freeze({
  highestPartial: '6',
  include7th: false,
  combos: [...LIP_SLUR_COMBOS],
  direction: 'both',
  subdivision: '1',
  tempoBpm: 60,
  bandCents: LIP_SLURS_DEFAULT_BAND_CENTS,
});

/** A scale kind, or the Clarke-style study (a passage of its own: `clarkePassage`). */
export type PickedKind = ScaleKind | 'clarke';
export const isMinorPick = (kind: PickedKind): boolean => kind !== 'clarke' && isMinorKind(kind);

export interface ScaleSetup {
  kind: PickedKind;
  /** A key of the kind's list (MINOR_KEYS for minor kinds, else MAJOR_KEYS). */
  key: string;
  lowMidi: number;
  highMidi: number;
  tempoBpm: number;
  drone: boolean;
  subdivision: '1' | '2';
  articulation: 'tongued' | 'slurred';
  /** Transposition practice: a part written for another trumpet ('' = your own instrument). */
  partFor: InstrumentId | '';
  bandCents: number;
}

export const DEFAULT_SCALE_SETUP: Readonly<ScaleSetup> = Object.freeze({
  kind: 'major',
  key: 'C',
  lowMidi: 60,
  highMidi: 72,
  tempoBpm: 80,
  drone: false,
  subdivision: '1',
  articulation: 'tongued',
  partFor: '',
  bandCents: SCALES_DEFAULT_BAND_CENTS,
});

export interface ArticulationSetup {
  tonguing: 'single' | 'double' | 'triple';
  /** Single tonguing on K alone (the T-vs-K drill). */
  kOnly: boolean;
  pattern: 'note' | 'fragment';
  noteMidi: number;
  /** A major key (the fragment's). */
  key: string;
  tempoBpm: number;
  bandCents: number;
}

export const DEFAULT_ARTICULATION_SETUP: Readonly<ArticulationSetup> = Object.freeze({
  tonguing: 'single',
  kOnly: false,
  pattern: 'note',
  noteMidi: 67,
  key: 'C',
  tempoBpm: 80,
  bandCents: ARTICULATION_DEFAULT_BAND_CENTS,
});

export interface IntervalSetup {
  directions: IntervalDirections;
  hideReference: boolean;
}

export const DEFAULT_INTERVAL_SETUP: Readonly<IntervalSetup> = Object.freeze({
  directions: 'up',
  hideReference: false,
});

// --- Validators: undefined when valid, else what is allowed (the store's messages) ---

const oneOf =
  (allowed: readonly unknown[]) =>
  (v: unknown): string | undefined =>
    allowed.includes(v) ? undefined : `must be one of ${allowed.join(', ')}`;
const boolean = (v: unknown): string | undefined =>
  typeof v === 'boolean' ? undefined : 'must be true or false';
const numberIn =
  (range: { min: number; max: number }, integer = false) =>
  (v: unknown): string | undefined =>
    typeof v === 'number' &&
    Number.isFinite(v) &&
    v >= range.min &&
    v <= range.max &&
    (!integer || Number.isInteger(v))
      ? undefined
      : `must be ${integer ? 'a whole number ' : ''}from ${range.min} to ${range.max}`;
const WRITTEN_RANGE = { min: REGULAR_RANGE_WRITTEN_MIDI.low, max: REGULAR_RANGE_WRITTEN_MIDI.high };
const writtenMidi = numberIn(WRITTEN_RANGE, true);
const band = numberIn(IN_TUNE_BAND_RANGE);
const tempo = numberIn(TEMPO_BPM_RANGE);

export const LONG_TONE_VALIDATORS: Validators<LongToneSetup> = {
  pattern: oneOf(['pyramid', 'chromatic', 'pedal', 'single']),
  noteMidi: writtenMidi,
  holdSeconds: numberIn(HOLD_SECONDS_RANGE),
  inTuneCents: band,
  restSeconds: numberIn(REST_SECONDS_RANGE),
  drone: boolean,
};

export const LIP_SLUR_VALIDATORS: Validators<LipSlurSetup> = {
  highestPartial: oneOf(LIP_SLUR_PARTIAL_LEVELS.map(([level]) => level)),
  include7th: boolean,
  combos: (v) =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((c) => (LIP_SLUR_COMBOS as readonly unknown[]).includes(c)) &&
    new Set(v).size === v.length
      ? undefined
      : `must be one or more of ${LIP_SLUR_COMBOS.join(', ')}, each once`,
  direction: oneOf(['up', 'down', 'both', 'groups']),
  subdivision: oneOf(['1', '2', '3']),
  tempoBpm: tempo,
  bandCents: band,
};

export const SCALE_VALIDATORS: Validators<ScaleSetup> = {
  kind: oneOf([...SCALE_KINDS, 'clarke']),
  key: oneOf([...new Set([...MAJOR_KEYS, ...MINOR_KEYS])]),
  lowMidi: writtenMidi,
  highMidi: writtenMidi,
  tempoBpm: tempo,
  drone: boolean,
  subdivision: oneOf(['1', '2']),
  articulation: oneOf(['tongued', 'slurred']),
  partFor: oneOf(['', ...PART_INSTRUMENTS]),
  bandCents: band,
};

export const ARTICULATION_VALIDATORS: Validators<ArticulationSetup> = {
  tonguing: oneOf(['single', 'double', 'triple']),
  kOnly: boolean,
  pattern: oneOf(['note', 'fragment']),
  noteMidi: writtenMidi,
  key: oneOf(MAJOR_KEYS),
  tempoBpm: tempo,
  bandCents: band,
};

export const INTERVAL_VALIDATORS: Validators<IntervalSetup> = {
  directions: oneOf(INTERVAL_DIRECTIONS),
  hideReference: boolean,
};

// --- What one field cannot say alone ---

/** Lip slurs: the combinations in the order they are played (LIP_SLUR_COMBOS). */
export function normalizeLipSlurSetup(setup: LipSlurSetup): LipSlurSetup {
  return { ...setup, combos: LIP_SLUR_COMBOS.filter((c) => setup.combos.includes(c)) };
}

/**
 * Scales: a key the kind has (a minor kind's list differs), a range whose low note is below its
 * high note (else the default range).
 */
export function normalizeScaleSetup(setup: ScaleSetup): ScaleSetup {
  const keys = isMinorPick(setup.kind) ? MINOR_KEYS : MAJOR_KEYS;
  const key = keys.includes(setup.key) ? setup.key : isMinorPick(setup.kind) ? 'A' : 'C';
  const range =
    setup.lowMidi < setup.highMidi
      ? {}
      : { lowMidi: DEFAULT_SCALE_SETUP.lowMidi, highMidi: DEFAULT_SCALE_SETUP.highMidi };
  return { ...setup, key, ...range };
}
