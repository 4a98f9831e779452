/* eslint-disable max-lines -- Over 300 lines on purpose: one table of scale and pattern kinds with the builder each names. */
/**
 * Note sequences for the daily routine, in WRITTEN pitch (what the trumpet player reads).
 * MIDI numbers here are written MIDI (written C4 = 60); the transposition to sounding pitch
 * happens where a target is compared with the microphone.
 *
 * Scales are spelled the way a teacher writes them (E♭ major has A♭ and B♭, never G♯ or A♯):
 * each degree takes the next letter name and the accidental that the key needs.
 */
import {
  ACCIDENTAL_SYMBOL,
  parseSpelledNote,
  spelledToMidi,
  spellMidi,
  type Accidental,
  type Letter,
  type SpelledNote,
  type Spelling,
} from './notes';
import type { IntervalSpec } from './spelling';

/** A written note of a sequence: its spelling plus its written MIDI number. */
export interface ScaleNote extends SpelledNote {
  /** Written MIDI number (C4 = 60). */
  readonly midi: number;
}

export type ScaleKind =
  | 'major'
  | 'natural-minor'
  | 'harmonic-minor'
  | 'melodic-minor'
  | 'jazz-melodic-minor'
  | 'major-thirds'
  | 'major-fourths'
  | 'major-full-range'
  | 'chromatic'
  | 'arpeggio-major'
  | 'arpeggio-minor'
  | 'arpeggio-dom7';

export const SCALE_KINDS: readonly ScaleKind[] = [
  'major',
  'natural-minor',
  'harmonic-minor',
  'melodic-minor',
  'jazz-melodic-minor',
  'chromatic',
  'arpeggio-major',
  'arpeggio-minor',
  'arpeggio-dom7',
  'major-thirds',
  'major-fourths',
  'major-full-range',
];

/** Kinds named by a minor key (their key signature is the minor one). */
export const isMinorKind = (kind: ScaleKind): boolean =>
  kind === 'natural-minor' ||
  kind === 'harmonic-minor' ||
  kind === 'melodic-minor' ||
  kind === 'jazz-melodic-minor' ||
  kind === 'arpeggio-minor';

/**
 * What each kind is called in the picker, saying what it does (issue 22 row 14: the classical
 * melodic minor comes down natural, which a player must be told; the jazz form keeps the raised
 * 6th and 7th both ways).
 */
export const SCALE_KIND_LABELS: Readonly<Record<ScaleKind, string>> = {
  major: 'Major',
  'natural-minor': 'Natural minor',
  'harmonic-minor': 'Harmonic minor',
  'melodic-minor': 'Melodic minor (raised 6–7 up, natural down)',
  'jazz-melodic-minor': 'Jazz melodic minor (raised 6–7 both ways)',
  'major-thirds': 'Major in 3rds (Arban: C E D F …)',
  'major-fourths': 'Major in 4ths (Arban: C F D G …)',
  'major-full-range': 'Major, full range (lowest to highest note)',
  chromatic: 'Chromatic',
  'arpeggio-major': 'Major arpeggio',
  'arpeggio-minor': 'Minor arpeggio',
  'arpeggio-dom7': 'Dominant 7th arpeggio',
};

/** Short names for titles ("A melodic minor"). */
export const SCALE_KIND_NAMES: Readonly<Record<ScaleKind, string>> = {
  ...SCALE_KIND_LABELS,
  'melodic-minor': 'Melodic minor',
  'jazz-melodic-minor': 'Jazz melodic minor',
  'major-thirds': 'Major in 3rds',
  'major-fourths': 'Major in 4ths',
  'major-full-range': 'Major scale, full range',
};

const LETTERS: readonly Letter[] = ['C', 'D', 'E', 'F', 'G', 'A', 'B'];
const LETTER_PITCH_CLASS: Record<Letter, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };

