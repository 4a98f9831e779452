/**
 * Re-spelling a score for the player's instrument: a part written for one transposition (a
 * concert-pitch part, a part for C trumpet) shown in the written pitch of another (B♭ trumpet).
 * Notes move by interval on letters (spelling.ts), so a concert B♭ major part becomes C major for
 * B♭ trumpet with every C♯ a D♯, never an E♭ (trumpet.md "Transposition").
 */
import { spelledToMidi, spellMidi, type SpelledNote } from '../theory/notes';
import { transposeSpelled } from '../theory/spelling';
import { getInstrument, type Instrument, type InstrumentId } from '../theory/transposition';
import type { FromQuarter, KeySignature, Score } from './score-model';

/** Key signatures go up to seven sharps or flats; beyond, the enharmonic key is used (G♯ → A♭). */
const MAX_FIFTHS = 7;

/** Fifths an interval adds to a key signature: a major 2nd (1 letter, 2 semitones) adds 2. */
function intervalFifths(letters: number, semitones: number): number {
  return 7 * semitones - 12 * letters;
}

/** The letters to move for a key so that it stays within seven sharps or flats. */
function lettersForKey(key: KeySignature, letters: number, semitones: number): number {
  const fifths = key.fifths + intervalFifths(letters, semitones);
  if (fifths > MAX_FIFTHS) return letters + 1; // one letter more: 12 fifths fewer
  if (fifths < -MAX_FIFTHS) return letters - 1;
  return letters;
}

function moveNote(note: SpelledNote, letters: number, semitones: number): SpelledNote {
  for (const tryLetters of [letters, letters + 1, letters - 1]) {
    try {
      return transposeSpelled(note, tryLetters, semitones);
    } catch {
      // Needs a triple sharp or flat: try the neighbouring letter.
    }
  }
  return spellMidi(spelledToMidi(note) + semitones);
}

function keyAt(keys: readonly FromQuarter<KeySignature>[], quarters: number): number {
  let index = 0;
  for (let i = 0; i < keys.length; i++) if (keys[i].atQuarters <= quarters + 1e-9) index = i;
  return index;
}

/**
 * The score in the written pitch of `instrument` (an id or an Instrument): the same concert
 * pitches, spelled by interval, keys moved likewise, `transposition` set to the instrument's.
 */
export function scoreForInstrument(score: Score, instrument: InstrumentId | Instrument): Score {
  const target = typeof instrument === 'string' ? getInstrument(instrument) : instrument;
  // Written → concert is +transposition; concert → the instrument's written is −its offset.
  const semitones = score.transposition.semitones - target.concertOffsetSemitones;
  const letters = score.transposition.letters - target.concertOffsetLetters;
  const keyLetters = score.keys.map((k) => lettersForKey(k.value, letters, semitones));
  return {
    ...score,
    transposition: {
      semitones: target.concertOffsetSemitones,
      letters: target.concertOffsetLetters,
    },
    keys: score.keys.map((k, i) => ({
      atQuarters: k.atQuarters,
      value: { ...k.value, fifths: k.value.fifths + intervalFifths(keyLetters[i], semitones) },
    })),
    notes: score.notes.map((n) => {
      const noteLetters =
        keyLetters.length > 0 ? keyLetters[keyAt(score.keys, n.startQuarters)] : letters;
      return { ...n, written: moveNote(n.written, noteLetters, semitones) };
    }),
  };
}
