/**
 * Temperaments: where a note should sit against a drone's root. Equal temperament is the tuner's
 * ordinary target (0 ¢ from every equal-tempered note); just intonation tunes each note to a pure
 * 5-limit ratio above the root, so a major 3rd sits 13.7 ¢ below equal temperament and a 5th
 * 2.0 ¢ above (the same pure ratios as the ideal harmonic series: trumpet.md "Natural intonation
 * tendencies", 3rd partial +2.0 ¢, 5th −13.7 ¢).
 *
 * An interval is the same in written and sounding pitch (a transposing instrument shifts both
 * notes), so these functions take MIDI numbers of either kind, as long as both are the same kind.
 */
import { CENTS_PER_OCTAVE } from './cents';
import {
  ACCIDENTAL_SYMBOL,
  spellMidi,
  spelledNoteName,
  pitchClass,
  type SpelledNote,
} from './notes';
import { transposeSpelled } from './spelling';
import type { Temperament } from './temperament-ids';

/** One interval within the octave above the root: its pure ratio and how it is named and spelled. */
export interface JustInterval {
  /** Semitones above the root, 0..11. */
  readonly semitones: number;
  /** Pure ratio numerator/denominator (5-limit). */
  readonly ratio: readonly [number, number];
  /** Letters above the root (a 3rd moves 2), for spelling the note by interval. */
  readonly letterSteps: number;
  /** "3rd", "minor 3rd", "5th": major and perfect intervals plain, as a teacher says them. */
  readonly name: string;
}

/**
 * The 5-limit just intervals (products of 2, 3 and 5): the major scale's 9/8, 5/4, 4/3, 3/2, 5/3,
 * 15/8 and the minor intervals 16/15, 6/5, 8/5; the minor 7th is 9/5 (a minor 3rd above the 5th,
 * 3/2 · 6/5) and the tritone 45/32 (the augmented 4th, a major 3rd above the major 2nd, 9/8 · 5/4).
 */
export const JUST_INTERVALS: readonly JustInterval[] = [
  { semitones: 0, ratio: [1, 1], letterSteps: 0, name: 'root' },
  { semitones: 1, ratio: [16, 15], letterSteps: 1, name: 'minor 2nd' },
  { semitones: 2, ratio: [9, 8], letterSteps: 1, name: '2nd' },
  { semitones: 3, ratio: [6, 5], letterSteps: 2, name: 'minor 3rd' },
  { semitones: 4, ratio: [5, 4], letterSteps: 2, name: '3rd' },
  { semitones: 5, ratio: [4, 3], letterSteps: 3, name: '4th' },
  { semitones: 6, ratio: [45, 32], letterSteps: 3, name: 'augmented 4th' },
  { semitones: 7, ratio: [3, 2], letterSteps: 4, name: '5th' },
  { semitones: 8, ratio: [8, 5], letterSteps: 5, name: 'minor 6th' },
  { semitones: 9, ratio: [5, 3], letterSteps: 5, name: '6th' },
  { semitones: 10, ratio: [9, 5], letterSteps: 6, name: 'minor-key 7th' },
  { semitones: 11, ratio: [15, 8], letterSteps: 6, name: '7th' },
];

/**
 * The 7th over a major triad is a dominant's 7th, played low: the harmonic 7th 7/4, −31.2 ¢
 * (trumpet.md "Saying it right"); 9/5 (+17.6 ¢) is the minor key's 7th.
 */
export const DOMINANT_SEVENTH: JustInterval = {
  semitones: 10,
  ratio: [7, 4],
  letterSteps: 6,
  name: 'harmonic 7th',
};

/** What the drone sounds besides its root: with its major 3rd it is a major triad (a dominant). */
export interface DroneHarmony {
  third?: boolean;
}

/** The interval of `midi` over the root, knowing the drone's chord (a major 3rd → dominant 7th). */
export function intervalOver(
  midi: number,
  rootMidi: number,
  harmony: DroneHarmony = {},
): JustInterval {
  const interval = intervalAbove(midi, rootMidi);
  return interval.semitones === 10 && harmony.third === true ? DOMINANT_SEVENTH : interval;
}

function assertInteger(name: string, value: number): void {
  if (!Number.isInteger(value)) {
    throw new RangeError(`${name} must be an integer MIDI number, got ${String(value)}`);
  }
}

/** The interval class of `midi` above `rootMidi` (0..11; a note below the root counts up from it). */
export function intervalAbove(midi: number, rootMidi: number): JustInterval {
  assertInteger('midi', midi);
  assertInteger('rootMidi', rootMidi);
  return JUST_INTERVALS[pitchClass(midi - rootMidi)];
}

/** Cents of a pure ratio above equal temperament's interval of `semitones` (5/4 over 4 → −13.7). */
export function ratioOffsetCents(ratio: readonly [number, number], semitones: number): number {
  return CENTS_PER_OCTAVE * Math.log2(ratio[0] / ratio[1]) - 100 * semitones;
}

/**
 * Where `midi` should sit against a root, in cents from its equal-tempered pitch: 0 in equal
 * temperament, the pure ratio's offset in just intonation (the same in every octave).
 */
export function targetOffsetCents(
  midi: number,
  rootMidi: number,
  temperament: Temperament,
  harmony: DroneHarmony = {},
): number {
  const interval = intervalOver(midi, rootMidi, harmony);
  if (temperament === 'equal') return 0;
  return ratioOffsetCents(interval.ratio, interval.semitones);
}