/** Semitone steps from the tonic of each 7-note mode (degree 1..7). */
const MODE_STEPS = {
  major: [0, 2, 4, 5, 7, 9, 11],
  'natural-minor': [0, 2, 3, 5, 7, 8, 10],
  'harmonic-minor': [0, 2, 3, 5, 7, 8, 11],
  'melodic-minor': [0, 2, 3, 5, 7, 9, 11],
  /** Mixolydian: the major scale with a minor 7th, whose 1-3-5-7 is the dominant seventh. */
  mixolydian: [0, 2, 4, 5, 7, 9, 10],
} as const;

/**
 * Each non-chromatic kind: the mode going up, the mode coming down (the melodic minor comes down
 * as the natural minor), and the degrees played (0-based; arpeggios skip the others).
 */
const KIND_SHAPE: Record<
  Exclude<ScaleKind, 'chromatic'>,
  { up: readonly number[]; down: readonly number[]; degrees: readonly number[] }
> = {
  major: { up: MODE_STEPS.major, down: MODE_STEPS.major, degrees: [0, 1, 2, 3, 4, 5, 6] },
  'natural-minor': {
    up: MODE_STEPS['natural-minor'],
    down: MODE_STEPS['natural-minor'],
    degrees: [0, 1, 2, 3, 4, 5, 6],
  },
  'harmonic-minor': {
    up: MODE_STEPS['harmonic-minor'],
    down: MODE_STEPS['harmonic-minor'],
    degrees: [0, 1, 2, 3, 4, 5, 6],
  },
  'melodic-minor': {
    up: MODE_STEPS['melodic-minor'],
    down: MODE_STEPS['natural-minor'],
    degrees: [0, 1, 2, 3, 4, 5, 6],
  },
  'jazz-melodic-minor': {
    up: MODE_STEPS['melodic-minor'],
    down: MODE_STEPS['melodic-minor'],
    degrees: [0, 1, 2, 3, 4, 5, 6],
  },
  // Played in broken 3rds or 4ths (brokenOrder), not degree by degree.
  'major-thirds': { up: MODE_STEPS.major, down: MODE_STEPS.major, degrees: [0, 1, 2, 3, 4, 5, 6] },
  'major-fourths': { up: MODE_STEPS.major, down: MODE_STEPS.major, degrees: [0, 1, 2, 3, 4, 5, 6] },
  // From the lowest note of the key in the range to the highest, not tonic to tonic.
  'major-full-range': {
    up: MODE_STEPS.major,
    down: MODE_STEPS.major,
    degrees: [0, 1, 2, 3, 4, 5, 6],
  },
  'arpeggio-major': { up: MODE_STEPS.major, down: MODE_STEPS.major, degrees: [0, 2, 4] },
  'arpeggio-minor': {
    up: MODE_STEPS['natural-minor'],
    down: MODE_STEPS['natural-minor'],
    degrees: [0, 2, 4],
  },
  'arpeggio-dom7': {
    up: MODE_STEPS.mixolydian,
    down: MODE_STEPS.mixolydian,
    degrees: [0, 2, 4, 6],
  },
};

/** The 12 major keys in circle-of-fifths order, as a teacher names them. */
export const MAJOR_KEYS: readonly string[] = [
  'C',
  'G',
  'D',
  'A',
  'E',
  'B',
  'F♯',
  'D♭',
  'A♭',
  'E♭',
  'B♭',
  'F',
];
/** The 12 minor keys (relative minors of MAJOR_KEYS, same order). */
export const MINOR_KEYS: readonly string[] = [
  'A',
  'E',
  'B',
  'F♯',
  'C♯',
  'G♯',
  'D♯',
  'B♭',
  'F',
  'C',
  'G',
  'D',
];

/** Parses a key name without octave ("E♭", "F#"); throws naming the expected form. */
export function parseKeyName(name: string): { letter: Letter; accidental: Accidental } {
  const note = parseSpelledNote(`${name}4`);
  if (!note) throw new Error(`Unknown key "${name}": expected a letter A–G with optional ♯/♭.`);
  return { letter: note.letter, accidental: note.accidental };
}

