/**
 * Studies generated from a pattern (in the manner of Arban's and Clarke's exercises, not copies of
 * their pages): the notes come from interval arithmetic on letters (study-keys.ts), then are
 * written in the compact study notation (study-notation.ts) like every other bundled piece.
 */
import {
  parseSpelledNote,
  spellMidi,
  spelledToMidi,
  transposeSpelled,
  type SpelledNote,
} from '../../music';
import { asciiName, degreeNote } from './study-keys';

const note = (n: SpelledNote, length: string): string => `${asciiName(n)}${length}`;

/** One slurred bar of 16ths on the scale degrees `degrees` above `tonic`. */
function slurredSixteenths(tonic: SpelledNote, degrees: readonly number[]): string {
  const tokens = degrees.map((d) => note(degreeNote(tonic, d), 's'));
  return `(${tokens.join(' ')})`;
}

/** Degrees of the Clarke-style figure: 1 2 3 4 5 4 3 2, twice (one bar of 16ths). */
export const CLARKE_FIVE_NOTE_FIGURE = [0, 1, 2, 3, 4, 3, 2, 1, 0, 1, 2, 3, 4, 3, 2, 1] as const;
/** Up a ninth and back (one bar of 16ths). */
export const CLARKE_NINTH_FIGURE = [0, 1, 2, 3, 4, 5, 6, 7, 8, 7, 6, 5, 4, 3, 2, 1] as const;

/**
 * A slurred bar (`(… )`) carried on into its landing note `n`, held for a half note, then a half
 * rest: where the player breathes. Clarke asks for each exercise in one breath and a breath
 * before the next; without a rest the only way to breathe is to drop notes, which the assessor
 * rightly calls missed (teacher reading 3, U18). The slur ends on the landing note, so the breath
 * comes after a finished phrase.
 */
function landAndBreathe(slurredBar: string, n: SpelledNote): string[] {
  if (!slurredBar.endsWith(')')) throw new Error(`not a slurred bar: ${slurredBar}`);
  return [slurredBar.slice(0, -1), `${note(n, 'h')}) rh`];
}

/**
 * After Clarke's Second Study: the five-note figure and the run up a ninth, each bar in one slur,
 * landing on the tonic with a breath after each pair (one breath per exercise, as Clarke asks),
 * three times. `tonicName` with octave ("G4").
 */
export function clarkeSecondStudy(tonicName: string): string {
  const tonic = parseTonic(tonicName);
  const five = slurredSixteenths(tonic, CLARKE_FIVE_NOTE_FIGURE);
  const ninth = slurredSixteenths(tonic, CLARKE_NINTH_FIGURE);
  const exercise = [five, ...landAndBreathe(ninth, tonic)];
  return [...exercise, ...exercise, ...exercise].join(' | ');
}

/** A half step up or down, spelled as the trumpet chart spells it (C♯, E♭, F♯, G♯, B♭). */
const chromatic = (n: SpelledNote, semitones: number): SpelledNote =>
  spellMidi(spelledToMidi(n) + semitones);

/**
 * After Clarke's First Study: a chromatic turn (a note, a half step up, a whole step up, back a
 * half step) four times in one slur, landing on its first note with a breath (one breath per
 * key), then the same a half step lower, from `fromName` down to `toName`.
 */
export function clarkeFirstStudy(fromName: string, toName: string): string {
  const from = parseTonic(fromName);
  const lowest = spelledToMidi(parseTonic(toName));
  const bars: string[] = [];
  for (let start = from; spelledToMidi(start) >= lowest; start = chromatic(start, -1)) {
    const turn = [0, 1, 2, 1].map((up) => note(chromatic(start, up), 's'));
    const figure = [...turn, ...turn, ...turn, ...turn];
    bars.push(...landAndBreathe(`(${figure.join(' ')})`, start));
  }
  return bars.join(' | ');
}

/** Intervals from a minor 2nd to an octave: [letters, semitones] (m2 M2 m3 M3 P4 A4 P5 m6 M6 m7 M7 P8). */
export const INTERVALS: readonly (readonly [letters: number, semitones: number])[] = [
  [1, 1],
  [1, 2],
  [2, 3],
  [2, 4],
  [3, 5],
  [3, 6],
  [4, 7],
  [5, 8],
  [5, 9],
  [6, 10],
  [6, 11],
  [7, 12],
];

/**
 * After Arban's interval studies: a fixed note and every interval from a minor 2nd to an octave
 * away from it (`direction` −1: below, 1: above), each spelled by its interval (a major 3rd
 * below G is E♭, an augmented 4th below G is D♭), one bar each, then the fixed note held.
 */
export function arbanIntervals(pivotName: string, direction: 1 | -1): string {
  const pivot = parseTonic(pivotName);
  const bars = INTERVALS.map(([letters, semitones]) => {
    const other = transposeSpelled(pivot, direction * letters, direction * semitones);
    return `${note(pivot, 'q')} ${note(other, 'q')} ${note(pivot, 'q')} rq`;
  });
  bars.push(note(pivot, 'w'));
  return bars.join(' | ');
}

/** A major scale one octave up and down in tongued eighths (the top note twice), then the tonic. */
export function scaleInEighths(tonicName: string): string {
  const tonic = parseTonic(tonicName);
  const degrees = [0, 1, 2, 3, 4, 5, 6, 7, 7, 6, 5, 4, 3, 2, 1, 0];
  const tokens = degrees.map((d) => note(degreeNote(tonic, d), 'e'));
  return `${tokens.slice(0, 8).join(' ')} | ${tokens.slice(8).join(' ')} | ${note(tonic, 'h')} rh`;
}

function parseTonic(name: string): SpelledNote {
  const tonic = parseSpelledNote(name);
  if (!tonic) throw new Error(`not a note name: ${name}`);
  return tonic;
}