/** Sounding frequency of the note `semitones` above a root sounding at `rootHz`, in a temperament. */
export function chordToneHz(rootHz: number, semitones: number, temperament: Temperament): number {
  if (!(rootHz > 0 && Number.isFinite(rootHz))) {
    throw new RangeError(`rootHz must be a positive number of Hz, got ${String(rootHz)}`);
  }
  assertInteger('semitones', semitones);
  const octaves = Math.floor(semitones / 12);
  const interval = JUST_INTERVALS[pitchClass(semitones)];
  const ratio =
    temperament === 'just' ? interval.ratio[0] / interval.ratio[1] : 2 ** (interval.semitones / 12);
  return rootHz * ratio * 2 ** octaves;
}

/** What the tuner says about a note against the drone's root. */
export interface IntonationTarget {
  readonly interval: JustInterval;
  /** Cents from equal temperament the note should sit at (0 in equal temperament). */
  readonly offsetCents: number;
  /** The note spelled by its interval above the root (the 3rd of D is F♯, never G♭). */
  readonly note: SpelledNote;
  /** The root's pitch class as a drone root is spelled ("C", "B♭", "A♭", "F♯"). */
  readonly rootName: string;
}

/**
 * Drone roots as a teacher spells them so chord tones stay readable (trumpet.md "Saying it
 * right": A♭, B♭, E♭, F♯ roots): no G♯ root with its B♯ 3rd and F𝄪 7th, no A♯ with C𝄪.
 */
const DRONE_ROOTS: readonly string[] = [
  'C',
  'D♭',
  'D',
  'E♭',
  'E',
  'F',
  'F♯',
  'G',
  'A♭',
  'A',
  'B♭',
  'B',
];

/** A drone root (written MIDI) spelled as DRONE_ROOTS, at its octave. */
export function droneRootSpelled(rootMidi: number): SpelledNote {
  assertInteger('rootMidi', rootMidi);
  const name = DRONE_ROOTS[pitchClass(rootMidi)];
  const accidental = name.endsWith('♭') ? -1 : name.endsWith('♯') ? 1 : 0;
  const octave = Math.floor((rootMidi - accidental) / 12) - 1;
  return { letter: name[0] as SpelledNote['letter'], accidental, octave };
}

/** "A♭": the drone root's name without octave. */
export function droneRootName(rootMidi: number): string {
  return DRONE_ROOTS[pitchClass(rootMidi)];
}

/**
 * The target of a (written) note against a (written) root: its interval (over a major-triad drone
 * the minor 7th is the dominant's), its offset, and its spelling by interval from the root as
 * DRONE_ROOTS spells it; a chord tone that would still need a double sharp or flat (the minor 2nd
 * of D♭ or A♭) takes its plain name.
 */
export function intonationTarget(
  midi: number,
  rootMidi: number,
  temperament: Temperament,
  harmony: DroneHarmony = {},
): IntonationTarget {
  const interval = intervalOver(midi, rootMidi, harmony);
  const root = droneRootSpelled(rootMidi);
  const octaves = Math.floor((midi - rootMidi) / 12);
  const byInterval = transposeSpelled(
    root,
    interval.letterSteps + 7 * octaves,
    interval.semitones + 12 * octaves,
  );
  const note = Math.abs(byInterval.accidental) <= 1 ? byInterval : spellMidi(midi, 'default');
  return {
    interval,
    offsetCents: targetOffsetCents(midi, rootMidi, temperament, harmony),
    note,
    rootName: droneRootName(rootMidi),
  };
}

/** Signed whole cents with a real minus sign: "−14 ¢", "+2 ¢", "0 ¢". */
export function formatAimCents(cents: number): string {
  const whole = Math.round(cents);
  if (whole === 0) return '0 ¢';
  return whole > 0 ? `+${whole} ¢` : `−${-whole} ¢`;
}

/**
 * The line the tuner shows in just intonation: "E4 as the 3rd of C: aim −14 ¢"; the 7th says
 * which is meant: "B♭4 as the minor-key 7th of C: aim +18 ¢" or, over a major triad, "B♭4 as
 * the harmonic 7th of C: aim −31 ¢".
 *
 * `shownName` is the note as the tuner's big display names it ("B3"). When the interval spells it
 * otherwise, the line starts with the shown name and gives the interval's letter in brackets,
 * "B3 (C♭) as the minor-key 7th of D♭": the theory stays right, and the line never names another
 * octave than the display (C♭4 sounds as B3, so "C♭4" under a big "B3" read as an octave off).
 */
export function targetText(target: IntonationTarget, shownName?: string): string {
  const byInterval = spelledNoteName(target.note);
  const name =
    shownName === undefined || shownName === byInterval
      ? byInterval
      : `${shownName} (${target.note.letter}${ACCIDENTAL_SYMBOL[target.note.accidental]})`;
  const role = target.interval.semitones === 0 ? 'the root' : `the ${target.interval.name}`;
  return `${name} as ${role} of ${target.rootName}: aim ${formatAimCents(target.offsetCents)}`;
}

/** Which chord tones a drone adds to its root. */
export interface DroneChord {
  fifth: boolean;
  third: boolean;
}

/**
 * The drone's voices, Hz: the root, then the 5th and the major 3rd above it when asked for, tuned
 * in the temperament (pure 3/2 and 5/4 in just intonation: a chord that does not beat).
 */
export function droneChordHz(
  rootHz: number,
  chord: DroneChord,
  temperament: Temperament,
): number[] {
  const voices = [chordToneHz(rootHz, 0, temperament)];
  if (chord.fifth) voices.push(chordToneHz(rootHz, 7, temperament));
  if (chord.third) voices.push(chordToneHz(rootHz, 4, temperament));
  return voices;
}