/** "F♯4", "B♭3", "F𝄪4": the name of a spelled note (keeps the key's spelling). */
export function spelledName(note: SpelledNote): string {
  return `${note.letter}${ACCIDENTAL_SYMBOL[note.accidental]}${note.octave}`;
}

export function scaleNote(note: SpelledNote): ScaleNote {
  return { ...note, midi: spelledToMidi(note) };
}

/**
 * A written MIDI number spelled by the player's preference (default: the fingering chart's
 * C♯ E♭ F♯ G♯ B♭), with its MIDI: for notes without a key (long tones, references).
 */
export function chartNote(midi: number, spelling: Spelling = 'default'): ScaleNote {
  return scaleNote(spellMidi(midi, spelling));
}

/** Written range of the B♭ trumpet a scale may use, with pedal and double-high-C margins. */
export const WRITTEN_RANGE_MIDI = { low: 54, high: 84 } as const; // F♯3 .. C6

export interface ScaleOptions {
  kind: ScaleKind;
  /** Key name without octave, e.g. "E♭" (ignored spelling-wise for chromatic, which uses ♯ up, ♭ down). */
  key: string;
  /** Lowest written MIDI the player wants (inclusive). */
  lowMidi: number;
  /** Highest written MIDI the player wants (inclusive). */
  highMidi: number;
}

function validateRange(lowMidi: number, highMidi: number): void {
  const { low, high } = WRITTEN_RANGE_MIDI;
  for (const [label, value] of [
    ['lowMidi', lowMidi],
    ['highMidi', highMidi],
  ] as const) {
    if (!Number.isInteger(value) || value < low - 12 || value > high + 12) {
      throw new Error(
        `${label} must be an integer from ${low - 12} to ${high + 12}, got ${value}.`,
      );
    }
  }
  if (highMidi - lowMidi < 11) {
    throw new Error(
      `The range must span at least an octave (highMidi − lowMidi ≥ 11), got ${lowMidi}..${highMidi}.`,
    );
  }
}

/**
 * A scale up and back down, from the lowest tonic inside the range through as many whole octaves
 * as the range holds (at least one: a range too narrow for this key is rounded to one octave of
 * it, on the trumpet), as players practise it.
 * The top note is not repeated: C D E F G A B C B A G F E D C.
 */
