/**
 * Trumpet valve fingerings for written notes (3-valve trumpet; written pitch, so the same chart
 * serves every trumpet in settings, including concert pitch read on a C trumpet).
 *
 * Source of truth: trumpet.md "Fingerings" for written F♯3–C6 (primary and bracketed alternates).
 * Outside that range:
 * - C♯6–C7 ("extreme" register, reached by strong players): the standard extended chart, which
 *   repeats the fingerings of the octave below up to A♭6 and then uses the 16th partial of each
 *   valve series (G♯6 23, A6 12, B♭6 1, B6 2, C7 0). Each of these lies within 14 ¢ of a
 *   partial of its valve combination (checked in partials.test.ts). No alternates are claimed.
 * - C3 down to F♯2: pedal tones, the fundamentals (1st partials) of the seven valve series.
 * - F3 down to C♯3: no standard fingering (false tones, bent down from the 2nd partial).
 * - Below F♯2 and above C7: no standard fingering.
 */
import { midiOf } from './notes';

/** A valve combination: '0' = open; digits = valves pressed (trumpet.md notation). */
export type ValveCombo = '0' | '1' | '2' | '3' | '12' | '13' | '23' | '123';

/** Every valve combination, from the open series down by the amount each lowers (0 … 3 steps). */
export const VALVE_COMBOS: readonly ValveCombo[] = ['0', '2', '1', '12', '3', '23', '13', '123'];

/** Type guard for combos read from data or user input. */
export function isValveCombo(value: unknown): value is ValveCombo {
  return typeof value === 'string' && (VALVE_COMBOS as readonly string[]).includes(value);
}

/** Valve number pressed down. */
export type Valve = 1 | 2 | 3;

const VALVES_OF: Readonly<Record<ValveCombo, readonly Valve[]>> = {
  '0': [],
  '1': [1],
  '2': [2],
  '3': [3],
  '12': [1, 2],
  '13': [1, 3],
  '23': [2, 3],
  '123': [1, 2, 3],
};

/** Which valves are down for a combination ([] for open), for drawing the three valve buttons. */
export function valvesOf(combo: ValveCombo): readonly Valve[] {
  return VALVES_OF[combo];
}

/** Label as players write it: "open", "1", "1-3", "1-2-3". */
export function valveComboLabel(combo: ValveCombo): string {
  return combo === '0' ? 'open' : VALVES_OF[combo].join('-');
}

/** Register a fingering belongs to (trumpet.md chart columns, plus pedal and extreme). */
export type Register = 'pedal' | 'low' | 'middle' | 'upper' | 'extreme';

/**
 * What an alternate is for, when the chart says (trumpet.md):
 * - 'trill-only': a trill fingering 30–50 ¢ off (1-2-3 for F♯4/B♭4, 1-3 for G4);
 * - 'seventh-partial': on the flat 7th partial (marked † in the chart): trill/alternate only;
 * - 'third-slide-out': in tune only with the 3rd valve slide out (C♯5 on 1-2-3).
 * Neither of the first two is ever an intonation fix.
 */
export type AlternateUse = 'trill-only' | 'seventh-partial' | 'third-slide-out';

export interface StandardFingering {
  readonly hasFingering: true;
  readonly writtenMidi: number;
  readonly primary: ValveCombo;
  /** Alternate fingerings in the order trumpet.md lists them ([] if none). */
  readonly alternates: readonly ValveCombo[];
  /** Alternates the chart qualifies (trill only, 7th partial, 3rd slide out); others are plain. */
  readonly alternateUses: Readonly<Partial<Record<ValveCombo, AlternateUse>>>;
  readonly register: Register;
}

/** Why a written note has no standard fingering. */
export type NoFingeringReason =
  | 'false-tone' // F3–C♯3: between the pedal tones and the regular range
  | 'below-pedal' // below F♯2
  | 'above-range'; // above C7

export interface NoStandardFingering {
  readonly hasFingering: false;
  readonly writtenMidi: number;
  readonly reason: NoFingeringReason;
}

export type Fingering = StandardFingering | NoStandardFingering;

