/**
 * A key signature (MusicXML `<fifths>`, `<mode>`) as the key a heard note is named in
 * (`spellInKey`, spelling.ts: E♭ major hears A♭4, never G♯4). The tonic is found by interval
 * arithmetic on the circle of fifths: each fifth up is 4 letters and 7 semitones (C → G → D …);
 * a minor key's tonic is its relative major's 6th (5 letters, 9 semitones up).
 */
import { spelledToMidi, type Accidental } from '../theory/notes';
import { LETTERS, spellInKey, type KeyOfPassage } from '../theory/spelling';
import type { KeySignature } from '../score/score-model';
import type { SpelledNote } from '../theory/notes';

const mod = (a: number, m: number): number => ((a % m) + m) % m;

export function keyOfSignature(signature: KeySignature): KeyOfPassage {
  const fifths = Math.max(-7, Math.min(7, Math.round(signature.fifths)));
  const minor = signature.mode === 'minor';
  const letterIndex = mod(4 * fifths + (minor ? 5 : 0), 7);
  const pitchClass = mod(7 * fifths + (minor ? 9 : 0), 12);
  const letter = LETTERS[letterIndex];
  const natural = mod(spelledToMidi({ letter, accidental: 0, octave: 4 }), 12);
  const accidental = (mod(pitchClass - natural + 6, 12) - 6) as Accidental;
  return { letter, accidental, minor };
}

/** The written pitch `midi` named in the key `signature`. */
export function spellInSignature(midi: number, signature: KeySignature): SpelledNote {
  return spellInKey(midi, keyOfSignature(signature));
}

/**
 * The key signature of a key (the inverse of `keyOfSignature`): the one number of fifths, −7..7,
 * whose key has this tonic letter, accidental and mode; C major (0) for a key no signature has.
 */
export function signatureOfKey(key: KeyOfPassage): KeySignature {
  const mode = key.minor ? 'minor' : 'major';
  for (let fifths = -7; fifths <= 7; fifths++) {
    const k = keyOfSignature({ fifths, mode });
    if (k.letter === key.letter && k.accidental === key.accidental) return { fifths, mode };
  }
  return { fifths: 0, mode };
}
