/**
 * Pitch arithmetic and note names: MIDI note numbers ↔ frequency for a chosen A4 reference, and
 * scientific pitch notation (C4 = MIDI 60, A4 = MIDI 69, octave numbers change between B and C).
 *
 * Pure and framework-free. Everything here is instrument-agnostic: whether a MIDI number is written
 * or concert pitch is decided by the caller (see `transposition.ts`).
 */

/** MIDI number of A4, the tuning reference. */
export const A4_MIDI = 69;
/** Default tuning reference, Hz. */
export const DEFAULT_A4_HZ = 440;
/** Lowest accepted A4 reference, Hz (baroque pitch). */
export const MIN_A4_HZ = 415;
/** Highest accepted A4 reference, Hz (high baroque / Chorton). */
export const MAX_A4_HZ = 466;

/**
 * Throws a RangeError naming the allowed range unless `a4Hz` is a finite number in
 * [MIN_A4_HZ, MAX_A4_HZ]. Returns the value so it can be used inline.
 */
export function validateA4Hz(a4Hz: number): number {
  if (!Number.isFinite(a4Hz) || a4Hz < MIN_A4_HZ || a4Hz > MAX_A4_HZ) {
    throw new RangeError(
      `A4 reference must be between ${MIN_A4_HZ} and ${MAX_A4_HZ} Hz, got ${String(a4Hz)}`,
    );
  }
  return a4Hz;
}

/** Equal-tempered frequency of a (possibly fractional) MIDI number, Hz. */
export function midiToHz(midi: number, a4Hz: number = DEFAULT_A4_HZ): number {
  validateA4Hz(a4Hz);
  return a4Hz * 2 ** ((midi - A4_MIDI) / 12);
}

/**
 * Fractional MIDI number of a frequency (69.5 = a quarter tone above A4).
 * `hz` must be positive and finite; otherwise the result is NaN. For raw pitch readings, where 0
 * means "no pitch", use `nearestNote` from `cents.ts`, which returns a no-pitch result instead.
 */
export function hzToMidi(hz: number, a4Hz: number = DEFAULT_A4_HZ): number {
  validateA4Hz(a4Hz);
  if (!(hz > 0) || !Number.isFinite(hz)) return Number.NaN;
  return A4_MIDI + 12 * Math.log2(hz / a4Hz);
}

/** Which accidental to use for the five black-key pitch classes. */
export type Spelling = 'default' | 'sharps' | 'flats';

/** The spelling choices, for settings pickers and validation. */
export const SPELLINGS: readonly Spelling[] = ['default', 'sharps', 'flats'];

export type Letter = 'C' | 'D' | 'E' | 'F' | 'G' | 'A' | 'B';

/** −1 = flat, 0 = natural, 1 = sharp (2/−2 only ever come from parsing). */
export type Accidental = -2 | -1 | 0 | 1 | 2;

/** A spelled note: letter, accidental and scientific octave of the letter. */
export interface SpelledNote {
  readonly letter: Letter;
  readonly accidental: Accidental;
  /** Octave of the letter name (so C♭4 is MIDI 59 and B♯3 is MIDI 60). */
  readonly octave: number;
}

const LETTER_PITCH_CLASS: Readonly<Record<Letter, number>> = {
  C: 0,
  D: 2,
  E: 4,
  F: 5,
  G: 7,
  A: 9,
  B: 11,
};

type PitchClassSpelling = readonly [Letter, Accidental];

const SHARP_SPELLINGS: readonly PitchClassSpelling[] = [
  ['C', 0],
  ['C', 1],
  ['D', 0],
  ['D', 1],
  ['E', 0],
  ['F', 0],
  ['F', 1],
  ['G', 0],
  ['G', 1],
  ['A', 0],
  ['A', 1],
  ['B', 0],
];

const FLAT_SPELLINGS: readonly PitchClassSpelling[] = [
  ['C', 0],
  ['D', -1],
  ['D', 0],
  ['E', -1],
  ['E', 0],
  ['F', 0],
  ['G', -1],
  ['G', 0],
  ['A', -1],
  ['A', 0],
  ['B', -1],
  ['B', 0],
];

/**
 * Default spelling: the one trumpet fingering charts use for written pitch (trumpet.md):
 * C♯, E♭, F♯, G♯, B♭. Keys with few accidentals on either side (C, F, B♭, G, D) read these
 * naturally; G♯ rather than A♭ follows the chart (G♯3/G♯4/G♯5).
 */
const DEFAULT_SPELLINGS: readonly PitchClassSpelling[] = [
  ['C', 0],
  ['C', 1],
  ['D', 0],
  ['E', -1],
  ['E', 0],
  ['F', 0],
  ['F', 1],
  ['G', 0],
  ['G', 1],
  ['A', 0],
  ['B', -1],
  ['B', 0],
];

const SPELLING_TABLES: Readonly<Record<Spelling, readonly PitchClassSpelling[]>> = {
  default: DEFAULT_SPELLINGS,
  sharps: SHARP_SPELLINGS,
  flats: FLAT_SPELLINGS,
};

/** Pitch class 0–11 (C = 0) of an integer MIDI number, also for negative numbers. */
export function pitchClass(midi: number): number {
  return ((midi % 12) + 12) % 12;
}

