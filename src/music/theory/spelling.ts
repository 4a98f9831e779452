/**
 * Spelling by interval: a transposed note moves its LETTER by the interval's number as well as its
 * pitch by the interval's semitones, so a major 2nd below B♭ is A♭ (not G♯), a minor 2nd above B♭3
 * is C♭4 (not B3), and the harmonic series of B♭ has D, not C𝄪 (standard music theory; trumpet.md
 * "Transposition").
 *
 * Only notes with no context (a tuner reading, a note picked from a list) are spelled by the
 * player's preference (`Spelling`); everything derived from them is spelled by interval here.
 */
import {
  spelledToMidi,
  spelledNoteName,
  spellMidi,
  type Accidental,
  type Letter,
  type SpelledNote,
  type Spelling,
} from './notes';
import { getInstrument, type InstrumentId } from './transposition';

export const LETTERS: readonly Letter[] = ['C', 'D', 'E', 'F', 'G', 'A', 'B'];

/** Where a letter sits counting letters from C−1 (C4 → 35): octaves of 7 letters. */
function letterPosition(note: SpelledNote): number {
  return (note.octave + 1) * 7 + LETTERS.indexOf(note.letter);
}

/**
 * The note `letterSteps` letters and `semitones` semitones away (both negative for downwards):
 * a major 2nd down is (−1, −2), a minor 3rd up (2, 3), an octave (7, 12). Throws a RangeError when
 * the result would need more than a double sharp or flat (the interval does not fit the letters).
 */
export function transposeSpelled(
  note: SpelledNote,
  letterSteps: number,
  semitones: number,
): SpelledNote {
  if (!Number.isInteger(letterSteps) || !Number.isInteger(semitones)) {
    throw new RangeError(
      `letterSteps and semitones must be integers, got ${String(letterSteps)}, ${String(semitones)}`,
    );
  }
  const position = letterPosition(note) + letterSteps;
  const letter = LETTERS[((position % 7) + 7) % 7];
  const octave = Math.floor(position / 7) - 1;
  const midi = spelledToMidi(note) + semitones;
  const accidental = midi - spelledToMidi({ letter, accidental: 0, octave });
  if (accidental < -2 || accidental > 2) {
    throw new RangeError(
      `${spelledNoteName(note)} moved ${letterSteps} letters and ${semitones} semitones needs ${accidental} accidentals`,
    );
  }
  return { letter, accidental: accidental as Accidental, octave };
}

/**
 * The other common spelling of a MIDI number: the flat name of a sharp note and the sharp name of
 * a flat one (naturals stay natural).
 */
function otherSpelling(note: SpelledNote, midi: number): SpelledNote {
  if (note.accidental === 0) return note;
  return spellMidi(midi, note.accidental > 0 ? 'flats' : 'sharps');
}

/** A written note and the concert note it sounds, both spelled (concert by interval). */
export interface SpelledPair {
  readonly written: SpelledNote;
  readonly concert: SpelledNote;
}

/**
 * Written note (integer MIDI) on an instrument, spelled by the player's preference, and the
 * concert note spelled by moving the letter by the instrument's interval (a plain natural where
 * that gives E♯, B♯, C♭ or F♭: no key is in force on the tuner). When that would need a
 * double sharp or flat (written G♭ on E♭ trumpet would sound B𝄫), the written note takes its
 * other common spelling (F♯, sounding A) so both names stay readable and interval-correct.
 */
export function spellWrittenAndConcert(
  writtenMidi: number,
  instrumentId: InstrumentId,
  spelling: Spelling = 'default',
): SpelledPair {
  const instrument = getInstrument(instrumentId);
  const steps = instrument.concertOffsetLetters;
  const semitones = instrument.concertOffsetSemitones;
  const preferred = spellMidi(writtenMidi, spelling);
  const concert = transposeSpelled(preferred, steps, semitones);
  if (Math.abs(concert.accidental) <= 1) return { written: preferred, concert: plain(concert) };
  const written = otherSpelling(preferred, writtenMidi);
  return { written, concert: plain(transposeSpelled(written, steps, semitones)) };
}

/**
 * With no key in force a band director says concert F, not E♯ (issue 22 row 8): E♯, B♯, C♭ and
 * F♭ become the natural of the same pitch; every other note keeps its spelling by interval.
 */
function plain(note: SpelledNote): SpelledNote {
  const whiteKey =
    (note.accidental === 1 && (note.letter === 'E' || note.letter === 'B')) ||
    (note.accidental === -1 && (note.letter === 'C' || note.letter === 'F'));
  return whiteKey ? spellMidi(spelledToMidi(note), 'default') : note;
}