export function buildScale(options: ScaleOptions): ScaleNote[] {
  const { kind, lowMidi, highMidi } = options;
  if (!SCALE_KINDS.includes(kind)) {
    throw new Error(`Scale kind must be one of ${SCALE_KINDS.join(', ')}, got "${kind}".`);
  }
  validateRange(lowMidi, highMidi);
  const tonic = parseKeyName(options.key);
  const tonicPitchClass = (((LETTER_PITCH_CLASS[tonic.letter] + tonic.accidental) % 12) + 12) % 12;
  // Lowest tonic at or above lowMidi.
  let startMidi = lowMidi + ((tonicPitchClass - (lowMidi % 12) + 12) % 12);
  const octaves = Math.floor((highMidi - startMidi) / 12);
  if (octaves < 1) {
    // The range holds no full octave starting on this tonic: round it to one whole octave of the
    // key, one octave lower if that stays on the trumpet, else above the range's top if that does.
    if (startMidi - 12 >= WRITTEN_RANGE_MIDI.low) startMidi -= 12;
    else if (startMidi + 12 > WRITTEN_RANGE_MIDI.high) {
      throw new Error(
        `No full octave of ${options.key} fits between MIDI ${lowMidi}..${highMidi}.`,
      );
    }
  }
  const octaveCount = Math.max(1, octaves);
  const up: ScaleNote[] = [];
  if (kind === 'chromatic') {
    // The starting note keeps the spelling it was asked for (start B♭4: B♭4 … B♭5 … B♭4, never
    // A♯4); the notes between go up in sharps and come down in flats.
    const tonicSpelled = (midi: number): ScaleNote =>
      scaleNote({
        letter: tonic.letter,
        accidental: tonic.accidental,
        octave: octaveOfLetter(midi),
      });
    const octaveOfLetter = (midi: number): number => Math.floor((midi - tonic.accidental) / 12) - 1;
    for (let midi = startMidi; midi <= startMidi + 12 * octaveCount; midi++) {
      up.push((midi - startMidi) % 12 === 0 ? tonicSpelled(midi) : chromaticSpelling(midi, 'up'));
    }
    const down: ScaleNote[] = [];
    for (let midi = startMidi + 12 * octaveCount - 1; midi >= startMidi; midi--) {
      down.push(
        (midi - startMidi) % 12 === 0 ? tonicSpelled(midi) : chromaticSpelling(midi, 'down'),
      );
    }
    return [...up, ...down];
  }
  const shape = KIND_SHAPE[kind];
  // The tonic's octave number is its LETTER's (C♭4 sounds as B3, B♯3 as C4): counting it from
  // the sounding MIDI number misspelled C♭ and B♯ ("Cundefined3", issue 22 row 13).
  const tonicOctave = Math.floor((startMidi - tonic.accidental) / 12) - 1;
  const tonicLetterIndex = LETTERS.indexOf(tonic.letter);
  // Each degree takes the next letter name; its accidental is whatever the mode's step needs.
  // Degrees below the tonic (negative: a full-range scale starts under it) wrap the same way.
  const spell = (degree: number, steps: readonly number[]): ScaleNote => {
    const midi = startMidi + steps[((degree % 7) + 7) % 7] + 12 * Math.floor(degree / 7);
    const letterIndex = tonicLetterIndex + degree;
    const letter = LETTERS[((letterIndex % 7) + 7) % 7];
    // Octave number changes at C: count how many times the letter sequence wrapped past B.
    const octave = tonicOctave + Math.floor(letterIndex / 7);
    const natural = 12 * (octave + 1) + LETTER_PITCH_CLASS[letter];
    return { letter, accidental: (midi - natural) as Accidental, octave, midi };
  };
  if (kind === 'major-thirds' || kind === 'major-fourths') {
    const step = kind === 'major-thirds' ? 2 : 3;
    return brokenOrder(7 * octaveCount, step).map((d) => spell(d, shape.up));
  }
  if (kind === 'major-full-range') {
    // Every note of the key from the lowest to the highest the range holds, up and back.
    let bottom = 0;
    while (spell(bottom - 1, shape.up).midi >= lowMidi) bottom--;
    let top = 0;
    while (spell(top + 1, shape.up).midi <= highMidi) top++;
    const up = Array.from({ length: top - bottom + 1 }, (_, i) => spell(bottom + i, shape.up));
    return [...up, ...up.slice(0, -1).reverse()];
  }
  const played: number[] = [];
  for (let degree = 0; degree <= 7 * octaveCount; degree++) {
    if (shape.degrees.includes(degree % 7)) played.push(degree);
  }
  const upNotes = played.map((d) => spell(d, shape.up));
  const down = played
    .slice(0, -1)
    .reverse()
    .map((d) => spell(d, shape.down));
  return [...upNotes, ...down];
}

/**
 * Arban's scale in broken intervals, as degrees from the tonic up to `top` and back: pairs `step`
 * degrees apart (2: 3rds, 3: 4ths), up 0 step, 1 1+step, … (top − step) top, then down top
 * (top − step), (top − 1) (top − 1 − step) … step 0, the top note played once and every note
 * inside the scale's octaves (3rds: C E D F E G F A G B A C A B G A F G E F D E C).
 */
export function brokenOrder(top: number, step: number): number[] {
  if (!Number.isInteger(step) || step < 1 || step >= top) {
    throw new RangeError(`step must be an integer from 1 to ${top - 1}, got ${String(step)}`);
  }
  const order: number[] = [];
  for (let d = 0; d + step <= top; d++) order.push(d, d + step);
  for (let d = top; d - step >= 0; d--) order.push(d, d - step);
  // The top note ends the way up and would begin the way down: play it once.
  order.splice(2 * (top - step + 1), 1);
  return order;
}