/** Scientific octave of an integer MIDI number (MIDI 60 → 4, MIDI 0 → −1). */
export function octaveOf(midi: number): number {
  return Math.floor(midi / 12) - 1;
}

function assertIntegerMidi(midi: number): void {
  if (!Number.isInteger(midi)) {
    throw new RangeError(`MIDI note number must be an integer, got ${String(midi)}`);
  }
}

/** Spell an integer MIDI number as letter + accidental + octave. */
export function spellMidi(midi: number, spelling: Spelling = 'default'): SpelledNote {
  assertIntegerMidi(midi);
  const table = SPELLING_TABLES[spelling];
  if (table === undefined) {
    throw new RangeError(
      `spelling must be one of ${SPELLINGS.join(', ')}, got ${String(spelling)}`,
    );
  }
  const [letter, accidental] = table[pitchClass(midi)];
  // The tables only use ♯/♭ on black keys, so the letter never crosses an octave boundary.
  return { letter, accidental, octave: octaveOf(midi) };
}

/** The one table of accidental signs (display). */
export const ACCIDENTAL_SYMBOL: Readonly<Record<Accidental, string>> = {
  [-2]: '𝄫',
  [-1]: '♭',
  0: '',
  1: '♯',
  2: '𝄪',
};

const ACCIDENTAL_ASCII: Readonly<Record<Accidental, string>> = {
  [-2]: 'bb',
  [-1]: 'b',
  0: '',
  1: '#',
  2: '##',
};

/** Letter plus accidental, no octave: "B♭", "F♯", "C" (for display of pitch classes and keys). */
export function pitchClassName(midi: number, spelling: Spelling = 'default'): string {
  const note = spellMidi(midi, spelling);
  return note.letter + ACCIDENTAL_SYMBOL[note.accidental];
}

export interface NoteNameOptions {
  spelling?: Spelling;
  /** Use `#`/`b` instead of `♯`/`♭` (file names, URLs, VexFlow keys). Default false. */
  ascii?: boolean;
}

/** Name of an integer MIDI number with octave: 60 → "C4", 58 → "B♭3", 66 → "F♯4". */
export function noteName(midi: number, options: NoteNameOptions = {}): string {
  const note = spellMidi(midi, options.spelling ?? 'default');
  const symbols = options.ascii === true ? ACCIDENTAL_ASCII : ACCIDENTAL_SYMBOL;
  return `${note.letter}${symbols[note.accidental]}${String(note.octave)}`;
}

/** Name of a spelled note ("B♭4", "C♭4", "F𝄪4"; "Bb4" with `ascii`), keeping its spelling. */
export function spelledNoteName(note: SpelledNote, ascii = false): string {
  const symbols = ascii ? ACCIDENTAL_ASCII : ACCIDENTAL_SYMBOL;
  return `${note.letter}${symbols[note.accidental]}${String(note.octave)}`;
}

/** MIDI number of a spelled note. */
export function spelledToMidi(note: SpelledNote): number {
  return (note.octave + 1) * 12 + LETTER_PITCH_CLASS[note.letter] + note.accidental;
}

// Letter (either case), up to two accidentals written with #, b, ♯, ♭ (or one 𝄪/𝄫), then an
// integer octave that may be negative (C-1 = MIDI 0). Whitespace around the name is ignored.
const NOTE_NAME_PATTERN = /^\s*([A-Ga-g])(##|bb|♯♯|♭♭|#|b|♯|♭|𝄪|𝄫|)\s*(-?\d{1,2})\s*$/u;

const ACCIDENTAL_OF: Readonly<Record<string, Accidental>> = {
  '': 0,
  '#': 1,
  '♯': 1,
  b: -1,
  '♭': -1,
  '##': 2,
  '♯♯': 2,
  '𝄪': 2,
  bb: -2,
  '♭♭': -2,
  '𝄫': -2,
};

/**
 * Parse a note name with octave ("B♭3", "Bb3", "f#4", "C-1") into its spelling, or null when the
 * text is not a note name. Accepts `#`/`b` and `♯`/`♭`.
 */
export function parseSpelledNote(text: string): SpelledNote | null {
  const match = NOTE_NAME_PATTERN.exec(text);
  if (match === null) return null;
  const [, letterText, accidentalText, octaveText] = match;
  const accidental = ACCIDENTAL_OF[accidentalText];
  if (accidental === undefined) return null;
  return {
    letter: letterText.toUpperCase() as Letter,
    accidental,
    octave: Number.parseInt(octaveText, 10),
  };
}

/** Parse a note name to its MIDI number ("C4" → 60, "Bb3" → 58), or null if it is not a note name. */
export function parseNoteName(text: string): number | null {
  const note = parseSpelledNote(text);
  return note === null ? null : spelledToMidi(note);
}

/**
 * MIDI number of a note name that must be valid (tables and constants in code). Throws an Error
 * showing the expected format otherwise; use `parseNoteName` for user or URL input.
 */
export function midiOf(name: string): number {
  const midi = parseNoteName(name);
  if (midi === null) {
    throw new Error(`Not a note name: "${name}" (expected e.g. "C4", "Bb3", "F♯5")`);
  }
  return midi;
}