/** Lowest written note of the regular range (F♯3) and highest (C6), trumpet.md "Range". */
export const REGULAR_RANGE_WRITTEN_MIDI = { low: midiOf('F♯3'), high: midiOf('C6') } as const;
/** Lowest and highest written notes with a standard fingering here (pedal F♯2, double high C7). */
export const CHART_RANGE_WRITTEN_MIDI = { low: midiOf('F♯2'), high: midiOf('C7') } as const;

type Row = readonly [
  name: string,
  primary: ValveCombo,
  alternates: readonly ValveCombo[],
  uses?: Partial<Record<ValveCombo, AlternateUse>>,
];

// trumpet.md "Fingerings", row by row (written pitch; alternates in brackets there).
const REGULAR_ROWS: readonly Row[] = [
  ['F♯3', '123', []],
  ['G3', '13', []],
  ['G♯3', '23', []],
  ['A3', '12', ['3']],
  ['B♭3', '1', []],
  ['B3', '2', []],
  ['C4', '0', []],
  ['C♯4', '123', []],
  ['D4', '13', []],
  ['E♭4', '23', []],
  ['E4', '12', ['3']],
  ['F4', '1', []],
  ['F♯4', '2', ['123'], { '123': 'trill-only' }],
  ['G4', '0', ['13'], { '13': 'trill-only' }],
  ['G♯4', '23', []],
  ['A4', '12', ['3']],
  ['B♭4', '1', ['123'], { '123': 'trill-only' }],
  ['B4', '2', ['13']],
  ['C5', '0', ['23']],
  ['C♯5', '12', ['123', '3'], { '123': 'third-slide-out' }],
  ['D5', '1', ['13']],
  ['E♭5', '2', ['23']],
  ['E5', '0', ['12', '3']],
  ['F5', '1', ['13'], { '13': 'seventh-partial' }],
  ['F♯5', '2', ['123']],
  ['G5', '0', ['13']],
  ['G♯5', '23', ['1'], { '1': 'seventh-partial' }],
  ['A5', '12', ['3']],
  ['B♭5', '1', ['123', '0'], { '0': 'seventh-partial' }],
  ['B5', '2', ['13', '12']],
  ['C6', '0', ['1']],
];

const EXTREME_ROWS: readonly Row[] = [
  ['C♯6', '12', []],
  ['D6', '1', []],
  ['E♭6', '2', []],
  ['E6', '0', []],
  ['F6', '1', []],
  ['F♯6', '2', []],
  ['G6', '0', []],
  ['G♯6', '23', []],
  ['A6', '12', []],
  ['B♭6', '1', []],
  ['B6', '2', []],
  ['C7', '0', []],
];

// Fundamentals of the valve series (an octave below the 2nd partials in trumpet.md).
const PEDAL_ROWS: readonly Row[] = [
  ['F♯2', '123', []],
  ['G2', '13', []],
  ['G♯2', '23', []],
  ['A2', '12', ['3']],
  ['B♭2', '1', []],
  ['B2', '2', []],
  ['C3', '0', []],
];

// The highest written note of each register, parsed once: the table below is built when the
// tuner's chunk loads, on the way to the first pitch (issue 23 row 16).
const PEDAL_TOP = midiOf('C3');
const LOW_TOP = midiOf('C4');
const MIDDLE_TOP = midiOf('C5');
const UPPER_TOP = midiOf('C6');

function registerOf(writtenMidi: number): Register {
  if (writtenMidi <= PEDAL_TOP) return 'pedal';
  if (writtenMidi <= LOW_TOP) return 'low';
  if (writtenMidi <= MIDDLE_TOP) return 'middle';
  if (writtenMidi <= UPPER_TOP) return 'upper';
  return 'extreme';
}

function toFingering([name, primary, alternates, uses = {}]: Row): StandardFingering {
  const writtenMidi = midiOf(name);
  return {
    hasFingering: true,
    writtenMidi,
    primary,
    alternates,
    alternateUses: uses,
    register: registerOf(writtenMidi),
  };
}

