/**
 * Major-scale fragments (the first five notes of a key) and the key a fragment on a note is in,
 * named as the player reads it: shared by the articulation fragment and the Clarke-style study.
 */
import { ACCIDENTAL_SYMBOL, type Spelling } from './notes';
import { buildScale, chartNote, MAJOR_KEYS, type ScaleNote } from './scales';

/** The first five notes of the major scale on a key name, one octave from `tonicMidi`. */
export function fragmentOf(name: string, tonicMidi: number): ScaleNote[] {
  return buildScale({
    kind: 'major',
    key: name,
    lowMidi: tonicMidi,
    highMidi: tonicMidi + 12,
  }).slice(0, 5);
}

/**
 * E♯, B♯, C♭ and F♭: correct in their keys, but the letters a player misreads at speed (E♯ is
 * F, C♭ is B). A fragment that needs one has an enharmonic key without it (teacher reading 3,
 * U21: C♯ major's E♯ → D♭, G♯'s B♯ → A♭, G♭'s C♭ → F♯).
 */
function isWhiteKeyAccidental(note: ScaleNote): boolean {
  return note.accidental === 1
    ? note.letter === 'E' || note.letter === 'B'
    : note.accidental === -1 && (note.letter === 'C' || note.letter === 'F');
}

/**
 * The key a fragment on `tonicMidi` is in, named as the player reads (issue 22 row 17: F♯ major
 * for a sharps reader, not G♭ with its C♭): by key list (MAJOR_KEYS: F♯, D♭, A♭, E♭, B♭) by
 * default, else sharps or flats as preferred, unless that key's fragment would need an E♯, B♯,
 * C♭ or F♭ (C♯ major's E♯, G♭'s C♭) or a double sharp or flat (D♯ major's F𝄪): then its other
 * name. So a walk down by half steps reads D♭, A♭ and F♯ whichever the preference, and the keys
 * in between (E♭, B♭) as the key list names them.
 */
export function fragmentKeyName(tonicMidi: number, spelling: Spelling = 'default'): string {
  const name = (note: ScaleNote): string => `${note.letter}${ACCIDENTAL_SYMBOL[note.accidental]}`;
  const sharp = name(chartNote(tonicMidi, 'sharps'));
  const flat = name(chartNote(tonicMidi, 'flats'));
  if (sharp === flat) return sharp;
  const order =
    spelling === 'sharps'
      ? [sharp, flat]
      : spelling === 'flats'
        ? [flat, sharp]
        : MAJOR_KEYS.includes(sharp)
          ? [sharp, flat]
          : [flat, sharp];
  const fragment = (key: string): ScaleNote[] => fragmentOf(key, tonicMidi);
  const plain = order.find((key) =>
    fragment(key).every((n) => Math.abs(n.accidental) <= 1 && !isWhiteKeyAccidental(n)),
  );
  const readable = order.find((key) => fragment(key).every((n) => Math.abs(n.accidental) <= 1));
  return plain ?? readable ?? order[0];
}