/** Written and concert names of a written note ("B♭4" / "A♭4"), symbols or ASCII. */
export function writtenAndConcertNames(
  writtenMidi: number,
  instrumentId: InstrumentId,
  spelling: Spelling = 'default',
  ascii = false,
): { written: string; concert: string } {
  const pair = spellWrittenAndConcert(writtenMidi, instrumentId, spelling);
  return {
    written: spelledNoteName(pair.written, ascii),
    concert: spelledNoteName(pair.concert, ascii),
  };
}

/** Player-facing labels of the spelling preference (settings screen). */
export const SPELLING_LABELS: Readonly<Record<Spelling, string>> = {
  default: 'By key: C♯ E♭ F♯ G♯ B♭ (as fingering charts)',
  flats: 'Flats: D♭ E♭ G♭ A♭ B♭ (as bands read)',
  sharps: 'Sharps: C♯ D♯ F♯ G♯ A♯',
};

/** An interval of the ear exercise: its name, its number minus one in letters, its semitones. */
export interface IntervalSpec {
  readonly name: string;
  /** Letters moved: a 2nd moves 1, a 3rd 2, an octave 7. */
  readonly letterSteps: number;
  readonly semitones: number;
}

/**
 * The note an interval above (`direction` 'up') or below ('down') a spelled note, spelled by the
 * interval: a minor 2nd above B♭3 is C♭4, a major 3rd below D4 is B♭3.
 */
export function intervalFrom(
  note: SpelledNote,
  interval: IntervalSpec,
  direction: 'up' | 'down',
): SpelledNote {
  const sign = direction === 'up' ? 1 : -1;
  return transposeSpelled(note, sign * interval.letterSteps, sign * interval.semitones);
}

/** A key as the exercise gives it: tonic letter and accidental, major or minor. */
export interface KeyOfPassage {
  readonly letter: Letter;
  readonly accidental: Accidental;
  readonly minor: boolean;
}

/** Major-scale degrees: letters and semitones above the tonic. */
const MAJOR_DEGREES: readonly (readonly [letters: number, semitones: number])[] = [
  [0, 0],
  [1, 2],
  [2, 4],
  [3, 5],
  [4, 7],
  [5, 9],
  [6, 11],
];
/** Natural minor degrees, then the raised 6th and 7th of the harmonic and melodic forms. */
const MINOR_DEGREES: readonly (readonly [letters: number, semitones: number])[] = [
  [0, 0],
  [1, 2],
  [2, 3],
  [3, 5],
  [4, 7],
  [5, 8],
  [6, 10],
  [5, 9],
  [6, 11],
];

/**
 * A note (integer MIDI) named in a key, as a teacher names a wrong note heard in it: a note of
 * the key by its degree's letter (in E♭ major, A♭4, never G♯4); any other by the key's side of
 * the circle (flats in a flat key, sharps in a sharp one) and, in C major / A minor or with no
 * key, by the player's preference.
 */
export function spellInKey(
  midi: number,
  key: KeyOfPassage | null,
  spelling: Spelling = 'default',
): SpelledNote {
  if (key === null) return spellMidi(midi, spelling);
  const tonic: SpelledNote = { letter: key.letter, accidental: key.accidental, octave: 4 };
  const degrees = key.minor ? MINOR_DEGREES : MAJOR_DEGREES;
  const tonicPitchClass = ((spelledToMidi(tonic) % 12) + 12) % 12;
  const pitchClassAbove = (((midi - tonicPitchClass) % 12) + 12) % 12;
  for (const [letters, semitones] of degrees) {
    if (semitones !== pitchClassAbove) continue;
    const degree = transposeSpelled(tonic, letters, semitones);
    if (Math.abs(degree.accidental) > 1) break; // e.g. the raised 7th of D♯ minor: C𝄪
    // The same letter and accidental at the octave of `midi`.
    const octave = Math.floor((midi - degree.accidental) / 12) - 1;
    return { letter: degree.letter, accidental: degree.accidental, octave };
  }
  // The key's side: the sum of its major scale's accidentals (relative major for a minor key).
  const major = key.minor ? transposeSpelled(tonic, 2, 3) : tonic;
  const side = MAJOR_DEGREES.reduce(
    (sum, [letters, semitones]) => sum + transposeSpelled(major, letters, semitones).accidental,
    0,
  );
  return spellMidi(midi, side > 0 ? 'sharps' : side < 0 ? 'flats' : spelling);
}
