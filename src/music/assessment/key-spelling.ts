/**
 * Naming a heard note as a player reading in a key would: a pitch of the key's scale by the
 * scale's letter (E♭ major hears A♭4, never G♯4: issue 22, row 16), a chromatic pitch with the
 * key's accidental direction (sharps in sharp keys, flats in flat keys), the raised 7th of a
 * minor key as the leading note (G♯ in A minor). Letters are derived by interval arithmetic from
 * the key's tonic on the circle of fifths, not from a table of names.
 */
import { LETTERS } from '../spelling';
import { spelledToMidi, spellMidi, type Accidental, type SpelledNote } from '../notes';
import type { KeySignature } from '../score/score-model';

const MAJOR_STEPS = [0, 2, 4, 5, 7, 9, 11] as const;
const mod = (a: number, m: number): number => ((a % m) + m) % m;

/** The written pitch `midi` spelled in `key`. */
export function spellInKey(midi: number, key: KeySignature): SpelledNote {
  const fifths = Math.max(-7, Math.min(7, Math.round(key.fifths)));
  // Each fifth up moves the tonic 4 letters and 7 semitones (C → G → D …).
  const tonicLetter = mod(4 * fifths, 7);
  const tonicPc = mod(7 * fifths, 12);
  const pc = mod(midi, 12);
  const candidates: { letter: number; offset: number }[] = MAJOR_STEPS.map((step, degree) => ({
    letter: (tonicLetter + degree) % 7,
    offset: step,
  }));
  // A minor key's leading note: the relative minor's 7th degree raised (degree 5 of the major).
  if (key.mode === 'minor') candidates.push({ letter: (tonicLetter + 4) % 7, offset: 8 });
  for (const c of candidates) {
    if (mod(tonicPc + c.offset, 12) !== pc) continue;
    const spelled = letterSpelling(midi, c.letter);
    if (spelled) return spelled;
  }
  return spellMidi(midi, fifths > 0 ? 'sharps' : fifths < 0 ? 'flats' : 'default');
}

/** `midi` named with the letter at `letterIndex` (C = 0), if one or two accidentals reach it. */
function letterSpelling(midi: number, letterIndex: number): SpelledNote | null {
  const letter = LETTERS[letterIndex] as SpelledNote['letter'];
  for (const octave of [
    Math.floor(midi / 12) - 2,
    Math.floor(midi / 12) - 1,
    Math.floor(midi / 12),
  ]) {
    const natural = spelledToMidi({ letter, accidental: 0, octave });
    const accidental = midi - natural;
    if (accidental >= -2 && accidental <= 2) {
      return { letter, accidental: accidental as Accidental, octave };
    }
  }
  return null;
}
