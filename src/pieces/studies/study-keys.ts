/**
 * Keys of the bundled studies by interval arithmetic on letters (spelling.ts `transposeSpelled`):
 * a key signature is found by walking the circle of fifths from C (each fifth is 4 letters and 7
 * semitones), a scale degree by its interval above the tonic. Written pitch (B♭ trumpet parts).
 */
import {
  ACCIDENTAL_SYMBOL,
  parseSpelledNote,
  spelledNoteName,
  transposeSpelled,
  type ScoreKeySignature,
  type SpelledNote,
} from '../../music';

export type Mode = 'major' | 'minor';

/** Semitones above the tonic of each degree (major; natural minor). */
const STEPS: Readonly<Record<Mode, readonly number[]>> = {
  major: [0, 2, 4, 5, 7, 9, 11],
  minor: [0, 2, 3, 5, 7, 8, 10],
};

/** "Bb" → B♭ (octave 4; the octave does not matter for a key). */
export function tonicOf(name: string): SpelledNote {
  const note = parseSpelledNote(`${name}4`);
  if (!note) throw new Error(`not a key name: ${name}`);
  return note;
}

/** The key signature (MusicXML `<fifths>`) of a key: its relative major's place on the circle. */
export function keySignatureOf(tonicName: string, mode: Mode): ScoreKeySignature {
  const tonic = tonicOf(tonicName);
  // A minor key shares its signature with the major a minor 3rd above (2 letters, 3 semitones).
  const major = mode === 'minor' ? transposeSpelled(tonic, 2, 3) : tonic;
  const c: SpelledNote = { letter: 'C', accidental: 0, octave: 4 };
  for (let fifths = -7; fifths <= 7; fifths++) {
    const candidate = transposeSpelled(c, 4 * fifths, 7 * fifths);
    if (candidate.letter === major.letter && candidate.accidental === major.accidental) {
      return { fifths, mode };
    }
  }
  throw new Error(`${tonicName} ${mode} needs more than 7 sharps or flats`);
}

/** "B♭ major", "A minor". */
export function keyDisplayName(tonicName: string, mode: Mode): string {
  const tonic = tonicOf(tonicName);
  return `${tonic.letter}${ACCIDENTAL_SYMBOL[tonic.accidental]} ${mode}`;
}

/**
 * The note `degree` steps of the scale above `tonic` (0 = the tonic, 7 = its octave, −1 = the
 * step below), spelled by interval: in E♭ major degree 3 is A♭, never G♯.
 */
export function degreeNote(tonic: SpelledNote, degree: number, mode: Mode = 'major'): SpelledNote {
  const octaves = Math.floor(degree / 7);
  const inOctave = degree - 7 * octaves;
  return transposeSpelled(tonic, degree, 12 * octaves + STEPS[mode][inOctave]);
}

/** ASCII name for the study notation ("Bb4", "F#5"). */
export const asciiName = (note: SpelledNote): string => spelledNoteName(note, true);