/** Every standard fingering, from pedal F♯2 to C7, ascending by written pitch. */
export const FINGERINGS: readonly StandardFingering[] = [
  ...PEDAL_ROWS,
  ...REGULAR_ROWS,
  ...EXTREME_ROWS,
].map(toFingering);

const BY_MIDI: ReadonlyMap<number, StandardFingering> = new Map(
  FINGERINGS.map((f) => [f.writtenMidi, f]),
);

/**
 * Fingering of a written note (integer MIDI number). Notes without a standard fingering return
 * data saying why (`hasFingering: false`), not an exception.
 */
export function fingeringFor(writtenMidi: number): Fingering {
  if (!Number.isInteger(writtenMidi)) {
    throw new RangeError(`written MIDI note must be an integer, got ${String(writtenMidi)}`);
  }
  const fingering = BY_MIDI.get(writtenMidi);
  if (fingering !== undefined) return fingering;
  let reason: NoFingeringReason;
  if (writtenMidi > CHART_RANGE_WRITTEN_MIDI.high) reason = 'above-range';
  else if (writtenMidi < CHART_RANGE_WRITTEN_MIDI.low) reason = 'below-pedal';
  else reason = 'false-tone';
  return { hasFingering: false, writtenMidi, reason };
}

/** What the chart says an alternate of a written note is for (null: a plain alternate, or none). */
export function alternateUse(writtenMidi: number, combo: ValveCombo): AlternateUse | null {
  const fingering = fingeringFor(writtenMidi);
  return fingering.hasFingering ? (fingering.alternateUses[combo] ?? null) : null;
}

/** Label for the fingering view: "trill/alternate only", "with the 3rd slide out", or null. */
export function alternateUseLabel(use: AlternateUse | null): string | null {
  if (use === 'trill-only') return 'trill only';
  if (use === 'seventh-partial') return 'trill/alternate only, 7th partial';
  if (use === 'third-slide-out') return 'with the 3rd slide out';
  return null;
}

/** Every combination that plays a written note: primary first, then alternates ([] if none). */
export function combosFor(writtenMidi: number): readonly ValveCombo[] {
  const fingering = fingeringFor(writtenMidi);
  return fingering.hasFingering ? [fingering.primary, ...fingering.alternates] : [];
}

/** Instruments with a 4th valve (a perfect 4th, tuned on its own): the piccolo trumpets. */
export const FOURTH_VALVE_INSTRUMENTS: readonly string[] = ['bb-piccolo', 'a-piccolo'];

/** A piccolo fingering with the 4th valve, in place of a sharp 3-valve combination. */
export interface FourthValveFingering {
  /** Valves down, 4th included: [4] or [2, 4]. */
  readonly valves: readonly (Valve | 4)[];
  /** "4", "2-4". */
  readonly label: string;
  /** The 3-valve combination it replaces (same length of tubing, in tune). */
  readonly replaces: ValveCombo;
}

const FOURTH_VALVE_BY_COMBO: Readonly<Partial<Record<ValveCombo, FourthValveFingering>>> = {
  // The 4th valve lowers a perfect 4th, as much as 1-3 but in tune; 2-4 as much as 1-2-3.
  '13': { valves: [4], label: '4', replaces: '13' },
  '123': { valves: [2, 4], label: '2-4', replaces: '123' },
};

/**
 * The 4th-valve fingering a piccolo player uses for a written note whose chart fingering is the
 * sharp 1-3 or 1-2-3 (low G and D, F♯ and C♯: G3 D4 = 4, F♯3 C♯4 = 2-4), or null. Issue 22 (a):
 * the piccolo's 4th valve replaces the combinations the 3rd slide would otherwise correct.
 */
export function fourthValveFor(
  writtenMidi: number,
  instrumentId: string,
): FourthValveFingering | null {
  if (!FOURTH_VALVE_INSTRUMENTS.includes(instrumentId)) return null;
  const fingering = fingeringFor(writtenMidi);
  if (!fingering.hasFingering || fingering.register === 'pedal') return null;
  return FOURTH_VALVE_BY_COMBO[fingering.primary] ?? null;
}