/**
 * The scale for a range, and a sentence when it could not keep to it (no whole octave of the key
 * fits), so the player is told rather than surprised.
 */
export function scaleForRange(options: ScaleOptions): {
  notes: ScaleNote[];
  change: string | null;
} {
  const notes = buildScale(options);
  const lowest = Math.min(...notes.map((n) => n.midi));
  const highest = Math.max(...notes.map((n) => n.midi));
  const bottom = notes.find((n) => n.midi === lowest) as ScaleNote;
  const top = notes.find((n) => n.midi === highest) as ScaleNote;
  if (lowest >= options.lowMidi && highest <= options.highMidi) return { notes, change: null };
  const spelledRange = `${spelledName(spellMidi(options.lowMidi, 'default'))}–${spelledName(spellMidi(options.highMidi, 'default'))}`;
  return {
    notes,
    change: `No whole octave of ${options.key} fits in ${spelledRange}: playing ${spelledName(bottom)}–${spelledName(top)} instead.`,
  };
}

/** Chromatic scales are written with sharps going up and flats coming down. */
function chromaticSpelling(midi: number, direction: 'up' | 'down'): ScaleNote {
  return scaleNote(spellMidi(midi, direction === 'up' ? 'sharps' : 'flats'));
}

export interface LongTonePyramidOptions {
  /** Written MIDI of the top note (default G4 = 67). */
  topMidi?: number;
  /** Written MIDI of the bottom note (default F♯3 = 54). */
  bottomMidi?: number;
  /** How the chromatic notes are spelled (default: as the fingering chart). */
  spelling?: Spelling;
}

/**
 * The descending chromatic long-tone pyramid: top note down by semitones to the bottom note and
 * back up (G4 F♯4 F4 … F♯3 G3 … G4 by default); the bottom note is played once.
 */
export function longTonePyramid(options: LongTonePyramidOptions = {}): ScaleNote[] {
  const topMidi = options.topMidi ?? 67;
  const bottomMidi = options.bottomMidi ?? 54;
  for (const [label, value] of [
    ['topMidi', topMidi],
    ['bottomMidi', bottomMidi],
  ] as const) {
    if (!Number.isInteger(value) || value < 42 || value > 96) {
      throw new Error(`${label} must be an integer MIDI number from 42 to 96, got ${value}.`);
    }
  }
  if (bottomMidi >= topMidi) {
    throw new Error(`bottomMidi (${bottomMidi}) must be below topMidi (${topMidi}).`);
  }
  const notes: ScaleNote[] = [];
  const spelling = options.spelling ?? 'default';
  for (let midi = topMidi; midi >= bottomMidi; midi--) notes.push(chartNote(midi, spelling));
  for (let midi = bottomMidi + 1; midi <= topMidi; midi++) notes.push(chartNote(midi, spelling));
  return notes;
}

/**
 * Intervals the ear exercise asks for: semitones, and letters moved (an n-th moves n − 1 letters),
 * so the answer is spelled by interval (a minor 2nd above B♭3 is C♭4). The tritone is asked as the
 * augmented 4th (F → B).
 */
export const INTERVALS: readonly IntervalSpec[] = [
  { semitones: 1, letterSteps: 1, name: 'minor 2nd' },
  { semitones: 2, letterSteps: 1, name: 'major 2nd' },
  { semitones: 3, letterSteps: 2, name: 'minor 3rd' },
  { semitones: 4, letterSteps: 2, name: 'major 3rd' },
  { semitones: 5, letterSteps: 3, name: 'perfect 4th' },
  { semitones: 6, letterSteps: 3, name: 'tritone' },
  { semitones: 7, letterSteps: 4, name: 'perfect 5th' },
  { semitones: 8, letterSteps: 5, name: 'minor 6th' },
  { semitones: 9, letterSteps: 5, name: 'major 6th' },
  { semitones: 10, letterSteps: 6, name: 'minor 7th' },
  { semitones: 11, letterSteps: 6, name: 'major 7th' },
  { semitones: 12, letterSteps: 7, name: 'octave' },
];
